/**
 * What `simulate` will do, decided before a game is played: the command line read into numbers
 * (`readRequest`), then checked against the compiled games into one plan per mode (`plan`). Every
 * refusal is a message returned as a value, in the order a user meets them; nothing here prints,
 * reads a file or starts a thread.
 */
import { createBots, readTechniques, type Bot, type BotOptions } from '../../../bots/index.ts';
import type { CompiledGame } from '../../../compile/index.ts';
import type { Json } from '../../../engine/types.ts';
import { formatLimit, LIMITS } from '../../../limits.ts';
import { parseSweep, type SweepAxis } from '../../../sim/sweep.ts';
import { paramsOf, PLAYERS_RANGE, readInt, seedOf, variantList, type Values } from '../../command.ts';

/** By default a thread is started per core, but not for fewer random games than this: starting one costs more. */
const GAMES_PER_THREAD = 25;

/** The command line as numbers and lists, before any game is loaded. */
export interface Request {
  readonly games: number;
  /** Absent: the game's default. */
  readonly players: number | undefined;
  readonly maxTurns: number;
  /** Absent: as many as the cores and the games make worth it. */
  readonly threads: number | undefined;
  readonly seed: number | string;
  /** The bots as --bot names them; absent: random in every seat, and the output names no bots. */
  readonly bots: readonly string[] | undefined;
  readonly botOptions: BotOptions;
  readonly variants: readonly string[];
  /**
   * The --param values. A --param that cannot be read is refused when the game is loaded (with
   * the other problems of loading it), so here it reads as none.
   */
  readonly params: Readonly<Record<string, Json>>;
  readonly rotate: boolean;
  readonly report: boolean;
  readonly coverage: boolean;
  readonly json: boolean;
  /** The second variant set of --compare ([] for 'none', the base game). */
  readonly compare: readonly string[] | undefined;
  /** --sweep as given: it can only be read against the game's params. */
  readonly sweep: string | undefined;
}

/** --rollout-turns: 'end', or a whole number of turns. */
const readRolloutTurns = (values: Values): number | 'end' | undefined | { error: string } => {
  const raw = values['rollout-turns'];
  if (raw === 'end') return 'end';
  const turns = readInt(values, 'rollout-turns', undefined, { min: 0, max: LIMITS.maxTurns });
  return typeof turns === 'object'
    ? { error: `--rollout-turns must be 'end' or a whole number from 0 to ${formatLimit(LIMITS.maxTurns)}, got '${String(raw)}'` }
    : turns;
};

/** Every numeric option's problem at once (a user fixes them together), or else the seed's. */
export const readRequest = (values: Values): { request: Request } | { errors: string[] } => {
  const ints = {
    games: readInt(values, 'games', 100, { min: 1, max: LIMITS.games }),
    players: readInt(values, 'players', undefined, PLAYERS_RANGE),
    maxTurns: readInt(values, 'max-turns', 1000, { min: 1, max: LIMITS.maxTurns }),
    iterations: readInt(values, 'iterations', undefined, { min: 1, max: LIMITS.iterations }),
    timeMs: readInt(values, 'time-ms', undefined, { min: 1, max: LIMITS.timeMs }),
    rolloutTurns: readRolloutTurns(values),
    threads: readInt(values, 'threads', undefined, { min: 1, max: LIMITS.threads }),
  };
  const { games, players, maxTurns, iterations, timeMs, rolloutTurns, threads } = ints;
  if (
    typeof games === 'object' ||
    typeof players === 'object' ||
    typeof maxTurns === 'object' ||
    typeof iterations === 'object' ||
    typeof timeMs === 'object' ||
    typeof rolloutTurns === 'object' ||
    typeof threads === 'object'
  ) {
    return { errors: Object.values(ints).flatMap((n) => (typeof n === 'object' ? [n.error] : [])) };
  }
  const seeded = seedOf(typeof values.seed === 'string' ? values.seed : '1');
  if ('error' in seeded) return { errors: [seeded.error] };
  const learning = typeof values.learning === 'string' ? readTechniques(values.learning) : undefined;
  if (learning && 'error' in learning) return { errors: [learning.error] };
  const given = paramsOf(values);
  return {
    request: {
      games,
      players,
      maxTurns,
      threads,
      seed: seeded.seed,
      bots: typeof values.bot === 'string' ? values.bot.split(',').map((s) => s.trim()) : undefined,
      botOptions: {
        ...(iterations !== undefined ? { iterations } : {}),
        ...(timeMs !== undefined ? { timeMs } : {}),
        ...(rolloutTurns !== undefined ? { rolloutTurns } : {}),
        ...(learning ? { learning: learning.techniques } : {}),
      },
      variants: variantList(values),
      params: 'params' in given ? given.params : {},
      rotate: values.rotate === true,
      report: values.report === true,
      coverage: values.coverage === true,
      json: values.json === true,
      compare:
        typeof values.compare === 'string'
          ? values.compare.trim() === 'none'
            ? []
            : values.compare
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
          : undefined,
      sweep: typeof values.sweep === 'string' ? values.sweep : undefined,
    },
  };
};

/** One game as it will be played: its variant set and the bots of its seats, made once. */
export interface Table {
  readonly game: CompiledGame;
  readonly variants: readonly string[];
  readonly seats: readonly Bot[];
}

