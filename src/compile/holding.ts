/**
 * A zone's `holds` is a promise the rest of the tool builds on: the checker types a zone's pieces
 * by the kinds it holds, and a bot that deals the unseen pieces again puts into a face-down place
 * only a piece of a kind the zone holds. A piece of another kind moved there would break both
 * without a word. Every piece starts in a zone that holds its kind (setup.ts checks `start`) and
 * only `move` and `deal` take pieces from one zone to another, so only a move from a zone holding
 * kinds the target does not can break the promise: such a move checks each piece it puts there
 * and stops the game with an error at the first stranger, and, when it takes the pieces as they
 * lie (no `pieces:`), is warned of when the spec is opened. Any other move needs no check.
 */
import { report, type ExprChecker } from '../check/exprs.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { GameSpec } from '../spec/types.ts';
import { EffectError } from '../errors.ts';
import type { Piece } from '../runtime/state.ts';

const quoted = (kinds: Iterable<string>): string => [...kinds].map((k) => `'${k}'`).join(', ');

/** What a move into a zone checks of the pieces it puts there: throws at the first of a kind the zone does not hold. */
export type Admit = (pieces: readonly Piece[]) => void;

/**
 * The check of a move from zone `from` into zone `to` (its `to` at `path`), or undefined when
 * every kind `from` holds fits `to`. `chosen`: the move names its pieces (`pieces:`), so whether
 * one of them is a stranger is known only when it runs.
 */
export const holdingGuard = (
  checker: ExprChecker,
  spec: GameSpec,
  from: string,
  to: string,
  path: DocPath,
  chosen: boolean,
): Admit | undefined => {
  const holds = new Set(spec.zones?.[to]?.holds ?? []);
  const strangers = (spec.zones?.[from]?.holds ?? []).filter((k) => !holds.has(k));
  if (strangers.length === 0) return undefined;
  if (!chosen) {
    report(
      checker,
      'invalid-rule',
      path,
      `zone '${from}' holds ${quoted(strangers)}, which zone '${to}' does not: the game stops with an error when this moves one there (add ${quoted(strangers)} to the 'holds' of '${to}', or move only pieces it holds with 'pieces')`,
      'warning',
    );
  }
  return (pieces) => {
    for (const piece of pieces) {
      if (!holds.has(piece.kind)) {
        throw new EffectError(
          `cannot put ${piece.id} into zone '${to}': it is a '${piece.kind}', and '${to}' holds only ${quoted(holds)} (add '${piece.kind}' to its 'holds')`,
        );
      }
    }
  };
};
