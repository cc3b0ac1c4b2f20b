import type { BinaryExpr, CallExpr, Expr, LambdaExpr, ListExpr, RecordExpr } from './ast.ts';
import { BUILTINS, type Builtin } from './builtins.ts';
import type { ExprError, Span } from './errors.ts';
import type { Lambda, Node } from './ir.ts';
import type { ArgInfo, DefinitionEntry, HostFunction, Library, Param, Scope } from './library.ts';
import { didYouMean } from './suggest.ts';
import {
  BOOL, NEVER, NUMBER, STRING, fieldType, formatType, isAssignable, joinTypes, listOf, recordOf, typeEquals,
  type FunctionType, type Type,
} from './types.ts';
import { resolve, unify, type Bindings } from './unify.ts';
import { makeRecord, type Value } from './values.ts';

/** How a call to a definition may be typed, or why it may not be (undefined: already reported). */
export type DefinitionUse = { ok: true; result: Type } | { ok: false; message: string | undefined };

export interface CheckEnv {
  readonly scope: Scope;
  readonly library: Library;
  readonly useDefinition: (definition: DefinitionEntry) => DefinitionUse;
}

export interface CheckResult {
  /** Undefined when there were errors. */
  readonly checked: Checked | undefined;
  readonly errors: ExprError[];
  readonly frameSize: number;
  readonly usedNames: ReadonlySet<string>;
  readonly calls: ReadonlySet<DefinitionEntry>;
}

export interface Checked {
  readonly node: Node;
  readonly type: Type;
}

/** Type-checks `expr`, with `params` as the first locals (frame slots 0…n-1). */
export function checkExpression(expr: Expr, env: CheckEnv, params: readonly Param[]): CheckResult {
  const unit: Unit = { env, nextSlot: 0, usedNames: new Set(), calls: new Set() };
  let locals: Local | undefined;
  for (const param of params) locals = { name: param.name, slot: unit.nextSlot++, type: param.type, parent: locals };
  const ctx: Ctx = { unit, locals, errors: [] };
  const checked = check(expr, ctx);
  return {
    checked: ctx.errors.length === 0 ? checked : undefined,
    errors: ctx.errors,
    frameSize: unit.nextSlot,
    usedNames: unit.usedNames,
    calls: unit.calls,
  };
}

const LAMBDA_MISPLACED =
  "a function like 'x => ...' can only be an argument of a builtin such as filter, map or count";

/** State shared by everything checked for one expression or definition body. */
interface Unit {
  readonly env: CheckEnv;
  nextSlot: number;
  readonly usedNames: Set<string>;
  readonly calls: Set<DefinitionEntry>;
}

/** A local name; `type` is undefined when its value had errors, so uses stay quiet. */
interface Local {
  readonly name: string;
  readonly slot: number;
  readonly type: Type | undefined;
  readonly parent: Local | undefined;
}

interface Ctx {
  readonly unit: Unit;
  readonly locals: Local | undefined;
  readonly errors: ExprError[];
}

const report = (ctx: Ctx, span: Span, message: string): undefined => {
  ctx.errors.push({ message, start: span.start, end: span.end });
  return undefined;
};

const at = (span: Span): Span => ({ start: span.start, end: span.end });

const constant = (span: Span, value: Value, type: Type): Checked => ({
  node: { kind: 'const', value, ...at(span) },
  type,
});

const constValue = (node: Node): Value | undefined => (node.kind === 'const' ? node.value : undefined);

const allChecked = <T>(items: readonly T[]): items is Exclude<T, undefined>[] =>
  items.every((i) => i !== undefined);

function findLocal(locals: Local | undefined, name: string): Local | undefined {
  for (let local = locals; local; local = local.parent) if (local.name === name) return local;
  return undefined;
}

function localNames(locals: Local | undefined): string[] {
  const names: string[] = [];
  for (let local = locals; local; local = local.parent) names.push(local.name);
  return names;
}

const callableNames = (library: Library): string[] => [
  ...library.definitions.keys(),
  ...library.hostFunctions.keys(),
  ...BUILTINS.keys(),
];

