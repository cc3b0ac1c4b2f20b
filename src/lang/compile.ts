import { checkExpression } from './checker.ts';
import type { CheckEnv } from './context.ts';
import { makeRunner, type Run } from './codegen.ts';
import { generateCode } from './engine.ts';
import { foldFixed } from './fixed.ts';
import type { ExprError } from './errors.ts';
import type { Library, Scope } from './library.ts';
import { parseExpressionOnce } from './parseOnce.ts';
import { formatType, isAssignable, type Type } from './types.ts';

export type CompileResult = { ok: true; type: Type; run: Run; usedNames: ReadonlySet<string> } | { ok: false; errors: ExprError[] };

/**
 * Parses, type-checks and compiles one expression. `usedNames` lists the scope names it reads,
 * including those read by the definitions it calls, and the host functions it calls (as
 * `hostCallName`); `run`'s env must give values for all the scope names.
 */
export function compileExpr(
  src: string,
  scope: Scope,
  library: Library,
  expected?: Type,
  /** What an error of a run becomes (its place in the spec): see makeRunner. */
  locate?: (error: unknown) => unknown,
): CompileResult {
  const parsed = parseExpressionOnce(src);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  const expr = parsed.expr;

  const env: CheckEnv = {
    scope,
    library,
    definitionUse: (definition) =>
      definition.broken || definition.result === undefined
        ? { ok: false, message: `'${definition.name}' cannot be used: its definition has errors` }
        : { ok: true, result: definition.result },
  };
  const outcome = checkExpression(expr, env, []);
  const errors = [...outcome.errors];
  const checked = outcome.checked;
  if (checked && expected && !isAssignable(checked.type, expected)) {
    errors.push({
      code: 'type-mismatch',
      message: `expected ${formatType(expected)}, found ${formatType(checked.type)}`,
      start: expr.start,
      end: expr.end,
    });
  }

  const usedNames = new Set(outcome.usedNames);
  for (const definition of outcome.calls) {
    for (const name of definition.usedNames) {
      usedNames.add(name);
      // Definitions read their globals from the same env: the name must mean the same here, and
      // not be one of the expression's own (a let, an argument), which would be read in its place.
      if (library.hidden?.has(name)) {
        errors.push({
          code: 'duplicate-name',
          message: `'${definition.name}' reads the game's '${name}', which a name of this expression's own hides: rename that one`,
          start: expr.start,
          end: expr.end,
        });
        continue;
      }
      const here = Object.hasOwn(scope, name) ? scope[name] : undefined;
      const there = library.scope[name] as Type;
      if (here !== undefined && !isAssignable(here, there)) {
        errors.push({
          code: 'type-mismatch',
          message: `'${definition.name}' reads '${name}' as ${formatType(there)}, but here '${name}' is ${formatType(here)}`,
          start: expr.start,
          end: expr.end,
        });
      }
    }
  }

  if (checked === undefined || errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.start - b.start) };
  const origin = { source: src, definition: undefined };
  const node = library.fixed ? foldFixed(checked.node, library.fixed, library.hidden) : checked.node;
  const { code, frameSize } = generateCode(node, origin, outcome.frameSize);
  return { ok: true, type: checked.type, run: makeRunner(code, frameSize, expr, origin, locate), usedNames };
}
