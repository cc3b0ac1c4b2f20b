/**
 * Asks a comparison worker of its own for one comparison, and stops it past a time limit (it
 * compiles two games, so twice the compile limit), so the page never waits on it.
 */
import { LIMITS } from '../../limits.ts';
import type { PageWorker } from '../pageWorker.ts';
import type { CompareReply, CompareRequest } from './protocol.ts';

export const COMPARE_LIMIT_MS: number = 2 * LIMITS.compileMs;

/** The comparison's worker (a stand-in in tests). */
export type CompareWorker = PageWorker<CompareRequest, CompareReply>;

const spawnWorker = (): CompareWorker =>
  new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' }) as unknown as CompareWorker;

/** The comparison, or why there is none; `cancel` stops the worker and the answer never comes. */
export const requestComparison = (
  request: CompareRequest,
  spawn: () => CompareWorker = spawnWorker,
  limitMs = COMPARE_LIMIT_MS,
): { reply: Promise<CompareReply>; cancel: () => void } => {
  const worker = spawn();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    clearTimeout(timer);
    worker.terminate();
  };
  const reply = new Promise<CompareReply>((resolve) => {
    worker.onmessage = (event) => {
      stop();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      stop();
      resolve({ ok: false, crashed: `the comparison stopped unexpectedly: ${event.message || 'unknown error'}` });
    };
    timer = setTimeout(() => {
      stop();
      resolve({ ok: false, crashed: `comparing took more than ${limitMs / 1000} s and was stopped` });
    }, limitMs);
  });
  worker.postMessage(request);
  return { reply, cancel: stop };
};
