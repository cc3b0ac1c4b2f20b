/**
 * The balance report's numbers on hand-made records: Wilson intervals against worked values,
 * the first player's advantage, ties and games nobody won, the turn cap, length percentiles and
 * histogram, cooperative games, rotated bots, and two runs compared on the same seeds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { balance, compareBalance, formatBalance, formatComparison, lengthStats } from '../../src/sim/balance.ts';
import { differenceInterval, quantile, wilson } from '../../src/sim/stats.ts';
import type { GameRecord } from '../../src/sim/simulate.ts';
import { compile } from '../helpers/games.ts';
import { engineReport } from '../../src/lang/index.ts';
import { selectEngine } from '../../src/lang/emit/select.ts';

const together = (): CompiledGame => {
  const file = join(import.meta.dirname, '../fixtures/bots/together.yaml');
  const { game } = compileGame({ base: { file, text: readFileSync(file, 'utf8') } });
  if (!game) throw new Error('no game');
  return game;
};

const rec = (winners: number[] | null, turns: number, first = 0, extra: Partial<GameRecord> = {}): GameRecord => ({
  winners,
  turns,
  moves: turns * 3,
  first,
  ...(winners === null ? { capped: true } : {}),
  ...extra,
});

describe('Wilson score interval', () => {
  it('matches worked values', () => {
    // 8 of 10: the textbook example, [0.490, 0.943].
    const a = wilson(8, 10);
    expect(a.low).toBeCloseTo(0.4902, 4);
    expect(a.high).toBeCloseTo(0.9433, 4);
    // 50 of 100: [0.4038, 0.5962].
    expect(wilson(50, 100).low).toBeCloseTo(0.4038, 4);
    expect(wilson(50, 100).high).toBeCloseTo(0.5962, 4);
    // 0 of 20 stays inside [0, 1]: [0, 0.1611].
    expect(wilson(0, 20).low).toBe(0);
    expect(wilson(0, 20).high).toBeCloseTo(0.1611, 4);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it("Newcombe's interval for a difference matches his worked example", () => {
    // Newcombe (1998), method 10: 56/70 − 48/80 = 0.2, interval [0.0524, 0.3339].
    const d = differenceInterval({ wins: 56, n: 70 }, { wins: 48, n: 80 });
    expect(d.low).toBeCloseTo(0.0524, 4);
    expect(d.high).toBeCloseTo(0.3339, 4);
  });
});

describe('length statistics', () => {
  it('quantiles interpolate between neighbours', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50], 0.1)).toBe(14);
    expect(quantile([], 0.5)).toBe(0);
  });

  it('mean, median, percentiles and a histogram of round bins', () => {
    const s = lengthStats([12, 15, 18, 21, 25, 30, 31, 47, 50, 91]);
    expect(s).toMatchObject({ mean: 34, median: 27.5, min: 12, max: 91, p10: 14.7, p90: 54.1 });
    expect(s.histogram.map((b) => [b.from, b.to, b.count])).toEqual([
      [10, 20, 3],
      [20, 30, 2],
      [30, 40, 2],
      [40, 50, 1],
      [50, 60, 1],
      [60, 70, 0],
      [70, 80, 0],
      [80, 90, 0],
      [90, 100, 1],
    ]);
    expect(s.histogram.reduce((a, b) => a + b.count, 0)).toBe(10);
  });
});

describe('the balance report', () => {
  const game = compile('ten-thousand');
  // Ten games: seat 0 moves first in all but the last two; seat 0 wins 6, seat 1 wins 2, one tie,
  // one game stopped by the cap.
  const records: GameRecord[] = [
    rec([0], 10),
    rec([0], 12),
    rec([0], 14),
    rec([0], 16),
    rec([1], 18),
    rec([0, 1], 20),
    rec(null, 1000),
    rec([0], 22),
    rec([1], 24, 1),
    rec([0], 26, 1),
  ];
  const r = balance(game, records, { seed: 1, players: 2 });

  it('win rate per seat out of all games, with Wilson intervals', () => {
    expect(r.sides.map((s) => [s.name, s.wins, s.of])).toEqual([
      ['0', 7, 10],
      ['1', 3, 10],
    ]);
    expect(r.sides[0]?.rate).toBe(0.7);
    expect(r.sides[0]?.ci).toEqual(wilson(7, 10));
    expect(r.cooperative).toBe(false);
    expect(r.playersWin).toBeNull();
  });

  it("first player's advantage over the games one side won alone", () => {
    // Decided: 8 games (not the tie, not the capped one); the first mover's side won 5 of the
    // first six (seat 0 first) and 1 of the last two (seat 1 first): 6 of 8.
    expect(r.firstPlayer).toMatchObject({ wins: 6, of: 8, rate: 0.75, fair: 0.5, advantage: 0.25 });
    expect(r.firstPlayer?.ci).toEqual(wilson(6, 8));
  });

  it('ties, games nobody won, the cap, and lengths of the finished games', () => {
    expect(r).toMatchObject({ ties: 1, noWinner: 0, capped: 1, errors: 0, games: 10 });
    expect(r.turns.max).toBe(26);
    expect(r.turns.mean).toBe(18);
  });

  it('reads as text', () => {
    const text = formatBalance(r).join('\n');
    expect(text).toMatch(/Player 1\s+7 wins\s+70\.0%\s+95% CI \[39\.7%, 89\.2%\]/);
    expect(text).toMatch(/first player's side wins 75\.0% .* of 8 decided games; fair share 50\.0%: advantage \+25\.0 pts/);
    expect(text).toMatch(/stopped by the turn cap 1/);
  });

  it('names the engine that ran the rules, so two reports are read like with like', () => {
    expect(r.engine).toBe(engineReport().engine);
    expect(formatBalance(r)).toContain(
      `  engine: ${r.engine === 'compiled' ? 'compiled (JavaScript generated from the checked rules)' : 'interpreter'}`,
    );
    selectEngine('compiled');
    try {
      const compiled = balance(compile('ten-thousand'), [rec([0], 10)], { seed: 1, players: 2 });
      expect(compiled.engine).toBe('compiled');
      expect(formatBalance(compiled)).toContain('  engine: compiled (JavaScript generated from the checked rules)');
    } finally {
      selectEngine('interpreter');
    }
  });

  it('teams are the sides of a team game', () => {
    const cetatea = compile('cetatea');
    const t = balance(cetatea, [rec([0, 2], 1), rec([1, 3], 1), rec([0, 2], 1)], { seed: 1, players: 4 });
    expect(t.sides.map((s) => [s.name, s.seats, s.wins])).toEqual([
      ['attackers', [0, 2], 2],
      ['defenders', [1, 3], 1],
    ]);
    expect(t.ties).toBe(0);
    expect(t.firstPlayer).toMatchObject({ wins: 2, of: 3 });
  });

  it("a cooperative game reports the players' win rate", () => {
    const c = balance(together(), [rec([0, 1], 3), rec([], 2), rec([0, 1], 4), rec([0, 1], 5)], { seed: 1, players: 2 });
    expect(c.cooperative).toBe(true);
    expect(c.playersWin).toMatchObject({ wins: 3, of: 4, rate: 0.75 });
    expect(c.firstPlayer).toBeNull();
    expect(c.noWinner).toBe(1);
    expect(formatBalance(c).join('\n')).toMatch(/cooperative: the players win 75\.0%/);
  });

  it('rotated bots get their own win rate over the seats they played', () => {
    const rotated = [
      rec([0], 5, 0, { bots: ['mcts', 'random'] }),
      rec([1], 5, 0, { bots: ['random', 'mcts'] }),
      rec([1], 5, 0, { bots: ['mcts', 'random'] }),
    ];
    const b = balance(game, rotated, { seed: 1, players: 2 });
    expect(b.byBot).toEqual([
      { name: 'mcts', wins: 2, of: 3, rate: 2 / 3, ci: wilson(2, 3) },
      { name: 'random', wins: 1, of: 3, rate: 1 / 3, ci: wilson(1, 3) },
    ]);
  });

  it('compares each rotated bot between two runs', () => {
    const a = [rec([0], 5, 0, { bots: ['careful', 'bold'] }), rec([0], 5, 0, { bots: ['bold', 'careful'] })];
    const b = [rec([0], 5, 0, { bots: ['careful', 'bold'] }), rec([1], 5, 0, { bots: ['bold', 'careful'] })];
    const c = compareBalance(balance(game, a, { seed: 1, players: 2 }), balance(game, b, { seed: 1, players: 2 }), a, b);
    expect(c.byBot?.map((x) => [x.name, x.delta])).toEqual([
      ['careful', 0.5],
      ['bold', -0.5],
    ]);
    expect(formatComparison(c).join('\n')).toMatch(/bot careful .* \+50\.0 pts/);
  });

  it('compares two runs on the same seeds', () => {
    const other: GameRecord[] = records.map((x, i) => (i < 4 ? rec([1], x.turns + 10, x.first) : x));
    const b = balance(game, other, { seed: 1, players: 2, variants: ['entry-1000'] });
    const c = compareBalance(r, b, records, other);
    expect(c.sides.map((s) => s.delta)).toEqual([-0.4, 0.4]);
    expect(c.sides[0]?.ci).toEqual(differenceInterval({ wins: 3, n: 10 }, { wins: 7, n: 10 }));
    expect(c.changed).toBe(4);
    // Over the nine finished games: 40 more turns in all.
    expect(c.meanTurns).toBe(4.44);
    expect(formatComparison(c).join('\n')).toMatch(/A = base, B = entry-1000[\s\S]*Player 1 .* -40\.0 pts/);
  });
});