const isCallable = (library: Library, name: string): boolean =>
  library.definitions.has(name) || library.hostFunctions.has(name) || BUILTINS.has(name);

function check(expr: Expr, ctx: Ctx): Checked | undefined {
  switch (expr.kind) {
    case 'number':
      return constant(expr, expr.value, NUMBER);
    case 'string':
      return constant(expr, expr.value, STRING);
    case 'bool':
      return constant(expr, expr.value, BOOL);
    case 'list':
      return checkList(expr, ctx);
    case 'record':
      return checkRecord(expr, ctx);
    case 'name':
      return checkName(expr.name, expr, ctx);
    case 'unary': {
      const operand = check(expr.operand, ctx);
      if (operand === undefined) return undefined;
      if (expr.op === 'not') {
        if (!isAssignable(operand.type, BOOL)) return report(ctx, expr.operand, `'not' needs a bool, found ${formatType(operand.type)}`);
        return { node: { kind: 'not', operand: operand.node, ...at(expr) }, type: BOOL };
      }
      if (!isAssignable(operand.type, NUMBER)) return report(ctx, expr.operand, `'-' needs a number, found ${formatType(operand.type)}`);
      const value = constValue(operand.node);
      return typeof value === 'number' ? constant(expr, -value, NUMBER) : { node: { kind: 'neg', operand: operand.node, ...at(expr) }, type: NUMBER };
    }
    case 'binary':
      return checkBinary(expr, ctx);
    case 'cond': {
      const test = expectType(check(expr.test, ctx), BOOL, expr.test, ctx, (found) => `the condition must be a bool, found ${found}`);
      const then = check(expr.then, ctx);
      const otherwise = check(expr.otherwise, ctx);
      if (!test || !then || !otherwise) return undefined;
      const type = joinTypes(then.type, otherwise.type);
      if (type === undefined) {
        return report(ctx, expr, `the two branches have different types: ${formatType(then.type)} and ${formatType(otherwise.type)}`);
      }
      return { node: { kind: 'cond', test: test.node, then: then.node, otherwise: otherwise.node, ...at(expr) }, type };
    }
    case 'let': {
      const value = check(expr.value, ctx);
      const slot = ctx.unit.nextSlot++;
      const locals: Local = { name: expr.name.name, slot, type: value?.type, parent: ctx.locals };
      const body = check(expr.body, { ...ctx, locals });
      if (!value || !body) return undefined;
      return { node: { kind: 'let', slot, value: value.node, body: body.node, ...at(expr) }, type: body.type };
    }
    case 'field': {
      const object = check(expr.object, ctx);
      if (object === undefined) return undefined;
      const name = expr.field.name;
      const node: Node = { kind: 'field', object: object.node, name, ...at(expr) };
      const t = object.type;
      if (t.kind === 'never') return { node, type: NEVER };
      if (t.kind === 'record') {
        const type = fieldType(t, name);
        if (type) return { node, type };
        return report(ctx, expr.field, `no field '${name}' in ${formatType(t)}${didYouMean(name, Object.keys(t.fields))}`);
      }
      const hint = (t.kind === 'list' || t.kind === 'string') && ['length', 'size', 'count'].includes(name) ? ' — use len(...)' : '';
      return report(ctx, expr.field, `${formatType(t)} has no field '${name}'${hint}`);
    }
    case 'index': {
      const object = check(expr.object, ctx);
      const index = expectType(check(expr.index, ctx), NUMBER, expr.index, ctx, (found) => `a list index must be a number, found ${found}`);
      if (object === undefined || index === undefined) return undefined;
      const t = object.type;
      if (t.kind !== 'list' && t.kind !== 'never') return report(ctx, expr.object, `only lists can be indexed, found ${formatType(t)}`);
      const node: Node = { kind: 'index', object: object.node, index: index.node, ...at(expr) };
      return { node, type: t.kind === 'list' ? t.element : NEVER };
    }
    case 'call':
      return checkCall(expr, ctx);
    case 'lambda':
      return report(ctx, expr, LAMBDA_MISPLACED);
  }
}

