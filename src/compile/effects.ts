/**
 * Compiles a list of effects into one function that changes a move's draft context. The closed
 * set of primitives (a file each in effects/, gathered by key in effects/kinds.ts) composes;
 * `let` and `forEach` bring names into scope for what follows. Every effect run is charged to
 * the move's work (runtime/work.ts) and its errors are located at the effect.
 */
import type { Meter } from '../lang/index.ts';
import { locateError, report, type Locals } from '../check/exprs.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { Effect, EffectKey, EffectOf } from '../spec/types.ts';
import type { GameContext } from '../runtime/state.ts';
import type { LocalValues } from '../runtime/env.ts';
import type { EffectRun } from '../runtime/table.ts';
import { EFFECT_KINDS, effectKey } from './effects/kinds.ts';
import { NOTHING, type Binding, type EffectCompiler, type EffectSite } from './effects/kind.ts';

export type { EffectCompiler, EffectProbe } from './effects/kind.ts';

/**
 * An automatic transition's effects, charged as one more round of the move's work first: its
 * guard (and every guard tried before it) is judged with no effect to count the steps, so a flow
 * going round automatic transitions whose guards cost 300,000 steps each ran for 26 s before the
 * flow's own limit; now their steps count toward the move's, at the transition.
 */
export const chargedTransition =
  (effects: EffectRun, path: DocPath): EffectRun =>
  (d, vals, rng, work) => {
    try {
      work.charge();
    } catch (error) {
      throw locateError(error, path);
    }
    effects(d, vals, rng, work);
  };

/** One step of an effect list: an effect, or a `let` that names values for the steps after it. */
type Step = { readonly effect: EffectRun } | Pick<Binding, 'bind'>;

const sequence = (steps: readonly Step[]): EffectRun => {
  if (steps.length === 0) return NOTHING;
  const [only] = steps;
  if (steps.length === 1 && only && 'effect' in only) return only.effect;
  return (d, locals, rng, work) => {
    let vals = locals;
    for (const step of steps) {
      if ('effect' in step) step.effect(d, vals, rng, work);
      else vals = step.bind(d, vals, work.meter);
    }
  };
};

/** One effect by its kind: what it does when it runs, or the names it binds. */
const compileKind = <K extends EffectKey>(key: K, effect: EffectOf<K>, site: EffectSite): EffectRun | Binding => {
  const kind = EFFECT_KINDS[key];
  return 'bind' in kind ? kind.bind(effect, site) : kind.compile(effect, site);
};

/** Compiles `effects`; `let` grows the locals for the effects after it in the same list. */
export const compileEffects = (cx: EffectCompiler, effects: readonly Effect[] | undefined, path: DocPath, locals: Locals): EffectRun => {
  const steps: Step[] = [];
  let scope = locals;
  const nested = (list: readonly Effect[] | undefined, at: DocPath, names: Locals): EffectRun => compileEffects(cx, list, at, names);
  (effects ?? []).forEach((effect, i) => {
    const at = [...path, i];
    const seen = cx.probe?.(at);
    const key = effectKey(effect);
    if (key === undefined) report(cx.checker, 'unknown-name', at, `unknown effect '${Object.keys(effect as object).join(', ')}'`);
    const compiled = key === undefined ? NOTHING : compileKind(key, effect, { cx, path: at, locals: scope, effects: nested });
    if (typeof compiled !== 'function') {
      const { bind } = compiled;
      scope = compiled.scope;
      steps.push({
        bind: seen
          ? (ctx: GameContext, vals: LocalValues, meter: Meter) => {
              seen();
              return bind(ctx, vals, meter);
            }
          : bind,
      });
      return;
    }
    const located: EffectRun = (d, vals, rng, work) => {
      try {
        work.charge();
        compiled(d, vals, rng, work);
      } catch (error) {
        throw locateError(error, at);
      }
    };
    steps.push({
      effect: seen
        ? (d, vals, rng, work) => {
            seen();
            located(d, vals, rng, work);
          }
        : located,
    });
  });
  return sequence(steps);
};
