/** `deal: {from, to, count}`: `count` rounds of one piece to each player's zone `to`, from the active seat on. */
import { checkExpr, report, typeOf } from '../../check/exprs.ts';
import { envOf } from '../../runtime/env.ts';
import { movePieces, zoneOf } from '../../runtime/ops.ts';
import { holdingGuard } from '../holding.ts';
import { parseZoneRef } from '../targets.ts';
import { NOTHING, type EffectKind } from './kind.ts';

export const dealKind: EffectKind<'deal'> = {
  compile: ({ deal }, { cx, path: at, locals }) => {
    const { checker, spec } = cx;
    const path = [...at, 'deal'];
    const from = parseZoneRef(checker, spec, deal.from, [...path, 'from'], locals);
    const zone = spec.zones?.[deal.to];
    if (!zone || (zone.owner ?? 'game') !== 'player') {
      report(checker, 'invalid-rule', [...path, 'to'], `'deal' needs a zone each player has; '${deal.to}' is not one`);
    }
    const count = checkExpr(checker, deal.count, [...path, 'count'], locals, typeOf('number'));
    if (!from || !count || !zone) return NOTHING;
    const admit = holdingGuard(checker, spec, from.name, deal.to, [...path, 'to'], false);
    return (d, vals, _rng, work) => {
      const env = envOf(d, vals);
      const source = from.resolve(env, work.meter);
      const n = count.run(env, work.meter) as number;
      for (let round = 0; round < n; round++) {
        work.charge();
        for (let k = 0; k < d.numPlayers; k++) {
          const seat = (d.active + k) % d.numPlayers;
          const top = zoneOf(d, source).slice(0, 1);
          admit?.(top);
          movePieces(d, source, { name: deal.to, index: seat, owner: 'seat' }, top, 'bottom');
        }
      }
    };
  },
  flow: ({ deal }, f, walk) => {
    walk.readIndex(f, deal.from);
    walk.read(f, deal.count);
    return walk.flowInto(f, deal.from, deal.to);
  },
};
