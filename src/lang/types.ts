/**
 * Static types of the expression language. Records are structural: a record with more fields
 * may be used where fewer are required. `never` is the type of `[]`'s items (bottom: it fits
 * everywhere). Type variables only occur in the signatures of builtins (and host functions
 * that choose to use them); they are bound afresh at every call.
 */
export type Type = PrimitiveType | ListType | RecordType | FunctionType | TypeVar | NeverType;

export interface PrimitiveType {
  readonly kind: 'number' | 'bool' | 'string';
}

export interface ListType {
  readonly kind: 'list';
  readonly element: Type;
}

export interface RecordType {
  readonly kind: 'record';
  readonly fields: { readonly [name: string]: Type };
}

export interface FunctionType {
  readonly kind: 'function';
  readonly params: readonly Type[];
  readonly result: Type;
}

export interface TypeVar {
  readonly kind: 'var';
  readonly name: string;
}

export interface NeverType {
  readonly kind: 'never';
}

export const NUMBER: Type = { kind: 'number' };
export const BOOL: Type = { kind: 'bool' };
export const STRING: Type = { kind: 'string' };
export const NEVER: Type = { kind: 'never' };

export const listOf = (element: Type): ListType => ({ kind: 'list', element });

export const recordOf = (fields: Readonly<Record<string, Type>>): RecordType => ({
  kind: 'record',
  fields: Object.fromEntries(Object.entries(fields)),
});

/** Own fields only: a field called `constructor` must not find Object.prototype's. */
export const fieldType = (record: RecordType, name: string): Type | undefined =>
  Object.hasOwn(record.fields, name) ? record.fields[name] : undefined;

export function formatType(t: Type): string {
  switch (t.kind) {
    case 'number':
    case 'bool':
    case 'string':
      return t.kind;
    case 'never':
      return 'nothing';
    case 'var':
      return t.name;
    case 'list':
      return `list<${formatType(t.element)}>`;
    case 'record':
      return `{${Object.entries(t.fields)
        .map(([name, field]) => `${name}: ${formatType(field)}`)
        .join(', ')}}`;
    case 'function':
      return `(${t.params.map(formatType).join(', ')}) => ${formatType(t.result)}`;
  }
}

export function typeEquals(a: Type, b: Type): boolean {
  switch (a.kind) {
    case 'list':
      return b.kind === 'list' && typeEquals(a.element, b.element);
    case 'record': {
      if (b.kind !== 'record') return false;
      const names = Object.keys(a.fields);
      if (names.length !== Object.keys(b.fields).length) return false;
      return names.every((name) => {
        const other = fieldType(b, name);
        return other !== undefined && typeEquals(a.fields[name] as Type, other);
      });
    }
    case 'function':
      return (
        b.kind === 'function' &&
        a.params.length === b.params.length &&
        a.params.every((p, i) => typeEquals(p, b.params[i] as Type)) &&
        typeEquals(a.result, b.result)
      );
    case 'var':
      return b.kind === 'var' && a.name === b.name;
    default:
      return a.kind === b.kind;
  }
}

/** May a value of type `from` be used where `to` is expected? */
export function isAssignable(from: Type, to: Type): boolean {
  if (from.kind === 'never') return true;
  switch (to.kind) {
    case 'list':
      return from.kind === 'list' && isAssignable(from.element, to.element);
    case 'record':
      return (
        from.kind === 'record' &&
        Object.entries(to.fields).every(([name, want]) => {
          const have = fieldType(from, name);
          return have !== undefined && isAssignable(have, want);
        })
      );
    case 'function':
      return (
        from.kind === 'function' &&
        from.params.length === to.params.length &&
        to.params.every((p, i) => isAssignable(p, from.params[i] as Type)) &&
        isAssignable(from.result, to.result)
      );
    default:
      return typeEquals(from, to);
  }
}

/**
 * The most specific type both `a` and `b` can be used as (their least upper bound): list items,
 * `if` branches and repeated type variables meet here. Records keep their common fields.
 * Undefined when there is none, e.g. number and string.
 */
export function joinTypes(a: Type, b: Type): Type | undefined {
  if (a.kind === 'never') return b;
  if (b.kind === 'never') return a;
  if (a.kind === 'list') {
    if (b.kind !== 'list') return undefined;
    const element = joinTypes(a.element, b.element);
    return element && listOf(element);
  }
  if (a.kind === 'record') {
    if (b.kind !== 'record') return undefined;
    const fields: [string, Type][] = [];
    for (const [name, mine] of Object.entries(a.fields)) {
      const theirs = fieldType(b, name);
      if (theirs === undefined) continue;
      const joined = joinTypes(mine, theirs);
      if (joined === undefined) return undefined;
      fields.push([name, joined]);
    }
    return recordOf(Object.fromEntries(fields));
  }
  return typeEquals(a, b) ? a : undefined;
}
