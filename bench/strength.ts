/**
 * How well the search bots play (`npm run bench`, skipped with `--no-strength`): wins with 95%
 * Wilson intervals, against anchors, at fixed iteration budgets, so a figure replays exactly on any
 * machine. Solo Regicide (the published rules with solo, R-O3) is judged against the published
 * information-set MCTS and determinized Monte Carlo results and, in the same run and on the same
 * deals, the spec's `steady` strategy alone and random play; 10,000, Eight Masters' Revenge and
 * Cetatea pit a search against each strategy the spec declares, seats rotated. Every search row is
 * played twice on the same seeds: as the search was before issue 39 (plain UCT, random playouts
 * to the end of the game) and with the defaults (the learning of learning.ts, the playouts of
 * spend.ts `rolloutTurnsOf`), so the defaults' effect reads off one run. Every row prints its
 * game count, so its interval is honest, and the iterations per second its searches reached. The
 * games run on worker threads, one slice each.
 *
 * `--strength-games N` sets the games of each search row (the strategy and random rows of solo
 * Regicide play ten times as many), `--strength-iterations N` the iterations a move in solo
 * Regicide (default 1,000; the published anchor is at 3,000 simulations a decision) and
 * `--strength-vs-iterations N` in the two-seat games (default 100).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DEFAULT_TECHNIQUES, type Technique } from '../src/bots/index.ts';
import type { GameRecord } from '../src/sim/simulate.ts';
import { meanInterval, pct, wilson } from '../src/sim/stats.ts';
import { compileShipped } from './games.ts';
import { SOLO_PUBLISHED_VARIANTS } from './speed.ts';
import type { StrengthJob, StrengthMessage, StrengthSlice } from './strengthWorker.ts';

export interface StrengthOptions {
  /** Games of each search row. */
  readonly games: number;
  /** Iterations a move in solo Regicide. */
  readonly soloIterations: number;
  /** Iterations a move in the games against a strategy. */
  readonly versusIterations: number;
  readonly threads: number;
  readonly onProgress?: (line: string) => void;
}

/** The defaults: the whole section takes about half an hour on two cores. */
export const STRENGTH_DEFAULTS: StrengthOptions = {
  games: 12,
  soloIterations: 1000,
  versusIterations: 100,
  threads: Math.max(1, Math.min(2, availableParallelism())),
};

/** How a search row's searches are set: what they learn with, and their playouts where not the default. */
interface Setting {
  readonly learning: readonly Technique[];
  readonly rolloutTurns?: 'end';
}

/** Each search row's two settings: the search before issue 39 (plain UCT, random playouts to the end) and the defaults. */
const SETTINGS: readonly Setting[] = [{ learning: [], rolloutTurns: 'end' }, { learning: DEFAULT_TECHNIQUES }];

const settingText = (s: Setting): string =>
  `${s.learning.length === 0 ? 'learning none' : `learning ${s.learning.join(',')}`}, ${s.rolloutTurns === 'end' ? 'playouts to the end' : 'default playouts'}`;

type Job = Omit<StrengthJob, 'from' | 'to'>;

const SEED = 'strength';

/** A row's games on `threads` workers, in order, with the searches' figures summed. */
const playRow = async (job: Job, games: number, threads: number, onGame: () => void): Promise<StrengthSlice> => {
  const size = Math.ceil(games / threads);
  const slices = Array.from({ length: threads }, (_, w) => ({ from: w * size, to: Math.min(games, (w + 1) * size) })).filter(
    (s) => s.from < s.to,
  );
  const done = await Promise.all(
    slices.map(
      (slice) =>
        new Promise<StrengthSlice>((resolve, reject) => {
          const worker = new Worker(new URL('./strength-worker.js', import.meta.url), {
            workerData: { ...job, ...slice } satisfies StrengthJob,
          });
          worker.on('message', (message: StrengthMessage) => {
            if (message.kind === 'game') return onGame();
            if (message.kind === 'done') resolve(message.slice);
            else reject(new Error(`${job.game}: ${message.error}`));
            void worker.terminate();
          });
          worker.on('error', reject);
        }),
    ),
  );
  return {
    records: done.flatMap((d) => d.records),
    searches: done.reduce((a, d) => a + d.searches, 0),
    iterations: done.reduce((a, d) => a + d.iterations, 0),
    ms: done.reduce((a, d) => a + d.ms, 0),
  };
};

/** "7 of 20, 35.0% [18.1%, 56.7%]": the wins with their 95% Wilson interval. */
export const winLine = (wins: number, games: number): string => {
  const ci = wilson(wins, games);
  return `${wins} of ${games}, ${pct(wins / Math.max(1, games))} [${pct(ci.low)}, ${pct(ci.high)}]`;
};

const speedOf = (s: StrengthSlice): string =>
  s.searches === 0
    ? 'no searches'
    : `${Math.round((s.iterations / s.ms) * 1000).toLocaleString('en')} iterations/s over ${s.searches.toLocaleString('en')} searches (${Math.round(s.iterations / s.searches).toLocaleString('en')} a move)`;

