/** `while: COND, do: [...], max?`: the effects again and again while the condition holds, at most `max` times. */
import { checkExpr, report, typeOf } from '../../check/exprs.ts';
import { envOf } from '../../runtime/env.ts';
import { EffectError } from '../../errors.ts';
import { LIMITS, formatLimit } from '../../limits.ts';
import { NOTHING, type EffectKind } from './kind.ts';

/** Runs of a `while` without `max`: a condition that never turns false stops with an error. */
export const WHILE_LIMIT = LIMITS.whileDefault;

const maxTooLarge = (limit: number): string =>
  `while: max is ${formatLimit(limit)}; at most ${formatLimit(LIMITS.whileMax)} runs are allowed`;

export const whileKind: EffectKind<'while'> = {
  compile: (effect, { cx, path, locals, effects }) => {
    const test = checkExpr(cx.checker, effect.while, [...path, 'while'], locals, typeOf('bool'));
    const max = effect.max === undefined ? undefined : checkExpr(cx.checker, effect.max, [...path, 'max'], locals, typeOf('number'));
    const body = effects(effect.do, [...path, 'do'], locals);
    // A number written as the max is known when the spec is opened; an expression only when it runs.
    if (typeof effect.max === 'number' && effect.max > LIMITS.whileMax)
      report(cx.checker, 'too-large', [...path, 'max'], maxTooLarge(effect.max));
    if (!test) return NOTHING;
    return (d, vals, rng, work) => {
      const limit = max ? (max.run(envOf(d, vals), work.meter) as number) : WHILE_LIMIT;
      if (limit > LIMITS.whileMax) throw new EffectError(maxTooLarge(limit), 'work-limit');
      for (let runs = 0; test.run(envOf(d, vals), work.meter) === true; runs++) {
        if (runs >= limit)
          throw new EffectError(`while: the condition still holds after ${limit} runs (raise 'max' or check the condition)`, 'work-limit');
        work.charge();
        body(d, vals, rng, work);
      }
    };
  },
  flow: (effect, f, walk) => {
    walk.read(f, effect.while);
    walk.read(f, effect.max);
    return walk.loop(effect.do, f);
  },
};
