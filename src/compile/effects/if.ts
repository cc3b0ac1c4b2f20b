/** `if: COND, then: [...], else: [...]`: one list of effects or the other. */
import { checkExpr, typeOf } from '../../check/exprs.ts';
import { envOf } from '../../runtime/env.ts';
import { NOTHING, type EffectKind } from './kind.ts';

export const ifKind: EffectKind<'if'> = {
  compile: (effect, { cx, path, locals, effects }) => {
    const test = checkExpr(cx.checker, effect.if, [...path, 'if'], locals, typeOf('bool'));
    const then = effects(effect.then, [...path, 'then'], locals);
    const otherwise = effects(effect.else, [...path, 'else'], locals);
    if (!test) return NOTHING;
    return (d, vals, rng, work) => (test.run(envOf(d, vals), work.meter) ? then(d, vals, rng, work) : otherwise(d, vals, rng, work));
  },
  flow: (effect, f, walk) => {
    walk.read(f, effect.if);
    return walk.either(walk.effects(effect.then, f), walk.effects(effect.else, f));
  },
};
