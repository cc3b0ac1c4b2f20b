/**
 * Many complete games played by bots (random legal moves unless told otherwise): win counts per
 * seat or team, game lengths and speed. Runs anywhere (CLI, browser worker); progress is
 * reported through a callback.
 */
import { applyLegal, describeRuntimeError, legalMovesWithEvents, newGame, type GameState, type LegalMove } from '../engine/index.ts';
import type { PlayObserver } from '../runtime/observer.ts';
import type { CompiledGame } from '../compile/index.ts';
import { Rng, seedRng } from '../runtime/rng.ts';
import { chooseMove, createBots, type Bot, type BotOptions } from '../bots/index.ts';
import { teamAssignment } from '../runtime/teams.ts';
import { trackMetrics, type MetricTracker } from './metrics.ts';

export interface SimulateOptions {
  readonly games: number;
  readonly seed: number | string;
  readonly players?: number;
  /** A game that has not ended after this many turns counts as unfinished. */
  readonly maxTurns?: number;
  readonly maxMoves?: number;
  /** The bot of each seat (one name plays every seat); default random. See bots/index.ts. */
  readonly bots?: readonly string[];
  readonly botOptions?: BotOptions;
  /** Game i seats the bots turned i places round the table, so each bot plays every seat. */
  readonly rotate?: boolean;
  readonly onProgress?: (done: number, total: number) => void;
  /** Milliseconds since some origin; injected so the module needs no platform clock. */
  readonly now?: () => number;
}

export interface Stat {
  readonly mean: number;
  readonly max: number;
}

export interface SimulateReport {
  readonly games: number;
  readonly seed: number | string;
  readonly players: number;
  readonly wins: Readonly<Record<string, number>>;
  readonly unfinished: number;
  readonly errors: readonly { readonly game: number; readonly error: string }[];
  readonly turns: Stat;
  readonly moves: Stat;
  readonly gamesPerSecond: number;
  readonly movesPerSecond: number;
}

export interface GameRecord {
  /** The seats that won; null when the game did not finish. */
  readonly winners: readonly number[] | null;
  readonly turns: number;
  readonly moves: number;
  /** The seat that was active when play began (the first player). */
  readonly first?: number;
  /** The game was stopped by the turn or move cap. */
  readonly capped?: boolean;
  /** With rotation: the bot of each seat in this game. */
  readonly bots?: readonly string[];
  readonly error?: string;
  /** The spec's metrics in this game (see sim/metrics.ts); null where one does not count. */
  readonly metrics?: Readonly<Record<string, number | null>>;
  /** The located run-time error of each metric that failed in this game. */
  readonly metricErrors?: Readonly<Record<string, string>>;
}

/**
 * The turns a game has played: the state counts the turns begun after the first (each `nextTurn`),
 * so the first turn adds one. A game stopped by the turn cap has just begun a turn it will not play.
 */
export const playedTurns = (state: GameState, maxTurns: number): number =>
  state.context.result === null ? Math.min(state.context.turn + 1, maxTurns) : state.context.turn + 1;

/** The metrics' record of a finished game, when it has any. */
const measuredIn = (metrics: MetricTracker | undefined, state: GameState): Pick<GameRecord, 'metrics' | 'metricErrors'> => {
  if (!metrics) return {};
  const { values, errors } = metrics.finish(state);
  return { metrics: values, ...(Object.keys(errors).length > 0 ? { metricErrors: errors } : {}) };
};

/**
 * One game; the seats' bots choose the moves (random when `bots` is empty). The choices draw from
 * one PRNG seeded `${seed}:moves`, so a game is the same wherever it is played. An observer
 * (coverage) sees the game's own steps and every move judged at each decision, not the bots'
 * searches.
 */