/** Passes `checked` through if its type fits `want`; reports `message(found)` at `span` if not. */
function expectType(
  checked: Checked | undefined,
  want: Type,
  span: Span,
  ctx: Ctx,
  message: (found: string) => string,
): Checked | undefined {
  if (checked === undefined || isAssignable(checked.type, want)) return checked;
  return report(ctx, span, message(formatType(checked.type)));
}

function checkList(expr: ListExpr, ctx: Ctx): Checked | undefined {
  const items = expr.items.map((item) => check(item, ctx));
  if (!allChecked(items)) return undefined;
  let element: Type = NEVER;
  for (const [i, item] of items.entries()) {
    const joined = joinTypes(element, item.type);
    if (joined === undefined) {
      return report(ctx, expr.items[i] as Expr, `list items must all have one type: this one is ${formatType(item.type)}, the ones before are ${formatType(element)}`);
    }
    element = joined;
  }
  const type = listOf(element);
  const values = items.map((item) => constValue(item.node));
  if (allChecked(values)) return constant(expr, Object.freeze(values), type);
  return { node: { kind: 'list', items: items.map((item) => item.node), ...at(expr) }, type };
}

function checkRecord(expr: RecordExpr, ctx: Ctx): Checked | undefined {
  const values = expr.fields.map((field) => check(field.value, ctx));
  if (!allChecked(values)) return undefined;
  const names = expr.fields.map((field) => field.name.name);
  const type = recordOf(Object.fromEntries(names.map((name, i) => [name, (values[i] as Checked).type])));
  const constants = values.map((value) => constValue(value.node));
  if (allChecked(constants)) return constant(expr, Object.freeze(makeRecord(names, constants)), type);
  return { node: { kind: 'record', names, values: values.map((value) => value.node), ...at(expr) }, type };
}

function checkName(name: string, span: Span, ctx: Ctx): Checked | undefined {
  const local = findLocal(ctx.locals, name);
  if (local) return local.type && { node: { kind: 'local', slot: local.slot, ...at(span) }, type: local.type };
  const { scope, library } = ctx.unit.env;
  if (Object.hasOwn(scope, name)) {
    ctx.unit.usedNames.add(name);
    return { node: { kind: 'global', name, ...at(span) }, type: scope[name] as Type };
  }
  if (isCallable(library, name)) {
    const call = library.definitions.get(name)?.params?.length === 0 ? `${name}()` : `${name}(...)`;
    return report(ctx, span, `'${name}' is a function: call it like ${call}`);
  }
  return report(ctx, span, `unknown name '${name}'${didYouMean(name, [...localNames(ctx.locals), ...Object.keys(scope)])}`);
}

function checkBinary(expr: BinaryExpr, ctx: Ctx): Checked | undefined {
  const { op } = expr;
  const left = check(expr.left, ctx);
  const right = check(expr.right, ctx);
  const span = at(expr);
  if (op === 'and' || op === 'or' || op === '-' || op === '*' || op === '/' || op === '%') {
    const want = op === 'and' || op === 'or' ? BOOL : NUMBER;
    const message = (found: string): string => `'${op}' needs ${want === BOOL ? 'bools' : 'numbers'}, found ${found}`;
    const l = expectType(left, want, expr.left, ctx, message);
    const r = expectType(right, want, expr.right, ctx, message);
    if (!l || !r) return undefined;
    const node: Node = op === 'and' || op === 'or'
      ? { kind: op, left: l.node, right: r.node, ...span }
      : { kind: 'arith', op, left: l.node, right: r.node, ...span };
    return { node, type: want };
  }
  if (!left || !right) return undefined;
  const [lt, rt] = [left.type, right.type];
  const pair = `${formatType(lt)} and ${formatType(rt)}`;
  switch (op) {
    case '+':
      return checkAddition(left, right, span, ctx);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const kinds = new Set([lt.kind, rt.kind].filter((kind) => kind !== 'never'));
      const [kind] = kinds;
      if (kinds.size > 1) return report(ctx, span, `cannot compare ${pair} with '${op}'`);
      if (kind !== undefined && kind !== 'number' && kind !== 'string') {
        return report(ctx, span, `'${op}' compares numbers or strings, not ${formatType(kind === lt.kind ? lt : rt)}`);
      }
      return { node: { kind: 'order', op, left: left.node, right: right.node, ...span }, type: BOOL };
    }
    case '==':
    case '!=': {
      const shared = joinTypes(lt, rt);
      if (shared === undefined) return report(ctx, span, `cannot compare ${pair}: they have different types`);
      const node: Node = { kind: 'equal', negated: op === '!=', at: shared, left: left.node, right: right.node, ...span };
      return { node, type: BOOL };
    }
    case 'in': {
      if (rt.kind !== 'list' && rt.kind !== 'never') {
        return report(ctx, expr.right, `'in' needs a list on the right, found ${formatType(rt)}`);
      }
      const shared = joinTypes(lt, rt.kind === 'list' ? rt.element : NEVER);
      if (shared === undefined) return report(ctx, span, `cannot look for ${formatType(lt)} in ${formatType(rt)}`);
      return { node: { kind: 'in', at: shared, item: left.node, list: right.node, ...span }, type: BOOL };
    }
  }
}

