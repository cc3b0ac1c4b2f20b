import type { Expr } from './ast.ts';
import { BUILTINS } from './builtins.ts';
import { checkExpression } from './checker.ts';
import type { CheckEnv, DefinitionUse } from './context.ts';
import { generateCode } from './engine.ts';
import type { ExprError } from './errors.ts';
import type { Node } from './ir.ts';
import { isIdentifier } from './lexer.ts';
import type { DefinitionEntry, DefinitionSource, HostFunction, Library, Param, Scope, ScopeItem } from './library.ts';
import { parseExpressionOnce } from './parseOnce.ts';
import { parseTypeText } from './typeSyntax.ts';
import { formatType, isAssignable, type Type } from './types.ts';

/** A problem in one definition: in a parameter's type (`param` names it), the `returns` type or the body. */
export interface DefinitionError {
  name: string;
  where: 'params' | 'returns' | 'body';
  param?: string;
  error: ExprError;
}

type Entry = { -readonly [K in keyof DefinitionEntry]: DefinitionEntry[K] };

/** Checking state of one definition while the library is built. */
interface Progress {
  readonly index: number;
  readonly body: Expr | undefined;
  readonly annotated: boolean;
  phase: 'pending' | 'checking' | 'done';
  checked: Node | undefined;
}

/**
 * Type-checks and compiles user definitions against `scope`, with `host` functions callable.
 * Definitions may call each other in any order and recurse; one whose result type is left out
 * gets it inferred from its body, which recursion prevents. Host functions are program code,
 * not user input: an invalid or clashing host name throws.
 */
