/** `let: {NAME: EXPR, …}`: values named for the effects after it in the same list, not stored in the game. */
import type { Meter, Value } from '../../lang/index.ts';
import { checkExpr, type CompiledExpr } from '../../check/exprs.ts';
import { envOf, type LocalValues } from '../../runtime/env.ts';
import { release } from '../../runtime/ops.ts';
import type { GameContext } from '../../runtime/state.ts';
import { mayHoldTables, type EffectKind } from './kind.ts';

export const letKind: EffectKind<'let'> = {
  bind: (effect, { cx, path, locals }) => {
    let scope = locals;
    const steps: { name: string; expr: CompiledExpr; holds: boolean }[] = [];
    for (const [name, source] of Object.entries(effect.let)) {
      const expr = checkExpr(cx.checker, source, [...path, 'let', name], scope);
      if (!expr) continue;
      steps.push({ name, expr, holds: mayHoldTables(expr.type) });
      scope = { ...scope, [name]: expr.type };
    }
    const bind = (ctx: GameContext, values: LocalValues, meter: Meter): LocalValues => {
      let vals = values;
      for (const step of steps) {
        const value = step.expr.run(envOf(ctx, vals), meter);
        if (step.holds) release(ctx, value);
        // A copy, then the name set: a spread with a computed key showed in profiles.
        const next: Record<string, Value> = { ...vals };
        next[step.name] = value;
        vals = next;
      }
      return vals;
    };
    return { bind, scope };
  },
  flow: (effect, f, walk) => {
    for (const value of Object.values(effect.let)) walk.read(f, value);
    return f;
  },
};
