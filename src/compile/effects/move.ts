/** `move: {from, to, pieces?, count?, take?, put?}`: pieces from one zone to another. */
import { checkExpr, report, typeOf } from '../../check/exprs.ts';
import type { Piece } from '../../runtime/state.ts';
import { envOf } from '../../runtime/env.ts';
import { movePieces, pickPieces, zoneOf, type Put, type Take } from '../../runtime/ops.ts';
import { holdingGuard } from '../holding.ts';
import { parseZoneRef } from '../targets.ts';
import { elementType } from '../types.ts';
import { NOTHING, type EffectKind } from './kind.ts';

export const moveKind: EffectKind<'move'> = {
  compile: ({ move }, { cx, path: at, locals }) => {
    const { checker, spec } = cx;
    const path = [...at, 'move'];
    const from = parseZoneRef(checker, spec, move.from, [...path, 'from'], locals);
    const to = parseZoneRef(checker, spec, move.to, [...path, 'to'], locals);
    const pieces = move.pieces === undefined ? undefined : checkExpr(checker, move.pieces, [...path, 'pieces'], locals);
    if (pieces && !elementType(pieces.type)) report(checker, 'type-mismatch', [...path, 'pieces'], `'pieces' must be a list of pieces`);
    const count = move.count === undefined ? undefined : checkExpr(checker, move.count, [...path, 'count'], locals, typeOf('number'));
    const take: Take = move.take ?? 'top';
    const put: Put = move.put ?? 'top';
    if (!from || !to) return NOTHING;
    const admit = holdingGuard(checker, spec, from.name, to.name, [...path, 'to'], pieces !== undefined);
    return (d, vals, rng, work) => {
      const env = envOf(d, vals);
      const source = from.resolve(env, work.meter);
      const inZone = zoneOf(d, source);
      let chosen: readonly Piece[];
      if (pieces) chosen = pieces.run(env, work.meter) as unknown as Piece[];
      else if (count) chosen = pickPieces(inZone, count.run(env, work.meter) as number, take, (n) => rng.below(n));
      else chosen = inZone;
      admit?.(chosen);
      movePieces(d, source, to.resolve(env, work.meter), chosen, put);
    };
  },
  flow: ({ move }, f, walk) => {
    const { from, to, pieces, count } = move;
    walk.readIndex(f, from);
    walk.readIndex(f, to);
    if (pieces !== undefined) walk.read(f, pieces);
    if (count !== undefined) walk.read(f, count);
    return walk.flowInto(f, from, walk.zoneOf(to));
  },
};
