/// <reference lib="webworker" />
/** A Web Worker of the Balance panel on the interpreter: one slice of the games per message (the isolated frame's play them compiled). */
import { answerSlices } from './answerSlices.ts';

answerSlices(self as unknown as DedicatedWorkerGlobalScope);
