/// <reference lib="webworker" />
/** A worker's answers to the Balance panel's jobs, one slice of games each: the page's Balance worker's, and the isolated frame's. */
import { runSlice } from './runSlice.ts';
import type { BalanceJob, WorkerReply } from './protocol.ts';

export const answerSlices = (scope: DedicatedWorkerGlobalScope): void => {
  scope.onmessage = (event: MessageEvent<BalanceJob>) => runSlice(event.data, (reply: WorkerReply) => scope.postMessage(reply));
};
