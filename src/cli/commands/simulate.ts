import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { playRange, summarize, type GameRecord } from '../../sim/simulate.ts';
import type { Json } from '../../engine/types.ts';
import { intOption, loadGame, PARAM_OPTION, VARIANT_OPTION, variantList, type Command, type Values } from '../command.ts';
import type { SliceJob, SliceMessage } from '../simulateWorker.ts';

/** Below this many games per core, starting workers costs more than it saves. */
const GAMES_PER_WORKER = 25;

/** Plays the games on every core; slices come back in order, so the result equals a serial run. */
const playParallel = async (job: Omit<SliceJob, 'from' | 'to'>, games: number, workers: number, onGame: () => void): Promise<GameRecord[]> => {
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
            else if (message.kind === 'done') resolve(message.records);
            else reject(new Error(message.error));
            if (message.kind !== 'game') void worker.terminate();
          });
          worker.on('error', reject);
        }),
    ),
  );
  return results.flat();
};

const paramValues = (values: Values): Record<string, Json> => (typeof values.param === 'string' ? (JSON.parse(values.param) as Record<string, Json>) : {});

const bar = (done: number, total: number): string => {
  const width = 30;
  const filled = Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} games`;
};

export const simulateCommand: Command = {
  name: 'simulate',
  usage: 'simulate <game-id> [--variant a,b] [--players n] [--games N] [--seed S] [--json]',
  summary: 'play N complete games, every seat choosing uniformly among its legal moves',
  options: {
    variant: VARIANT_OPTION,
    param: PARAM_OPTION,
    players: { type: 'string', hint: 'n', help: "number of players (default: the game's default)" },
    games: { type: 'string', hint: 'N', help: 'number of games (default 100)' },
    seed: { type: 'string', hint: 'S', help: 'seed; the same seed gives the same games (default 1)' },
    'max-turns': { type: 'string', hint: 'T', help: 'a game still running after T turns is unfinished (default 1000)' },
    json: { type: 'boolean', help: 'print the report as JSON' },
  },
  run: async ([target], values, io) => {
    const games = intOption(io, values, 'games', 100);
    const players = intOption(io, values, 'players', undefined);
    const maxTurns = intOption(io, values, 'max-turns', 1000);
    if (games === null || players === null || maxTurns === null) return 1;
    const game = loadGame(io, target, values);
    if (!game) return 1;
    const n = players ?? game.players.default;
    if (n < game.players.min || n > game.players.max) {
      io.err(`${game.title} is for ${game.players.min} to ${game.players.max} players, not ${n}`);
      return 1;
    }
    const seedText = typeof values.seed === 'string' ? values.seed : '1';
    const seed = /^\d+$/.test(seedText) ? Number(seedText) : seedText;
    const total = games ?? 100;
    let done = 0;
    const onGame = (): void => {
      done++;
      io.progress?.(bar(done, total));
    };
    const workers = Math.min(availableParallelism(), Math.floor(total / GAMES_PER_WORKER));
    const t0 = performance.now();
    const records =
      workers > 1 && target !== undefined
        ? await playParallel(
            { target, variants: variantList(values), params: paramValues(values), seed, players: n, maxTurns: maxTurns ?? 1000 },
            total,
            workers,
            onGame,
          )
        : playRange(game, { seed, players: n, maxTurns: maxTurns ?? 1000 }, 0, total, onGame);
    const report = summarize(game, records, { seed, players: n, seconds: (performance.now() - t0) / 1000 });
    if (io.progress) io.progress(`${' '.repeat(50)}\r`);
    for (const e of report.errors.slice(0, 5)) io.err(`game ${e.game}: ${e.error}`);
    if (values.json) {
      const { errors: _errors, ...rest } = report;
      io.out(JSON.stringify(rest, null, 2));
    } else {
      io.out(`${report.games} games of ${game.title}, ${report.players} players, seed ${report.seed}`);
      for (const [who, count] of Object.entries(report.wins)) {
        io.out(`  ${who.padEnd(12)} ${String(count).padStart(6)} wins  ${((100 * count) / Math.max(1, report.games)).toFixed(1)}%`);
      }
      io.out(`  unfinished   ${String(report.unfinished).padStart(6)}`);
      io.out(`  turns: mean ${report.turns.mean}, max ${report.turns.max}; moves: mean ${report.moves.mean}, max ${report.moves.max}`);
      io.out(`  ${report.gamesPerSecond} games/s, ${report.movesPerSecond} moves/s`);
    }
    return report.errors.length > 0 ? 1 : 0;
  },
};
