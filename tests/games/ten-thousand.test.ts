/**
 * 10,000, base game: one test per rule of shared/rules/ten-thousand.md (T-B1…T-B15, T-A1…T-A4),
 * with the rules file's worked examples. Dice are rigged (GameContext.rigged) to get given rolls.
 */
import { describe, expect, it } from 'vitest';
import { makeQuery } from '../../src/engine/query.ts';
import type { CompiledGame } from '../../src/compile/index.ts';
import type { GameState, Piece } from '../../src/engine/index.ts';
import { compile, moveNames, play, refused, rollWith, start, where, withVars } from '../helpers/games.ts';

const base = compile('ten-thousand');

const scoreOf = (game: CompiledGame, roll: readonly number[]): number => {
  const result = makeQuery(game, 'score(roll)')({ roll: [...roll] });
  if (!result.ok) throw new Error(result.error);
  return result.value as number;
};

/** Declines "I take it back" when it is offered, to get to the roll. */
const afresh = (game: CompiledGame, s: GameState): GameState => (where(s) === 'turn.start' ? play(game, s, 'fresh') : s);
const points = (s: GameState): number => s.context.game.turnPoints as number;
const levels = (s: GameState, seat: number): number[] => s.context.players[seat]?.levels as number[];
const ticks = (s: GameState, seat: number): number => s.context.players[seat]?.ticks as number;
const pool = (s: GameState): number[] => (s.context.zones.pool as Piece[]).map((d) => d.face as number);

