/// <reference lib="webworker" />
/**
 * The compile worker: parse → validate → variants → check → compile off the page's thread. Requests
 * that arrive while one runs are coalesced: only the newest is compiled, the others are stale.
 */
import { runAnalysis } from './analyse.ts';
import type { CompileReply, CompileRequest } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let pending: CompileRequest | null = null;
let scheduled = false;

const runNewest = (): void => {
  scheduled = false;
  const request = pending;
  pending = null;
  if (!request) return;
  const r = runAnalysis(request.input);
  const reply: CompileReply = { seq: request.seq, diagnostics: r.diagnostics, ok: r.game !== undefined, ms: r.ms, graph: r.game?.graph };
  scope.postMessage(reply);
};

scope.onmessage = (event: MessageEvent<CompileRequest>) => {
  pending = event.data;
  // A macrotask later, so that requests queued during a long compile replace each other first.
  if (!scheduled) {
    scheduled = true;
    setTimeout(runNewest, 0);
  }
};
