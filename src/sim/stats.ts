/**
 * The statistics of the balance report, the sweep, the metrics and the bench, in one place so the
 * same games give the same numbers wherever they are summed up: the Wilson interval of a
 * proportion, Newcombe's interval of a difference of proportions, the mean with its Student's t
 * interval, quantiles and histograms. Pure functions of their numbers; every interval is 95%.
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** `x` rounded to `digits` decimals (ties away from zero only as Math.round has them). */
export const round = (x: number, digits = 4): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** "12.5%": a share from 0 to 1 as a percent with one decimal; `unit` '' for a column already titled in percent. */
export const pct = (x: number, unit = '%'): string => `${(100 * x).toFixed(1)}${unit}`;

/** A share from 0 to 1 as a number of percent with one decimal (12.5), for charts. */
export const percentPoints = (x: number): number => round(100 * x, 1);

/** The Wilson score interval of a proportion: sound near 0 and 1 and for small samples; no games say nothing ([0, 1]). */
export const wilson = (successes: number, n: number, z = Z95): Interval => {
  if (n <= 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
};

/** Newcombe's interval for the difference of two proportions (a − b), from their Wilson intervals. */
export const differenceInterval = (a: { wins: number; n: number }, b: { wins: number; n: number }, z = Z95): Interval => {
  const p1 = a.n > 0 ? a.wins / a.n : 0;
  const p2 = b.n > 0 ? b.wins / b.n : 0;
  const w1 = wilson(a.wins, a.n, z);
  const w2 = wilson(b.wins, b.n, z);
  const d = p1 - p2;
  return {
    low: d - Math.sqrt((p1 - w1.low) ** 2 + (w2.high - p2) ** 2),
    high: d + Math.sqrt((w1.high - p1) ** 2 + (p2 - w2.low) ** 2),
  };
};

/** Student's t for a two-sided 95% interval: exact for 1-10 degrees of freedom, then Hill's expansion. */
const T95 = [12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281];
export const t95 = (df: number): number => {
  if (df < 1) return Number.POSITIVE_INFINITY;
  if (df <= T95.length) return T95[df - 1] as number;
  const z = Z95;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  const g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
};

/** The mean of `values`; 0 for none. */
export const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

export interface MeanInterval {
  readonly n: number;
  readonly mean: number;
  /** The sample standard deviation (n − 1); 0 for fewer than two values. */
  readonly sd: number;
  /**
   * The 95% interval of the mean by Student's t, or null for fewer than two values: one value says
   * nothing of the spread, so no interval is claimed (neither a zero-width one nor an infinite one,
   * which JSON would print as null anyway).
   */
  readonly ci: Interval | null;
}

/** The mean of `values` with its 95% interval (Student's t with n − 1 degrees of freedom). */
export const meanInterval = (values: readonly number[]): MeanInterval => {
  const n = values.length;
  const m = mean(values);
  if (n < 2) return { n, mean: m, sd: 0, ci: null };
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (n - 1));
  const half = (t95(n - 1) * sd) / Math.sqrt(n);
  return { n, mean: m, sd, ci: { low: m - half, high: m + half } };
};

/** The interval rounded to `digits` decimals, for reports. */
export const roundInterval = (i: Interval, digits: number): Interval => ({ low: round(i.low, digits), high: round(i.high, digits) });

/** The q-quantile (0…1) of sorted values, interpolated between neighbours; 0 for none. */
export const quantile = (sorted: readonly number[], q: number): number => {
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
};

/** The values sorted ascending, in a new array. */
export const sortedNumbers = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** The median of values in any order (the mean of the middle two for an even count); 0 for none. */
export const median = (values: readonly number[]): number => quantile(sortedNumbers(values), 0.5);

export interface Bin {
  readonly from: number;
  /** Exclusive. */
  readonly to: number;
  readonly count: number;
}

/** The narrowest bin: the reports round values to six decimals and bin edges to nine. */
const FINEST = 1e-6;

/** A bin width of 1, 2 or 5 times a power of ten, for about `bins` bins; at least `least`. */
const niceWidth = (span: number, bins: number, least: number): number => {
  if (span <= 0) return least > 0 ? least : 1;
  const raw = span / bins;
  if (raw < FINEST) return Math.max(least, FINEST);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw) ?? 10;
  return Math.max(least, step * power);
};

/** Sorted values in about `bins` round bins; whole numbers get bins of whole width. */
export const histogram = (sorted: readonly number[], bins: number): Bin[] => {
  if (sorted.length === 0) return [];
  const min = sorted[0] as number;
  const max = sorted[sorted.length - 1] as number;
  const width = niceWidth(max - min, bins, sorted.every(Number.isInteger) ? 1 : 0);
  const start = Math.floor(min / width) * width;
  const last = Math.max(0, Math.floor((max - start) / width));
  const counts = new Array<number>(last + 1).fill(0);
  // Each value goes to one bin by its index, clamped: comparing against rounded edges lost values
  // a rounding away from an edge (a denormal below 0 fell before the first bin).
  for (const v of sorted) counts[Math.min(last, Math.max(0, Math.floor((v - start) / width)))]! += 1;
  return counts.map((count, k) => ({ from: round(start + k * width, 9), to: round(start + (k + 1) * width, 9), count }));
};
