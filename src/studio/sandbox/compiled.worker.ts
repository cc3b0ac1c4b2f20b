/// <reference lib="webworker" />
/**
 * The isolated frame's worker (frame.ts), with the rules' expressions compiled to JavaScript: in
 * the role its name gives, it answers what the page's own Balance or bots' worker answers. Only
 * this worker, built into the frame's script, carries the emitter: the studio's own page and
 * workers never compile code.
 */
import { selectEngine } from '../../lang/emit/select.ts';
import { answerSlices } from '../balance/answerSlices.ts';
import { answerJobs } from '../botWorker/answerJobs.ts';

selectEngine('compiled');
const scope = self as unknown as DedicatedWorkerGlobalScope;
if (scope.name === 'bots') answerJobs(scope);
else answerSlices(scope);
