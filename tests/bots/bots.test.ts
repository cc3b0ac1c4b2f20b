/**
 * The generic bots: they play only legal moves, the same seed gives the same game, MCTS beats
 * random play, cooperative rewards are shared, and the information-set bot decides from its own
 * view only: hidden pieces rearranged behind the same view leave its choice unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompiledGame } from '../../src/compile/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import {
  applyLegal,
  legalMovesWithEvents,
  newGame,
  rig,
  step,
  viewOf,
  type GameState,
  type Json,
  type Piece,
} from '../../src/engine/index.ts';
import {
  botNames,
  createBot,
  createBots,
  determinize,
  evaluationOf,
  legalKey,
  playout,
  rewards,
  search,
  type Bot,
} from '../../src/bots/index.ts';
import { playOne, playRange } from '../../src/sim/simulate.ts';
import { compile, GAMES as GAMES_DIR } from '../helpers/games.ts';
import { botFixture } from '../helpers/botFixtures.ts';
import { readdirSync } from 'node:fs';

const fixture = botFixture;

const bot = (game: CompiledGame, name: string, iterations = 8): Bot => {
  const b = createBot(game, name, { iterations, samples: 2, rolloutMoves: 40 });
  if ('error' in b) throw new Error(b.error);
  return b;
};

/** A position reached by `steps` random moves from a new game (or fewer if it ends). */
const position = (game: CompiledGame, players: number, seed: number, steps: number): GameState => {
  const started = newGame(game, { players, seed });
  if (!started.ok) throw new Error(started.error);
  let s = started.state;
  const rng = new Rng(seedRng(`walk:${seed}`));
  for (let i = 0; i < steps; i++) {
    const moves = legalMovesWithEvents(game, s);
    if (moves.length === 0) break;
    const next = applyLegal(game, s, moves[rng.below(moves.length)] as (typeof moves)[number]);
    if (!next.ok) throw new Error(next.error);
    s = next.state;
  }
  return s;
};

const GAMES: readonly { id: string; players: number; game: () => CompiledGame }[] = [
  { id: 'ten-thousand', players: 2, game: () => compile('ten-thousand') },
  { id: 'cetatea', players: 4, game: () => compile('cetatea') },
  { id: 'eight-masters-revenge', players: 3, game: () => compile('eight-masters-revenge') },
  { id: 'together', players: 2, game: () => fixture('together') },
  { id: 'peek', players: 2, game: () => fixture('peek', { show: true }) },
];

