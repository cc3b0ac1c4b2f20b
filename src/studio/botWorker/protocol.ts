/**
 * The messages to and from the bots' Web Worker, where every search of the studio runs: the
 * playtest's bot moves and the hint. A job carries the spec's text (a compiled game holds
 * closures, which cannot cross threads) and the position as plain data.
 */
import type { AnalysisInput } from '../analysis/protocol.ts';
import type { GameState, Move } from '../../engine/types.ts';
import type { HintReply } from '../hint/protocol.ts';

/** How long a search may run: a time (not reproducible: the machine's speed decides) or a number of iterations. */
export type SearchBudget = { readonly timeMs: number } | { readonly iterations: number };

/** What every job says: the rules, the position, the seat, and the seed of the bot's PRNG (the game seed and move number). */
interface Job {
  readonly input: AnalysisInput;
  readonly state: GameState;
  readonly seat: number;
  readonly seed: string;
  readonly budget: SearchBudget;
}

/** The ismcts bot's search for the seat, as a table of the moves it weighed. */
export interface HintJob extends Job {
  readonly kind: 'hint';
}

/** The move bot `bot` (a name the engine's bots take) makes for the seat. */
export interface MoveJob extends Job {
  readonly kind: 'move';
  readonly bot: string;
}

/** A bot's move, why it failed in the player's words, or nothing when the seat has no move. */
export type BotAnswer = { readonly move: Move } | { readonly error: string } | undefined;

export type WorkerJob = HintJob | MoveJob;
export type WorkerReply = HintReply | BotAnswer;

/** Numbered, so that a reply to a job nobody waits for any more is known and dropped. */
export interface Numbered<T> {
  readonly seq: number;
  readonly body: T;
}
