/**
 * The checker's warnings that an author may acknowledge where they arise (`acknowledge:`), once
 * checked: a loop of automatic transitions, a state nothing reaches, a move no state offers, a
 * procedure nobody calls.
 */
import type { DiagnosticCode } from '../spec/codes.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { WarningKind } from '../spec/types.ts';

export interface CheckedWarning {
  readonly severity: 'warning';
  readonly kind: WarningKind;
  readonly path: DocPath;
  readonly message: string;
  /** The places whose `acknowledge:` silences it: where it arises. */
  readonly by: readonly DocPath[];
}

/** Each acknowledgeable warning's diagnostic code. */
export const WARNING_CODES: Record<WarningKind, DiagnosticCode> = {
  loop: 'automatic-loop',
  unreachable: 'unreachable-state',
  unoffered: 'unoffered-move',
  unused: 'unused-procedure',
};

/** Tells the author, in the warning itself, how to acknowledge it once checked. */
export const acknowledgeHint = (kind: WarningKind): string => `if that is intended, write acknowledge: [${kind}] on it`;
