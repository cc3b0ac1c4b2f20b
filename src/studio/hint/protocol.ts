/**
 * The hint's messages to and from its Web Worker: the spec's text (a compiled game holds closures,
 * which cannot cross threads), the position as plain data and the seat to advise go in; the moves
 * the search weighed, in the player's words, or why there is no hint come back.
 */
import type { AnalysisInput } from '../analysis/protocol.ts';
import type { GameState, Move } from '../../engine/types.ts';

/** How long the search may run: a time (not reproducible: the machine's speed decides) or a number of iterations. */
export type HintBudget = { readonly timeMs: number } | { readonly iterations: number };

export interface HintJob {
  readonly input: AnalysisInput;
  readonly state: GameState;
  readonly seat: number;
  /** Seeds the search's PRNG, as the playtest's bots are seeded: the game seed and move number. */
  readonly seed: string;
  readonly budget: HintBudget;
}

export interface HintRow {
  /** The move as its button or option reads. Moves that read the same are one row. */
  readonly label: string;
  /** The most visited of the moves that read this way: the one the board highlights. */
  readonly move: Move;
  readonly visits: number;
  /** This row's visits over all visits of the search, 0…1. */
  readonly share: number;
  /** The mean result of the playouts that began with this move, 0…1 (1: a win). */
  readonly mean: number;
}

export interface Hint {
  readonly seat: number;
  readonly iterations: number;
  /** Best first: most visits, then the higher mean. */
  readonly rows: readonly HintRow[];
}

export type HintReply = { readonly ok: true; readonly hint: Hint } | { readonly ok: false; readonly error: string };
