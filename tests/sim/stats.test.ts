/**
 * One statistics module (src/sim/stats.ts): the mean's interval for one value is defined (none),
 * histograms and medians, and the balance report and the sweep give the same interval for the
 * same games (they used to differ: t in one, z rounded in the other, infinite and zero for one game).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balance, formatBalance, lengthStats } from '../../src/sim/balance.ts';
import { formatSweep, sweepPoint } from '../../src/sim/sweep.ts';
import { histogram, mean, meanInterval, median, pct, percentPoints, roundInterval, t95 } from '../../src/sim/stats.ts';
import type { GameRecord } from '../../src/sim/simulate.ts';
import { compile } from '../helpers/games.ts';

describe('the mean and its interval', () => {
  it('no value and one value have no interval; two have a finite one', () => {
    expect(meanInterval([])).toEqual({ n: 0, mean: 0, sd: 0, ci: null });
    expect(meanInterval([7])).toEqual({ n: 1, mean: 7, sd: 0, ci: null });
    const two = meanInterval([6, 8]);
    // mean 7, sd √2, t(1) 12.7062: 7 ± 12.7062.
    expect(two.ci?.low).toBeCloseTo(7 - 12.7062, 4);
    expect(two.ci?.high).toBeCloseTo(7 + 12.7062, 4);
  });

  it('the interval holds the mean, and narrows with more of the same values', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 2, maxLength: 60 }), (xs) => {
        const r = meanInterval(xs);
        expect(r.ci).not.toBeNull();
        expect(r.ci?.low).toBeLessThanOrEqual(r.mean + 1e-9);
        expect(r.ci?.high).toBeGreaterThanOrEqual(r.mean - 1e-9);
        const doubled = meanInterval([...xs, ...xs]);
        const width = (i: { low: number; high: number } | null): number => (i ? i.high - i.low : Infinity);
        expect(width(doubled.ci)).toBeLessThanOrEqual(width(r.ci) + 1e-9);
      }),
    );
  });

  it('t falls towards z as the degrees of freedom grow', () => {
    expect(t95(0)).toBe(Number.POSITIVE_INFINITY);
    expect(t95(1000)).toBeCloseTo(1.9623, 3);
  });
});

describe('quantiles, histograms, percents', () => {
  it('median of values in any order, the mean of the middle two for an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(mean([1, 2, 3, 6])).toBe(3);
  });

  it('a histogram counts every value once', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 80 }), (xs) => {
        const sorted = [...xs].sort((a, b) => a - b);
        expect(histogram(sorted, 10).reduce((a, b) => a + b.count, 0)).toBe(xs.length);
      }),
    );
  });

  it('percent as text and as chart points', () => {
    expect(pct(0.1234)).toBe('12.3%');
    expect(pct(0.1234, '')).toBe('12.3');
    expect(percentPoints(0.1234)).toBe(12.3);
  });
});

describe('the balance report and the sweep agree on the same games', () => {
  const game = compile('ten-thousand');
  const rec = (turns: number, winner: number): GameRecord => ({ winners: [winner], turns, moves: turns * 3, first: 0 });
  const run = { seed: 1, players: 2 };

  it('the same mean and interval of the game length, from the same function', () => {
    const records = [12, 15, 18, 21, 25, 30, 31, 47, 50, 91].map((t, i) => rec(t, i % 2));
    const report = balance(game, records, run);
    const point = sweepPoint({}, report);
    const direct = meanInterval(records.map((r) => r.turns));
    expect(report.turns.ci).toEqual(roundInterval(direct.ci as { low: number; high: number }, 4));
    expect(point.turns).toEqual({ mean: report.turns.mean, ci: report.turns.ci });
    expect(lengthStats(records.map((r) => r.turns)).ci).toEqual(report.turns.ci);
    // The sweep's table prints the report's bounds.
    const row = formatSweep([point], [])[1] ?? '';
    expect(row).toContain(`${report.turns.mean.toFixed(1)} [${report.turns.ci?.low.toFixed(1)}, ${report.turns.ci?.high.toFixed(1)}]`);
  });

  it('one game: neither claims an interval (it was infinite in one and zero-width in the other)', () => {
    const report = balance(game, [rec(17, 0)], run);
    const point = sweepPoint({}, report);
    expect(report.turns.ci).toBeNull();
    expect(point.turns).toEqual({ mean: 17, ci: null });
    expect(formatSweep([point], [])[1]).toContain('17.0 (one game: no interval)');
    expect(JSON.stringify(point.turns)).toBe('{"mean":17,"ci":null}');
    expect(formatBalance(report).join('\n')).not.toMatch(/Infinity|NaN/);
  });
});
