/// <reference lib="webworker" />
/** The comparison worker: two merged specs, compiled and diffed off the page's thread. */
import { compareVariants } from './compare.ts';
import type { CompareReply, CompareRequest } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<CompareRequest>) => {
  const { base, before, after } = event.data;
  let reply: CompareReply;
  try {
    reply = compareVariants(base, before, after);
  } catch (error) {
    reply = { ok: false, crashed: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
};
