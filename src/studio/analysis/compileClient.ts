/**
 * The page's side of the compile worker: numbers every request, drops replies to all but the
 * newest, and stops a compile that runs past a time limit (the worker is replaced and the spec
 * reported), so the page never waits on the compiler.
 */
import type { DiagnosticCode } from '../../spec/codes.ts';
import { LIMITS } from '../../limits.ts';
import { atFileStart } from '../../spec/diagnostics.ts';
import type { PageWorker } from '../pageWorker.ts';
import type { AnalysisInput, CompileReply, CompileRequest } from './protocol.ts';

/** The compile worker (a stand-in in tests). */
export type CompileWorker = PageWorker<CompileRequest, CompileReply>;

export interface CompileClient {
  /** Compiles `input`; `onResult` gets the reply unless a newer request was made meanwhile. */
  request(input: AnalysisInput): void;
  dispose(): void;
}

export const COMPILE_LIMIT_MS: number = LIMITS.compileMs;

export interface Timers {
  set(f: () => void, ms: number): ReturnType<typeof setTimeout>;
  clear(t: ReturnType<typeof setTimeout> | undefined): void;
}

export const createCompileClient = (
  spawn: () => CompileWorker,
  onResult: (reply: CompileReply, input: AnalysisInput) => void,
  limitMs = COMPILE_LIMIT_MS,
  // Wrapped: the browser's timer functions throw when called as methods of another object.
  timers: Timers = { set: (f, ms) => setTimeout(f, ms), clear: (t) => clearTimeout(t) },
): CompileClient => {
  let seq = 0;
  let latest: { seq: number; input: AnalysisInput } | null = null;
  let worker: CompileWorker | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const fail = (code: DiagnosticCode, message: string): void => {
    const now = latest;
    if (!now) return;
    worker?.terminate();
    worker = null;
    onResult({ seq: now.seq, ok: false, ms: limitMs, diagnostics: [atFileStart(now.input.base.file, code, message)] }, now.input);
  };

  const ensure = (): CompileWorker => {
    if (worker) return worker;
    const w = spawn();
    w.onmessage = (event) => {
      const reply = event.data;
      if (!latest || reply.seq !== latest.seq) return; // stale: a newer request is on its way
      timers.clear(timer);
      onResult(reply, latest.input);
    };
    w.onerror = (event) => {
      event.preventDefault?.();
      timers.clear(timer);
      fail('internal', `the compiler stopped unexpectedly: ${event.message || 'unknown error'}`);
    };
    worker = w;
    return w;
  };

  return {
    request(input) {
      seq += 1;
      latest = { seq, input };
      ensure().postMessage({ seq, input });
      timers.clear(timer);
      timer = timers.set(
        () =>
          fail(
            'slow-compile',
            `compiling this spec took more than ${limitMs / 1000} s and was stopped; the board keeps the last version that compiled`,
          ),
        limitMs,
      );
    },
    dispose() {
      timers.clear(timer);
      worker?.terminate();
      worker = null;
      latest = null;
    },
  };
};
