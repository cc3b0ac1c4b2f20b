/**
 * Argument selection without knowing any move: the engine enumerates every legal move with its
 * arguments, so picking pieces just narrows that list. A move "mentions" the piece ids found
 * anywhere in its arguments; the pieces the user picked must all be mentioned, and a move whose
 * mentions are exactly the picked set is the one they mean.
 */
import type { Json, Move } from '../../engine/types.ts';

export const mentions = (value: Json | undefined, pieceIds: ReadonlySet<string>, into = new Set<string>()): Set<string> => {
  if (typeof value === 'string') {
    if (pieceIds.has(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value as readonly Json[]) mentions(v, pieceIds, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // Assignments may be keyed by piece id.
      if (pieceIds.has(k)) into.add(k);
      mentions(v, pieceIds, into);
    }
  }
  return into;
};

export interface MoveChoice {
  name: string;
  /** Legal moves of this name that agree with the picked pieces. */
  candidates: Move[];
  /** Those whose mentioned pieces are exactly the picked ones. */
  exact: Move[];
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x));

export interface SelectionInfo {
  /** One entry per distinct move name, in the order the engine lists them. */
  choices: MoveChoice[];
  /** Pieces that can still be added to (or are in) the selection. */
  selectable: Set<string>;
}

export const analyseSelection = (moves: readonly Move[], picked: ReadonlySet<string>, pieceIds: ReadonlySet<string>): SelectionInfo => {
  const byName = new Map<string, MoveChoice>();
  const selectable = new Set<string>(picked);
  for (const move of moves) {
    const choice = byName.get(move.move) ?? { name: move.move, candidates: [], exact: [] };
    byName.set(move.move, choice);
    const m = mentions(move.args ?? null, pieceIds);
    if (![...picked].every((id) => m.has(id))) continue;
    choice.candidates.push(move);
    if (sameSet(m, picked)) choice.exact.push(move);
    for (const id of m) selectable.add(id);
  }
  return { choices: [...byName.values()], selectable };
};

/**
 * What pressing a move's button does: play the one move meant, or list the options left. With
 * nothing picked and several candidates, the options are listed (and picking pieces narrows them):
 * the one way that mentions no piece (an empty choice) is never played unasked.
 */
export const resolveChoice = (choice: MoveChoice, pickedCount: number): { play: Move } | { options: Move[] } | { none: true } => {
  if (choice.exact.length === 1 && choice.exact[0] && (pickedCount > 0 || choice.candidates.length === 1)) return { play: choice.exact[0] };
  if (choice.candidates.length === 1 && choice.candidates[0]) return { play: choice.candidates[0] };
  if (choice.candidates.length === 0) return { none: true };
  return { options: choice.exact.length > 0 && pickedCount > 0 ? choice.exact : choice.candidates };
};

/** Whether one press plays the move (the board shows it as ready). */
export const isReady = (choice: MoveChoice, pickedCount: number): boolean => 'play' in resolveChoice(choice, pickedCount);

/** The arguments still to choose, by their titles: "defenders and pairs". */
export const missingArgs = (args: Readonly<Record<string, { title?: string }>> | undefined): string => {
  const names = Object.entries(args ?? {}).map(([name, a]) => a.title ?? name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
};

/** The picked pieces after a press on `id`: picked if it was not, no longer picked if it was. */
export const toggled = (picked: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(picked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};
