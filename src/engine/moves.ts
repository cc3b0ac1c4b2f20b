/**
 * Listing the legal moves of a context, given the moves the current states offer: every seat that
 * may act, every choice of arguments, each judged by runtime/legality.ts. Both stepping paths
 * (the fast tables and the XState machine) list their moves here.
 */
import type { Value } from '../lang/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import type { CompiledMove } from '../compile/moves.ts';
import { choicesOf, encodeValue, newChoiceBudget } from '../runtime/args.ts';
import { envOf } from '../runtime/env.ts';
import { eventOf, judge, seatsOf, type MoveEvent, type TransitionRules } from '../runtime/legality.ts';
import type { GameContext, Json, Move } from '../runtime/state.ts';
import type { PlayObserver } from '../runtime/observer.ts';
import { own } from '../spec/own.ts';

/** A legal move with the event that applies it, its arguments already decoded. */
export interface LegalMove {
  readonly move: Move;
  readonly event: MoveEvent;
}

const enumerate = (
  move: CompiledMove,
  transitions: readonly TransitionRules[],
  ctx: GameContext,
  seat: number,
  out: LegalMove[],
  observer: PlayObserver | undefined,
): void => {
  const budget = newChoiceBudget();
  const walk = (i: number, locals: Record<string, Value>, args: Record<string, Json>): void => {
    const arg = move.args[i];
    if (!arg) {
      if (!judge(move, transitions, ctx, seat, locals, observer).ok) return;
      out.push({
        move: move.args.length === 0 ? { move: move.name, seat } : { move: move.name, seat, args },
        event: eventOf(move.name, seat, locals),
      });
      return;
    }
    for (const choice of choicesOf(arg, ctx, locals, budget)) walk(i + 1, { ...locals, [arg.name]: choice }, { ...args, [arg.name]: encodeValue(choice) });
  };
  walk(0, { seat }, {});
};

const readsSeat = (move: CompiledMove, transitions: readonly TransitionRules[]): boolean =>
  move.readsSeat || transitions.some((t) => t.guard.some((clause) => clause.test.usedNames.has('seat')));

/** Every legal move of `ctx` where the states offer `offered`, for one seat or for all. */
export const listLegal = (
  game: CompiledGame,
  ctx: GameContext,
  offered: ReadonlyMap<string, readonly TransitionRules[]>,
  seat?: number,
  observer?: PlayObserver,
): LegalMove[] => {
  const out: LegalMove[] = [];
  const env = envOf(ctx);
  for (const [name, transitions] of offered) {
    const move = own(game.moves, name);
    if (!move) continue;
    const seats = seatsOf(move, env).filter((s) => seat === undefined || s === seat);
    const [first, ...others] = seats;
    if (first === undefined) continue;
    if (readsSeat(move, transitions)) {
      for (const s of seats) enumerate(move, transitions, ctx, s, out, observer);
      continue;
    }
    // A team acting as one: when nothing reads `seat`, every member has the same choices.
    const from = out.length;
    enumerate(move, transitions, ctx, first, out, observer);
    const mine = out.slice(from);
    for (const s of others) {
      for (const legal of mine) out.push({ move: { ...legal.move, seat: s }, event: { ...legal.event, seat: s } });
    }
  }
  return out;
};