describe('10,000 base game', () => {
  it('T-B5 scores single 1s and 5s, sets, fours, yams and straights', () => {
    const cases: [number[], number][] = [
      [[1, 2, 3, 4, 6], 100],
      [[5, 2, 3, 4, 4], 50],
      [[1, 1, 1, 2, 3], 1000],
      [[2, 2, 2, 3, 4], 200],
      [[4, 4, 4, 2, 3], 400],
      [[5, 5, 5, 2, 3], 500],
      [[6, 6, 6, 2, 3], 600],
      [[6, 6, 6, 6, 2], 1200],
      [[1, 1, 1, 1, 2], 2000],
      [[6, 6, 6, 6, 6], 2400],
      [[1, 1, 1, 1, 1], 4000],
      [[1, 2, 3, 4, 5], 1500],
      [[2, 3, 4, 5, 6], 1500],
      [[5, 5, 5, 5, 1], 1100],
      [[2, 3, 4, 6, 6], 0],
    ];
    for (const [roll, expected] of cases) expect({ roll, score: scoreOf(base, roll) }).toEqual({ roll, score: expected });
  });

  it('T-B5 the best reading counts and the order of the dice does not matter', () => {
    expect(scoreOf(base, [3, 5, 1, 4, 2])).toBe(1500);
    expect(scoreOf(base, [1, 1, 5, 5, 1])).toBe(1100);
    expect(scoreOf(base, [5, 5, 5, 5, 5])).toBe(2000);
  });

  it('worked examples: 1,1,4,4,3 = 200 and 6,6,6,4,2 = 600', () => {
    expect(scoreOf(base, [1, 1, 4, 4, 3])).toBe(200);
    expect(scoreOf(base, [6, 6, 6, 4, 2])).toBe(600);
  });

  it('T-B1 after a scoring roll the player banks or rolls the dice not set aside', () => {
    let s = start(base);
    expect(where(s)).toBe('turn.ready');
    s = rollWith(base, s, [6, 6, 6, 4, 2]);
    expect(where(s)).toBe('turn.decide');
    expect(moveNames(base, s)).toEqual(['bank', 'roll']);
    expect(pool(s).sort()).toEqual([2, 4]);
    s = play(base, s, 'bank');
    expect(levels(s, 0)).toEqual([600]);
    expect(s.context.active).toBe(1);
  });

  it('T-B2 each bank writes a new level on the ladder: 1100, banks 200 → 1300', () => {
    let s = withVars(start(base), { players: { 0: { levels: [1100] } } });
    s = rollWith(base, s, [1, 1, 4, 4, 3]);
    s = play(base, s, 'bank');
    expect(levels(s, 0)).toEqual([1100, 1300]);
  });

  it('T-B3 a roll that scores nothing loses the turn points and gives a tick; the third strikes the level', () => {
    let s = withVars(start(base), { players: { 0: { levels: [500, 900], ticks: 2 } } });
    s = rollWith(base, s, [1, 2, 3, 4, 6]);
    expect(points(s)).toBe(100);
    s = rollWith(base, s, [2, 3, 4, 6]);
    expect(levels(s, 0)).toEqual([500]);
    expect(ticks(s, 0)).toBe(0);
    expect(s.context.active).toBe(1);
    expect(s.context.game.turnPoints).toBe(0);
  });

  it('T-B3 the first and second ticks only mark the level', () => {
    let s = withVars(start(base), { players: { 0: { levels: [900] } } });
    s = rollWith(base, s, [2, 3, 4, 6, 6]);
    expect(ticks(s, 0)).toBe(1);
    expect(levels(s, 0)).toEqual([900]);
  });

  it('T-B4 reaching exactly the target wins', () => {
    let s = withVars(start(base), { players: { 0: { levels: [9800] } } });
    s = rollWith(base, s, [1, 1, 4, 4, 3]);
    s = play(base, s, 'bank');
    expect(s.context.result).toEqual({ winners: [0] });
    expect(moveNames(base, s)).toEqual([]);
  });

  it('T-B6 combinations count only within one roll: a 1, then two 1s = 300, not 1000', () => {
    let s = start(base);
    s = rollWith(base, s, [1, 2, 3, 4, 6]);
    s = rollWith(base, s, [1, 1, 2, 3]);
    expect(points(s)).toBe(300);
  });

  it('T-B7 when every die has scored, all the dice must be rolled again', () => {
    let s = withVars(start(base), { players: { 0: { levels: [1000] } } });
    s = rollWith(base, s, [1, 1, 5, 5, 1]);
    expect(points(s)).toBe(1100);
    expect(pool(s)).toHaveLength(5);
    expect(refused(base, s, { move: 'bank', seat: 0 })).toMatch(/full hand must be rolled again/);
    s = rollWith(base, s, [5, 2, 3, 4, 4]);
    expect(points(s)).toBe(1150);
  });

  it('T-B8 a total ending in 50 cannot be banked; rolling on to a round total can', () => {
    let s = withVars(start(base), { players: { 0: { levels: [1000] } } });
    s = rollWith(base, s, [1, 5, 2, 3, 3]);
    expect(points(s)).toBe(150);
    expect(refused(base, s, { move: 'bank', seat: 0 })).toMatch(/ending in 50/);
    s = rollWith(base, s, [5, 2, 3]);
    expect(points(s)).toBe(200);
    s = play(base, s, 'bank');
    expect(levels(s, 0)).toEqual([1000, 1200]);
  });

  it('T-B9 the first bank needs the entry score (500), and the param raises it to 800', () => {
    let s = start(base);
    s = rollWith(base, s, [1, 1, 4, 4, 3]);
    expect(refused(base, s, { move: 'bank', seat: 0 })).toMatch(/entry/);
    const strict = compile('ten-thousand', [], { entry: 800 });
    let t = rollWith(strict, start(strict), [6, 6, 6, 4, 2]);
    expect(refused(strict, t, { move: 'bank', seat: 0 })).toMatch(/entry/);
    t = rollWith(strict, t, [1, 3]);
    expect(points(t)).toBe(700);
    expect(refused(strict, t, { move: 'bank', seat: 0 })).toMatch(/entry/);
    t = rollWith(strict, t, [1]);
    expect(points(t)).toBe(800);
    t = rollWith(strict, t, [1, 1, 1, 2, 3]);
    t = play(strict, t, 'bank');
    expect(levels(t, 0)).toEqual([1800]);
  });

  it('T-B10 reaching another player’s level bumps that player back to the previous level', () => {
    let s = withVars(start(base), { players: { 0: { levels: [1100] }, 1: { levels: [800, 1300] } } });
    s = rollWith(base, s, [1, 1, 4, 4, 3]);
    s = play(base, s, 'bank');
    expect(levels(s, 0)).toEqual([1100, 1300]);
    expect(levels(s, 1)).toEqual([800]);
  });

  it('T-B11 worked example: P2 takes back 600, rolls the 4 and the 2, gets 1 and 3 → 700', () => {
    let s = start(base);
    s = rollWith(base, s, [6, 6, 6, 4, 2]);
    s = play(base, s, 'bank');
    expect(where(s)).toBe('turn.start');
    expect(moveNames(base, s)).toEqual(['fresh', 'takeBack']);
    s = play(base, s, 'takeBack');
    expect(pool(s)).toHaveLength(2);
    s = rollWith(base, s, [1, 3]);
    expect(points(s)).toBe(700);
    expect(moveNames(base, s)).toEqual(['bank', 'roll']);
    expect(pool(s)).toEqual([3]);
  });

  it('T-B11 a take-back roll that scores nothing starts the player afresh with all dice, without a tick', () => {
    let s = start(base);
    s = rollWith(base, s, [6, 6, 6, 4, 2]);
    s = play(base, s, 'bank');
    s = play(base, s, 'takeBack');
    s = rollWith(base, s, [2, 3]);
    expect(s.context.active).toBe(1);
    expect(where(s)).toBe('turn.ready');
    expect(points(s)).toBe(0);
    expect(pool(s)).toHaveLength(5);
    expect(ticks(s, 1)).toBe(0);
  });

  it('T-B11 starting afresh ignores what was left', () => {
    let s = start(base);
    s = rollWith(base, s, [6, 6, 6, 4, 2]);
    s = play(base, s, 'bank');
    s = play(base, s, 'fresh');
    expect(where(s)).toBe('turn.ready');
    expect(pool(s)).toHaveLength(5);
    expect(points(s)).toBe(0);
  });

  it('T-B12 every scoring die is set aside: 1,1,4,4,3 = 200 and 4,4,3 are rolled again', () => {
    let s = start(base);
    s = rollWith(base, s, [1, 1, 4, 4, 3]);
    expect(points(s)).toBe(200);
    expect(pool(s).sort()).toEqual([3, 4, 4]);
  });

  it('T-B12 with keepAll off the player picks which scoring dice to keep', () => {
    const game = compile('ten-thousand', [], { keepAll: false });
    let s = rollWith(game, start(game), [1, 1, 4, 4, 3]);
    expect(where(s)).toBe('turn.rolled');
    const keeps = s.context.zones.pool as Piece[];
    const ones = keeps.filter((d) => d.face === 1).map((d) => d.id);
    expect(refused(game, s, { move: 'keep', seat: 0, args: { dice: [keeps.find((d) => d.face === 4)?.id as string] } })).toMatch(
      /condition/,
    );
    s = play(game, s, 'keep', { dice: [ones[0] as string] });
    expect(points(s)).toBe(100);
    expect(pool(s)).toHaveLength(4);
  });

  it('T-B13 worked example: 200, then 6,6,6 = 800 and a full hand, then 0: a tick and the next player', () => {
    let s = start(base);
    s = rollWith(base, s, [1, 1, 4, 4, 2]);
    expect(points(s)).toBe(200);
    s = rollWith(base, s, [6, 6, 6]);
    expect(points(s)).toBe(800);
    expect(pool(s)).toHaveLength(5);
    expect(moveNames(base, s)).toEqual(['roll']);
    s = rollWith(base, s, [4, 4, 2, 6, 3]);
    expect(ticks(s, 0)).toBe(1);
    expect(s.context.active).toBe(1);
  });

  it('T-B14 going over the target gives a tick and loses the points', () => {
    let s = withVars(start(base), { players: { 0: { levels: [9900] } } });
    s = rollWith(base, s, [1, 1, 4, 4, 3]);
    s = play(base, s, 'bank');
    expect(s.context.result).toBeNull();
    expect(levels(s, 0)).toEqual([9900]);
    expect(ticks(s, 0)).toBe(1);
    expect(s.context.active).toBe(1);
  });

  it('T-B15 last round: the round is finished, then the first to reach the target wins', () => {
    const game = compile('ten-thousand', [], { lastRound: true });
    let s = withVars(start(game, 3), { players: { 0: { levels: [9800] } } });
    s = rollWith(game, s, [1, 1, 4, 4, 3]);
    s = play(game, s, 'bank');
    expect(s.context.result).toBeNull();
    expect(s.context.game.finisher).toBe(0);
    s = rollWith(game, afresh(game, s), [2, 3, 4, 6, 6]);
    expect(s.context.result).toBeNull();
    s = rollWith(game, s, [2, 3, 4, 6, 6]);
    expect(s.context.result).toEqual({ winners: [0] });
  });

  it('T-B15 a player who also reaches the target in the last round bars the first; a new last round starts', () => {
    const game = compile('ten-thousand', [], { lastRound: true });
    let s = withVars(start(game, 3), { players: { 0: { levels: [9800] }, 1: { levels: [9800] } } });
    s = play(game, rollWith(game, s, [1, 1, 4, 4, 3]), 'bank');
    s = play(game, rollWith(game, afresh(game, s), [1, 1, 4, 4, 3]), 'bank');
    expect(levels(s, 0)).toEqual([9800]);
    expect(s.context.game.finisher).toBe(1);
    s = rollWith(game, afresh(game, s), [2, 3, 4, 6, 6]);
    expect(s.context.result).toBeNull();
    s = rollWith(game, s, [2, 3, 4, 6, 6]);
    expect(s.context.result).toEqual({ winners: [1] });
  });

  it('T-A1 small level: an entered player may bank only 100 with the rule, not without', () => {
    const entered = { players: { 0: { levels: [1000] } } };
    let s = rollWith(base, withVars(start(base), entered), [1, 2, 3, 4, 6]);
    expect(refused(base, s, { move: 'bank', seat: 0 })).toMatch(/smallest level/);
    const game = compile('ten-thousand', [], { smallLevel: true });
    s = rollWith(game, withVars(start(game), entered), [1, 2, 3, 4, 6]);
    s = play(game, s, 'bank');
    expect(levels(s, 0)).toEqual([1000, 1100]);
  });

  it('T-A2 big full hand: with 1500 or more a full hand may be banked without the re-roll', () => {
    const game = compile('ten-thousand', [], { bigFullHand: 1500 });
    let s = rollWith(game, start(game), [1, 2, 3, 4, 5]);
    expect(points(s)).toBe(1500);
    expect(moveNames(game, s)).toEqual(['bank', 'roll']);
    s = play(game, s, 'bank');
    expect(levels(s, 0)).toEqual([1500]);
    let t = rollWith(base, start(base), [1, 2, 3, 4, 5]);
    expect(moveNames(base, t)).toEqual(['roll']);
    t = rollWith(base, t, [2, 2, 3, 4, 6]);
    expect(points(t)).toBe(0);
  });

  it('T-A3 same level: reaching any level of another player strikes that level', () => {
    const game = compile('ten-thousand', [], { bumping: 'any' });
    let s = withVars(start(game), { players: { 0: { levels: [1100] }, 1: { levels: [600, 1300, 2000] } } });
    s = play(game, rollWith(game, s, [1, 1, 4, 4, 3]), 'bank');
    expect(levels(s, 1)).toEqual([600, 2000]);
  });

  it('T-A4 five aces win the game at once', () => {
    const game = compile('ten-thousand', [], { fiveAcesWin: true });
    const s = rollWith(game, start(game), [1, 1, 1, 1, 1]);
    expect(s.context.result).toEqual({ winners: [0] });
    const t = rollWith(base, start(base), [1, 1, 1, 1, 1]);
    expect(t.context.result).toBeNull();
    expect(points(t)).toBe(4000);
  });
});
