/**
 * What the bots of a run spend on a decision, with every default filled in: a balance report
 * names it beside the bots, so two reports are only ever read side by side like with like (a
 * search at 50 iterations and one at 1,000 are different players).
 */
import type { CompiledGame } from '../compile/index.ts';
import { DEFAULT_TECHNIQUES, type Technique } from './learning.ts';
import { evaluationOf } from './rewards.ts';
import type { BotOptions } from './types.ts';

/** MCTS/ISMCTS iterations a move when neither `iterations` nor `timeMs` is given. */
export const DEFAULT_ITERATIONS = 150;

/** The turns a plain search's playouts play, when `rolloutTurns` is not given, there is an evaluation and more than one seat (see rolloutTurnsOf). */
export const DEFAULT_ROLLOUT_TURNS = 1;

/** Greedy's random outcomes averaged for each move when `samples` is not given. */
export const DEFAULT_SAMPLES = 6;

export interface SearchSpend {
  /** Iterations a move; null when only the time stops a search. */
  readonly iterations: number | null;
  /** Milliseconds a move; null when only the iterations stop it (and the games repeat exactly). */
  readonly timeMs: number | null;
  /** Turns a playout plays before the evaluation judges it; null: to the end of the game. */
  readonly rolloutTurns: number | null;
  /**
   * The searching bots whose playouts go on to the end although the others' stop after
   * `rolloutTurns` by default (see rolloutTurnsOf); empty when every search plays as `rolloutTurns` says.
   */
  readonly toTheEnd: readonly string[];
  readonly learning: readonly Technique[];
}

export interface BotSpend {
  /** Present when an `mcts` or `ismcts` bot played. */
  readonly search?: SearchSpend;
  /** Present when a `greedy` bot played: the outcomes it averaged for each move. */
  readonly samples?: number;
}

/** The iterations a search runs at most: `iterations`, else no limit when a time is given, else the default. */
export const iterationLimit = (options: BotOptions): number =>
  options.iterations ?? (options.timeMs !== undefined ? Number.POSITIVE_INFINITY : DEFAULT_ITERATIONS);

/** How a search is set up, as far as the length of its playouts goes. */
export interface SearchShape {
  /** It has an evaluation to judge an unfinished playout by. */
  readonly evaluated: boolean;
  /** It plays out its games with a strategy's preferences (`mcts:NAME`). */
  readonly guided: boolean;
  /** The seats at the table. */
  readonly seats: number;
}

/**
 * The turns a search's playouts play before its evaluation judges them (Infinity: to the end).
 * `rolloutTurns` when given ('end': no limit). Otherwise a plain search with an evaluation, at a
 * table of two or more seats, stops each playout at the end of the turn it began in: random moves
 * played on to the end of a long game say little and cost many moves (measured: docs/LANGUAGE.md,
 * Bots). Everything else plays to the end: a search without an evaluation has nothing to judge a
 * cut playout by; a strategy's own playouts to the end are what make `mcts:NAME` strong; and with
 * one seat no random opponent plays in a playout, so its end is what chance and the seat's own
 * learned moves make of the position, where a cut sees only what the evaluation sees of one turn.
 */
export const rolloutTurnsOf = (options: BotOptions, shape: SearchShape): number => {
  const turns = options.rolloutTurns ?? (shape.evaluated && !shape.guided && shape.seats > 1 ? DEFAULT_ROLLOUT_TURNS : 'end');
  return turns === 'end' ? Number.POSITIVE_INFINITY : turns;
};

const kindOf = (bot: string): string => bot.split(':', 1)[0] ?? '';

const isSearch = (bot: string): boolean => kindOf(bot) === 'mcts' || kindOf(bot) === 'ismcts';

/** The shape of the search a bot name makes in `game` at a table of `seats` (createBot's reading of `mcts:NAME`). */
const shapeOf = (game: CompiledGame, bot: string, seats: number): SearchShape => {
  const strategy = bot.split(':', 2)[1];
  return { evaluated: evaluationOf(game, strategy) !== undefined, guided: strategy !== undefined, seats };
};

/** The playouts of the searching bots: the turns of the ones that stop, and the ones that play to the end beside them. */
const playoutsOf = (
  game: CompiledGame,
  bots: readonly string[],
  options: BotOptions,
  seats: number,
): Pick<SearchSpend, 'rolloutTurns' | 'toTheEnd'> => {
  const searches = [...new Set(bots.filter(isSearch))];
  const turns = new Map(searches.map((bot) => [bot, rolloutTurnsOf(options, shapeOf(game, bot, seats))]));
  const cut = [...turns.values()].find(Number.isFinite);
  if (cut === undefined) return { rolloutTurns: null, toTheEnd: [] };
  return { rolloutTurns: cut, toTheEnd: searches.filter((bot) => !Number.isFinite(turns.get(bot))) };
};

/** What the named bots spend at a table of `seats`, or null when none of them searches or samples (random play, spec strategies). */
export const spendOf = (game: CompiledGame, bots: readonly string[], options: BotOptions, seats: number): BotSpend | null => {
  const searches = bots.some(isSearch);
  const samples = bots.some((bot) => kindOf(bot) === 'greedy');
  if (!searches && !samples) return null;
  const limit = iterationLimit(options);
  return {
    ...(searches
      ? {
          search: {
            iterations: Number.isFinite(limit) ? limit : null,
            timeMs: options.timeMs ?? null,
            ...playoutsOf(game, bots, options, seats),
            learning: options.learning ?? DEFAULT_TECHNIQUES,
          },
        }
      : {}),
    ...(samples ? { samples: options.samples ?? DEFAULT_SAMPLES } : {}),
  };
};
