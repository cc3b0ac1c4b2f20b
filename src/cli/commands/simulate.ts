import { simulate } from '../../sim/simulate.ts';
import { intOption, loadGame, PARAM_OPTION, VARIANT_OPTION, type Command } from '../command.ts';

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
    const seed = typeof values.seed === 'string' ? values.seed : '1';
    const report = simulate(game, {
      games: games ?? 100,
      seed: /^\d+$/.test(seed) ? Number(seed) : seed,
      players: n,
      maxTurns: maxTurns ?? 1000,
      now: () => performance.now(),
      onProgress: io.progress ? (done, total) => io.progress?.(bar(done, total)) : undefined,
    });
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
