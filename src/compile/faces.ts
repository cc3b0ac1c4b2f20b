/**
 * Die faces written as an expression over the params (`faces: "repeat('+', params.plus) + …"`),
 * so that a house rule can change what a die shows. They are computed once per compile, with the
 * param values in force, before any other stage reads the spec: every later stage, the engine and
 * the studio see a plain list of faces.
 */
import { Meter, compileExpr, createLibrary, formatType, type Env, type Scope } from '../lang/index.ts';
import { typeOf } from '../check/exprs.ts';
import type { Problem } from '../spec/diagnostics.ts';
import type { DieSpec, GameSpec } from '../spec/types.ts';
import type { Json } from '../runtime/state.ts';

const paramsScope = (spec: GameSpec): Scope => {
  const fields = Object.entries(spec.params ?? {}).map(([name, p]) => `${name}: ${p.type === 'choice' ? 'string' : p.type}`);
  return fields.length === 0 ? {} : { params: typeOf(`{${fields.join(', ')}}`) };
};

/** The spec with every die's faces as a list; `params` are the values in force. */
export const resolveFaces = (spec: GameSpec, params: Readonly<Record<string, Json>>): { spec: GameSpec; problems: Problem[] } => {
  const dice = spec.components?.dice ?? {};
  const computed = Object.entries(dice).filter(
    (entry): entry is [string, DieSpec & { faces: string }] => typeof entry[1].faces === 'string',
  );
  if (computed.length === 0) return { spec, problems: [] };
  const scope = paramsScope(spec);
  const { library } = createLibrary([], [], scope);
  const problems: Problem[] = [];
  const resolved: Record<string, DieSpec> = { ...dice };
  for (const [kind, die] of computed) {
    const path = ['components', 'dice', kind, 'faces'];
    const result = compileExpr(die.faces, scope, library);
    if (!result.ok) {
      for (const e of result.errors) problems.push({ code: e.code, path, message: e.message, offset: e.start });
      continue;
    }
    const type = formatType(result.type);
    if (type !== 'list<number>' && type !== 'list<string>') {
      problems.push({ code: 'type-mismatch', path, message: `faces must be a list of numbers or of words; this expression gives ${type}` });
      continue;
    }
    try {
      const faces = result.run({ params } as unknown as Env, new Meter()) as (number | string)[];
      if (faces.length === 0) problems.push({ code: 'invalid-rule', path, message: `die '${kind}' has no faces with these params` });
      else resolved[kind] = { ...die, faces };
    } catch (error) {
      problems.push({ code: 'runtime-error', path, message: (error as Error).message });
    }
  }
  return { spec: { ...spec, components: { ...spec.components, dice: resolved } }, problems };
};
