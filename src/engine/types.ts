/**
 * The engine's serialisable data: the game state (its shape is the runtime's), a move, a per-seat
 * view. Everything here is plain JSON so that states can be saved, sent to workers, replayed and
 * compared.
 */
import type { GameContext, Piece } from '../runtime/state.ts';

export type * from '../runtime/state.ts';
export type { FlowGraph, FlowNode, FlowEdge } from '../compile/graph.ts';

export interface ZoneView {
  readonly name: string;
  readonly owner: 'game' | 'player' | 'team';
  /** The seat or team index for per-owner zones. */
  readonly ownerIndex: number | null;
  readonly visibility: 'public' | 'owner' | 'hidden' | 'top';
  readonly ordered: boolean;
  readonly count: number;
  /**
   * Pieces the viewing seat may see; a hidden piece shows only `{ id, kind, hidden: true }` and
   * the attributes the zone declares known (`knownAttributes`).
   */
  readonly pieces: readonly Piece[];
  /** With `knownContents`: the pieces that lie here face down, in id order (which, not where). */
  readonly contents?: readonly Piece[];
}

export interface GameView {
  /** The seat whose view this is; null for a spectator (sees only public information). */
  readonly seat: number | null;
  /** Active state names from the root, e.g. ["turn", "decide"]. */
  readonly states: readonly string[];
  /** The context without the PRNG, its zones as this seat sees them (the pieces of `zones`). */
  readonly context: Omit<GameContext, 'rng' | 'rigged'>;
  readonly zones: readonly ZoneView[];
}
