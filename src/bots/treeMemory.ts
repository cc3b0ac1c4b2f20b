/**
 * What a search bot remembers between its decisions: a tree, and the position it is for, by a
 * fingerprint of the whole state and the deciding seat. A tree is recalled only for exactly that
 * position; anything else (another game, a move by someone else in between, an undo) starts afresh.
 */
import type { CompiledGame } from '../compile/index.ts';
import { applyLegal, isOver, type GameState, type LegalMove } from '../engine/index.ts';

/** The same string for the same position and seat, and a different one for any other. */
export const positionKey = (state: GameState, seat: number): string =>
  `${seat} ${JSON.stringify(state.value)} ${JSON.stringify(state.context)}`;

export interface TreeMemory<T> {
  /** The tree kept for this very position and seat, if any; the memory is emptied either way. */
  recall(state: GameState, seat: number): T | undefined;
  /** Keeps `tree` for the position `move` leads to from `state`, where `seat` decides next. */
  keep(state: GameState, seat: number, move: LegalMove, tree: T | undefined): void;
}

export const treeMemory = <T>(game: CompiledGame): TreeMemory<T> => {
  let kept: { readonly key: string; readonly tree: T } | undefined;
  return {
    recall: (state, seat) => {
      const tree = kept !== undefined && kept.key === positionKey(state, seat) ? kept.tree : undefined;
      kept = undefined;
      return tree;
    },
    keep: (state, seat, move, tree) => {
      if (tree === undefined) return;
      const next = applyLegal(game, state, move);
      if (next.ok && !isOver(next.state)) kept = { key: positionKey(next.state, seat), tree };
    },
  };
};