describe('every bot plays only legal moves', () => {
  const compiled = GAMES.map((g) => ({ ...g, compiled: g.game() }));
  it('random, greedy, mcts, ismcts and the spec strategies, from random positions', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: compiled.length - 1 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.nat({ max: 40 }),
        fc.nat(),
        (g, seed, steps, which) => {
          const { compiled: game, players } = compiled[g] as (typeof compiled)[number];
          const s = position(game, players, seed, steps);
          const all = legalMovesWithEvents(game, s);
          if (all.length === 0) return;
          const seat = (all[seed % all.length] as (typeof all)[number]).move.seat;
          const moves = all.filter((m) => m.move.seat === seat);
          const names = botNames(game);
          const chosen = bot(game, names[which % names.length] as string).choose(s, seat, moves, new Rng(seedRng(seed)));
          expect(moves.map(legalKey)).toContain(legalKey(chosen));
          expect(step(game, s, chosen.move).ok).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('bots are deterministic for a seed', () => {
  it('the same seed gives the same game and the same choices', () => {
    const game = compile('eight-masters-revenge');
    const bots = createBots(game, 'ismcts,mcts', 2, { iterations: 6, rolloutMoves: 30 });
    if ('error' in bots) throw new Error(bots.error);
    const a = playOne(game, 2, 's:1', 1000, 60, bots);
    const b = playOne(game, 2, 's:1', 1000, 60, bots);
    expect(b).toEqual(a);
    const moves = (seed: string): string[] => {
      const out: string[] = [];
      let s = position(game, 2, 0, 0);
      const rng = new Rng(seedRng(seed));
      for (let i = 0; i < 12 && s.context.result === null; i++) {
        const legal = legalMovesWithEvents(game, s, s.context.active);
        if (legal.length === 0) break;
        const m = (bots[s.context.active] as Bot).choose(s, s.context.active, legal, rng);
        out.push(legalKey(m));
        const next = applyLegal(game, s, m);
        if (!next.ok) throw new Error(next.error);
        s = next.state;
      }
      return out;
    };
    expect(moves('x')).toEqual(moves('x'));
  });

  it('a random bot game is the game the simulator always played', () => {
    const game = compile('ten-thousand');
    const [viaBots] = playRange(game, { seed: 5, bots: ['random'] }, 0, 1);
    const [plain] = playRange(game, { seed: 5 }, 0, 1);
    expect(viaBots).toEqual(plain);
  });
});

describe('strategies as data', () => {
  it('every shipped game declares one, and it plays whole games', () => {
    for (const id of readdirSync(GAMES_DIR)) {
      const game = compile(id);
      const names = Object.keys(game.bots);
      expect(names.length, id).toBeGreaterThan(0);
      const records = playRange(game, { seed: 'strategy', bots: [names[0] as string] }, 0, 3);
      expect(
        records.filter((r) => r.error),
        id,
      ).toEqual([]);
      expect(
        records.every((r) => r.winners !== null),
        id,
      ).toBe(true);
    }
  });

  it('mcts:NAME plays out games with the strategy NAME', () => {
    const game = fixture('together');
    const eager = game.bots.eager;
    const s = position(game, 2, 0, 0);
    for (let seed = 0; seed < 10; seed++) {
      const end = playout(game, s, new Rng(seedRng(seed)), 100, Number.POSITIVE_INFINITY, eager).state;
      expect(end.context.result?.winners).toEqual([0, 1]);
    }
    expect('error' in createBot(game, 'mcts:eager')).toBe(false);
    expect(createBot(game, 'greedy:eager')).toEqual({ error: "'greedy:eager': the bot 'eager' has no evaluate for greedy to judge by" });
  });
});

describe('MCTS', () => {
  it('beats random play at 10,000 with 2 players, each bot playing both seats', () => {
    const game = compile('ten-thousand');
    // Playouts judged at the end of the turn: played out, a random game of 10,000 runs hundreds of moves.
    const records = playRange(
      game,
      { seed: 'mcts-vs-random', bots: ['mcts', 'random'], botOptions: { iterations: 25, rolloutTurns: 1 }, rotate: true },
      0,
      12,
    );
    const mctsWins = records.filter((r) => r.winners?.some((s) => r.bots?.[s] === 'mcts')).length;
    // 11 or more of 12 has probability 0.3% if both were equally strong.
    expect(mctsWins).toBeGreaterThanOrEqual(11);
  });

  it('shares the reward in a cooperative game: the players win together', () => {
    const game = fixture('together');
    const records = playRange(game, { seed: 3, bots: ['mcts'], botOptions: { iterations: 40 } }, 0, 10);
    expect(records.every((r) => r.winners?.length === 2)).toBe(true);
    const random = playRange(game, { seed: 3 }, 0, 10);
    expect(random.filter((r) => r.winners?.length === 2).length).toBeLessThan(10);
  });

  it('pays every member of a winning team, and judges unfinished games by the evaluation', () => {
    const game = compile('cetatea');
    const s = position(game, 4, 1, 0);
    const won = { ...s, context: { ...s.context, result: { winners: [1, 3] } } };
    expect(rewards(won, evaluationOf(game))).toEqual([0, 1, 0, 1]);
    // Nobody has hit the wall yet: the attackers' evaluation is 0, the defenders' 1.
    expect(rewards(s, evaluationOf(game))).toEqual([0, 1, 0, 1]);
    expect(rewards(s, undefined)).toEqual([0, 0, 0, 0]);
  });

  it('stops when the time per move is spent', () => {
    const game = compile('ten-thousand');
    let clock = 0;
    const s = rig(position(game, 2, 1, 0), []);
    const decide = rollTo(game, s);
    const moves = legalMovesWithEvents(game, decide, 0);
    const r = search(game, decide, 0, moves, new Rng(seedRng(1)), {
      evaluation: undefined,
      hidden: false,
      options: { timeMs: 10, now: () => (clock += 1) },
    });
    expect(r.stats.iterations).toBeGreaterThan(0);
    expect(r.stats.iterations).toBeLessThanOrEqual(10);
  });
});

/** 10,000: a roll that leaves the player at 'decide' with two choices (roll or bank). */
const rollTo = (game: CompiledGame, s: GameState): GameState => {
  const r = step(game, rig(s, [1, 1, 1, 2, 3]), { move: 'roll', seat: 0 });
  if (!r.ok) throw new Error(r.error);
  return r.state;
};

describe('ISMCTS reads nothing hidden', () => {
  /** The same position with the hidden cards dealt differently: every arrangement of the deck and box. */
  const arrangements = (s: GameState): GameState[] => {
    const hidden = [...(s.context.zones.box as readonly Piece[]), ...(s.context.zones.deck as readonly Piece[])];
    const out: GameState[] = [];
    hidden.forEach((inBox, i) => {
      const rest = hidden.filter((_, j) => j !== i);
      out.push({ ...s, context: { ...s.context, zones: { ...s.context.zones, box: [inBox], deck: rest } } });
    });
    return out;
  };

  it('peeking would change the choice; the information-set bot chooses the same behind the same view', () => {
    const game = fixture('peek');
    const s = position(game, 2, 7, 0);
    const positions = arrangements(s);
    expect(positions).toHaveLength(3);
    const choice = (b: Bot, p: GameState): Json =>
      b.choose(p, 0, legalMovesWithEvents(game, p, 0), new Rng(seedRng('same'))).move.args?.value ?? null;
    const cheat = bot(game, 'mcts', 30);
    const fair = bot(game, 'ismcts', 30);
    // MCTS sees the box (it is for perfect information): it names the hidden card each time.
    expect(positions.map((p) => choice(cheat, p))).toEqual(positions.map((p) => (p.context.zones.box as readonly Piece[])[0]?.value));
    const fairChoices = positions.map((p) => choice(fair, p));
    expect(new Set(fairChoices).size).toBe(1);
    // and the PRNG or rigged values of the real state do not change it either.
    expect(choice(fair, { ...s, context: { ...s.context, rng: [1, 2, 3, 4], rigged: [9] } })).toEqual(fairChoices[0]);
  });

  it('never names the card it can see on the table', () => {
    const game = fixture('peek', { show: true });
    for (let seed = 0; seed < 12; seed++) {
      const s = position(game, 2, seed, 0);
      const shown = (s.context.zones.table as readonly Piece[])[0]?.value;
      const m = bot(game, 'ismcts', 20).choose(s, 0, legalMovesWithEvents(game, s, 0), new Rng(seedRng(seed)));
      expect(m.move.args?.value).not.toBe(shown);
    }
  });

  it('its determinisations agree with the view and depend on nothing else', () => {
    const game = compile('eight-masters-revenge');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.nat({ max: 30 }), fc.nat({ max: 2 }), (seed, steps, seat) => {
        const s = position(game, 3, seed, steps);
        const det = determinize(game, s, seat, new Rng(seedRng(seed)));
        expect(viewOf(game, det, seat)).toEqual(viewOf(game, s, seat));
        expect(det.context.rng).not.toEqual(s.context.rng);
        // The same view with the hidden pieces exchanged gives the very same determinisation.
        const deck = s.context.zones.deck as readonly Piece[];
        const other = (seat + 1) % 3;
        const hand = (s.context.zones.hand as readonly (readonly Piece[])[])[other] as readonly Piece[];
        if (deck.length === 0 || hand.length === 0) return;
        const hands = (s.context.zones.hand as readonly (readonly Piece[])[]).map((h, i) =>
          i === other ? [deck[0] as Piece, ...h.slice(1)] : h,
        );
        const swapped: GameState = {
          ...s,
          context: {
            ...s.context,
            rng: [5, 6, 7, 8],
            zones: { ...s.context.zones, deck: [hand[0] as Piece, ...deck.slice(1)], hand: hands },
          },
        };
        expect(determinize(game, swapped, seat, new Rng(seedRng(seed)))).toEqual(det);
      }),
      { numRuns: 30 },
    );
  });
});
