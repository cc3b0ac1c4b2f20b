import type { Expr } from './ast.ts';
import type { ExprError, ExprErrorCode, Span } from './errors.ts';
import type { Node } from './ir.ts';
import type { DefinitionEntry, Library, Scope } from './library.ts';
import type { Type } from './types.ts';
import type { Value } from './values.ts';
import { suggest, suggestion } from './suggest.ts';

/** How a call to a definition may be typed, or why it may not be (undefined: already reported). */
export type DefinitionUse = { ok: true; result: Type } | { ok: false; message: string | undefined };

/** What the checker may refer to besides the expression's own locals. */
export interface CheckEnv {
  readonly scope: Scope;
  readonly library: Library;
  readonly definitionUse: (definition: DefinitionEntry) => DefinitionUse;
}

/** A checked sub-expression: its code and its type. Checking yields undefined once it reported an error. */
export interface Checked {
  readonly node: Node;
  readonly type: Type;
}

/** State shared by everything checked for one expression or definition body. */
export interface Unit {
  readonly env: CheckEnv;
  nextSlot: number;
  readonly usedNames: Set<string>;
  readonly calls: Set<DefinitionEntry>;
}

/** A local name; `type` is undefined when its value had errors, so uses stay quiet. */
export interface Local {
  readonly name: string;
  readonly slot: number;
  readonly type: Type | undefined;
  readonly parent: Local | undefined;
}

export interface Ctx {
  readonly unit: Unit;
  readonly locals: Local | undefined;
  readonly errors: ExprError[];
}

export type Check = (expr: Expr, ctx: Ctx) => Checked | undefined;

export const LAMBDA_MISPLACED = "a function like 'x => ...' can only be an argument of a builtin such as filter, map or count";

export const report = (ctx: Ctx, span: Span, code: ExprErrorCode, message: string): undefined => {
  ctx.errors.push({ code, message, start: span.start, end: span.end });
  return undefined;
};

/**
 * `name` at `span` names nothing among `candidates`: `unknown-name` with `what` as its words, the
 * one close candidate suggested, and given as the fix of the span.
 */
export const reportUnknown = (ctx: Ctx, span: Span, what: string, name: string, candidates: Iterable<string>): undefined => {
  const meant = suggest(name, candidates);
  ctx.errors.push({
    code: 'unknown-name',
    message: `${what}${meant === undefined ? '' : suggestion(meant)}`,
    start: span.start,
    end: span.end,
    ...(meant === undefined ? {} : { replacement: meant }),
  });
  return undefined;
};

/** Just the offsets of a node, to spread into the IR node built from it. */
export const at = (span: Span): Span => ({ start: span.start, end: span.end });

export const constValue = (node: Node): Value | undefined => (node.kind === 'const' ? node.value : undefined);

export const allChecked = <T>(items: readonly T[]): items is Exclude<T, undefined>[] => items.every((i) => i !== undefined);

export function findLocal(locals: Local | undefined, name: string): Local | undefined {
  for (let local = locals; local; local = local.parent) if (local.name === name) return local;
  return undefined;
}

export function localNames(locals: Local | undefined): string[] {
  const names: string[] = [];
  for (let local = locals; local; local = local.parent) names.push(local.name);
  return names;
}
