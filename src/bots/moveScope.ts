/**
 * A strategy's expressions about the legal moves of one state: the state's names, `seat` and the
 * move's arguments by name. One scope serves every move, each move's names written over the last
 * (as engine/moves.ts lists choices): the checker lets an expression read only its own move's
 * names, so a name left from another move is never read, and a decision builds one scope, not
 * one per move and expression.
 */
import type { CompiledExpr } from '../check/exprs.ts';
import type { Meter, Value } from '../lang/index.ts';
import { scopeOf } from '../runtime/env.ts';
import type { GameState, LegalMove } from '../engine/index.ts';

export type MoveRunner = (expr: CompiledExpr, m: LegalMove) => Value;

/** The expressions run on `meter`, the decision's. */
export const moveRunner = (state: GameState, meter: Meter): MoveRunner => {
  const scope = scopeOf(state.context);
  return (expr, m) => {
    Object.assign(scope, m.event.args);
    scope.seat = m.move.seat;
    return expr.run(scope, meter);
  };
};
