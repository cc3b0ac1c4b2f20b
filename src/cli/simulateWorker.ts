/**
 * A worker thread of `houserules simulate`: compiles the game itself and plays one slice of the
 * games; the records come back in order, so a parallel run reports exactly what a serial one does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileGame } from '../compile/index.ts';
import type { Json } from '../engine/types.ts';
import type { BotOptions } from '../bots/index.ts';
import { playRange, type GameRecord } from '../sim/simulate.ts';
import { compileForCoverage, newCounts, playCounted, type CoverageCounts } from '../sim/coverage.ts';
import { resolveGame } from './catalog.ts';
import type { Engine } from '../lang/index.ts';
import { selectEngine } from '../lang/emit/select.ts';

export interface SliceJob {
  target: string;
  variants: string[];
  params: Record<string, Json>;
  seed: number | string;
  players: number;
  maxTurns: number;
  /** The bot of each seat (or one for all); absent: random. */
  bots?: string[];
  botOptions?: BotOptions;
  rotate?: boolean;
  /** Count coverage (sim/coverage.ts) and send the counts back with the records. */
  coverage?: boolean;
  from: number;
  to: number;
  /** The engine the main thread chose (`--engine`). */
  engine: Engine;
}

export type SliceMessage =
  | { kind: 'game' }
  | { kind: 'done'; records: GameRecord[]; counts?: CoverageCounts }
  | { kind: 'error'; error: string };

const job = workerData as SliceJob;
selectEngine(job.engine);
const post = (message: SliceMessage): void => parentPort?.postMessage(message);
const resolved = resolveGame(job.target, job.variants);
const counts = job.coverage ? newCounts() : undefined;
const input = 'error' in resolved ? undefined : { base: resolved.base, variants: resolved.variants, params: job.params };
const game = input && (counts ? compileForCoverage(input, counts) : compileGame(input)).game;
if (!game) post({ kind: 'error', error: `worker could not compile ${job.target}` });
else {
  try {
    const onGame = (): void => post({ kind: 'game' });
    if (counts) post({ kind: 'done', records: playCounted(game, counts, job, job.from, job.to, onGame), counts });
    else post({ kind: 'done', records: playRange(game, job, job.from, job.to, onGame) });
  } catch (error) {
    post({ kind: 'error', error: (error as Error).message });
  }
}
