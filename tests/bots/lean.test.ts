/**
 * Lean moves (src/bots/lean.ts) and the `lean` technique: a move is lean when no legal move is
 * the same with one list item fewer, and the moves it extends are those. Where the rules let a
 * list grow freely once it is legal (a discard that covers the damage, R-8), the lean moves are
 * exactly what a strategy's `minimal` keeps; where more is better (Purse), a search with `lean`
 * still finds the best choice by adding items to the moves that did well.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendedOf } from '../../src/bots/lean.ts';
import { createBot, legalKey } from '../../src/bots/index.ts';
import type { Technique } from '../../src/bots/learning.ts';
import { applyLegal, everyPiece, isOver, legalMovesWithEvents, newGame, type GameState, type LegalMove } from '../../src/engine/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import type { CompiledGame } from '../../src/compile/index.ts';
import { botFixture } from '../helpers/botFixtures.ts';
import { compile } from '../helpers/games.ts';

const begin = (game: CompiledGame, players = 1, seed: number | string = 1): GameState => {
  const started = newGame(game, { players, seed });
  if (!started.ok) throw new Error(started.error);
  return started.state;
};

const leanOnes = (moves: readonly LegalMove[]): LegalMove[] => {
  const extended = extendedOf(moves);
  return moves.filter((_, i) => extended[i]?.length === 0);
};

describe('lean moves: nothing to spare in their lists', () => {
  const game = botFixture('thrifty');
  const state = begin(game);
  const legal = legalMovesWithEvents(game, state);
  const coins = new Map(everyPiece(state.context.zones).map((p) => [p.id, Number(p.value)]));
  const paid = (m: LegalMove): string =>
    `${(m.move.args?.coins as string[])
      .map((id) => coins.get(id))
      .sort((a, b) => Number(a) - Number(b))
      .join('+')} ${String(m.move.args?.box)}`;

  it('a pay is lean when no coin of it could be left out: the bill of 4 paid with nothing to spare, into either box', () => {
    const pays = leanOnes(legal).filter((m) => m.move.move === 'pay');
    const each = ['1+3', '2+2', '2+3', '2+3', '5'];
    expect(pays.map(paid).sort()).toEqual([...each.map((p) => `${p} left`), ...each.map((p) => `${p} right`)].sort());
  });

  it('a list of numbers is a multiset: the same face twice is two items, a move without a list is lean', () => {
    const counts = leanOnes(legal).filter((m) => m.move.move === 'count');
    expect([...new Set(counts.map((m) => [...(m.move.args?.faces as number[])].sort().join('+')))].sort()).toEqual(['1+3', '2+2', '2+3']);
    expect(leanOnes(legal).filter((m) => m.move.move === 'pass')).toHaveLength(1);
  });

  it('a move extends the moves that are it with one item fewer, in the same box', () => {
    const extended = extendedOf(legal);
    const i = legal.findIndex((m) => m.move.move === 'pay' && paid(m) === '2+2+3 left');
    expect(i).toBeGreaterThanOrEqual(0);
    const smaller = (extended[i] ?? []).map((j) => paid(legal[j] as LegalMove)).sort();
    expect(smaller).toEqual(['2+2 left', '2+3 left', '2+3 left']);
  });

  it('a move is judged among the moves alike: the pays alone give the same answer as the pays among moves whose lists repeat numbers', () => {
    const pays = legal.filter((m) => m.move.move === 'pay');
    const alone = extendedOf(pays).map((from) => from.map((j) => legalKey(pays[j] as LegalMove)).sort());
    const among = extendedOf(legal);
    const inAll = pays.map((m) => (among[legal.indexOf(m)] ?? []).map((j) => legalKey(legal[j] as LegalMove)).sort());
    expect(alone).toEqual(inAll);
    expect(alone.some((from) => from.length > 1)).toBe(true);
  });

  it('R-8: in solo Regicide the lean discards are exactly those of no card more than the damage needs (`minimal`)', () => {
    const solo = compile('regicide', ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit', 'solo']);
    const steady = solo.bots.steady;
    if (!steady) throw new Error('no steady strategy');
    let discards = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        let s = begin(solo, 1, seed);
        const rng = new Rng(seedRng(`lean:${seed}`));
        for (let k = 0; k < 80 && !isOver(s); k++) {
          const legal = legalMovesWithEvents(solo, s);
          const mine = legal.filter((m) => m.move.move === 'discard');
          if (mine.length > 0) {
            discards++;
            const minimal = legalMovesWithEvents(solo, s, undefined, undefined, steady.minimal).filter((m) => m.move.move === 'discard');
            expect(new Set(leanOnes(mine).map(legalKey))).toEqual(new Set(minimal.map(legalKey)));
          }
          const next = applyLegal(solo, s, legal[rng.below(legal.length)] as LegalMove);
          if (!next.ok) throw new Error(next.error);
          s = next.state;
        }
      }),
      { numRuns: 12 },
    );
    expect(discards).toBeGreaterThan(10);
  });
});

describe('lean moves of any lists', () => {
  /** A move as text, its lists as sorted items: two moves are the same exactly when their texts are. */
  const text = (m: LegalMove): string =>
    JSON.stringify([
      m.move.seat,
      m.move.move,
      Object.entries(m.move.args ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => JSON.stringify(x)).sort() : v]),
    ]);

  /** The moves `moves[i]` extends, found by comparing whole lists as sorted texts: the definition, slowly. */
  const byDefinition = (moves: readonly LegalMove[]): number[][] => {
    return moves.map((m) => {
      const found: number[] = [];
      for (const [name, list] of Object.entries(m.move.args ?? {})) {
        if (!Array.isArray(list)) continue;
        for (const item of new Set(list.map((x) => JSON.stringify(x)))) {
          const at = list.findIndex((x) => JSON.stringify(x) === item);
          const less = { ...m, move: { ...m.move, args: { ...m.move.args, [name]: list.filter((_, k) => k !== at) } } };
          moves.forEach((o, j) => {
            if (text(o) === text(less)) found.push(j);
          });
        }
      }
      return found.sort((a, b) => a - b);
    });
  };

  const item = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b', '1', 'c'), fc.constantFrom({ id: 1 }, [1]));
  const move = fc.record({
    seat: fc.integer({ min: 0, max: 1 }),
    move: fc.constantFrom('take', 'give'),
    args: fc.record({
      some: fc.array(item, { maxLength: 4 }),
      more: fc.option(fc.array(item, { maxLength: 3 })),
      to: fc.integer({ min: 0, max: 1 }),
    }),
  });

  it('several lists a move, repeated items and items of every kind: the same moves extended as by comparing whole lists', () => {
    fc.assert(
      fc.property(fc.array(move, { minLength: 1, maxLength: 40 }), (drawn) => {
        const moves = drawn.map(({ seat, move, args }) => ({
          move: {
            seat,
            move,
            args: args.more === null ? { some: args.some, to: args.to } : { some: args.some, more: args.more, to: args.to },
          },
        })) as unknown as LegalMove[];
        // Moves alike (faces taken from either copy of a value) name one of them as extended: compared without repeats.
        const listing = moves.filter((m, i) => moves.findIndex((o) => text(o) === text(m)) === i);
        expect(extendedOf(listing).map((from) => [...from].sort((a, b) => a - b))).toEqual(byDefinition(listing));
      }),
      { numRuns: 300 },
    );
  });

  it('lists of more than 32 distinct items: a take of 40 extends each of its 40 takes of 39, and these are not lean', () => {
    const all = Array.from({ length: 40 }, (_, i) => `p${i}`);
    const moves = [all, ...all.map((_, k) => all.filter((__, i) => i !== k))].map((pieces) => ({
      move: { seat: 0, move: 'take', args: { pieces } },
    })) as unknown as LegalMove[];
    const extended = extendedOf(moves);
    expect([...(extended[0] ?? [])].sort((a, b) => a - b)).toEqual(all.map((_, k) => k + 1));
    expect(extended.slice(1).every((from) => from.length === 0)).toBe(true);
  });
});

describe('lean: what a search tries first', () => {
  it('Purse: where taking more is better, the search adds coins to the takes that did well and finds the best of 1,023 (1,000 iterations, 8 searches)', () => {
    const game = botFixture('purse');
    const state = begin(game);
    const moves = legalMovesWithEvents(game, state);
    const value = new Map(everyPiece(state.context.zones).map((p) => [p.id, Number(p.value)]));
    const found = (learning: readonly Technique[]): number => {
      let n = 0;
      for (let seed = 0; seed < 8; seed++) {
        const bot = createBot(game, 'mcts', { iterations: 1000, learning });
        if ('error' in bot) throw new Error(bot.error);
        const taken = bot.choose(state, 0, moves, new Rng(seedRng(`purse ${seed}`))).move.args?.coins as string[];
        if (taken.reduce((sum, id) => sum + (value.get(id) ?? Number.NaN), 0) === 15) n++;
      }
      return n;
    };
    expect(found(['mast', 'lean', 'antidecisive', 'widening'])).toBeGreaterThanOrEqual(5);
    expect(found(['mast', 'antidecisive', 'widening'])).toBeLessThanOrEqual(2);
  }, 120_000);
});
