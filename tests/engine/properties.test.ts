/**
 * Invariants of the engine, checked with fast-check over random seeds and random move choices:
 * determinism, replay, serialisability, legal moves always accepted, illegal ones always refused
 * without harm, and the best-cover reading's monotonicity.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyLegal,
  legalMoves,
  legalMovesWithEvents,
  newGame,
  replay,
  step,
  type GameState,
  type Move,
  type Piece,
} from '../../src/engine/index.ts';
import { makeQuery } from '../../src/engine/query.ts';
import { compile } from '../helpers/games.ts';

const game = compile('ten-thousand');

/** Plays `picks.length` moves, each picked among the legal ones by the next number. */
const playOut = (seed: number, picks: readonly number[]): { state: GameState; log: Move[] } => {
  const start = newGame(game, { seed, players: 3 });
  if (!start.ok) throw new Error(start.error);
  let state = start.state;
  const log: Move[] = [];
  for (const pick of picks) {
    const moves = legalMoves(game, state);
    if (moves.length === 0) break;
    const move = moves[pick % moves.length] as Move;
    const next = step(game, state, move);
    if (!next.ok) throw new Error(`legal move refused: ${next.error}`);
    log.push(move);
    state = next.state;
  }
  return { state, log };
};

const seeds = fc.integer({ min: 0, max: 1_000_000 });
const picks = fc.array(fc.nat(), { minLength: 1, maxLength: 120 });

describe('engine invariants', () => {
  it('the same seed and moves give the same game', () => {
    fc.assert(
      fc.property(seeds, picks, (seed, p) => {
        expect(playOut(seed, p)).toEqual(playOut(seed, p));
      }),
      { numRuns: 40 },
    );
  });

  it('replaying the move log reproduces the final state', () => {
    fc.assert(
      fc.property(seeds, picks, (seed, p) => {
        const { state, log } = playOut(seed, p);
        const again = replay(game, { seed, players: 3 }, log);
        expect(again.ok && again.state).toEqual(state);
      }),
      { numRuns: 40 },
    );
  });

  it('states are plain JSON: a state read back from JSON plays on identically', () => {
    fc.assert(
      fc.property(seeds, picks, fc.nat(), (seed, p, pick) => {
        const { state } = playOut(seed, p);
        const copy = JSON.parse(JSON.stringify(state)) as GameState;
        expect(copy).toEqual(state);
        const moves = legalMoves(game, state);
        expect(legalMoves(game, copy)).toEqual(moves);
        const move = moves[pick % Math.max(1, moves.length)];
        if (move) expect(step(game, copy, move)).toEqual(step(game, state, move));
      }),
      { numRuns: 40 },
    );
  });

  it('applying a listed legal move directly equals stepping it', () => {
    fc.assert(
      fc.property(seeds, picks, fc.nat(), (seed, p, pick) => {
        const { state } = playOut(seed, p);
        const legal = legalMovesWithEvents(game, state);
        const chosen = legal[pick % Math.max(1, legal.length)];
        if (chosen) expect(applyLegal(game, state, chosen)).toEqual(step(game, state, chosen.move));
      }),
      { numRuns: 40 },
    );
  });

  it('every die is always in exactly one zone', () => {
    fc.assert(
      fc.property(seeds, picks, (seed, p) => {
        const { state } = playOut(seed, p);
        const ids = [...(state.context.zones.pool as Piece[]), ...(state.context.zones.aside as Piece[])].map((d) => d.id).sort();
        expect(ids).toEqual(['d6-1', 'd6-2', 'd6-3', 'd6-4', 'd6-5']);
      }),
      { numRuns: 60 },
    );
  });

  it('a move that is not legal is refused with a reason and never throws', () => {
    const anyMove = fc.record({
      move: fc.oneof(fc.constantFrom('roll', 'bank', 'takeBack', 'fresh', 'keep'), fc.string()),
      seat: fc.integer({ min: -2, max: 5 }),
      args: fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: undefined }),
    });
    fc.assert(
      fc.property(seeds, picks, anyMove, (seed, p, move) => {
        const { state } = playOut(seed, p);
        const legal = legalMoves(game, state).some((m) => JSON.stringify(m) === JSON.stringify(move));
        const result = step(game, state, move as Move);
        if (!legal && !result.ok) expect(result.error.length).toBeGreaterThan(0);
        if (!result.ok) expect(result.error).not.toMatch(/undefined|\[object/);
      }),
      { numRuns: 200 },
    );
  });

  it('a reading of a roll never scores less than a reading of part of it', () => {
    const score = makeQuery(game, 'score(roll)');
    const points = (roll: number[]): number => {
      const r = score({ roll });
      if (!r.ok) throw new Error(r.error);
      return r.value as number;
    };
    const die = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(fc.array(die, { minLength: 1, maxLength: 6 }), fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), (roll, keep) => {
        const part = roll.filter((_, i) => keep[i]);
        expect(points(roll)).toBeGreaterThanOrEqual(points(part));
        expect(points([...roll].reverse())).toBe(points(roll));
      }),
      { numRuns: 300 },
    );
  });
});
