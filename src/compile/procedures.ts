/**
 * Procedures: named effect lists with typed parameters, called with the `call` effect, so a spec
 * writes a piece of logic once ("draw n cards, reshuffling the discards when the deck runs out").
 * A procedure sees the globals and its parameters only. Each is compiled once, on first use; a
 * procedure that calls itself, directly or through others, is an error (effects do not recurse).
 */
import { NUMBER, parseTypeText, type Type } from '../lang/index.ts';
import { report } from '../check/exprs.ts';
import { acknowledgeHint, type CheckedWarning } from '../check/warnings.ts';
import type { GameSpec } from '../spec/types.ts';
import { compileEffects, type EffectCompiler } from './effects.ts';
import type { EffectRun } from '../runtime/table.ts';

export interface CompiledProcedure {
  readonly params: readonly { readonly name: string; readonly type: Type }[];
  readonly run: EffectRun;
}

export type ProcedureLookup = (name: string) => CompiledProcedure | 'cycle' | undefined;

/** A parameter's type as the spec writes it; a bad one is reported at it and read as a number, so the body is still checked. */
const paramType = (cx: EffectCompiler, procedure: string, param: string, text: string): Type => {
  const parsed = parseTypeText(text);
  if (parsed.ok) return parsed.type;
  const { code, message } = parsed.error;
  report(cx.checker, code, ['procedures', procedure, 'params', param], `procedure '${procedure}': the type of '${param}': ${message}`);
  return NUMBER;
};

/** A lookup bound to `cx` once it exists: the effects of a procedure are compiled with it. */
export const procedureTable = (spec: GameSpec, cx: () => EffectCompiler): ProcedureLookup => {
  const compiled = new Map<string, CompiledProcedure | 'compiling'>();
  return (name) => {
    const known = compiled.get(name);
    if (known === 'compiling') return 'cycle';
    if (known) return known;
    const procedure = spec.procedures?.[name];
    if (!procedure) return undefined;
    compiled.set(name, 'compiling');
    const params = Object.entries(procedure.params ?? {}).map(([param, text]) => ({
      name: param,
      type: paramType(cx(), name, param, text),
    }));
    const run = compileEffects(
      cx(),
      procedure.effects,
      ['procedures', name, 'effects'],
      Object.fromEntries(params.map((p) => [p.name, p.type])),
    );
    const done = { params, run };
    compiled.set(name, done);
    return done;
  };
};

/** Compiles every procedure, so that one nothing calls is still checked. */
export const compileProcedures = (cx: EffectCompiler): void => {
  for (const name of Object.keys(cx.spec.procedures ?? {})) cx.procedure(name);
};

/** After every effect of the spec is compiled: a procedure no `call` names is a warning. */
export const unusedProcedures = (cx: EffectCompiler): CheckedWarning[] =>
  Object.keys(cx.spec.procedures ?? {})
    .filter((name) => !cx.called.has(name))
    .map((name) => {
      const path = ['procedures', name];
      return {
        severity: 'warning',
        kind: 'unused',
        path,
        by: [path],
        message: `procedure '${name}' is never called (${acknowledgeHint('unused')})`,
      };
    });
