/**
 * What every bot is: given a state, a seat and that seat's legal moves, one of those moves. Bots
 * know components, zones, moves and expressions only; they never read a game's name or rules.
 * A bot's only randomness is the `Rng` it is handed, so the same seed gives the same choices.
 */
import type { CompiledGame } from '../compile/index.ts';
import type { Rng } from '../runtime/rng.ts';
import type { GameState, LegalMove } from '../engine/index.ts';
import type { Technique } from './learning.ts';

export interface Bot {
  /** How it was asked for: `random`, `mcts`, `mcts:careful`, `careful`, … */
  readonly name: string;
  /**
   * One of `moves` (the seat's legal moves in `state`, never empty). The bot draws from `rng`
   * only: it must not read the future from the state's own PRNG or rigged dice.
   */
  choose(state: GameState, seat: number, moves: readonly LegalMove[], rng: Rng): LegalMove;
}

export interface BotOptions {
  /** MCTS iterations per move (default 150, or no limit when `timeMs` is given). */
  readonly iterations?: number;
  /**
   * Milliseconds per move: the search stops when the time is up (then it is no longer
   * deterministic). With `iterations` too, it stops at whichever comes first.
   */
  readonly timeMs?: number;
  /** The UCT exploration constant on values normalised to 0…1 (default 0.7). */
  readonly exploration?: number;
  /** The most moves a playout makes before the position is judged by the evaluation (default 200). */
  readonly rolloutMoves?: number;
  /**
   * A playout stops after this many turns have begun, and the position is judged by the
   * evaluation; 'end': no limit (to the end of the game, or `rolloutMoves`). Default: 1 for a
   * plain search with an evaluation at a table of two or more seats, else 'end' (spend.ts, rolloutTurnsOf).
   */
  readonly rolloutTurns?: number | 'end';
  /**
   * What MCTS/ISMCTS learn with while they search (learning.ts): default DEFAULT_TECHNIQUES;
   * an empty list is plain UCT with random playouts.
   */
  readonly learning?: readonly Technique[];
  /** Greedy: how many random outcomes of each move are averaged (default 6). */
  readonly samples?: number;
  /** The clock for `timeMs`; injected so the module runs anywhere. */
  readonly now?: () => number;
  /** Called with the figures of each search a search bot makes (for benchmarks and tests). */
  readonly onSearch?: (stats: SearchStats) => void;
}

/** What one search did. */
export interface SearchStats {
  /** The iterations this search ran (not those of a tree it started from). */
  readonly iterations: number;
  /** Milliseconds it took, by the `now` clock. */
  readonly ms: number;
  /** Root moves by identity: visits (those carried over included) and mean reward for the seat. */
  readonly root: readonly { key: string; visits: number; mean: number }[];
  /** The visits of the root's moves carried over from an earlier search (0 on a fresh tree). */
  readonly reused: number;
}

/** A bot factory for one game. */
export type BotFactory = (game: CompiledGame, options: BotOptions) => Bot;
