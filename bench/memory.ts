/**
 * Heap bytes per game state from several measurements. A single measurement of a short game is
 * mostly the collector's noise (Regicide's random games end in a few moves, and a heap that shrank
 * by freed compiled code once printed -3821 B a state): each run keeps at least a few thousand
 * states across games, the median of the runs is taken, and a median that is not positive is no
 * figure at all rather than a wrong one.
 */
import { median } from '../src/sim/stats.ts';

export interface HeapRun {
  /** Heap growth while the states were kept, in bytes (after a full collection each side). */
  readonly grown: number;
  readonly states: number;
}

/** The median bytes per state of the runs, or null when it cannot be told from noise. */
export const heapPerState = (runs: readonly HeapRun[]): number | null => {
  const per = runs.filter((r) => r.states > 0).map((r) => r.grown / r.states);
  if (per.length === 0) return null;
  const bytes = Math.round(median(per));
  return bytes > 0 ? bytes : null;
};