/** `+` adds numbers, joins strings (a number next to a string becomes text) and concatenates lists. */
function checkAddition(left: Checked, right: Checked, span: Span, ctx: Ctx): Checked | undefined {
  const kinds = new Set([left.type.kind, right.type.kind]);
  kinds.delete('never');
  const operands = { left: left.node, right: right.node, ...span };
  if (kinds.size === 0 || (kinds.size === 1 && kinds.has('number'))) {
    return { node: { kind: 'arith', op: '+', ...operands }, type: kinds.size === 0 ? NEVER : NUMBER };
  }
  if (kinds.has('string') && [...kinds].every((kind) => kind === 'string' || kind === 'number')) {
    return { node: { kind: 'concatText', ...operands }, type: STRING };
  }
  const joined = kinds.size === 1 && kinds.has('list') ? joinTypes(left.type, right.type) : undefined;
  if (joined) return { node: { kind: 'concatList', ...operands }, type: joined };
  const hint = kinds.has('string') ? ' — use str(x) to turn a value into a string' : '';
  return report(ctx, span, `cannot add ${formatType(left.type)} and ${formatType(right.type)}${hint}`);
}

/** An argument as the call sees it: a checked value, or a lambda whose types the callee decides. */
type Arg =
  | { readonly kind: 'value'; readonly expr: Expr; readonly checked: Checked | undefined }
  | { readonly kind: 'lambda'; readonly expr: LambdaExpr };

function checkCall(expr: CallExpr, ctx: Ctx): Checked | undefined {
  const args = expr.args.map((arg): Arg =>
    arg.kind === 'lambda' ? { kind: 'lambda', expr: arg } : { kind: 'value', expr: arg, checked: check(arg, ctx) },
  );
  const name = expr.callee.name;
  const { library, scope } = ctx.unit.env;
  const builtin = BUILTINS.get(name);
  if (builtin) return callBuiltin(expr, builtin, args, ctx);
  const definition = library.definitions.get(name);
  const host = library.hostFunctions.get(name);
  if (!definition && !host) {
    const isVariable = findLocal(ctx.locals, name) !== undefined || Object.hasOwn(scope, name);
    return report(ctx, expr.callee, isVariable ? `'${name}' is not a function` : `unknown function '${name}'${didYouMean(name, callableNames(library))}`);
  }
  for (const arg of args) if (arg.kind === 'lambda') report(ctx, arg.expr, LAMBDA_MISPLACED);
  const values = args.map((arg) => (arg.kind === 'value' ? arg.checked : undefined));
  if (!allChecked(values)) return undefined;
  return definition ? callDefinition(expr, definition, values, ctx) : callHost(expr, host as HostFunction, values, ctx);
}

