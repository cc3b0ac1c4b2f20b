/**
 * A worker thread of the strength bench (strength.ts): plays one slice of a row's games and sends
 * back their records with the figures of every search the bots made.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { playRange, type GameRecord } from '../src/sim/simulate.ts';
import type { SearchStats, Technique } from '../src/bots/index.ts';
import { compileShipped } from './games.ts';
import { selectEngine } from '../src/lang/emit/select.ts';

// A Node worker of the bench: the compiled tier runs the rules (the budgets are in iterations, so the figures do not depend on it).
selectEngine('compiled');

export interface StrengthJob {
  readonly game: string;
  readonly variants: readonly string[];
  readonly players: number;
  readonly bots: readonly string[];
  readonly rotate: boolean;
  readonly timeMs?: number;
  readonly iterations?: number;
  /** What the searches learn with; absent: the default (learning.ts). */
  readonly learning?: readonly Technique[];
  /** How far the searches' playouts go; absent: the default (spend.ts, rolloutTurnsOf). */
  readonly rolloutTurns?: number | 'end';
  readonly seed: string;
  readonly maxTurns: number;
  readonly from: number;
  readonly to: number;
}

export interface StrengthSlice {
  readonly records: readonly GameRecord[];
  /** The searches made, their iterations and milliseconds, summed. */
  readonly searches: number;
  readonly iterations: number;
  readonly ms: number;
}

export type StrengthMessage = { kind: 'game' } | { kind: 'done'; slice: StrengthSlice } | { kind: 'error'; error: string };

export const playSlice = (job: StrengthJob, onGame: () => void): StrengthSlice => {
  const game = compileShipped(job.game, job.variants);
  const totals = { searches: 0, iterations: 0, ms: 0 };
  const onSearch = (s: SearchStats): void => {
    totals.searches++;
    totals.iterations += s.iterations;
    totals.ms += s.ms;
  };
  const botOptions = {
    onSearch,
    ...(job.timeMs !== undefined ? { timeMs: job.timeMs } : {}),
    ...(job.iterations !== undefined ? { iterations: job.iterations } : {}),
    ...(job.learning !== undefined ? { learning: job.learning } : {}),
    ...(job.rolloutTurns !== undefined ? { rolloutTurns: job.rolloutTurns } : {}),
  };
  const records = playRange(
    game,
    { seed: job.seed, players: job.players, bots: job.bots, rotate: job.rotate, maxTurns: job.maxTurns, botOptions },
    job.from,
    job.to,
    onGame,
  );
  return { records, ...totals };
};

if (parentPort) {
  const port = parentPort;
  try {
    port.postMessage({
      kind: 'done',
      slice: playSlice(workerData as StrengthJob, () => port.postMessage({ kind: 'game' } satisfies StrengthMessage)),
    } satisfies StrengthMessage);
  } catch (error) {
    port.postMessage({ kind: 'error', error: (error as Error).message } satisfies StrengthMessage);
  }
}
