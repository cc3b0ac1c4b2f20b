/// <reference lib="webworker" />
/**
 * The bots' Web Worker: every search of the studio (the playtest's bot moves, the hint) runs here,
 * off the page's thread, so the board stays usable while a bot thinks. On the interpreter: the
 * isolated frame's workers (src/studio/sandbox) answer the same jobs on the compiled tier.
 */
import { answerJobs } from './answerJobs.ts';

answerJobs(self as unknown as DedicatedWorkerGlobalScope);
