/**
 * One expression evaluated against a game's definitions, outside any move: the CLI's `eval`.
 * Extra variables come as JSON; their types are read off the values. The expression sees the
 * state of a new game (default players, seed 0) as its globals.
 */
import {
  Meter,
  compileExpr,
  formatType,
  joinTypes,
  libraryUnder,
  listOf,
  recordOf,
  BOOL,
  NEVER,
  NUMBER,
  STRING,
  type Type,
  type Value,
} from '../lang/index.ts';
import { isReservedName } from '../spec/own.ts';
import type { CompiledGame } from '../compile/index.ts';
import { envOf } from '../runtime/env.ts';
import { newGame } from './play.ts';
import type { Json } from './types.ts';

/**
 * The type of a JSON value given from outside, or why it has none. Every item of a list must have
 * one type (`[1, "a"]` is refused, not read as a list of numbers); `where` names the value.
 */
export const typeOfJson = (value: Json, where: string): Type | string => {
  if (typeof value === 'number') return Number.isFinite(value) ? NUMBER : `${where} is not a finite number`;
  if (typeof value === 'boolean') return BOOL;
  if (typeof value === 'string') return STRING;
  if (value === null) return `${where} is null, which has no type`;
  if (Array.isArray(value)) {
    let element: Type = NEVER;
    for (const [i, item] of (value as readonly Json[]).entries()) {
      const t = typeOfJson(item, `item ${i + 1} of ${where}`);
      if (typeof t === 'string') return t;
      const joined = joinTypes(element, t);
      if (joined === undefined) return `item ${i + 1} of ${where} is ${formatType(t)}, but the items before it are ${formatType(element)}`;
      element = joined;
    }
    return listOf(element);
  }
  const fields: Record<string, Type> = {};
  for (const [k, v] of Object.entries(value)) {
    if (isReservedName(k)) return `field '${k}' of ${where} is a reserved name`;
    const t = typeOfJson(v, `field '${k}' of ${where}`);
    if (typeof t === 'string') return t;
    fields[k] = t;
  }
  return recordOf(fields);
};

export type Query = (vars: Readonly<Record<string, Json>>) => { ok: true; value: Value } | { ok: false; error: string };

/** Compiles `source` once per distinct shape of the variables; errors carry the column. */
export const makeQuery = (game: CompiledGame, source: string): Query => {
  const start = newGame(game, { seed: 0 });
  const cache = new Map<string, ReturnType<typeof compileExpr>>();
  return (vars) => {
    if (!start.ok) return { ok: false, error: start.error };
    const locals: Record<string, Type> = {};
    for (const [name, v] of Object.entries(vars)) {
      if (isReservedName(name)) return { ok: false, error: `variable '${name}': a reserved name, choose another` };
      const t = typeOfJson(v, `variable '${name}'`);
      if (typeof t === 'string') return { ok: false, error: t };
      locals[name] = t;
    }
    const key = JSON.stringify(locals);
    let compiled = cache.get(key);
    if (!compiled) {
      compiled = compileExpr(source, { ...game.globals, ...locals }, libraryUnder(game.library, locals));
      cache.set(key, compiled);
    }
    if (!compiled.ok) return { ok: false, error: compiled.errors.map((e) => `expression:1:${e.start + 1}: ${e.message}`).join('\n') };
    try {
      return { ok: true, value: compiled.run(envOf(start.state.context, vars as Record<string, Value>), new Meter()) };
    } catch (error) {
      return { ok: false, error: `runtime error: ${(error as Error).message}` };
    }
  };
};
