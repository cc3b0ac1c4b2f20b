/**
 * The hand-written reference engines of bench/reference are oracles for the interpreter: the same
 * seed and the same moves must give the same game. 10,000 (base rules): the same legal moves, levels,
 * ticks, seat to play, turn count and winner after every move. Regicide (2 players base, and solo
 * with the published extras): the same cards in every zone, in order, and the same legal moves
 * after every move, and the same outcome. ORACLE_GAMES sets the games per configuration (CI: 100).
 */
import { describe, expect, it } from 'vitest';
import type { CompiledGame } from '../../src/compile/index.ts';
import { legalMoves, newGame, step, type GameState, type Move, type Piece } from '../../src/engine/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { TenThousand, type TenThousandMove } from '../../bench/reference/tenThousand.ts';
import { BASE_RULES, Regicide, SOLO_PUBLISHED, type Card, type RegicideMove, type RegicideRules } from '../../bench/reference/regicide.ts';
import { compile } from '../helpers/games.ts';

const GAMES = Number(process.env.ORACLE_GAMES ?? 10);
const MAX_MOVES = 3000;

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.below(items.length)] as T;

const next = (game: CompiledGame, state: GameState, move: Move): GameState => {
  const result = step(game, state, move);
  if (!result.ok) throw new Error(result.error);
  return result.state;
};

describe('10,000: the reference engine is an oracle for the spec', () => {
  const game = compile('ten-thousand');

  const snapshot = (state: GameState) => ({
    levels: state.context.players.map((p) => p.levels),
    ticks: state.context.players.map((p) => p.ticks),
    active: state.context.active,
    turn: state.context.turn,
    winners: state.context.result?.winners ?? null,
  });

  const reference = (ref: TenThousand) => ({
    levels: ref.levels,
    ticks: ref.ticks,
    active: ref.active,
    turn: ref.turn,
    winners: ref.over ? [ref.winner] : null,
  });

  for (const players of [2, 3]) {
    it(`${players} players, ${GAMES} seeded games: same moves, same scores and winner after every move (T-B1…T-B14)`, () => {
      for (let g = 0; g < GAMES; g++) {
        const seed = `oracle:${g}`;
        const ref = new TenThousand(players, seed);
        const start = newGame(game, { players, seed });
        if (!start.ok) throw new Error(start.error);
        let state = start.state;
        const rng = new Rng(seedRng(`${seed}:moves`));
        for (let i = 0; i < MAX_MOVES; i++) {
          const moves = legalMoves(game, state);
          expect(moves.map((m) => m.move).sort(), `seed ${seed}, move ${i}`).toEqual([...ref.legal()].sort());
          if (moves.length === 0) break;
          const move = pick(rng, moves);
          state = next(game, state, move);
          ref.apply(move.move as TenThousandMove);
          expect(snapshot(state), `seed ${seed}, move ${i}: ${move.move}`).toEqual(reference(ref));
        }
      }
    });
  }
});

describe('Regicide: the reference engine is an oracle for the spec', () => {
  const ids = (cards: readonly (Card | Piece)[]): string[] => cards.map((c) => c.id);

  const zonesOf = (state: GameState) => {
    const z = state.context.zones as Record<string, readonly Piece[] | readonly (readonly Piece[])[]>;
    return {
      box: ids(z.box as Piece[]),
      castle: ids(z.castle as Piece[]),
      tavern: ids(z.tavern as Piece[]),
      hands: (z.hand as Piece[][]).map(ids),
      played: ids(z.played as Piece[]),
      discard: ids(z.discard as Piece[]),
      flips: ids(z.flips as Piece[]),
    };
  };

  const refZones = (ref: Regicide) => ({
    box: ids(ref.box),
    castle: ids(ref.castle),
    tavern: ids(ref.tavern),
    hands: ref.hands.map(ids),
    played: ids(ref.played),
    discard: ids(ref.discard),
    flips: ids(ref.flips),
  });

  const key = (m: Move): string => `${m.move} ${JSON.stringify(m.args ?? {})}`;
  const refKey = (m: RegicideMove): string =>
    m.move === 'play' || m.move === 'discard'
      ? `${m.move} ${JSON.stringify({ cards: ids(m.cards) })}`
      : m.move === 'chooseNext'
        ? `chooseNext {"next":${m.next}}`
        : `${m.move} {}`;

  const configs: { name: string; variants: string[]; rules: RegicideRules }[] = [
    { name: '2 players, base rules', variants: [], rules: { ...BASE_RULES, players: 2 } },
    { name: '4 players, base rules', variants: [], rules: { ...BASE_RULES, players: 4 } },
    {
      name: 'solo with the published extras (R-H1…R-H4, R-O1…R-O3)',
      variants: ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit', 'solo'],
      rules: SOLO_PUBLISHED,
    },
  ];

  for (const { name, variants, rules } of configs) {
    it(`${name}, ${GAMES} seeded games: the same cards in every zone and the same legal moves after every move`, () => {
      // The reference plays R-7's fixed reading: an exact kill always goes on top of the tavern.
      const game = compile('regicide', variants, { exactKill: 'tavern' });
      for (let g = 0; g < GAMES; g++) {
        const seed = `oracle:${g}`;
        const ref = new Regicide(rules, seed);
        const start = newGame(game, { players: rules.players, seed });
        if (!start.ok) throw new Error(start.error);
        let state = start.state;
        expect(zonesOf(state), `seed ${seed}, set-up`).toEqual(refZones(ref));
        const rng = new Rng(seedRng(`${seed}:moves`));
        for (let i = 0; i < MAX_MOVES; i++) {
          const moves = legalMoves(game, state);
          expect(moves.map(key).sort(), `seed ${seed}, move ${i}`).toEqual(ref.legal().map(refKey).sort());
          if (moves.length === 0) break;
          const move = pick(rng, moves);
          state = next(game, state, move);
          const chosen = ref.legal().find((m) => refKey(m) === key(move)) as RegicideMove;
          ref.apply(chosen);
          expect(zonesOf(state), `seed ${seed}, move ${i}: ${key(move)}`).toEqual(refZones(ref));
          expect({ active: state.context.active, turn: state.context.turn }).toEqual({ active: ref.active, turn: ref.turn });
        }
        const winners = state.context.result?.winners ?? null;
        expect(winners === null ? null : winners.length > 0).toEqual(ref.won);
      }
    });
  }
});
