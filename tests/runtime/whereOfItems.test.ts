/**
 * Kept verdicts of a subset's `where` (runtime/args.ts): a `where` that reads nothing but its
 * argument and what a game never changes (params, the number of players) is judged once for a list
 * of items in a game; any other is judged afresh. Either way the listing is the one every `where`
 * judged afresh gives: for dice rolled again (new pieces), a variable raised, a host function
 * called, another number of players, and random Regicide games (R-H3, R-O1: a play; R-8: a discard).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { applyLegal, isOver, legalMovesWithEvents, newGame, rig, step, type GameState } from '../../src/engine/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { compile } from '../helpers/games.ts';

const TALLY = join(import.meta.dirname, '../fixtures/runtime/tally.yaml');

const tally = (): CompiledGame => {
  const { game, diagnostics } = compileGame({ base: { file: TALLY, text: readFileSync(TALLY, 'utf8') } });
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return game;
};

/** The same game with no verdict kept: every `where` judged afresh, as before verdicts were kept. */
const judgedAfresh = (game: CompiledGame): CompiledGame => ({
  ...game,
  moves: Object.fromEntries(
    Object.entries(game.moves).map(([name, move]) => [
      name,
      { ...move, args: move.args.map((a) => (a.kind === 'subsetOf' ? { ...a, whereOfItems: false } : a)) },
    ]),
  ),
});

const kept = (game: CompiledGame): Record<string, boolean[]> =>
  Object.fromEntries(Object.values(game.moves).map((m) => [m.name, m.args.map((a) => a.kind === 'subsetOf' && a.whereOfItems)]));

const listing = (game: CompiledGame, state: GameState): string[] => legalMovesWithEvents(game, state).map((m) => JSON.stringify(m.move));

const begin = (game: CompiledGame, players: number, seed: number | string): GameState => {
  const started = newGame(game, { players, seed });
  if (!started.ok) throw new Error(started.error);
  return started.state;
};

const rolled = (game: CompiledGame, state: GameState, faces: readonly number[]): GameState => {
  const next = step(game, rig(state, faces), { move: 'reroll', seat: 0 });
  if (!next.ok) throw new Error(next.error);
  return next.state;
};

const kepts = (game: CompiledGame, state: GameState): number[][] =>
  legalMovesWithEvents(game, state)
    .filter((m) => m.move.move === 'keep')
    .map((m) => (m.event.args.dice as readonly { face: number }[]).map((d) => d.face));

describe('a where that reads only its items is judged once for those items', () => {
  it('is kept only when it reads nothing but its argument, params and numPlayers, and calls no host function', () => {
    expect(kept(tally())).toEqual({ keep: [true], beat: [false], named: [false], reroll: [], raise: [] });
    const regicide = compile('regicide', ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit', 'solo']);
    expect(kept(regicide).play).toEqual([true]);
    expect(kept(regicide).discard).toEqual([false]);
  });

  it('dice rolled again are new pieces: the kept verdicts of the old ones do not answer for them', () => {
    const game = tally();
    const start = begin(game, 1, 1);
    const low = rolled(game, start, [1, 1, 1, 1]);
    expect(kepts(game, low)).toHaveLength(4 + 6);
    const high = rolled(game, low, [6, 6, 6, 6]);
    expect(kepts(game, high)).toEqual([[6], [6], [6], [6]]);
    expect(kepts(game, rolled(game, high, [1, 1, 1, 1]))).toHaveLength(10);
    expect(kepts(game, low)).toHaveLength(10);
  });

  it('the number of players is part of what a verdict is kept for, even with the same params', () => {
    const game = tally();
    const low = rolled(game, begin(game, 1, 1), [1, 1, 2, 2]);
    const three = { ...low, context: { ...low.context, numPlayers: 3 } };
    expect(three.context.params).toBe(low.context.params);
    expect(kepts(game, low).every((d) => d.length <= 2)).toBe(true);
    expect(kepts(game, three).some((d) => d.length === 4)).toBe(true);
    expect(kepts(game, low).every((d) => d.length <= 2)).toBe(true);
  });

  it('other params, in another game or in the same one, have verdicts of their own', () => {
    const base = { file: TALLY, text: readFileSync(TALLY, 'utf8') };
    const strict = compileGame({ base, params: { limit: 2 } }).game as CompiledGame;
    const game = tally();
    const faces = [1, 2, 3, 4];
    expect(kepts(game, rolled(game, begin(game, 1, 1), faces))).toContainEqual([3, 4]);
    expect(kepts(strict, rolled(strict, begin(strict, 1, 1), faces))).toEqual([[1], [2]]);
    const state = rolled(game, begin(game, 1, 1), faces);
    const edited = { ...state, context: { ...state.context, params: { ...state.context.params, limit: 2 } } };
    expect(kepts(game, edited)).toEqual([[1], [2]]);
    expect(kepts(game, state)).toContainEqual([3, 4]);
  });

  it('lists what judging every where afresh lists, whatever the moves, faces and players (fast-check)', () => {
    const game = tally();
    const fresh = judgedAfresh(game);
    const action = fc.oneof(
      fc.record({ kind: fc.constant('reroll' as const), faces: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 }) }),
      fc.record({ kind: fc.constant('raise' as const) }),
      fc.record({ kind: fc.constant('players' as const), players: fc.integer({ min: 1, max: 3 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(action, { maxLength: 12 }), (players, actions) => {
        let state = begin(game, players, players);
        expect(listing(game, state)).toEqual(listing(fresh, state));
        for (const a of actions) {
          if (a.kind === 'reroll') state = rolled(game, state, a.faces);
          else if (a.kind === 'players') state = { ...state, context: { ...state.context, numPlayers: a.players } };
          else {
            const next = step(game, state, { move: 'raise', seat: 0 });
            if (!next.ok) throw new Error(next.error);
            state = next.state;
          }
          expect(listing(game, state)).toEqual(listing(fresh, state));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('Regicide: every listing of random solo and 2-player games is the one judged afresh (R-H3, R-O1, R-8)', () => {
    const variants = ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit'];
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 1_000_000 }), (solo, seed) => {
        const game = compile('regicide', solo ? [...variants, 'solo'] : variants);
        const fresh = judgedAfresh(game);
        let state = begin(game, solo ? 1 : 2, seed);
        const rng = new Rng(seedRng(`moves:${seed}`));
        for (let n = 0; n < 60 && !isOver(state); n++) {
          const legal = legalMovesWithEvents(game, state);
          expect(legal.map((m) => JSON.stringify(m.move))).toEqual(listing(fresh, state));
          const next = applyLegal(game, state, legal[rng.below(legal.length)] as (typeof legal)[number]);
          if (!next.ok) throw new Error(next.error);
          state = next.state;
        }
      }),
      { numRuns: 8 },
    );
  });
});
