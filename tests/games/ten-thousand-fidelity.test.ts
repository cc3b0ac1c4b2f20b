/**
 * 10,000: the rules-fidelity fixes of issue 17, each named by its rule (shared/rules/ten-thousand.md),
 * and the params that carry the disputed readings. Dice are rigged.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledGame } from '../../src/compile/index.ts';
import { makeQuery } from '../../src/engine/query.ts';
import type { GameState, Json } from '../../src/engine/index.ts';
import { compile, moveNames, play, rollWith, start, withVars } from '../helpers/games.ts';

const scoreOf = (game: CompiledGame, roll: readonly number[]): number => {
  const result = makeQuery(game, 'score(roll)')({ roll: [...roll] });
  if (!result.ok) throw new Error(result.error);
  return result.value as number;
};
const points = (s: GameState): number => s.context.game.turnPoints as number;

/** Every multiset of n faces 1-6, each once, in ascending order. */
const multisets = (n: number, from = 1): number[][] =>
  n === 0 ? [[]] : Array.from({ length: 7 - from }, (_, i) => from + i).flatMap((f) => multisets(n - 1, f).map((rest) => [f, ...rest]));

/**
 * T-V1's table for one roll, written independently of the spec: the best of every way to read the
 * dice as single 1s (100) and 5s (50), small suites of three consecutive faces (200), the grand suite
 * of five (800), three of a kind (100 × face, three 1s 1000) and five of a kind (1000 × face, five
 * 1s 10,000). There is no four of a kind: a fourth die scores only as a single 1 or 5.
 */
const oddScore = (dice: readonly number[]): number => {
  if (dice.length === 0) return 0;
  const [d, ...rest] = dice as [number, ...number[]];
  const without = (faces: readonly number[]): number[] | null => {
    const left = [...dice];
    for (const f of faces) {
      const i = left.indexOf(f);
      if (i < 0) return null;
      left.splice(i, 1);
    }
    return left;
  };
  const options: number[] = [oddScore(rest)];
  if (d === 1) options.push(100 + oddScore(rest));
  if (d === 5) options.push(50 + oddScore(rest));
  const tryCombo = (faces: number[], worth: number): void => {
    const left = without(faces);
    if (left) options.push(worth + oddScore(left));
  };
  tryCombo([d, d, d], d === 1 ? 1000 : 100 * d);
  tryCombo([d, d, d, d, d], d === 1 ? 10000 : 1000 * d);
  for (let low = Math.max(1, d - 2); low <= Math.min(4, d); low++) tryCombo([low, low + 1, low + 2], 200);
  for (let low = Math.max(1, d - 4); low <= Math.min(2, d); low++) tryCombo([low, low + 1, low + 2, low + 3, low + 4], 800);
  return Math.max(...options);
};

describe('T-V1 odd combinations: no four of a kind', () => {
  const odd = compile('ten-thousand', ['odd-combinations']);

  it('T-V1 four of a kind in one roll is a set and a die: 6,6,6,6,2 = 600 and 1,1,1,1,5 = 1150', () => {
    expect(scoreOf(odd, [6, 6, 6, 6, 2])).toBe(600);
    expect(scoreOf(odd, [1, 1, 1, 1, 5])).toBe(1150);
    expect(scoreOf(odd, [4, 4, 4, 4])).toBe(400);
    let s = rollWith(odd, start(odd), [6, 6, 6, 6, 2]);
    expect(points(s)).toBe(600);
    s = rollWith(odd, start(odd), [1, 1, 1, 1, 5]);
    expect(points(s)).toBe(1150);
  });

  it('T-V1 every roll of 4 or 5 dice (the first roll of a hand, or after one die set aside) scores as an independent scorer says', () => {
    const rolls = [...multisets(4), ...multisets(5)];
    expect(rolls).toHaveLength(126 + 252);
    const wrong = rolls.map((roll) => ({ roll, spec: scoreOf(odd, roll), independent: oddScore(roll) })).filter((r) => r.spec !== r.independent);
    expect(wrong).toEqual([]);
  });

  it('T-V1 rolls of 1 to 3 dice before any set agree too', () => {
    const rolls = [...multisets(1), ...multisets(2), ...multisets(3)];
    const wrong = rolls.map((roll) => ({ roll, spec: scoreOf(odd, roll), independent: oddScore(roll) })).filter((r) => r.spec !== r.independent);
    expect(wrong).toEqual([]);
  });

  it('T-V1 a set still grows over later rolls: 6,6,6,4,3 then 6,3 → 1200', () => {
    let s = rollWith(odd, start(odd), [6, 6, 6, 4, 3]);
    s = rollWith(odd, s, [6, 3]);
    expect(points(s)).toBe(1200);
  });
});

