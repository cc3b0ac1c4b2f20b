/// <reference lib="webworker" />
/** The Web Worker of the exact-turn panel: one analysis per message. */
import { runAnalysis } from './runAnalysis.ts';
import type { AnalysisJob } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<AnalysisJob>) => scope.postMessage(runAnalysis(event.data));