export const playOne = (
  game: CompiledGame,
  players: number,
  seed: string,
  maxTurns: number,
  maxMoves: number,
  bots: readonly Bot[] = [],
  observer?: PlayObserver,
): GameRecord => {
  const start = newGame(game, { players, seed, ...(observer ? { observer } : {}) });
  if (!start.ok) return { winners: null, turns: 0, moves: 0, error: start.error };
  let state: GameState = start.state;
  const first = state.context.active;
  const rng = new Rng(seedRng(`${seed}:moves`));
  const metrics = Object.keys(game.metrics).length > 0 ? trackMetrics(game) : undefined;
  let moves = 0;
  while (state.context.result === null && state.context.turn < maxTurns && moves < maxMoves) {
    let move: LegalMove | undefined;
    try {
      if (observer) legalMovesWithEvents(game, state, undefined, observer);
      move = chooseMove(game, state, bots, rng);
    } catch (error) {
      return { winners: null, turns: playedTurns(state, maxTurns), moves, first, error: describeRuntimeError(game, error) };
    }
    if (!move)
      return {
        winners: null,
        turns: playedTurns(state, maxTurns),
        moves,
        first,
        error: `no legal move in state ${JSON.stringify(state.value)}: the game is stuck`,
      };
    const next = applyLegal(game, state, move, observer);
    if (!next.ok) return { winners: null, turns: playedTurns(state, maxTurns), moves, first, error: next.error };
    const turnEnded = next.state.context.turn !== state.context.turn && next.state.context.result === null;
    state = next.state;
    moves++;
    if (turnEnded) metrics?.turnEnded(state);
  }
  const winners = state.context.result?.winners ?? null;
  return { winners, turns: playedTurns(state, maxTurns), moves, first, capped: winners === null, ...measuredIn(metrics, state) };
};

const stat = (values: readonly number[]): Stat => ({
  mean: values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100,
  max: values.reduce((a, b) => Math.max(a, b), 0),
});

/**
 * Games `from` to `to` (exclusive) of a run, played by bots already made for this game (one per
 * seat); game i is seeded `${seed}:${i}`, so slices can run anywhere.
 */
export const playSeated = (
  game: CompiledGame,
  bots: readonly Bot[],
  options: Pick<SimulateOptions, 'seed' | 'players' | 'maxTurns' | 'maxMoves' | 'rotate'>,
  from: number,
  to: number,
  onGame?: () => void,
  observer?: PlayObserver,
): GameRecord[] => {
  const players = options.players ?? game.players.default;
  const records: GameRecord[] = [];
  for (let i = from; i < to; i++) {
    const seated = options.rotate ? bots.map((_, s) => bots[(s + i) % players] as Bot) : bots;
    const record = playOne(game, players, `${options.seed}:${i}`, options.maxTurns ?? 1000, options.maxMoves ?? 50_000, seated, observer);
    records.push(options.rotate ? { ...record, bots: seated.map((b) => b.name) } : record);
    onGame?.();
  }
  return records;
};

/** `playSeated` with the bots made here from their names (random by default). */
export const playRange = (
  game: CompiledGame,
  options: Pick<SimulateOptions, 'seed' | 'players' | 'maxTurns' | 'maxMoves' | 'bots' | 'botOptions' | 'rotate'>,
  from: number,
  to: number,
  onGame?: () => void,
  observer?: PlayObserver,
): GameRecord[] => {
  const bots = createBots(game, (options.bots ?? ['random']).join(','), options.players ?? game.players.default, options.botOptions);
  if ('error' in bots) throw new Error(bots.error);
  return playSeated(game, bots, options, from, to, onGame, observer);
};

/** The report of a run from its games' records, in game order. */
export const summarize = (
  game: CompiledGame,
  records: readonly GameRecord[],
  run: { seed: number | string; players: number; seconds: number },
): SimulateReport => {
  const keys = game.teams.length > 0 ? game.teams : Array.from({ length: run.players }, (_, s) => String(s));
  const wins: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  const teamOfSeat = teamAssignment(game.spec, run.players);
  const errors: { game: number; error: string }[] = [];
  records.forEach((record, i) => {
    if (record.error) errors.push({ game: i, error: record.error });
    const credited = new Set(
      (record.winners ?? []).map((s) => (game.teams.length > 0 ? (game.teams[teamOfSeat[s] ?? -1] ?? String(s)) : String(s))),
    );
    for (const k of credited) wins[k] = (wins[k] ?? 0) + 1;
  });
  const seconds = Math.max(run.seconds, 1e-9);
  const totalMoves = records.reduce((a, r) => a + r.moves, 0);
  return {
    games: records.length,
    seed: run.seed,
    players: run.players,
    wins,
    unfinished: records.filter((r) => r.winners === null).length,
    errors,
    turns: stat(records.map((r) => r.turns)),
    moves: stat(records.map((r) => r.moves)),
    gamesPerSecond: Math.round((records.length / seconds) * 10) / 10,
    movesPerSecond: Math.round(totalMoves / seconds),
  };
};

export const simulate = (game: CompiledGame, options: SimulateOptions): SimulateReport => {
  const players = options.players ?? game.players.default;
  const now = options.now ?? (() => Date.now());
  const t0 = now();
  let done = 0;
  const records = playRange(game, options, 0, options.games, () => options.onProgress?.(++done, options.games));
  return summarize(game, records, { seed: options.seed, players, seconds: (now() - t0) / 1000 });
};
