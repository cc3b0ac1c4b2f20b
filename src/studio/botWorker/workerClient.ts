/**
 * The page's side of the bots' worker: one job waited for at a time. The worker is kept between
 * jobs (it keeps the compiled rules and its bots); a newer job makes the older one's reply
 * unwanted (the worker finishes it, within its budget, then starts the newer); cancelling stops
 * the worker, and so does a job that runs past a time limit, so the page never waits on it.
 */
import { LIMITS } from '../../limits.ts';
import type { Timers } from '../analysis/compileClient.ts';
import type { Numbered } from './protocol.ts';
import type { PageWorker } from '../pageWorker.ts';

/** A first job compiles the rules, then searches: more than that is a spec that hangs. */
export const WORKER_LIMIT_MS: number = LIMITS.botJobMs;

/** The worker as the client uses it: the browser's Worker, one of the isolated frame's, or a stand-in in tests. */
export type JobWorker<J, R> = PageWorker<Numbered<J>, Numbered<R>>;

/** The worker's reply, or why none will come (in words that follow "failed: " or "No hint: "). */
export type Outcome<R> = { readonly reply: R } | { readonly failed: string };

export interface JobClient<J, R> {
  /** Sends a job; `onOutcome` is called once, unless a newer job is sent or the client cancelled first. */
  request(job: J, onOutcome: (outcome: Outcome<R>) => void): void;
  /** Stops the job being worked on, if any: its reply never comes. */
  cancel(): void;
  dispose(): void;
}

export const createJobClient = <J, R>(
  spawn: () => JobWorker<J, R>,
  limitMs = WORKER_LIMIT_MS,
  // Wrapped: the browser's timer functions throw when called as methods of another object.
  timers: Timers = { set: (f, ms) => setTimeout(f, ms), clear: (t) => clearTimeout(t) },
): JobClient<J, R> => {
  let worker: JobWorker<J, R> | null = null;
  let seq = 0;
  let waiting: { readonly seq: number; readonly onOutcome: (outcome: Outcome<R>) => void } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    timers.clear(timer);
    if (worker) {
      // A reply already on its way is for a job nobody waits for now.
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    }
    worker = null;
    waiting = null;
  };
  const fail = (why: string): void => {
    const pending = waiting;
    stop();
    pending?.onOutcome({ failed: why });
  };
  const ensure = (): JobWorker<J, R> => {
    if (worker) return worker;
    const w = spawn();
    w.onmessage = (event) => {
      const pending = waiting;
      if (!pending || event.data.seq !== pending.seq) return;
      timers.clear(timer);
      waiting = null;
      pending.onOutcome({ reply: event.data.body });
    };
    w.onerror = (event) => {
      event.preventDefault?.();
      fail(`its worker stopped unexpectedly: ${event.message || 'unknown error'}`);
    };
    worker = w;
    return w;
  };
  return {
    request(job, onOutcome) {
      seq += 1;
      waiting = { seq, onOutcome };
      const w = ensure();
      timers.clear(timer);
      timer = timers.set(() => fail(`thinking took more than ${limitMs / 1000} s and was stopped`), limitMs);
      w.postMessage({ seq, body: job });
    },
    cancel() {
      if (waiting) stop();
    },
    dispose: stop,
  };
};