describe('T-B11 take it back: only dice left unscored', () => {
  const nextPlayerAfterBank = (game: CompiledGame, faces: number[]): GameState => {
    const s = rollWith(game, start(game), faces);
    expect(moveNames(game, s)).toContain('bank');
    return play(game, s, 'bank');
  };

  it('T-B11 after a full hand banked under odd combinations (T-V1), the next player is not offered a take-back', () => {
    const odd = compile('ten-thousand', ['odd-combinations']);
    const s = nextPlayerAfterBank(odd, [1, 1, 1, 5, 5]);
    expect(s.context.players[0]?.levels).toEqual([1100]);
    expect(s.context.active).toBe(1);
    expect(s.context.game.leftDice).toBe(0);
    expect(moveNames(odd, s)).toEqual(['roll']);
  });

  it('T-B11 after a big full hand banked (T-A2), the next player is not offered a take-back', () => {
    const game = compile('ten-thousand', [], { bigFullHand: 1500 });
    const s = nextPlayerAfterBank(game, [1, 2, 3, 4, 5]);
    expect(s.context.players[0]?.levels).toEqual([1500]);
    expect(moveNames(game, s)).toEqual(['roll']);
  });

  it('T-B11 a full hand rolled again, then banked with dice left, offers exactly those dice', () => {
    const odd = compile('ten-thousand', ['odd-combinations']);
    let s = rollWith(odd, start(odd), [1, 1, 1, 5, 5]);
    s = rollWith(odd, s, [1, 2, 4, 6, 6]);
    expect(points(s)).toBe(1200);
    s = play(odd, s, 'bank');
    expect(s.context.game.leftDice).toBe(4);
    expect(moveNames(odd, s)).toEqual(['fresh', 'takeBack']);
    s = play(odd, s, 'takeBack');
    expect(points(s)).toBe(1200);
    expect(s.context.zones.pool).toHaveLength(4);
  });
});

describe('T-V8 cumulative sets over several rolls', () => {
  const game = compile('ten-thousand', ['cumulative-sets']);

  it('T-V8 a 5 kept, then 5 5 5: four 5s over two rolls are twice the set, 1000 (not 550)', () => {
    let s = rollWith(game, start(game), [5, 2, 3, 3, 6]);
    expect(points(s)).toBe(50);
    s = rollWith(game, s, [5, 5, 5, 2]);
    expect(points(s)).toBe(1000);
    // The fifth 5 doubles again: 4 × the set.
    s = rollWith(game, s, [5]);
    expect(points(s)).toBe(2000);
  });

  it('T-V8 two 5s kept, then 5 5 5: five 5s are four times the set, 2000', () => {
    let s = rollWith(game, start(game), [5, 5, 2, 3, 6]);
    expect(points(s)).toBe(100);
    s = rollWith(game, s, [5, 5, 5]);
    expect(points(s)).toBe(2000);
    expect(s.context.zones.pool).toHaveLength(5);
  });

  it('T-V8 a 1 and a 5 kept, then 5 5 5: the 5 joins the set, the 1 keeps its 100 (1100, a full hand)', () => {
    let s = rollWith(game, start(game), [1, 5, 2, 2, 3]);
    expect(points(s)).toBe(150);
    s = rollWith(game, s, [5, 5, 5]);
    expect(points(s)).toBe(1100);
    expect(s.context.zones.pool).toHaveLength(5);
  });

  it('T-V8 dice kept alone in an earlier hand (before a full hand) do not join', () => {
    let s = rollWith(game, start(game), [1, 5, 2, 2, 3]);
    s = rollWith(game, s, [1, 5, 4]);
    expect(points(s)).toBe(300);
    s = rollWith(game, s, [1]);
    expect(points(s)).toBe(400);
    expect(s.context.zones.pool).toHaveLength(5);
    s = rollWith(game, s, [5, 5, 5, 2, 3]);
    expect(points(s)).toBe(900);
  });
});
