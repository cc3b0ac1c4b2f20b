/** `nextTurn:` (or `nextTurn: {seat}`): the turn passes to the next seat (or to `seat`). */
import { checkExpr, typeOf } from '../../check/exprs.ts';
import { envOf } from '../../runtime/env.ts';
import { EffectError } from '../../errors.ts';
import { noSuch } from '../../runtime/ops.ts';
import type { EffectKind } from './kind.ts';

export const nextTurnKind: EffectKind<'nextTurn'> = {
  compile: (effect, { cx, path, locals }) => {
    const seatSource = effect.nextTurn?.seat;
    const seat =
      seatSource === undefined ? undefined : checkExpr(cx.checker, seatSource, [...path, 'nextTurn', 'seat'], locals, typeOf('number'));
    return (d, vals, _rng, work) => {
      const next = seat ? (seat.run(envOf(d, vals), work.meter) as number) : cx.nextSeat(d, work.meter);
      if (!Number.isInteger(next) || next < 0 || next >= d.numPlayers)
        throw new EffectError(`nextTurn: ${noSuch('seat', next, d.numPlayers)}`);
      d.active = next;
      d.turn++;
    };
  },
  flow: (effect, f, walk) => {
    walk.read(f, effect.nextTurn);
    return walk.end(f);
  },
};
