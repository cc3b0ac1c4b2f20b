import { NEVER, fieldType, joinTypes, listOf, recordOf, type Type } from './types.ts';

/** Bindings of a signature's type variables at one call. */
export type Bindings = Map<string, Type>;

/**
 * Can an argument of type `arg` be passed where the signature says `param`? Binds `param`'s type
 * variables as a side effect; a variable met twice is widened to the join of both types, so
 * `concat(a, b)` works when `b`'s records have fewer fields than `a`'s.
 */
export function unify(param: Type, arg: Type, bindings: Bindings): boolean {
  if (arg.kind === 'never') return true;
  switch (param.kind) {
    case 'var': {
      const bound = bindings.get(param.name);
      const joined = bound === undefined ? arg : joinTypes(bound, arg);
      if (joined === undefined) return false;
      bindings.set(param.name, joined);
      return true;
    }
    case 'list':
      return arg.kind === 'list' && unify(param.element, arg.element, bindings);
    case 'record':
      return (
        arg.kind === 'record' &&
        Object.entries(param.fields).every(([name, want]) => {
          const have = fieldType(arg, name);
          return have !== undefined && unify(want, have, bindings);
        })
      );
    case 'function':
    case 'never':
      return false;
    default:
      return arg.kind === param.kind;
  }
}

/** `t` with its variables replaced by their bindings; an unbound variable had only `never`s. */
export function resolve(t: Type, bindings: Bindings): Type {
  switch (t.kind) {
    case 'var':
      return bindings.get(t.name) ?? NEVER;
    case 'list':
      return listOf(resolve(t.element, bindings));
    case 'record':
      return recordOf(Object.fromEntries(Object.entries(t.fields).map(([name, field]) => [name, resolve(field, bindings)])));
    case 'function':
      return { kind: 'function', params: t.params.map((p) => resolve(p, bindings)), result: resolve(t.result, bindings) };
    default:
      return t;
  }
}