export function createLibrary(
  host: readonly HostFunction[],
  defs: readonly DefinitionSource[],
  scope: Scope,
  items: ReadonlyMap<string, ScopeItem> = new Map(),
): { library: Library; errors: DefinitionError[] } {
  const hostFunctions = new Map<string, HostFunction>();
  for (const fn of host) {
    if (!isIdentifier(fn.name)) throw new Error(`host function name '${fn.name}' is not an identifier`);
    if (BUILTINS.has(fn.name) || hostFunctions.has(fn.name)) {
      throw new Error(`host function '${fn.name}' clashes with a builtin or another host function`);
    }
    hostFunctions.set(fn.name, fn);
  }

  const errors: (DefinitionError & { index: number })[] = [];
  const definitions = new Map<string, Entry>();
  const progress = new Map<DefinitionEntry, Progress>();
  const library: Library = { scope, hostFunctions, definitions, items };

  for (const [index, def] of defs.entries()) {
    const fail = (where: DefinitionError['where'], error: ExprError, param?: string): void => {
      errors.push(param === undefined ? { index, name: def.name, where, error } : { index, name: def.name, where, param, error });
    };
    const nameProblem: Pick<ExprError, 'code' | 'message'> | undefined = !isIdentifier(def.name)
      ? {
          code: 'bad-value',
          message: `'${def.name}' cannot name a definition: use letters, digits and _, not starting with a digit, and not a keyword`,
        }
      : BUILTINS.has(def.name) || hostFunctions.has(def.name)
        ? { code: 'reserved-name', message: `'${def.name}' is already a built-in function: give the definition another name` }
        : definitions.has(def.name)
          ? { code: 'duplicate-name', message: `'${def.name}' is defined twice` }
          : undefined;
    if (nameProblem !== undefined) {
      fail('body', { ...nameProblem, start: 0, end: 0 });
      continue;
    }

    const params: Param[] = [];
    let paramsOk = true;
    for (const param of def.params) {
      const parsed = parseTypeText(param.type);
      const problem: Pick<ExprError, 'code' | 'message'> | undefined = !isIdentifier(param.name)
        ? {
            code: 'bad-value',
            message: `'${param.name}' cannot name a parameter: use letters, digits and _, not starting with a digit, and not a keyword`,
          }
        : params.some((p) => p.name === param.name)
          ? { code: 'duplicate-name', message: `parameter '${param.name}' appears twice` }
          : undefined;
      if (problem !== undefined) fail('params', { ...problem, start: 0, end: param.type.length }, param.name);
      if (!parsed.ok) fail('params', parsed.error, param.name);
      if (problem !== undefined || !parsed.ok) paramsOk = false;
      else params.push({ name: param.name, type: parsed.type });
    }

    let result: Type | undefined;
    let returnsOk = true;
    if (def.returns !== undefined) {
      const parsed = parseTypeText(def.returns);
      if (parsed.ok) result = parsed.type;
      else {
        returnsOk = false;
        fail('returns', parsed.error);
      }
    }

    const parsed = parseExpressionOnce(def.body);
    if (!parsed.ok) fail('body', parsed.error);
    const entry: Entry = {
      name: def.name,
      source: def.body,
      params: paramsOk ? params : undefined,
      result,
      broken: !(paramsOk && returnsOk && parsed.ok),
      code: undefined,
      body: undefined,
      usedNames: new Set(),
      calls: new Set(),
    };
    definitions.set(def.name, entry);
    progress.set(entry, {
      index,
      body: parsed.ok ? parsed.expr : undefined,
      annotated: def.returns !== undefined,
      phase: 'pending',
      checked: undefined,
    });
  }

  const checking: DefinitionEntry[] = [];
  const stateOf = (entry: DefinitionEntry): Progress => progress.get(entry) as Progress;

  const definitionUse = (callee: DefinitionEntry): DefinitionUse => {
    const state = stateOf(callee);
    if (!state.annotated) {
      if (state.phase === 'checking') {
        const cycle = [...checking.slice(checking.indexOf(callee)), callee].map((d) => d.name).join(' → ');
        return { ok: false, message: `'${callee.name}' is recursive (${cycle}), so it needs a 'returns' type` };
      }
      ensureChecked(callee as Entry);
    }
    return callee.result ? { ok: true, result: callee.result } : { ok: false, message: undefined };
  };
  const env: CheckEnv = { scope, library, definitionUse };

  const ensureChecked = (entry: Entry): void => {
    const state = stateOf(entry);
    if (state.phase !== 'pending') return;
    state.phase = 'checking';
    checking.push(entry);
    if (state.body !== undefined && entry.params !== undefined) {
      const outcome = checkExpression(state.body, env, entry.params);
      for (const error of outcome.errors) errors.push({ index: state.index, name: entry.name, where: 'body', error });
      entry.usedNames = outcome.usedNames;
      entry.calls = outcome.calls;
      const body = outcome.checked;
      if (body && entry.result && state.annotated && !isAssignable(body.type, entry.result)) {
        const message = `'${entry.name}' should return ${formatType(entry.result)}, but its body is ${formatType(body.type)}`;
        errors.push({
          index: state.index,
          name: entry.name,
          where: 'body',
          error: { code: 'type-mismatch', message, start: state.body.start, end: state.body.end },
        });
      } else if (body) {
        state.checked = body.node;
        if (!state.annotated) entry.result = body.type;
      }
    }
    if (state.checked === undefined) entry.broken = true;
    checking.pop();
    state.phase = 'done';
  };

  for (const entry of definitions.values()) ensureChecked(entry);

  // A definition that calls a broken one cannot run either.
  for (let changed = true; changed; ) {
    changed = false;
    for (const entry of definitions.values()) {
      if (!entry.broken && [...entry.calls].some((callee) => callee.broken)) {
        entry.broken = true;
        changed = true;
      }
    }
  }

  const reads = new Map([...definitions.values()].map((entry) => [entry, transitiveNames(entry)]));
  // Every body first, then the code: a caller's code may inline a callee defined after it.
  for (const entry of definitions.values()) {
    entry.usedNames = reads.get(entry) as ReadonlySet<string>;
    if (!entry.broken) entry.body = stateOf(entry).checked;
  }
  for (const entry of definitions.values()) {
    if (entry.body && entry.params)
      entry.code = generateCode(entry.body, { source: entry.source, definition: entry.name }, entry.params.length).code;
  }

  errors.sort((a, b) => a.index - b.index);
  return { library, errors: errors.map(({ index: _, ...error }) => error) };
}

/** The scope names `entry` reads itself or through any definition it calls. */
function transitiveNames(entry: DefinitionEntry): Set<string> {
  const names = new Set<string>();
  const seen = new Set<DefinitionEntry>();
  const visit = (def: DefinitionEntry): void => {
    if (seen.has(def)) return;
    seen.add(def);
    for (const name of def.usedNames) names.add(name);
    for (const callee of def.calls) visit(callee);
  };
  visit(entry);
  return names;
}
