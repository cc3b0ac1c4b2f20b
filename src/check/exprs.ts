/**
 * Type-checks and compiles every expression of a spec, once, with the names its place in the
 * spec makes visible. Errors become diagnostics at the exact character of the spec file.
 */
import { EffectError, ExprRuntimeError, SpecLimitError, SpecRuntimeError, type RunErrorCode } from '../errors.ts';
import { compileExpr, libraryUnder, parseType, type ExprError, type Library, type Run, type Scope, type Type } from '../lang/index.ts';
import type { DiagnosticCode } from '../spec/codes.ts';
import type { Diagnostic, DocPath, Problem } from '../spec/diagnostics.ts';
import type { ExprSource } from '../spec/types.ts';
import { hasKeys } from '../spec/own.ts';
import { diagnosticFrom, type Locator } from './locator.ts';
import { LruCache } from '../lang/cache.ts';

export interface CompiledExpr {
  /** Runs it, its work charged to the meter of the caller's budget (see lang/meter.ts). */
  readonly run: Run;
  /** The names it reads, through the definitions it calls too, and the host functions it calls (`hostCallName`). */
  readonly usedNames: ReadonlySet<string>;
  readonly type: Type;
  readonly source: string;
  readonly path: DocPath;
}

export type Locals = Readonly<Record<string, Type>>;

export interface ExprChecker {
  readonly globals: Scope;
  readonly library: Library;
  readonly diagnostics: Diagnostic[];
  readonly locator: Locator;
  /** When given, the local names each checked expression sees, by its path: the editor completes from these. */
  readonly scopes?: Map<string, Locals>;
}

/** The key of an expression's place in `ExprChecker.scopes`. */
export const scopeKey = (path: DocPath): string => JSON.stringify(path);

/** Types by their text: a spec writes the same few types many times, and every compile reads them all. Types are read-only. */
const types = new LruCache<string, Type>(1024);

/** A type written in the spec's own notation; the notation is fixed, so a bad one is our bug. */
export const typeOf = (text: string): Type =>
  types.getOrSet(text, () => {
    const parsed = parseType(text);
    if (!parsed.ok) throw new Error(`internal type '${text}': ${parsed.error}`);
    return parsed.type;
  });

/** YAML gives plain numbers and booleans where an expression may stand; they are expressions too. */
export const sourceText = (source: ExprSource | number | boolean): string => (typeof source === 'string' ? source : String(source));

/** An expression's error as a problem at its character of the text at `path`, with the name it suggests as its fix. */
export const exprProblem = ({ code, message, start, end, replacement }: ExprError, path: DocPath, text: string): Problem => ({
  code,
  path,
  message,
  offset: start,
  ...(replacement === undefined
    ? {}
    : {
        fixes: [
          {
            title: `Change '${text.slice(start, end)}' to '${replacement}'`,
            edits: [{ kind: 'inScalar', path, from: start, to: end, text: replacement }],
          },
        ],
      }),
});

export const checkExpr = (
  checker: ExprChecker,
  source: ExprSource | number | boolean,
  path: DocPath,
  locals: Locals = {},
  expected?: Type,
): CompiledExpr | undefined => {
  const text = sourceText(source);
  checker.scopes?.set(scopeKey(path), locals);
  // Most expressions see no locals: they read the globals as they are, without a copy per expression.
  const own = hasKeys(locals);
  const scope: Scope = own ? { ...checker.globals, ...locals } : checker.globals;
  const library = own ? libraryUnder(checker.library, locals) : checker.library;
  const result = compileExpr(text, scope, library, expected, (error) => locateError(error, path, text));
  if (!result.ok) {
    // A number or boolean scalar has no quotes to skip: offsets map straight onto it.
    for (const error of result.errors) checker.diagnostics.push(diagnosticFrom(checker.locator, exprProblem(error, path, text)));
    return undefined;
  }
  return { run: result.run, type: result.type, source: text, path, usedNames: result.usedNames };
};

/** The located error of a code: a limit stays a limit, so a caller that lets other errors pass (a bot's playout) stops on it. */
const locatedAs = (code: RunErrorCode): typeof SpecRuntimeError => (code === 'work-limit' ? SpecLimitError : SpecRuntimeError);

/** Attaches the spec place to an error; an error from inside a definition keeps its own text. */
export const locateError = (error: unknown, path: DocPath, text?: string): unknown => {
  if (error instanceof SpecRuntimeError) return error;
  if (error instanceof ExprRuntimeError) {
    const Located = locatedAs(error.code);
    return error.source === text
      ? new Located(error.message, path, error.start)
      : new Located(`${error.message} (in \`${error.source}\`)`, path);
  }
  if (error instanceof EffectError) return new (locatedAs(error.code))(error.message, path);
  return error;
};

export const report = (
  checker: ExprChecker,
  code: DiagnosticCode,
  path: DocPath,
  message: string,
  severity: 'error' | 'warning' = 'error',
): void => {
  checker.diagnostics.push(diagnosticFrom(checker.locator, { code, path, message, severity }));
};
