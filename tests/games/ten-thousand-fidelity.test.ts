/**
 * 10,000: the rules-fidelity fixes of issue 17, each named by its rule (shared/rules/ten-thousand.md),
 * and the params that carry the disputed readings. Dice are rigged.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledGame } from '../../src/compile/index.ts';
import { makeQuery } from '../../src/engine/query.ts';
import type { GameState } from '../../src/engine/index.ts';
import { compile, moveNames, play, refused, rollWith, start, where, withVars } from '../helpers/games.ts';

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
    const wrong = rolls
      .map((roll) => ({ roll, spec: scoreOf(odd, roll), independent: oddScore(roll) }))
      .filter((r) => r.spec !== r.independent);
    expect(wrong).toEqual([]);
  });

  it('T-V1 rolls of 1 to 3 dice before any set agree too', () => {
    const rolls = [...multisets(1), ...multisets(2), ...multisets(3)];
    const wrong = rolls
      .map((roll) => ({ roll, spec: scoreOf(odd, roll), independent: oddScore(roll) }))
      .filter((r) => r.spec !== r.independent);
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

const afresh = (game: CompiledGame, s: GameState): GameState => (where(s) === 'turn.start' ? play(game, s, 'fresh') : s);
const levels = (s: GameState, seat: number): number[] => s.context.players[seat]?.levels as number[];
const ticks = (s: GameState, seat: number): number => s.context.players[seat]?.ticks as number;
const param = (game: CompiledGame, name: string) => game.spec.params?.[name];

describe('disputed readings of 10,000 are params', () => {
  it('T-B3 bankResetsTicks: a bank clears the ticks by default; off, they stay until a level is struck', () => {
    expect(param(compile('ten-thousand'), 'bankResetsTicks')).toMatchObject({ type: 'bool', default: true, rules: ['T-B3'] });
    for (const [reset, expected] of [
      [true, 0],
      [false, 2],
    ] as const) {
      const game = compile('ten-thousand', [], { bankResetsTicks: reset });
      let s = withVars(start(game), { players: { 0: { levels: [1000], ticks: 2 } } });
      s = play(game, rollWith(game, s, [1, 1, 4, 4, 3]), 'bank');
      expect(levels(s, 0)).toEqual([1000, 1200]);
      expect(ticks(s, 0)).toBe(expected);
    }
    // Off: the next zilch is the third tick and strikes the level just banked.
    const game = compile('ten-thousand', [], { bankResetsTicks: false });
    let s = withVars(start(game), { players: { 0: { levels: [1000], ticks: 2 } } });
    s = play(game, rollWith(game, s, [1, 1, 4, 4, 3]), 'bank');
    s = rollWith(game, afresh(game, s), [2, 3, 4, 6, 6]);
    s = rollWith(game, s, [2, 3, 4, 6, 6]);
    expect(levels(s, 0)).toEqual([1000]);
    expect(ticks(s, 0)).toBe(0);
  });

  it('T-B15 lastRoundEnds: everyOther lets Player 2 play after Player 1 reaches the target; tableOrder ends at once when the last seat reaches it', () => {
    expect(param(compile('ten-thousand'), 'lastRoundEnds')).toMatchObject({ type: 'choice', default: 'everyOther', rules: ['T-B15'] });
    // Player 2 (the last seat of 2) reaches the target.
    const reach = (ends: string): GameState => {
      const game = compile('ten-thousand', ['last-round'], { lastRoundEnds: ends });
      let s = withVars(start(game), { players: { 1: { levels: [9800] } } });
      s = rollWith(game, s, [2, 3, 4, 6, 6]);
      s = rollWith(game, afresh(game, s), [1, 1, 4, 4, 3]);
      return play(game, s, 'bank');
    };
    expect(reach('tableOrder').context.result).toEqual({ winners: [1] });
    const other = reach('everyOther');
    expect(other.context.result).toBeNull();
    expect(other.context.active).toBe(0);
    // Player 1 (seat 0) reaches it: under both readings Player 2 still plays.
    for (const ends of ['everyOther', 'tableOrder']) {
      const game = compile('ten-thousand', ['last-round'], { lastRoundEnds: ends });
      let s = withVars(start(game), { players: { 0: { levels: [9800] } } });
      s = play(game, rollWith(game, s, [1, 1, 4, 4, 3]), 'bank');
      expect(s.context.result).toBeNull();
      s = rollWith(game, afresh(game, s), [2, 3, 4, 6, 6]);
      expect(s.context.result).toEqual({ winners: [0] });
    }
  });

  it('T-B15 lastRoundEnds tableOrder with 3 players: Player 1 reaching the target lets Players 2 and 3 play, then the game ends', () => {
    const game = compile('ten-thousand', ['last-round'], { lastRoundEnds: 'tableOrder' });
    let s = withVars(start(game, 3), { players: { 1: { levels: [9800] } } });
    s = rollWith(game, s, [2, 3, 4, 6, 6]);
    s = play(game, rollWith(game, afresh(game, s), [1, 1, 4, 4, 3]), 'bank');
    expect(s.context.result).toBeNull();
    expect(s.context.active).toBe(2);
    s = rollWith(game, afresh(game, s), [2, 3, 4, 6, 6]);
    expect(s.context.result).toEqual({ winners: [1] });
  });

  it("T-6 sixOnes: six 1s score 8000 by default, the text's 1000 × face on request (and win at once either way)", () => {
    const six = compile('ten-thousand', ['six-dice']);
    expect(param(six, 'sixOnes')).toMatchObject({ type: 'number', default: 8000, rules: ['T-6'] });
    expect(scoreOf(six, [1, 1, 1, 1, 1, 1])).toBe(8000);
    expect(scoreOf(compile('ten-thousand', ['six-dice'], { sixOnes: 1000 }), [1, 1, 1, 1, 1, 1])).toBe(4100);
    expect(scoreOf(six, [6, 6, 6, 6, 6, 6])).toBe(6000);
    expect(rollWith(six, start(six), [1, 1, 1, 1, 1, 1]).context.result).toEqual({ winners: [0] });
  });

  it("T-V6 fullHouseFactor: 6 6 6 3 3 = 1800 under both readings; 2 2 2 6 6 = 1200 (pair's face, default) or 600 (× 3)", () => {
    const charentaise = compile('ten-thousand', ['charentaise']);
    expect(param(charentaise, 'fullHouseFactor')).toMatchObject({ type: 'choice', default: 'pairFace', rules: ['T-V6'] });
    const three = compile('ten-thousand', ['charentaise'], { fullHouseFactor: 'three' });
    expect([scoreOf(charentaise, [6, 6, 6, 3, 3]), scoreOf(three, [6, 6, 6, 3, 3])]).toEqual([1800, 1800]);
    expect([scoreOf(charentaise, [2, 2, 2, 6, 6]), scoreOf(three, [2, 2, 2, 6, 6])]).toEqual([1200, 600]);
  });

  it('T-B8 noFifties stays on under odd combinations and six dice (a 1150 total rolls on); off, it may be banked', () => {
    expect(param(compile('ten-thousand'), 'noFifties')?.rules).toEqual(['T-B8', 'T-V1', 'T-6']);
    const six = compile('ten-thousand', ['six-dice'], { entryRoll: 0 });
    let s = rollWith(six, start(six), [6, 5, 4, 2, 2, 1]);
    s = rollWith(six, s, [1, 1, 1, 3]);
    expect(points(s)).toBe(1150);
    expect(refused(six, s, { move: 'bank', seat: 0 })).toMatch(/ending in 50/);
    const free = compile('ten-thousand', ['six-dice'], { entryRoll: 0, noFifties: false });
    let t = rollWith(free, start(free), [6, 5, 4, 2, 2, 1]);
    t = play(free, rollWith(free, t, [1, 1, 1, 3]), 'bank');
    expect(levels(t, 0)).toEqual([1150]);
    const odd = compile('ten-thousand', ['odd-combinations']);
    expect(refused(odd, rollWith(odd, start(odd), [5, 2, 3, 3, 6]), { move: 'bank', seat: 0 })).toMatch(/ending in 50/);
  });
});