/** Index of the first argument that does not fit its parameter, or -1 if all fit (binding variables). */
function mismatch(params: readonly Type[], args: readonly Checked[], bindings: Bindings): number {
  return args.findIndex((arg, i) => !unify(params[i] as Type, arg.type, bindings));
}

const formatArgs = (types: readonly string[]): string => `(${types.join(', ')})`;

function callDefinition(expr: CallExpr, definition: DefinitionEntry, args: readonly Checked[], ctx: Ctx): Checked | undefined {
  const use = ctx.unit.env.useDefinition(definition);
  if (!use.ok) return use.message === undefined ? undefined : report(ctx, expr.callee, use.message);
  const params = definition.params;
  if (params === undefined) return undefined;
  ctx.unit.calls.add(definition);
  const expects = `'${definition.name}' expects ${formatArgs(params.map((p) => `${p.name}: ${formatType(p.type)}`))}`;
  const got = formatArgs(args.map((arg) => formatType(arg.type)));
  if (args.length !== params.length) return report(ctx, expr, `${expects}, got ${got}`);
  const bad = mismatch(params.map((p) => p.type), args, new Map());
  if (bad >= 0) return report(ctx, expr.args[bad] as Expr, `${expects}, got ${got}`);
  return { node: { kind: 'definition', definition, args: args.map((arg) => arg.node), ...at(expr) }, type: use.result };
}

function callHost(expr: CallExpr, host: HostFunction, args: readonly Checked[], ctx: Ctx): Checked | undefined {
  const expects = `'${host.name}' expects ${formatArgs(host.params.map(formatType))}`;
  const got = formatArgs(args.map((arg) => formatType(arg.type)));
  if (args.length !== host.params.length) return report(ctx, expr, `${expects}, got ${got}`);
  const bindings: Bindings = new Map();
  const bad = mismatch(host.params, args, bindings);
  if (bad >= 0) return report(ctx, expr.args[bad] as Expr, `${expects}, got ${got}`);
  const infos = args.map((arg): ArgInfo => {
    const literal = constValue(arg.node);
    return literal === undefined ? { type: arg.type } : { type: arg.type, literal };
  });
  const problem = host.check?.(infos);
  if (problem !== undefined) return report(ctx, expr, problem);
  return { node: { kind: 'host', fn: host, args: args.map((arg) => arg.node), ...at(expr) }, type: resolve(host.result, bindings) };
}

function builtinExpects(builtin: Builtin): string {
  const overloads = builtin.signatures.map((sig) => formatArgs(sig.params.map(formatType))).join(' or ');
  const constraint = builtin.ordered ? ` where ${builtin.ordered} is number or string` : '';
  return `'${builtin.name}' expects ${overloads}${constraint}`;
}

const lambdaShape = (lambda: LambdaExpr): string => `(${lambda.params.map((p) => p.name).join(', ')}) => ...`;

