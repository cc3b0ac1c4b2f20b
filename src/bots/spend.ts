/**
 * What the bots of a run spend on a decision, with every default filled in: a balance report
 * names it beside the bots, so two reports are only ever read side by side like with like (a
 * search at 50 iterations and one at 1,000 are different players).
 */
import { DEFAULT_TECHNIQUES, type Technique } from './learning.ts';
import type { BotOptions } from './types.ts';

/** MCTS/ISMCTS iterations a move when neither `iterations` nor `timeMs` is given. */
export const DEFAULT_ITERATIONS = 200;

/** Greedy's random outcomes averaged for each move when `samples` is not given. */
export const DEFAULT_SAMPLES = 6;

export interface SearchSpend {
  /** Iterations a move; null when only the time stops a search. */
  readonly iterations: number | null;
  /** Milliseconds a move; null when only the iterations stop it (and the games repeat exactly). */
  readonly timeMs: number | null;
  /** Turns a playout plays before the evaluation judges it; null: to the end of the game. */
  readonly rolloutTurns: number | null;
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

const kindOf = (bot: string): string => bot.split(':', 1)[0] ?? '';

/** What the named bots spend, or null when none of them searches or samples (random play, spec strategies). */
export const spendOf = (bots: readonly string[], options: BotOptions): BotSpend | null => {
  const kinds = new Set(bots.map(kindOf));
  const searches = kinds.has('mcts') || kinds.has('ismcts');
  const samples = kinds.has('greedy');
  if (!searches && !samples) return null;
  const limit = iterationLimit(options);
  return {
    ...(searches
      ? {
          search: {
            iterations: Number.isFinite(limit) ? limit : null,
            timeMs: options.timeMs ?? null,
            rolloutTurns: options.rolloutTurns ?? null,
            learning: options.learning ?? DEFAULT_TECHNIQUES,
          },
        }
      : {}),
    ...(samples ? { samples: options.samples ?? DEFAULT_SAMPLES } : {}),
  };
};
