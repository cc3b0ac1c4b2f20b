/**
 * Runs a balance job on every core: the games are cut into one contiguous slice per worker, the
 * slices' records are put back in game order (so the result equals a serial run), progress is
 * counted game by game, and cancelling terminates every worker at once.
 */
import type { GameRecord } from '../../sim/simulate.ts';
import type { EngineReport } from '../../lang/index.ts';
import type { BalanceJob, SliceCoverage, WorkerReply } from './protocol.ts';
import type { PageWorker } from '../pageWorker.ts';

export interface Slice {
  readonly from: number;
  readonly to: number;
}

/** Contiguous slices of `games`, at most `workers` of them, none empty. */
export const slicesOf = (games: number, workers: number): Slice[] => {
  const n = Math.max(1, Math.min(workers, games));
  const size = Math.ceil(games / n);
  return Array.from({ length: n }, (_, w) => ({ from: w * size, to: Math.min(games, (w + 1) * size) })).filter((s) => s.from < s.to);
};

/** The worker the pool needs: the browser's Worker, one of the isolated frame's, or a stand-in in tests. */
export type WorkerLike = PageWorker<BalanceJob, WorkerReply>;

/** A run's records in game order, and what ran the rules' expressions in its workers. */
export interface PoolResult {
  readonly records: GameRecord[];
  readonly engine: EngineReport;
}

export interface PoolRun {
  readonly done: Promise<PoolResult>;
  cancel(): void;
}

/**
 * One report for the workers of a run: the compiled tier only if every worker ran it, the
 * fallbacks added up, the first reason given. Read from replies, which a frame may have sent:
 * anything but a report of the compiled tier counts as the interpreter.
 */
export const mergeEngines = (reports: readonly EngineReport[]): EngineReport => ({
  engine: reports.length > 0 && reports.every((r) => r.engine === 'compiled') ? 'compiled' : 'interpreter',
  fallbacks: reports.reduce((sum, r) => sum + (Number.isInteger(r.fallbacks) && r.fallbacks > 0 ? r.fallbacks : 0), 0),
  reason: reports.find((r) => typeof r.reason === 'string')?.reason,
});

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export const runPool = (
  job: Omit<BalanceJob, 'from' | 'to'>,
  games: number,
  workers: number,
  spawn: () => WorkerLike,
  onProgress: (done: number, total: number) => void,
  /** Each slice's coverage, when the job counts it. */
  onCoverage?: (coverage: SliceCoverage) => void,
): PoolRun => {
  const slices = slicesOf(games, workers);
  const live: WorkerLike[] = [];
  let finished = false;
  let rejectAll: (error: Error) => void = () => undefined;
  let played = 0;
  const stop = (): void => {
    finished = true;
    for (const w of live) w.terminate();
  };
  const done = new Promise<PoolResult>((resolve, reject) => {
    rejectAll = (error) => {
      if (finished) return;
      stop();
      reject(error);
    };
    const results: (GameRecord[] | undefined)[] = slices.map(() => undefined);
    const engines: EngineReport[] = [];
    slices.forEach((slice, i) => {
      const worker = spawn();
      live.push(worker);
      worker.onmessage = (event) => {
        const reply = event.data;
        if (finished) return;
        if (reply.kind === 'game') onProgress(++played, games);
        else if (reply.kind === 'error') rejectAll(new Error(reply.error));
        else {
          results[i] = reply.records;
          engines.push(reply.engine);
          if (reply.coverage) onCoverage?.(reply.coverage);
          worker.terminate();
          if (results.every((r) => r !== undefined)) {
            finished = true;
            resolve({ records: results.flatMap((r) => r ?? []), engine: mergeEngines(engines) });
          }
        }
      };
      worker.onerror = (event) => rejectAll(new Error(event.message || 'a worker failed'));
      worker.postMessage({ ...job, ...slice });
    });
  });
  return { done, cancel: () => rejectAll(new Cancelled()) };
};
