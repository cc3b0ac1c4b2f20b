/**
 * Bytes allocated per move by the reference engines and by each engine of the rules' expressions,
 * on the speed figures' games (speed.ts). Sampled by V8's heap profiler with the objects the
 * collector has freed since counted too, so the figure is what a move allocates, not what it
 * keeps. Allocation is most of what a move of the runtime costs that the reference does not pay:
 * cutting 11.5 kB to 7 kB a move of 10,000 made it about 14% faster.
 */
import { Session } from 'node:inspector/promises';
import type { CompiledGame } from '../src/compile/index.ts';
import { ENGINES, type Engine } from '../src/lang/index.ts';
import { playInterpreted, playReference, type SpeedConfig } from './speed.ts';

export interface AllocationFigure {
  readonly id: string;
  readonly referenceBytesPerMove: number;
  readonly tiers: Readonly<Record<Engine, number>>;
}

/** One byte in this many is sampled, on average: fine enough for a figure of a few hundred bytes. */
const SAMPLING_INTERVAL = 512;

interface SamplingNode {
  readonly selfSize: number;
  readonly children: readonly SamplingNode[];
}

const totalOf = (node: SamplingNode): number => node.children.reduce((sum, child) => sum + totalOf(child), node.selfSize);

/** Bytes per move of `play` (which returns its moves), after a first run to warm it up. */
const bytesPerMove = async (session: Session, play: () => number): Promise<number> => {
  play();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: SAMPLING_INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const moves = play();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  return Math.round(totalOf(profile.head as SamplingNode) / moves);
};

export const measureAllocation = async (config: SpeedConfig, games: Readonly<Record<Engine, CompiledGame>>): Promise<AllocationFigure> => {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    const seed = 'bench:allocation';
    const referenceBytesPerMove = await bytesPerMove(session, () => playReference(config, seed));
    const tiers = {} as Record<Engine, number>;
    for (const engine of ENGINES) tiers[engine] = await bytesPerMove(session, () => playInterpreted(config, games[engine], seed));
    return { id: config.id, referenceBytesPerMove, tiers };
  } finally {
    session.disconnect();
  }
};
