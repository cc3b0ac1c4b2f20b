import { expect } from 'vitest';
import {
  Meter,
  BOOL,
  NUMBER,
  STRING,
  compileExpr,
  createLibrary,
  listOf,
  recordOf,
  type Env,
  type ExprError,
  type ExprErrorCode,
  type Library,
  type Scope,
  type Type,
  type Value,
} from '../../src/lang/index.ts';

export const ITEM = recordOf({ value: NUMBER, tag: STRING });

/** Names most tests can use, with generic meanings. */
export const SCOPE: Scope = {
  score: NUMBER,
  limit: NUMBER,
  flag: BOOL,
  label: STRING,
  xs: listOf(NUMBER),
  ys: listOf(NUMBER),
  words: listOf(STRING),
  item: ITEM,
  items: listOf(ITEM),
};

export const ENV: Env = {
  score: 10,
  limit: 3,
  flag: true,
  label: 'north',
  xs: [3, 1, 4, 1, 5],
  ys: [1, 5],
  words: ['b', 'a', 'c'],
  item: { value: 2, tag: 'x' },
  items: [
    { value: 2, tag: 'x' },
    { value: 7, tag: 'y' },
    { value: 2, tag: 'z' },
  ],
};

export const LIBRARY: Library = createLibrary([], [], SCOPE).library;

/** Compiles and runs `src`, failing the test on compile errors. */
export function evaluate(src: string, library: Library = LIBRARY, scope: Scope = SCOPE, env: Env = ENV): Value {
  const compiled = compileExpr(src, scope, library);
  if (!compiled.ok) throw new Error(`'${src}' did not compile: ${compiled.errors.map((e) => e.message).join('; ')}`);
  return compiled.run(env, new Meter());
}

export function typeOf(src: string, library: Library = LIBRARY, scope: Scope = SCOPE): Type {
  const compiled = compileExpr(src, scope, library);
  if (!compiled.ok) throw new Error(`'${src}' did not compile: ${compiled.errors.map((e) => e.message).join('; ')}`);
  return compiled.type;
}

/** The compile errors of `src`, which must not compile. */
export function errorsOf(src: string, library: Library = LIBRARY, scope: Scope = SCOPE, expected?: Type): ExprError[] {
  const compiled = compileExpr(src, scope, library, expected);
  if (compiled.ok) throw new Error(`'${src}' compiled, but errors were expected`);
  return compiled.errors;
}

/** The error span covering the `nth` occurrence of `fragment` in `src`. */
export function spanOf(src: string, fragment: string, nth = 0): { start: number; end: number } {
  let start = -1;
  for (let i = 0; i <= nth; i++) start = src.indexOf(fragment, start + 1);
  if (start < 0) throw new Error(`'${fragment}' not in '${src}'`);
  return { start, end: start + fragment.length };
}

/** The fix an error's "did you mean" gives: the name it suggests, as the error's `replacement`. */
export const meant = (message: string): { replacement: string } | Record<string, never> => {
  const name = /did you mean '([^']+)'\?$/.exec(message)?.[1];
  return name === undefined ? {} : { replacement: name };
};

/**
 * Expects exactly one compile error, with this code and message, spanning `fragment` of `src`;
 * one that suggests a name carries it as its fix.
 */
export function expectError(src: string, code: ExprErrorCode, message: string, fragment: string = src, nth = 0): void {
  expect(errorsOf(src)).toEqual([{ code, message, ...spanOf(src, fragment, nth), ...meant(message) }]);
}
