import { fieldType, type Type } from './types.ts';

export type Value = number | boolean | string | readonly Value[] | { readonly [k: string]: Value };

export type RecordValue = { readonly [k: string]: Value };

export type Equality = (a: Value, b: Value) => boolean;

/** Equality of numbers, bools and strings, and of values whose type has no values (`[]` items). */
export const strictEquality: Equality = (a, b) => a === b;

/**
 * Structural equality at a static type. Records compare only the fields of that type: a value
 * may carry more fields than its type lists (structural subtyping) and those must not matter.
 */
export function equalityFor(type: Type): Equality {
  switch (type.kind) {
    case 'list': {
      const same = equalityFor(type.element);
      return (a, b) => {
        const xs = a as readonly Value[];
        const ys = b as readonly Value[];
        return xs.length === ys.length && xs.every((x, i) => same(x, ys[i] as Value));
      };
    }
    case 'record': {
      const fields = Object.keys(type.fields).map((name) => ({
        name,
        same: equalityFor(fieldType(type, name) as Type),
      }));
      return (a, b) => fields.every(({ name, same }) => same((a as RecordValue)[name] as Value, (b as RecordValue)[name] as Value));
    }
    default:
      return strictEquality;
  }
}

/** Structural equality of any two values, fields and all; for hosts comparing values they hold. */
export function deepEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x: Value, i) => deepEqual(x, b[i] as Value));
  }
  const ra = a as RecordValue;
  const rb = b as RecordValue;
  const names = Object.keys(ra);
  return (
    names.length === Object.keys(rb).length &&
    names.every((name) => Object.hasOwn(rb, name) && deepEqual(ra[name] as Value, rb[name] as Value))
  );
}

/** Ascending order of two numbers or two strings (strings by UTF-16 code units, as `<` does). */
export function compareOrdered(a: Value, b: Value): number {
  if ((typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string')) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  throw new TypeError(`cannot order ${formatValue(a)} and ${formatValue(b)}`);
}

/** Builds a record value; `Object.fromEntries` keeps a field named `__proto__` an ordinary field. */
export const makeRecord = (names: readonly string[], values: readonly Value[]): RecordValue =>
  Object.fromEntries(names.map((name, i) => [name, values[i] as Value]));

const quote = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\t/g, '\\t')}'`;

/** A value in the language's own literal syntax: `[1, 'a', {x: true}]`. */
export function formatValue(value: Value): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([name, field]) => `${name}: ${formatValue(field)}`)
    .join(', ')}}`;
}

/** What `str(x)` and `'text' + x` produce: strings stay as they are, anything else as a literal. */
export const toText = (value: Value): string => (typeof value === 'string' ? value : formatValue(value));