const errorsOf = (s: StrengthSlice): string => {
  const errors = s.records.filter((r) => r.error);
  return errors.length === 0 ? '' : `; ${errors.length} games failed: ${errors[0]?.error ?? ''}`;
};

/** Solo Regicide: each bot on the same deals, wins and enemies defeated. */
const soloRegicide = async (o: StrengthOptions, progress: (label: string) => () => void): Promise<string[]> => {
  const variants = SOLO_PUBLISHED_VARIANTS;
  const game = compileShipped('regicide', variants);
  const defeated = 'defeated';
  if (!game.metrics[defeated]) throw new Error(`regicide declares no metric '${defeated}'`);
  const searches = ['ismcts', 'ismcts:steady'].flatMap((bot) => SETTINGS.map((setting) => ({ bot, games: o.games, setting })));
  const rows: { bot: string; games: number; setting?: Setting }[] = [
    ...searches,
    { bot: 'steady', games: 10 * o.games },
    { bot: 'random', games: 10 * o.games },
  ];
  const lines = [
    `solo Regicide, the published rules (--variant standard,solo: immunity, the Jesters as flips, companions, enemies in hand, combos, yield limit; R-O3), the same deals for every bot (seed ${SEED}); wins with 95% Wilson intervals, enemies defeated (the spec's metric '${defeated}') with 95% t intervals`,
  ];
  for (const row of rows) {
    const label = `${row.bot}${row.setting ? `, ${o.soloIterations.toLocaleString('en')} it., ${settingText(row.setting)}` : ''}`;
    const job: Job = {
      game: 'regicide',
      variants,
      players: 1,
      bots: [row.bot],
      rotate: false,
      seed: SEED,
      maxTurns: 1000,
      ...(row.setting ? { iterations: o.soloIterations, ...row.setting } : {}),
    };
    const played = await playRow(job, row.games, o.threads, progress(label));
    const wins = played.records.filter((r) => (r.winners ?? []).length > 0).length;
    const values = played.records.map((r) => r.metrics?.[defeated]).filter((v): v is number => typeof v === 'number');
    const d = meanInterval(values);
    const ci = d.ci ? `[${d.ci.low.toFixed(2)}, ${d.ci.high.toFixed(2)}]` : '(one game: no interval)';
    lines.push(
      `  ${label.padEnd(56)} wins ${winLine(wins, row.games).padEnd(30)} defeated ${d.mean.toFixed(2)} ${ci}   ${speedOf(played)}${errorsOf(played)}`,
    );
  }
  lines.push(
    '  published anchors (other implementations, not run here): information-set MCTS at 3,000 simulations a decision 42% wins; determinized Monte Carlo (PIMC) 24%',
  );
  return lines;
};

/** A search against each strategy a game declares, two seats, rotated so each plays both. */
const versus = async (o: StrengthOptions, id: string, search: string, progress: (label: string) => () => void): Promise<string[]> => {
  const game = compileShipped(id);
  const lines: string[] = [];
  for (const [strategy, setting] of Object.keys(game.bots).flatMap((s) => SETTINGS.map((l) => [s, l] as const))) {
    const label = `${game.title}: ${search} (${o.versusIterations.toLocaleString('en')} it., ${settingText(setting)}) against ${strategy}`;
    const job: Job = {
      game: id,
      variants: [],
      players: 2,
      bots: [search, strategy],
      rotate: true,
      seed: `${SEED}:${id}`,
      maxTurns: 1000,
      iterations: o.versusIterations,
      ...setting,
    };
    const played = await playRow(job, o.games, o.threads, progress(label));
    const won = (r: GameRecord): boolean => (r.winners ?? []).some((s) => r.bots?.[s] === search);
    const wins = played.records.filter(won).length;
    const unfinished = played.records.filter((r) => r.winners === null).length;
    lines.push(
      `  ${label}, seats rotated: ${search} won ${winLine(wins, o.games)}${unfinished > 0 ? ` (${unfinished} unfinished)` : ''}; ${speedOf(played)}${errorsOf(played)}`,
    );
  }
  return lines;
};

export const measureStrength = async (o: StrengthOptions): Promise<string[]> => {
  const progress = (label: string): (() => void) => {
    let n = 0;
    return () => o.onProgress?.(`strength: ${label}: ${++n} games`);
  };
  const lines = [
    `strength (bench/strength.ts): ${o.threads} threads; ${o.games} games a search row; searches stop at a fixed number of iterations a move, so every figure replays exactly; each search plays as before issue 39 (no learning, random playouts to the end) and with the defaults, on the same seeds`,
    ...(await soloRegicide(o, progress)),
    'two seats, seats rotated (each bot plays each seat in turn); an even match is 50%',
    ...(await versus(o, 'ten-thousand', 'mcts', progress)),
    ...(await versus(o, 'eight-masters-revenge', 'ismcts', progress)),
    ...(await versus(o, 'cetatea', 'mcts', progress)),
  ];
  return lines;
};
