/// <reference lib="webworker" />
/** A worker's answers to the bots' jobs, each reply numbered as its job: the page's bots' worker's, and the isolated frame's. */
import type { Numbered, WorkerJob, WorkerReply } from './protocol.ts';
import { createJobRunner } from './runJob.ts';

export const answerJobs = (scope: DedicatedWorkerGlobalScope): void => {
  const run = createJobRunner(() => performance.now());
  scope.onmessage = (event: MessageEvent<Numbered<WorkerJob>>) => {
    const reply: Numbered<WorkerReply> = { seq: event.data.seq, body: run(event.data.body) };
    scope.postMessage(reply);
  };
};
