/**
 * A zone's `holds` is a promise the rest of the tool builds on: the checker types a zone's pieces
 * by the kinds it holds, and a bot that deals the unseen pieces again puts into a face-down place
 * only a piece of a kind the zone holds. A piece of another kind moved there would break both
 * without a word, so a move that would do it stops the game with an error, and a move that can do
 * it (all or some of a zone's pieces, into a zone that does not hold all its kinds) is warned of
 * when the spec is opened.
 */
import { report, type ExprChecker } from '../check/exprs.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { GameSpec } from '../spec/types.ts';
import { EffectError } from '../runtime/ops.ts';
import type { Piece } from '../runtime/state.ts';

const quoted = (kinds: Iterable<string>): string => [...kinds].map((k) => `'${k}'`).join(', ');

/** What a move into `zone` must check of each piece it puts there. */
export type Admit = (pieces: readonly Piece[]) => void;

/** Throws (an effect error, located at the move) for the first piece whose kind `zone` does not hold. */
export const admitter = (spec: GameSpec, zone: string): Admit => {
  const holds = new Set(spec.zones?.[zone]?.holds ?? []);
  return (pieces) => {
    for (const piece of pieces) {
      if (!holds.has(piece.kind)) {
        throw new EffectError(
          `cannot put ${piece.id} into zone '${zone}': it is a '${piece.kind}', and '${zone}' holds only ${quoted(holds)} (add '${piece.kind}' to its 'holds')`,
        );
      }
    }
  };
};

/** A warning at `path` when pieces of zone `from` may be moved into zone `to`, which does not hold all their kinds. */
export const checkHolding = (checker: ExprChecker, spec: GameSpec, from: string, to: string, path: DocPath): void => {
  const accepted = new Set(spec.zones?.[to]?.holds ?? []);
  const strangers = (spec.zones?.[from]?.holds ?? []).filter((k) => !accepted.has(k));
  if (strangers.length === 0) return;
  report(
    checker,
    path,
    `zone '${from}' holds ${quoted(strangers)}, which zone '${to}' does not: the game stops with an error when this moves one there (add ${quoted(strangers)} to the 'holds' of '${to}', or move only pieces it holds with 'pieces')`,
    'warning',
  );
};
