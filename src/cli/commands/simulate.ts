import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { playRange, summarize, type GameRecord, type SimulateReport } from '../../sim/simulate.ts';
import { balance, compareBalance, formatBalance, formatComparison, type BalanceReport } from '../../sim/balance.ts';
import { createBots, type BotOptions } from '../../bots/index.ts';
import type { CompiledGame } from '../../compile/index.ts';
import type { Json } from '../../engine/types.ts';
import { LIMITS } from '../../limits.ts';
import { pct } from '../../sim/stats.ts';
import { intOption, loadGame, PLAYERS_RANGE, paramsOf, PARAM_OPTION, LANG_OPTION, PLAYERS_OPTION, seedOf, VARIANT_OPTION, variantList, type Command, type Io, type Values } from '../command.ts';
import type { SliceJob, SliceMessage } from '../simulateWorker.ts';
import { addCounts, compileForCoverage, newCounts, playCounted, type CoverageCounts } from '../../sim/coverage.ts';
import { coverageReport, formatCoverage, houseRuleChanges } from '../../sim/coverageReport.ts';
import { resolveGame } from '../catalog.ts';
import { formatSweep, parseSweep, sweepPoint, sweepSettings, type SweepAxis, type SweepPoint } from '../../sim/sweep.ts';

/** More threads than this only queue up on the cores. */

/** By default a thread is started per core, but not for fewer random games than this: starting one costs more. */
const GAMES_PER_THREAD = 25;

