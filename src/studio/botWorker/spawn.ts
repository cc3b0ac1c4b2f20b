/**
 * Starts a bots' worker (the hint and the playtest's bots each keep one): in the isolated frame,
 * on the compiled tier, where there is one; else the page's own, on the interpreter.
 */
import { deferredWorker, readNumbered, spawnerFor } from '../sandbox/frameClient.ts';
import type { Numbered } from './protocol.ts';
import type { JobWorker } from './workerClient.ts';

const spawnHere = <J, R>(): JobWorker<J, R> =>
  new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module' }) as unknown as JobWorker<J, R>;

export const spawnBotWorker = <J, R>(): JobWorker<J, R> =>
  deferredWorker(spawnerFor<Numbered<J>, Numbered<R>>('bots', readNumbered, spawnHere));
