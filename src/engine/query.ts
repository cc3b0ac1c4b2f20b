/**
 * One expression evaluated against a game's definitions, outside any move: the CLI's `eval`.
 * Extra variables come as JSON; their types are read off the values. The expression sees the
 * state of a new game (default players, seed 0) as its globals.
 */
import { compileExpr, listOf, recordOf, BOOL, NEVER, NUMBER, STRING, type Type, type Value } from '../lang/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import { envOf } from '../compile/env.ts';
import { newGame } from './play.ts';
import type { Json } from './types.ts';

export const typeOfJson = (value: Json): Type | undefined => {
  if (typeof value === 'number') return NUMBER;
  if (typeof value === 'boolean') return BOOL;
  if (typeof value === 'string') return STRING;
  if (Array.isArray(value)) {
    const [first] = value as readonly Json[];
    if (first === undefined) return listOf(NEVER);
    const element = typeOfJson(first);
    return element ? listOf(element) : undefined;
  }
  if (value === null) return undefined;
  const fields: Record<string, Type> = {};
  for (const [k, v] of Object.entries(value)) {
    const t = typeOfJson(v);
    if (!t) return undefined;
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
      const t = typeOfJson(v);
      if (!t) return { ok: false, error: `variable '${name}' has a value with no type (null)` };
      locals[name] = t;
    }
    const key = JSON.stringify(locals);
    let compiled = cache.get(key);
    if (!compiled) {
      compiled = compileExpr(source, { ...game.globals, ...locals }, game.library);
      cache.set(key, compiled);
    }
    if (!compiled.ok) return { ok: false, error: compiled.errors.map((e) => `expression:1:${e.start + 1}: ${e.message}`).join('\n') };
    try {
      return { ok: true, value: compiled.run(envOf(start.state.context, vars as Record<string, Value>)) };
    } catch (error) {
      return { ok: false, error: `runtime error: ${(error as Error).message}` };
    }
  };
};
