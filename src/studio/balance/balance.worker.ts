/// <reference lib="webworker" />
/** A Web Worker of the Balance panel: one slice of the games per message. */
import { runSlice } from './runSlice.ts';
import type { BalanceJob, WorkerReply } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<BalanceJob>) => runSlice(event.data, (reply: WorkerReply) => scope.postMessage(reply));
