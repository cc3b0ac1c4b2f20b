/// <reference lib="webworker" />
/**
 * The Balance panel's worker inside the isolated frame (frame.ts): the same slices as
 * balance.worker.ts, with the rules' expressions compiled to JavaScript. Only this worker, built
 * into the frame's script, carries the emitter: the studio's own page and workers never compile code.
 */
import { selectEngine } from '../../lang/emit/select.ts';
import { runSlice } from '../balance/runSlice.ts';
import type { BalanceJob, WorkerReply } from '../balance/protocol.ts';

selectEngine('compiled');
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<BalanceJob>) => runSlice(event.data, (reply: WorkerReply) => scope.postMessage(reply));