/** What every mode shares. */
export interface Settings {
  /** The game id or spec file, for the worker threads, which compile it themselves. */
  readonly target: string;
  readonly base: Table;
  readonly params: Readonly<Record<string, Json>>;
  readonly games: number;
  readonly seed: number | string;
  readonly players: number;
  readonly maxTurns: number;
  /** As --bot names them (see `Request.bots`). */
  readonly bots: readonly string[] | undefined;
  readonly botOptions: BotOptions;
  readonly rotate: boolean;
  /** The games of each thread, in order; one slice is played in this process. */
  readonly slices: readonly Slice[];
  readonly json: boolean;
}

/**
 * The modes: the short summary or the balance report of one variant set (either can count
 * coverage), two variant sets side by side, or a balance report per setting of the swept params.
 */
export type Plan = Settings &
  (
    | { readonly mode: 'summary' | 'report'; readonly coverage: boolean }
    | { readonly mode: 'compare'; readonly other: Table }
    | { readonly mode: 'sweep'; readonly axes: readonly SweepAxis[] }
  );

/** The games `plan` checks: the one of --variant and, with --compare, the other with its variants. */
export interface Games {
  readonly target: string;
  readonly game: CompiledGame;
  readonly other?: { readonly game: CompiledGame; readonly variants: readonly string[] };
}

/** Notes are said even when the plan is refused, as they were found before the refusal. */
export type Planned = { readonly notes: readonly string[] } & ({ readonly plan: Plan } | { readonly error: string });

const playersProblem = (game: CompiledGame, players: number, which: string): string | undefined =>
  players < game.players.min || players > game.players.max
    ? `${which} is for ${game.players.min} to ${game.players.max} players, not ${players}`
    : undefined;

/** Searching bots in a game with hidden pieces are told that mcts cheats. */
const mctsNote = (game: CompiledGame, bots: readonly string[]): string[] => {
  const hidden = Object.entries(game.zones)
    .filter(([, z]) => (z.visibility ?? 'public') !== 'public')
    .map(([name]) => name);
  return hidden.length > 0 && bots.some((b) => b === 'mcts' || b.startsWith('mcts:'))
    ? [`note: mcts sees every piece, also those in ${hidden.join(', ')}: for hidden information use ismcts`]
    : [];
};

/** Games `from` to `to` (exclusive) of a run. */
export interface Slice {
  readonly from: number;
  readonly to: number;
}

/**
 * One thread per core, but not one for too few games; every thread gets a slice of at least one
 * game, so there may be fewer slices than threads asked for.
 */
const slicesFor = (request: Request, cores: number): Slice[] => {
  const allRandom = (request.bots ?? ['random']).every((b) => b === 'random');
  const wanted = request.threads ?? Math.min(cores, Math.floor(request.games / (allRandom ? GAMES_PER_THREAD : 1)));
  const workers = Math.max(1, Math.min(wanted, request.games));
  const size = Math.ceil(request.games / workers);
  return Array.from({ length: workers }, (_, w) => ({ from: w * size, to: Math.min(request.games, (w + 1) * size) })).filter(
    (s) => s.from < s.to,
  );
};

/** The plan of a request for its compiled games on a machine with `cores` cores. */
export const plan = (request: Request, games: Games, cores: number): Planned => {
  const { game, other } = games;
  const players = request.players ?? game.players.default;
  const refuse = (error: string, notes: readonly string[] = []): Planned => ({ notes, error });
  const wrongPlayers = playersProblem(game, players, game.title);
  if (wrongPlayers !== undefined) return refuse(wrongPlayers);
  const seats = createBots(game, (request.bots ?? ['random']).join(','), players, request.botOptions);
  if ('error' in seats) return refuse(seats.error);
  const notes = mctsNote(game, request.bots ?? []);
  const sweep = request.sweep !== undefined ? parseSweep(request.sweep, game.params) : undefined;
  if (sweep && 'error' in sweep) return refuse(`--sweep: ${sweep.error}`, notes);
  if (request.coverage && (sweep || other)) return refuse('--coverage counts one variant set: not with --sweep or --compare', notes);
  if (sweep && other) return refuse('--sweep and --compare cannot be used together: sweep a param of one variant set', notes);
  const settings: Settings = {
    target: games.target,
    base: { game, variants: request.variants, seats },
    params: request.params,
    games: request.games,
    seed: request.seed,
    players,
    maxTurns: request.maxTurns,
    bots: request.bots,
    botOptions: request.botOptions,
    rotate: request.rotate,
    slices: slicesFor(request, cores),
    json: request.json,
  };
  if (sweep) return { notes, plan: { ...settings, mode: 'sweep', axes: sweep.axes } };
  if (!other) return { notes, plan: { ...settings, mode: request.report ? 'report' : 'summary', coverage: request.coverage } };
  const otherPlayers = playersProblem(other.game, players, `${other.game.title} with ${other.variants.join(', ') || 'no variants'}`);
  if (otherPlayers !== undefined) return refuse(otherPlayers, notes);
  const otherSeats = createBots(other.game, (request.bots ?? ['random']).join(','), players, request.botOptions);
  if ('error' in otherSeats) return refuse(otherSeats.error, notes);
  return { notes, plan: { ...settings, mode: 'compare', other: { ...other, seats: otherSeats } } };
};
