import { KEYWORDS } from '../lang/lexer.ts';

/**
 * A table's own entry for a key that comes from outside (a command line, a move log, a link):
 * `moves['constructor']` must be "no such move", never Object.prototype's constructor.
 */
export const own = <T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;

/** Whether a record has any key, without listing them. */
export const hasKeys = (record: object): boolean => {
  for (const _ in record) return true;
  return false;
};

/**
 * Whether a value from outside (JSON, YAML, storage) is a mapping: an object, neither null nor a
 * list. `V` is the values' type when the caller already knows it (an expression's `Value`).
 */
export const isRecord = <V = unknown>(v: unknown): v is Record<string, V> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The words of the rules language: a name that is one could never be written in an expression, so the schema reserves them too. */
export const LANGUAGE_WORDS: readonly string[] = [...KEYWORDS];

/** Names every JavaScript object already has; the schema reserves them for every name a spec gives. */
export const RESERVED_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

export const isReservedName = (name: string): boolean => RESERVED_NAMES.includes(name);
