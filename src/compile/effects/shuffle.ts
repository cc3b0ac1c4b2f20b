/** `shuffle: ZONE`: a zone's pieces put in a random order. */
import { envOf } from '../../runtime/env.ts';
import { withZone, zoneOf } from '../../runtime/ops.ts';
import { parseZoneRef } from '../targets.ts';
import { NOTHING, type EffectKind } from './kind.ts';

export const shuffleKind: EffectKind<'shuffle'> = {
  compile: (effect, { cx, path, locals }) => {
    const zone = parseZoneRef(cx.checker, cx.spec, effect.shuffle, [...path, 'shuffle'], locals);
    if (!zone) return NOTHING;
    return (d, vals, rng, work) => {
      const ref = zone.resolve(envOf(d, vals), work.meter);
      withZone(d, ref, rng.shuffle(zoneOf(d, ref)));
    };
  },
  // The order is not among the parts the analysis follows: only the zone's index is read.
  flow: (effect, f, walk) => {
    walk.readIndex(f, effect.shuffle);
    return f;
  },
};