/** Plays the games on every core; slices come back in order, so the result equals a serial run. */
const playParallel = async (
  job: Omit<SliceJob, 'from' | 'to'>,
  games: number,
  workers: number,
  onGame: () => void,
  counts?: CoverageCounts,
): Promise<GameRecord[]> => {
  const size = Math.ceil(games / workers);
  const slices = Array.from({ length: workers }, (_, w) => ({ from: w * size, to: Math.min(games, (w + 1) * size) })).filter((s) => s.from < s.to);
  const results = await Promise.all(
    slices.map(
      (slice) =>
        new Promise<GameRecord[]>((resolve, reject) => {
          const worker = new Worker(new URL('../../../bin/simulate-worker.js', import.meta.url), {
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

interface Run {
  game: CompiledGame;
  variants: string[];
  records: GameRecord[];
  report: SimulateReport;
}

/**
 * The short summary names each side as the board and the balance report do (the spec's seat or
 * team names, the players together in a cooperative game); `report.wins` keeps the engine's keys
 * (seat numbers from 0, team ids) for --json.
 */
const printSummary = (io: Io, game: CompiledGame, run: Run, bots: readonly string[] | undefined): void => {
  const { report } = run;
  io.out(`${report.games} games of ${game.title}, ${report.players} players, seed ${report.seed}${bots ? `, bots ${bots.join(', ')}` : ''}`);
  const sides = balance(game, run.records, { seed: report.seed, players: report.players });
  const rows = sides.playersWin
    ? [{ label: 'the players', wins: sides.playersWin.wins }]
    : sides.sides.map((s) => ({ label: s.label, wins: report.wins[s.name] ?? 0 }));
  const width = Math.max(12, ...rows.map((r) => r.label.length));
  for (const { label, wins } of rows) {
    io.out(`  ${label.padEnd(width)} ${String(wins).padStart(6)} wins  ${pct(wins / Math.max(1, report.games))}`);
  }
  io.out(`  ${'unfinished'.padEnd(width)} ${String(report.unfinished).padStart(6)}`);
  io.out(`  turns: mean ${report.turns.mean}, max ${report.turns.max}; moves: mean ${report.moves.mean}, max ${report.moves.max}`);
  io.out(`  ${report.gamesPerSecond} games/s, ${report.movesPerSecond} moves/s`);
};

/** The --param values of a game `loadGame` has already compiled (so they parse). */
const loadedParams = (values: Values): Record<string, Json> => {
  const given = paramsOf(values);
  return 'params' in given ? given.params : {};
};

const printSweep = (
  io: Io,
  game: CompiledGame,
  axes: readonly SweepAxis[],
  points: readonly SweepPoint[],
  run: { games: number; seed: number | string; players: number; bots: readonly string[]; json: boolean },
): void => {
  const { json, ...about } = run;
  if (json) {
    io.out(JSON.stringify({ sweep: { game: game.id, axes, ...about, points } }, null, 2));
    return;
  }
  io.out(`${game.title}: sweep of ${axes.map((a) => a.param).join(' × ')}, ${run.games} games per setting on the same seeds (seed ${run.seed}), ${run.players} players, bots ${run.bots.join(', ')}`);
  for (const line of formatSweep(points, axes)) io.out(`  ${line}`);
  io.out('  ≈ 0: the 95% interval of the first player\'s advantage includes no advantage at all');
};

export const simulateCommand: Command = {
  name: 'simulate',
  usage: "simulate <game-id> [--variant a,b] [--players n] [--games N] [--seed S] [--bot a,b] [--iterations N] [--report] [--compare c,d] [--sweep 'p=a..b:s'] [--coverage] [--threads N] [--lang xx] [--json]",
  summary: 'play N complete games with bots (random by default); --report gives the balance report',
  options: {
    variant: VARIANT_OPTION,
    param: PARAM_OPTION,
    lang: LANG_OPTION,
    players: PLAYERS_OPTION,
    games: { type: 'string', hint: 'N', help: 'number of games (default 100)' },
    seed: { type: 'string', hint: 'S', help: 'seed; the same seed gives the same games (default 1)' },
    'max-turns': { type: 'string', hint: 'T', help: 'a game still running after T turns is unfinished (default 1000)' },
    bot: {
      type: 'string',
      hint: 'a,b',
      help: 'the bot of each seat, or one for all: random (a move, then its arguments), uniform (any legal move alike), greedy, mcts, ismcts, a bot the spec declares, or greedy/mcts/ismcts:NAME to use that bot\'s evaluation (default random)',
    },
    iterations: { type: 'string', hint: 'N', help: 'MCTS/ISMCTS iterations per move (default 200, or no limit with --time-ms)' },
    'time-ms': {
      type: 'string',
      hint: 'ms',
      help: 'MCTS/ISMCTS time per move in milliseconds; with --iterations a search stops at whichever comes first (the games are then no longer reproducible)',
    },
    'rollout-turns': { type: 'string', hint: 'T', help: 'MCTS/ISMCTS playouts stop after T turns and the evaluation judges (default: they play to the end of the game, or 200 moves)' },
    rotate: { type: 'boolean', help: 'turn the bots one seat round the table each game, so every bot plays every seat (the report gives each bot\'s win rate)' },
    report: { type: 'boolean', help: "the balance report: win rates with 95% intervals, first-player advantage, ties, lengths, and the spec's metrics (mean, 95% interval, median)" },
    compare: { type: 'string', hint: 'c,d', help: "a second variant set ('none' for the base game) played on the same seeds, compared side by side (implies --report)" },
    sweep: {
      type: 'string',
      hint: 'p=a..b:s',
      help: "a balance report for each value of a param on the same seeds, e.g. 'entry=0..2000:100' or 'bumping=none|current|any'; two params separated by a comma make a grid",
    },
    coverage: {
      type: 'boolean',
      help: 'count what the games exercised: states entered, transitions taken or refused, guard clauses held or refused, effects run, moves made, rule ids; lists what was never reached and the house rules whose changes never fired',
    },
    threads: { type: 'string', hint: 'N', help: 'worker threads playing the games (default: every core, one per 25 random games at most; 1 plays them in this process)' },
    json: { type: 'boolean', help: 'print the report as JSON' },
  },
  run: async ([target], values, io) => {
    const games = intOption(io, values, 'games', 100, { min: 1, max: LIMITS.games });
    const players = intOption(io, values, 'players', undefined, PLAYERS_RANGE);
    const maxTurns = intOption(io, values, 'max-turns', 1000, { min: 1, max: LIMITS.maxTurns });
    const iterations = intOption(io, values, 'iterations', undefined, { min: 1, max: LIMITS.iterations });
    const timeMs = intOption(io, values, 'time-ms', undefined, { min: 1, max: LIMITS.timeMs });
    const rolloutTurns = intOption(io, values, 'rollout-turns', undefined, { min: 0, max: LIMITS.maxTurns });
    const threads = intOption(io, values, 'threads', undefined, { min: 1, max: LIMITS.threads });
    if (games === null || players === null || maxTurns === null || iterations === null || timeMs === null || rolloutTurns === null || threads === null) return 1;
    const seeded = seedOf(typeof values.seed === 'string' ? values.seed : '1');
    if ('error' in seeded) {
      io.err(seeded.error);
      return 1;
    }
    const { seed } = seeded;
    const game = loadGame(io, target, values);
    if (!game) return 1;
    const n = players ?? game.players.default;
    if (n < game.players.min || n > game.players.max) {
      io.err(`${game.title} is for ${game.players.min} to ${game.players.max} players, not ${n}`);
      return 1;
    }
    const botList = typeof values.bot === 'string' ? values.bot.split(',').map((s) => s.trim()) : undefined;
    const botOptions: BotOptions = {
      ...(iterations !== undefined ? { iterations } : {}),
      ...(timeMs !== undefined ? { timeMs } : {}),
      ...(rolloutTurns !== undefined ? { rolloutTurns } : {}),
    };
    const checked = createBots(game, (botList ?? ['random']).join(','), n, botOptions);
    if ('error' in checked) {
      io.err(checked.error);
      return 1;
    }
    const hiddenZones = Object.entries(game.zones).filter(([, z]) => (z.visibility ?? 'public') !== 'public').map(([name]) => name);
    if (hiddenZones.length > 0 && (botList ?? []).some((b) => b === 'mcts' || b.startsWith('mcts:'))) {
      io.err(`note: mcts sees every piece, also those in ${hiddenZones.join(', ')}: for hidden information use ismcts`);
    }
    const sweep = typeof values.sweep === 'string' ? parseSweep(values.sweep, game.params) : undefined;
    if (sweep && 'error' in sweep) {
      io.err(`--sweep: ${sweep.error}`);
      return 1;
    }
    if (values.coverage === true && (sweep || values.compare !== undefined)) {
      io.err('--coverage counts one variant set: not with --sweep or --compare');
      return 1;
    }
    if (sweep && values.compare !== undefined) {
      io.err('--sweep and --compare cannot be used together: sweep a param of one variant set');
      return 1;
    }
    const compareVariants =
      typeof values.compare === 'string' ? (values.compare.trim() === 'none' ? [] : values.compare.split(',').map((s) => s.trim()).filter(Boolean)) : undefined;
    const other = compareVariants ? loadGame(io, target, { ...values, variant: compareVariants.join(',') }) : undefined;
    if (compareVariants && !other) return 1;
    if (other && (n < other.players.min || n > other.players.max)) {
      io.err(`${other.title} with ${compareVariants?.join(', ') || 'no variants'} is for ${other.players.min} to ${other.players.max} players, not ${n}`);
      return 1;
    }
    if (other && botList && 'error' in createBots(other, botList.join(','), n, botOptions)) {
      io.err((createBots(other, botList.join(','), n, botOptions) as { error: string }).error);
      return 1;
    }

    const total = games ?? 100;
    const runs = other ? 2 : sweep ? sweepSettings(sweep.axes).length : 1;
    let done = 0;
    const onGame = (): void => {
      done++;
      io.progress?.(bar(done, total * runs));
    };
    // Every thread gets a slice of at least one game; the slices come back in order.
    const allRandom = (botList ?? ['random']).every((b) => b === 'random');
    const workers = Math.max(1, Math.min(threads ?? Math.min(availableParallelism(), Math.floor(total / (allRandom ? GAMES_PER_THREAD : 1))), total));
    const threadsUsed = workers > 1 && target !== undefined ? Math.ceil(total / Math.ceil(total / workers)) : 1;
    const counts = values.coverage === true ? newCounts() : undefined;
    const sources = counts && target !== undefined ? resolveGame(target, variantList(values)) : undefined;
    const counted = sources && !('error' in sources) ? compileForCoverage({ ...sources, params: loadedParams(values) }, counts as CoverageCounts).game : undefined;
    const play = async (g: CompiledGame, variants: string[], params = loadedParams(values), coverage?: CoverageCounts): Promise<Run> => {
      const t0 = performance.now();
      const options = { seed, players: n, maxTurns: maxTurns ?? 1000, ...(botList ? { bots: botList } : {}), botOptions, rotate: values.rotate === true };
      const records =
        workers > 1 && target !== undefined
          ? await playParallel({ target, variants, params, ...options, ...(coverage ? { coverage: true } : {}) }, total, workers, onGame, coverage)
          : coverage && counted
            ? playCounted(counted, coverage, options, 0, total, onGame)
            : playRange(g, options, 0, total, onGame);
      return { game: g, variants, records, report: summarize(g, records, { seed, players: n, seconds: (performance.now() - t0) / 1000 }) };
    };
    if (sweep) {
      const points: SweepPoint[] = [];
      for (const setting of sweepSettings(sweep.axes)) {
        const params = { ...loadedParams(values), ...setting };
        const g = loadGame(io, target, { ...values, param: JSON.stringify(params) });
        if (!g) return 1;
        const r = await play(g, variantList(values), params);
        for (const e of r.report.errors.slice(0, 3)) io.err(`${JSON.stringify(setting)} game ${e.game}: ${e.error}`);
        points.push(sweepPoint(setting, balance(g, r.records, { seed, players: n, variants: variantList(values), bots: botList ?? ['random'] })));
      }
      if (io.progress) io.progress(`${' '.repeat(50)}\r`);
      printSweep(io, game, sweep.axes, points, { games: total, seed, players: n, bots: botList ?? ['random'], json: values.json === true });
      return points.some((p) => p.balance.errors > 0) ? 1 : 0;
    }
    const a = await play(game, variantList(values), loadedParams(values), counts);
    const coverage =
      counts && sources && !('error' in sources) ? coverageReport(game, counts, houseRuleChanges(sources.base, sources.variants)) : undefined;
    const b = other && compareVariants ? await play(other, compareVariants) : undefined;
    if (io.progress) io.progress(`${' '.repeat(50)}\r`);
    const errors = [...a.report.errors, ...(b?.report.errors ?? [])];
    for (const e of errors.slice(0, 5)) io.err(`game ${e.game}: ${e.error}`);
    const metricErrors = [...a.records, ...(b?.records ?? [])].flatMap((r) => Object.values(r.metricErrors ?? {}));
    for (const e of [...new Set(metricErrors)].slice(0, 5)) io.err(`metric: ${e}`);

    const wantReport = values.report === true || b !== undefined;
    const balanceOf = (r: Run): BalanceReport => balance(r.game, r.records, { seed, players: n, variants: r.variants, bots: botList ?? ['random'] });
    const ba = wantReport ? balanceOf(a) : undefined;
    const bb = wantReport && b ? balanceOf(b) : undefined;
    const comparison = ba && bb && b ? compareBalance(ba, bb, a.records, b.records) : undefined;
    if (values.json) {
      const strip = (r: SimulateReport): Omit<SimulateReport, 'errors'> => {
        const { errors: _errors, ...rest } = r;
        return rest;
      };
      const out: Record<string, unknown> = { ...strip(a.report), threads: threadsUsed };
      if (botList) out.bots = botList;
      if (ba) out.balance = ba;
      if (coverage) out.coverage = coverage;
      if (b && bb && comparison) {
        out.compare = { variants: b.variants, ...strip(b.report), balance: bb };
        out.difference = {
          sides: comparison.sides,
          playersWin: comparison.playersWin,
          firstPlayer: comparison.firstPlayer,
          byBot: comparison.byBot,
          meanTurns: comparison.meanTurns,
          changed: comparison.changed,
          metrics: comparison.metrics,
        };
      }
      io.out(JSON.stringify(out, null, 2));
    } else if (ba) {
      for (const line of formatBalance(ba)) io.out(line);
      if (bb && comparison) {
        io.out('');
        for (const line of formatBalance(bb)) io.out(line);
        io.out('');
        for (const line of formatComparison(comparison)) io.out(line);
      }
      io.out(`  ${a.report.gamesPerSecond} games/s, ${a.report.movesPerSecond} moves/s`);
    } else {
      printSummary(io, game, a, botList);
    }
    if (coverage && !values.json) {
      io.out('');
      io.out(`Coverage of ${coverage.games} games:`);
      for (const line of formatCoverage(coverage)) io.out(line);
    }
    return errors.length > 0 || metricErrors.length > 0 ? 1 : 0;
  },
};
