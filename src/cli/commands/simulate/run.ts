/**
 * Plays what a `simulate` plan asks for: in this process with the plan's bots, or on worker
 * threads that compile the game and make their bots themselves. The outcome is the games'
 * records; `print.ts` says what they mean.
 */
import { Worker } from 'node:worker_threads';
import type { CompiledGame } from '../../../compile/index.ts';
import type { Json } from '../../../engine/types.ts';
import { addCounts, compileForCoverage, newCounts, playCounted, type CoverageCounts } from '../../../sim/coverage.ts';
import { coverageReport, houseRuleChanges, type CoverageReport } from '../../../sim/coverageReport.ts';
import { balance } from '../../../sim/balance.ts';
import { playRange, playSeated, summarize, type GameRecord, type SimulateReport } from '../../../sim/simulate.ts';
import { sweepPoint, sweepSettings, type SweepAxis, type SweepPoint } from '../../../sim/sweep.ts';
import { resolveGame } from '../../catalog.ts';
import type { Io } from '../../command.ts';
import type { SliceJob, SliceMessage } from '../../simulateWorker.ts';
import type { Plan, Slice, Table } from './plan.ts';
import { engineReport } from '../../../lang/index.ts';

/** One variant set's games. */
export interface Played {
  readonly game: CompiledGame;
  readonly variants: readonly string[];
  readonly records: readonly GameRecord[];
  readonly report: SimulateReport;
}

/** A sweep setting's run-time errors, said with the setting they happened in. */
export interface SettingErrors {
  readonly setting: Readonly<Record<string, Json>>;
  readonly errors: SimulateReport['errors'];
}

export type Outcome =
  | { readonly mode: 'summary' | 'report'; readonly base: Played; readonly coverage: CoverageReport | undefined }
  | { readonly mode: 'compare'; readonly base: Played; readonly other: Played }
  | {
      readonly mode: 'sweep';
      readonly axes: readonly SweepAxis[];
      readonly points: readonly SweepPoint[];
      readonly errors: readonly SettingErrors[];
    };

/** What running needs from outside: the progress line, and each sweep setting's game compiled. */
export interface Edges {
  readonly progress: Io['progress'];
  /** The game with these params; undefined (after saying why) when it does not compile. */
  readonly compileWith: (params: Readonly<Record<string, Json>>) => CompiledGame | undefined;
}

/** Plays the slices on worker threads; they come back in order, so the result equals a serial run. */
const playParallel = async (
  job: Omit<SliceJob, 'from' | 'to'>,
  slices: readonly Slice[],
  onGame: () => void,
  counts?: CoverageCounts,
): Promise<GameRecord[]> => {
  const results = await Promise.all(
    slices.map(
      (slice) =>
        new Promise<GameRecord[]>((resolve, reject) => {
          const worker = new Worker(new URL('../../../../bin/simulate-worker.js', import.meta.url), {
            workerData: { ...job, ...slice } satisfies SliceJob,
          });
          worker.on('message', (message: SliceMessage) => {
            if (message.kind === 'game') onGame();
            else if (message.kind === 'done') {
              if (counts && message.counts) addCounts(counts, message.counts);
              resolve(message.records);
            } else reject(new Error(message.error));
            if (message.kind !== 'game') void worker.terminate();
          });
          worker.on('error', reject);
        }),
    ),
  );
  return results.flat();
};

const bar = (done: number, total: number): string => {
  const width = 30;
  const filled = Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} games`;
};

/** How a variant set is played in this process: by the plan's bots, or counted, or by bots made for a sweep setting. */
type Serial = { readonly seats: Table['seats'] } | { readonly counted: CompiledGame; readonly counts: CoverageCounts } | 'by name';

export const run = async (plan: Plan, edges: Edges): Promise<Outcome | undefined> => {
  const settings = plan.mode === 'sweep' ? sweepSettings(plan.axes) : [];
  const runs = plan.mode === 'compare' ? 2 : plan.mode === 'sweep' ? settings.length : 1;
  let done = 0;
  const onGame = (): void => {
    done++;
    edges.progress?.(bar(done, plan.games * runs));
  };
  const options = {
    seed: plan.seed,
    players: plan.players,
    maxTurns: plan.maxTurns,
    ...(plan.bots ? { bots: [...plan.bots] } : {}),
    botOptions: plan.botOptions,
    rotate: plan.rotate,
  };
  const play = async (
    game: CompiledGame,
    variants: readonly string[],
    params: Readonly<Record<string, Json>>,
    serial: Serial,
  ): Promise<Played> => {
    const t0 = performance.now();
    const counts = typeof serial === 'object' && 'counts' in serial ? serial.counts : undefined;
    const job = {
      target: plan.target,
      variants: [...variants],
      params: { ...params },
      ...options,
      engine: engineReport().engine,
      ...(counts ? { coverage: true } : {}),
    };
    const records =
      plan.slices.length > 1
        ? await playParallel(job, plan.slices, onGame, counts)
        : serial === 'by name'
          ? playRange(game, options, 0, plan.games, onGame)
          : 'counted' in serial
            ? playCounted(serial.counted, serial.counts, options, 0, plan.games, onGame)
            : playSeated(game, serial.seats, options, 0, plan.games, onGame);
    return {
      game,
      variants,
      records,
      report: summarize(game, records, { seed: plan.seed, players: plan.players, seconds: (performance.now() - t0) / 1000 }),
    };
  };
  const cleared = <T>(outcome: T): T => {
    edges.progress?.(`${' '.repeat(50)}\r`);
    return outcome;
  };

  switch (plan.mode) {
    case 'sweep': {
      const points: SweepPoint[] = [];
      const errors: SettingErrors[] = [];
      for (const setting of settings) {
        const params = { ...plan.params, ...setting };
        const game = edges.compileWith(params);
        if (!game) return undefined;
        const played = await play(game, plan.base.variants, params, 'by name');
        errors.push({ setting, errors: played.report.errors });
        const about = { seed: plan.seed, players: plan.players, variants: plan.base.variants, bots: plan.bots ?? ['random'] };
        points.push(sweepPoint(setting, balance(game, played.records, about)));
      }
      return cleared({ mode: 'sweep', axes: plan.axes, points, errors });
    }
    case 'compare': {
      const base = await play(plan.base.game, plan.base.variants, plan.params, plan.base);
      const other = await play(plan.other.game, plan.other.variants, plan.params, plan.other);
      return cleared({ mode: 'compare', base, other });
    }
    case 'summary':
    case 'report': {
      if (!plan.coverage)
        return cleared({
          mode: plan.mode,
          base: await play(plan.base.game, plan.base.variants, plan.params, plan.base),
          coverage: undefined,
        });
      // Coverage is counted by a second compilation of the game, with probes in its effects (sim/coverage.ts).
      const counts = newCounts();
      const sources = resolveGame(plan.target, [...plan.base.variants]);
      const counted = 'error' in sources ? undefined : compileForCoverage({ ...sources, params: { ...plan.params } }, counts).game;
      const base = await play(plan.base.game, plan.base.variants, plan.params, counted ? { counted, counts } : plan.base);
      const coverage =
        counted && !('error' in sources)
          ? coverageReport(plan.base.game, counts, houseRuleChanges(sources.base, sources.variants))
          : undefined;
      return cleared({ mode: plan.mode, base, coverage });
    }
  }
};
