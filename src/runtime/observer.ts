/**
 * An optional observer of play, for coverage (sim/coverage.ts). The stepper and the legality
 * decision call it only when one is given: plain play pays one check of an absent argument.
 */
import type { CompiledGuardClause, MoveRules, TransitionRules } from './legality.ts';
import type { TableMove, TableTransition } from './table.ts';

export interface PlayObserver {
  /**
   * The guard of a move or transition was tested (`owner`: the very object that carries it): the
   * clauses before `failed` held and `failed` refused; undefined when every clause held.
   */
  judged(owner: MoveRules | TransitionRules, failed: CompiledGuardClause | undefined): void;
  /** A move was made. */
  moved(move: TableMove): void;
  /** A transition was taken: a move's or an automatic one. */
  taken(transition: TableTransition): void;
  /** States were entered, outermost first. */
  entered(names: readonly string[]): void;
}
