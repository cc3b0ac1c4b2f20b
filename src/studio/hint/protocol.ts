/**
 * What a hint brings back from the bots' worker (the job is `HintJob` in `botWorker/protocol.ts`):
 * the moves the search weighed, in the player's words, or why there is no hint.
 */
import type { Move } from '../../engine/types.ts';
import type { EngineReport } from '../../lang/index.ts';

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
  /** What ran the rules while the bot searched: compiled in the isolated frame, or the interpreter. */
  readonly engine: EngineReport;
}

export type HintReply = { readonly ok: true; readonly hint: Hint } | { readonly ok: false; readonly error: string };
