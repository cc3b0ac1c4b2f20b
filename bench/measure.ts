/**
 * Measuring on a shared, noisy machine: every figure is taken as the median of several rounds,
 * each round timing the work and a fixed baseline workload back to back, and reported both in
 * absolute terms and as a ratio to the baseline of the same round.
 */
import { Rng, seedRng } from '../src/runtime/rng.ts';
import { median } from '../src/sim/stats.ts';

/** A fixed CPU workload: PRNG draws, small arrays and object allocation, like an engine step. */
export const baseline = (): number => {
  const rng = new Rng(seedRng(1));
  let acc = 0;
  for (let i = 0; i < 200_000; i++) {
    const dice = [rng.below(6), rng.below(6), rng.below(6), rng.below(6), rng.below(6)];
    const o = { a: dice[0], b: dice.filter((d) => d > 2).length, c: i };
    acc += (o.a ?? 0) + o.b + (o.c & 1);
  }
  return acc;
};

/** CPU microseconds this process has used, user and system: other processes' load on a shared machine does not count. */
export const cpuMicros = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * Runs `work` again and again until it has used `ms` of CPU time: code is timed only once the
 * engine's JIT has optimised it. A single warm-up game left the first timed rounds of a dice game
 * at two thirds of their steady speed (100k moves/s rising to 155k over a dozen rounds of 10
 * games), and the median of seven rounds with them.
 */
export const warmUp = (work: () => unknown, ms: number): void => {
  const until = cpuMicros() + ms * 1000;
  do work();
  while (cpuMicros() < until);
};

export interface Figure {
  readonly name: string;
  /** Milliseconds per run of the work (median). */
  readonly ms: number;
  /** The work's time over the baseline's time in the same round (median). */
  readonly ratio: number;
  readonly note?: string;
}

export const measure = (name: string, work: () => unknown, rounds = 5, note?: string): Figure => {
  const times: number[] = [];
  const ratios: number[] = [];
  work();
  baseline();
  for (let r = 0; r < rounds; r++) {
    const b0 = performance.now();
    baseline();
    const b = performance.now() - b0;
    const t0 = performance.now();
    work();
    const t = performance.now() - t0;
    times.push(t);
    ratios.push(t / b);
  }
  return { name, ms: median(times), ratio: median(ratios), ...(note ? { note } : {}) };
};

/**
 * Heap bytes per kept item, from the heap's growth (after a full collection) in rounds that each
 * kept `items` items: the median round's growth per item. Null when some round's heap did not
 * grow: garbage from before the round was collected during it and outweighed what was kept, so
 * the figure would be that garbage, not the items (the bench once printed -3821 B a state).
 */
export const bytesPerItem = (growths: readonly number[], items: number): number | null =>
  items > 0 && growths.length > 0 && growths.every((g) => g > 0) ? Math.round(median(growths) / items) : null;
