/** `forEach: {var, in, do}`: the body once for each item of a list, the item named `var`. */
import type { Value } from '../../lang/index.ts';
import { checkExpr, report } from '../../check/exprs.ts';
import { envOf } from '../../runtime/env.ts';
import { release } from '../../runtime/ops.ts';
import { elementType } from '../types.ts';
import { NOTHING, mayHoldTables, type EffectKind } from './kind.ts';

export const forEachKind: EffectKind<'forEach'> = {
  compile: (effect, { cx, path, locals, effects }) => {
    const { var: name, in: source, do: body } = effect.forEach;
    const list = checkExpr(cx.checker, source, [...path, 'forEach', 'in'], locals);
    if (!list) return NOTHING;
    const element = elementType(list.type);
    if (!element) {
      report(cx.checker, 'type-mismatch', [...path, 'forEach', 'in'], `forEach needs a list to go through, found ${list.source}`);
      return NOTHING;
    }
    const run = effects(body, [...path, 'forEach', 'do'], { ...locals, [name]: element });
    const holds = mayHoldTables(element);
    return (d, vals, rng, work) => {
      const items = list.run(envOf(d, vals), work.meter) as readonly Value[];
      if (holds) release(d, items[0]); // a list's items are all of one type: records (tables, pieces) or not
      // One scope for every item, its name overwritten in turn: effects keep no scope they are given.
      const scope: Record<string, Value> = { ...vals };
      for (const item of items) {
        work.charge();
        scope[name] = item;
        run(d, scope, rng, work);
      }
    };
  },
  flow: (effect, f, walk) => {
    walk.read(f, effect.forEach.in);
    return walk.loop(effect.forEach.do, f);
  },
};
