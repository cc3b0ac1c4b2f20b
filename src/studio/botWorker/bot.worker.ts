/// <reference lib="webworker" />
/**
 * The bots' Web Worker: every search of the studio (the playtest's bot moves, the hint) runs here,
 * off the page's thread, so the board stays usable while a bot thinks.
 */
import type { Numbered, WorkerJob, WorkerReply } from './protocol.ts';
import { createJobRunner } from './runJob.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const run = createJobRunner(() => performance.now());

scope.onmessage = (event: MessageEvent<Numbered<WorkerJob>>) => {
  const reply: Numbered<WorkerReply> = { seq: event.data.seq, body: run(event.data.body) };
  scope.postMessage(reply);
};
