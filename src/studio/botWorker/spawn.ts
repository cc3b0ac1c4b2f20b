/** Starts a bots' worker: the hint and the playtest's bots each keep one. */
import type { JobWorker } from './workerClient.ts';

export const spawnBotWorker = <J, R>(): JobWorker<J, R> =>
  new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module' }) as unknown as JobWorker<J, R>;
