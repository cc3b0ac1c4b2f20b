/** `call: NAME, with: {PARAM: EXPR, …}`: runs a procedure with its parameters bound. */
import type { Value } from '../../lang/index.ts';
import { checkExpr, report, type CompiledExpr } from '../../check/exprs.ts';
import { envOf } from '../../runtime/env.ts';
import { release } from '../../runtime/ops.ts';
import { NOTHING, mayHoldTables, type EffectKind } from './kind.ts';

export const callKind: EffectKind<'call'> = {
  compile: (effect, { cx, path, locals }) => {
    const name = effect.call;
    cx.called.add(name);
    const procedure = cx.procedure(name);
    if (procedure === 'cycle') {
      report(
        cx.checker,
        'invalid-rule',
        [...path, 'call'],
        `procedure '${name}' calls itself (directly or through others): effects cannot recurse; use while or forEach`,
      );
      return NOTHING;
    }
    if (!procedure) {
      const known = Object.keys(cx.spec.procedures ?? {});
      report(cx.checker, 'unknown-name', [...path, 'call'], `there is no procedure '${name}' (procedures: ${known.join(', ') || 'none'})`);
      return NOTHING;
    }
    const given = effect.with ?? {};
    for (const arg of Object.keys(given)) {
      if (!procedure.params.some((p) => p.name === arg))
        report(cx.checker, 'unknown-name', [...path, 'with', arg], `procedure '${name}' has no parameter '${arg}'`);
    }
    const args: { name: string; value: CompiledExpr; holds: boolean }[] = [];
    for (const param of procedure.params) {
      const source = given[param.name];
      if (source === undefined) {
        report(cx.checker, 'wrong-arguments', [...path, 'with'], `procedure '${name}' needs '${param.name}' (with: { ${param.name}: … })`);
        continue;
      }
      const value = checkExpr(cx.checker, source, [...path, 'with', param.name], locals, param.type);
      if (value) args.push({ name: param.name, value, holds: mayHoldTables(param.type) });
    }
    return (d, vals, rng, work) => {
      const env = envOf(d, vals);
      const bound: Record<string, Value> = {};
      for (const arg of args) {
        bound[arg.name] = arg.value.run(env, work.meter);
        if (arg.holds) release(d, bound[arg.name]);
      }
      procedure.run(d, bound, rng, work);
    };
  },
  flow: (effect, f, walk) => {
    walk.read(f, effect.with);
    return walk.call(effect.call, f);
  },
};