function callBuiltin(expr: CallExpr, builtin: Builtin, args: readonly Arg[], ctx: Ctx): Checked | undefined {
  const values = args.map((arg) => (arg.kind === 'value' ? arg.checked : 'lambda'));
  if (!allChecked(values)) return undefined;
  const shapes = args.map((arg) => (arg.kind === 'lambda' ? lambdaShape(arg.expr) : formatType((arg.checked as Checked).type)));
  const mismatchMessage = `${builtinExpects(builtin)}, got ${formatArgs(shapes)}`;

  const candidates = builtin.signatures.filter((sig) => sig.params.length === args.length);
  let chosen: { sig: FunctionType; bindings: Bindings } | undefined;
  let firstBad = -1;
  for (const sig of candidates) {
    const bindings: Bindings = new Map();
    const bad = args.findIndex((arg, i) => {
      const param = sig.params[i] as Type;
      if (arg.kind === 'lambda') return param.kind !== 'function';
      return param.kind === 'function' || !unify(param, (arg.checked as Checked).type, bindings);
    });
    if (bad < 0) {
      chosen = { sig, bindings };
      break;
    }
    firstBad = bad;
  }
  if (chosen === undefined) {
    const culprit = candidates.length === 1 ? (expr.args[firstBad] as Expr) : expr;
    const lambdaHere = culprit !== expr && culprit.kind !== 'lambda' && (candidates[0]?.params[firstBad] as Type).kind === 'function';
    return report(ctx, culprit, lambdaHere ? `${mismatchMessage} — pass a function here, like x => ...` : mismatchMessage);
  }

  const { sig, bindings } = chosen;
  const checkedArgs: (Node | Lambda)[] = [];
  let failed = false;
  for (const [i, arg] of args.entries()) {
    if (arg.kind === 'value') {
      checkedArgs.push((arg.checked as Checked).node);
      continue;
    }
    const lambda = checkLambda(arg.expr, sig.params[i] as FunctionType, bindings, builtin.name, ctx);
    if (lambda === undefined) {
      failed = true;
      continue;
    }
    shapes[i] = formatType({ kind: 'function', params: lambda.paramTypes, result: lambda.result });
    checkedArgs.push(lambda.node);
  }
  if (failed) return undefined;
  if (builtin.ordered) {
    const kind = resolve({ kind: 'var', name: builtin.ordered }, bindings).kind;
    if (kind !== 'number' && kind !== 'string' && kind !== 'never') {
      return report(ctx, expr, `${builtinExpects(builtin)}, got ${formatArgs(shapes)}`);
    }
  }
  const equalityAt = builtin.equality === undefined ? undefined : resolve({ kind: 'var', name: builtin.equality }, bindings);
  const node: Node = { kind: 'builtin', builtin, equalityAt, args: checkedArgs, ...at(expr) };
  return { node, type: resolve(sig.result, bindings) };
}

/** The most rounds it takes for `fold`'s accumulator type to settle (`[]`, then `list<T>`). */
const MAX_LAMBDA_ROUNDS = 4;

/**
 * Checks a lambda passed where `fnType` is expected. Its result may widen a type variable that
 * its own parameters use (`fold(xs, [], (acc, x) => append(acc, x))`); then the body is checked
 * again with the wider parameter types, until they settle.
 */
function checkLambda(
  lambda: LambdaExpr,
  fnType: FunctionType,
  bindings: Bindings,
  callee: string,
  ctx: Ctx,
): { node: Lambda; paramTypes: Type[]; result: Type } | undefined {
  const arity = fnType.params.length;
  if (lambda.params.length !== arity) {
    return report(ctx, lambda, `the function given to '${callee}' must take ${arity} parameter${arity === 1 ? '' : 's'}, not ${lambda.params.length}`);
  }
  for (let round = 0; round < MAX_LAMBDA_ROUNDS; round++) {
    const paramTypes = fnType.params.map((p) => resolve(p, bindings));
    const firstSlot = ctx.unit.nextSlot;
    let locals = ctx.locals;
    const slots: number[] = [];
    for (const [i, param] of lambda.params.entries()) {
      const slot = ctx.unit.nextSlot++;
      slots.push(slot);
      locals = { name: param.name, slot, type: paramTypes[i], parent: locals };
    }
    const inner: Ctx = { unit: ctx.unit, locals, errors: [] };
    const body = check(lambda.body, inner);
    if (body === undefined || inner.errors.length > 0) {
      ctx.errors.push(...inner.errors);
      return undefined;
    }
    const widened: Bindings = new Map(bindings);
    if (!unify(fnType.result, body.type, widened)) {
      const want = formatType(resolve(fnType.result, bindings));
      return report(ctx, lambda.body, `the function given to '${callee}' must return ${want}, found ${formatType(body.type)}`);
    }
    const settled = fnType.params.every((p, i) => typeEquals(resolve(p, widened), paramTypes[i] as Type));
    for (const [name, type] of widened) bindings.set(name, type);
    if (settled) return { node: { kind: 'lambda', slots, body: body.node, ...at(lambda) }, paramTypes, result: body.type };
    ctx.unit.nextSlot = firstSlot;
  }
  return report(ctx, lambda, `cannot work out the parameter types of this function given to '${callee}'`);
}
