/**
 * The stepwise tree (src/bots/stepwise.ts): a move decided a step at a time, a list item by item,
 * in or out. Every move is reached by exactly one path of steps, and on Purse
 * (tests/fixtures/bots/purse.yaml: take any of ten coins, one best choice of 1,023) a search that
 * decides coin by coin finds the best choice where one that weighs whole moves rarely does.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { START, stepOptions, steppedOf, type Cursor } from '../../src/bots/stepwise.ts';
import { createBot } from '../../src/bots/index.ts';
import type { Technique } from '../../src/bots/learning.ts';
import { everyPiece, legalMovesWithEvents, newGame, type Json, type LegalMove } from '../../src/engine/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import { botFixture } from '../helpers/botFixtures.ts';

const legal = (move: string, seat: number, args: Record<string, Json>): LegalMove => ({
  seat,
  move: { move, seat, args },
  event: { type: `move.${move}`, move, seat, args: {} },
});

/** The moves each path of steps ends at (indices), and the keys of the steps on it, walking every way from the start. */
const paths = (moves: readonly LegalMove[]): { ends: number[][]; keys: string[][] } => {
  const stepped = steppedOf(moves);
  const ends: number[][] = [];
  const keys: string[][] = [];
  const walk = (open: readonly number[], at: Cursor, path: readonly string[]): void => {
    for (const o of stepOptions(stepped, open, at)) {
      if (o.final) {
        ends.push([...o.moves]);
        keys.push([...path, o.key]);
      } else walk(o.moves, o.next, [...path, o.key]);
    }
  };
  walk(
    moves.map((_, i) => i),
    START,
    [],
  );
  return { ends, keys };
};

describe('the steps of a move', () => {
  it('a list is decided item by item, in or out; the step that completes a move is marked', () => {
    const moves = [
      legal('pay', 0, { coins: ['a', 'b'], box: 'left' }),
      legal('pay', 0, { coins: ['a'], box: 'left' }),
      legal('pay', 0, { coins: ['b'], box: 'right' }),
      legal('pass', 0, {}),
    ];
    const { keys, ends } = paths(moves);
    expect(ends.map((e) => e.length)).toEqual([1, 1, 1, 1]);
    expect(keys).toContainEqual(['0 pay', 'coins+"a"', '!coins+"b"']);
    expect(keys).toContainEqual(['0 pay', 'coins+"a"', '!coins-"b"']);
    expect(keys).toContainEqual(['0 pay', '!coins-"a"']);
    expect(keys).toContainEqual(['!0 pass']);
  });

  it('a value that repeats is a step for each copy', () => {
    const moves = [legal('count', 0, { faces: [2] }), legal('count', 0, { faces: [2, 2] }), legal('count', 0, { faces: [2, 3] })];
    const { keys } = paths(moves);
    expect(keys).toHaveLength(3);
    for (const path of [['!faces+2#1'], ['faces-2#1', '!faces+3'], ['faces-2#1', '!faces-3']]) expect(keys).toContainEqual(path);
  });

  it('the same items in another order are one move to the tree', () => {
    const { ends } = paths([legal('take', 0, { cards: ['a', 'b'] }), legal('take', 0, { cards: ['b', 'a'] })]);
    expect(ends).toEqual([[0, 1]]);
  });

  it('every move is reached by exactly one path (any moves, lists and values)', () => {
    const arbMove = fc.record({
      move: fc.constantFrom('play', 'discard', 'yield'),
      seat: fc.integer({ min: 0, max: 1 }),
      cards: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 5 }),
      side: fc.constantFrom('left', 'right'),
    });
    fc.assert(
      fc.property(fc.array(arbMove, { minLength: 1, maxLength: 40 }), (raw) => {
        const moves = raw.map((m) => legal(m.move, m.seat, m.move === 'yield' ? {} : { cards: m.cards, side: m.side }));
        const identity = (m: LegalMove): string => {
          const args = m.move.args ?? {};
          return JSON.stringify([m.move.seat, m.move.move, [...((args.cards as string[] | undefined) ?? [])].sort(), args.side ?? null]);
        };
        const { ends } = paths(moves);
        const reached = ends.flat().sort((a, b) => a - b);
        expect(reached).toEqual(moves.map((_, i) => i));
        for (const end of ends) expect(new Set(end.map((i) => identity(moves[i] as LegalMove))).size).toBe(1);
        expect(ends).toHaveLength(new Set(moves.map(identity)).size);
      }),
    );
  });
});

describe('a search that decides a step at a time', () => {
  const game = botFixture('purse');
  const started = newGame(game, { players: 1, seed: 1 });
  if (!started.ok) throw new Error(started.error);
  const state = started.state;
  const moves = legalMovesWithEvents(game, state);
  const value = new Map(everyPiece(state.context.zones).map((p) => [p.id, p.value as number]));
  const best = (learning: readonly Technique[], iterations: number, seeds: number): number => {
    let found = 0;
    for (let seed = 0; seed < seeds; seed++) {
      const bot = createBot(game, 'mcts', { iterations, learning });
      if ('error' in bot) throw new Error(bot.error);
      const coins = bot.choose(state, 0, moves, new Rng(seedRng(`purse ${seed}`))).move.args?.coins as string[];
      if (coins.reduce((sum, id) => sum + (value.get(id) ?? Number.NaN), 0) === 15) found++;
    }
    return found;
  };

  it('finds the best of 1,023 ways to take coins where whole moves rarely do (Purse, 100 iterations)', () => {
    expect(moves).toHaveLength(1023);
    const stepwise = best(['mast', 'antidecisive', 'stepwise'], 100, 16);
    const whole = best(['mast', 'antidecisive'], 100, 16);
    expect(stepwise).toBeGreaterThanOrEqual(whole + 5);
  }, 60_000);

  it('plays the same moves for the same seed, and says what it weighed at the root', () => {
    let root: readonly { key: string; visits: number }[] = [];
    const choose = (): string => {
      const bot = createBot(game, 'mcts', { iterations: 40, learning: ['stepwise'], onSearch: (s) => (root = s.root) });
      if ('error' in bot) throw new Error(bot.error);
      return JSON.stringify(bot.choose(state, 0, moves, new Rng(seedRng('same'))).move);
    };
    expect(choose()).toBe(choose());
    expect(root).toHaveLength(1023);
    expect(root.reduce((n, r) => n + r.visits, 0)).toBe(40);
  });
});
