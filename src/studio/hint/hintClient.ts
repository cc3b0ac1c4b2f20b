/**
 * The page's side of the hint's worker: one hint at a time. The worker is kept between hints (it
 * keeps the compiled rules), and stopped when a hint is cancelled, replaced by a newer one or runs
 * past a time limit, so the page never waits on it.
 */
import { LIMITS } from '../../limits.ts';
import type { Timers } from '../analysis/compileClient.ts';
import type { HintJob, HintReply } from './protocol.ts';

/** The first hint compiles the rules, then searches: more than that is a spec that hangs. */
export const HINT_LIMIT_MS: number = LIMITS.compileMs + 10_000;

/** The browser's Worker as the client uses it (a stand-in in tests). */
export interface HintWorker {
  postMessage(job: HintJob): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<HintReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface HintClient {
  /** Asks for a hint; `onReply` is called once, unless the hint is cancelled or replaced first. */
  request(job: HintJob, onReply: (reply: HintReply) => void): void;
  /** Stops the hint being worked on, if any: its reply never comes. */
  cancel(): void;
  dispose(): void;
}

export const createHintClient = (
  spawn: () => HintWorker,
  limitMs = HINT_LIMIT_MS,
  // Wrapped: the browser's timer functions throw when called as methods of another object.
  timers: Timers = { set: (f, ms) => setTimeout(f, ms), clear: (t) => clearTimeout(t) },
): HintClient => {
  let worker: HintWorker | null = null;
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    timers.clear(timer);
    if (worker) {
      // A reply already on its way is for a hint nobody waits for now.
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    }
    worker = null;
    busy = false;
  };
  const cancel = (): void => {
    if (busy) stop();
  };
  return {
    request(job, onReply) {
      cancel();
      const w = worker ?? spawn();
      worker = w;
      busy = true;
      const answer = (reply: HintReply): void => {
        timers.clear(timer);
        busy = false;
        onReply(reply);
      };
      w.onmessage = (event) => answer(event.data);
      w.onerror = (event) => {
        event.preventDefault?.();
        stop();
        onReply({ ok: false, error: `No hint: the hint's worker stopped unexpectedly: ${event.message || 'unknown error'}` });
      };
      timer = timers.set(() => {
        stop();
        onReply({ ok: false, error: `No hint: thinking took more than ${limitMs / 1000} s and was stopped` });
      }, limitMs);
      w.postMessage(job);
    },
    cancel,
    dispose: stop,
  };
};
