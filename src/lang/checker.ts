import type { BinaryExpr, Expr, ListExpr, RecordExpr } from './ast.ts';
import { BUILTINS } from './builtins.ts';
import { checkCall } from './calls.ts';
import {
  LAMBDA_MISPLACED,
  allChecked,
  at,
  constValue,
  findLocal,
  localNames,
  report,
  reportUnknown,
  type CheckEnv,
  type Checked,
  type Ctx,
  type Unit,
  type Local,
} from './context.ts';
import type { ExprError, Span } from './errors.ts';
import type { Node } from './ir.ts';
import type { DefinitionEntry, Library, Param } from './library.ts';
import { BOOL, NEVER, NUMBER, STRING, fieldType, formatType, isAssignable, joinTypes, listOf, recordOf, type Type } from './types.ts';
import { makeRecord, type Value } from './values.ts';

export interface CheckResult {
  /** Undefined when there were errors. */
  readonly checked: Checked | undefined;
  readonly errors: ExprError[];
  readonly frameSize: number;
  readonly usedNames: ReadonlySet<string>;
  readonly calls: ReadonlySet<DefinitionEntry>;
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

const constant = (span: Span, value: Value, type: Type): Checked => ({
  node: { kind: 'const', value, ...at(span) },
  type,
});

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
        if (!isAssignable(operand.type, BOOL))
          return report(ctx, expr.operand, 'type-mismatch', `'not' needs a bool, found ${formatType(operand.type)}`);
        return { node: { kind: 'not', operand: operand.node, ...at(expr) }, type: BOOL };
      }
      if (!isAssignable(operand.type, NUMBER))
        return report(ctx, expr.operand, 'type-mismatch', `'-' needs a number, found ${formatType(operand.type)}`);
      const value = constValue(operand.node);
      return typeof value === 'number'
        ? constant(expr, -value, NUMBER)
        : { node: { kind: 'neg', operand: operand.node, ...at(expr) }, type: NUMBER };
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
        return report(
          ctx,
          expr,
          'type-mismatch',
          `the two branches have different types: ${formatType(then.type)} and ${formatType(otherwise.type)}`,
        );
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
        return reportUnknown(ctx, expr.field, `no field '${name}' in ${formatType(t)}`, name, Object.keys(t.fields));
      }
      const hint = (t.kind === 'list' || t.kind === 'string') && ['length', 'size', 'count'].includes(name) ? ' — use len(...)' : '';
      return report(ctx, expr.field, 'type-mismatch', `${formatType(t)} has no field '${name}'${hint}`);
    }
    case 'index': {
      const object = check(expr.object, ctx);
      const index = expectType(check(expr.index, ctx), NUMBER, expr.index, ctx, (found) => `a list index must be a number, found ${found}`);
      if (object === undefined || index === undefined) return undefined;
      const t = object.type;
      if (t.kind !== 'list' && t.kind !== 'never')
        return report(ctx, expr.object, 'type-mismatch', `only lists can be indexed, found ${formatType(t)}`);
      const node: Node = { kind: 'index', object: object.node, index: index.node, ...at(expr) };
      return { node, type: t.kind === 'list' ? t.element : NEVER };
    }
    case 'call':
      return checkCall(expr, ctx, check);
    case 'lambda':
      return report(ctx, expr, 'expression-syntax', LAMBDA_MISPLACED);
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
  return report(ctx, span, 'type-mismatch', message(formatType(checked.type)));
}

function checkList(expr: ListExpr, ctx: Ctx): Checked | undefined {
  const items = expr.items.map((item) => check(item, ctx));
  if (!allChecked(items)) return undefined;
  let element: Type = NEVER;
  for (const [i, item] of items.entries()) {
    const joined = joinTypes(element, item.type);
    if (joined === undefined) {
      return report(
        ctx,
        expr.items[i] as Expr,
        'type-mismatch',
        `list items must all have one type: this one is ${formatType(item.type)}, the ones before are ${formatType(element)}`,
      );
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
    const where = at(span);
    const item = library.items.get(name);
    if (!item) return { node: { kind: 'global', name, ...where }, type: scope[name] as Type };
    ctx.unit.usedNames.add(item.list).add(item.index);
    const object: Node = { kind: 'global', name: item.list, ...where };
    const index: Node = { kind: 'global', name: item.index, ...where };
    return { node: { kind: 'index', object, index, ...where }, type: scope[name] as Type };
  }
  if (isCallable(library, name)) {
    const call = library.definitions.get(name)?.params?.length === 0 ? `${name}()` : `${name}(...)`;
    return report(ctx, span, 'type-mismatch', `'${name}' is a function: call it like ${call}`);
  }
  return reportUnknown(ctx, span, `unknown name '${name}'`, name, [...localNames(ctx.locals), ...Object.keys(scope)]);
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
    const node: Node =
      op === 'and' || op === 'or'
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
      if (kinds.size > 1) return report(ctx, span, 'type-mismatch', `cannot compare ${pair} with '${op}'`);
      if (kind !== undefined && kind !== 'number' && kind !== 'string') {
        return report(ctx, span, 'type-mismatch', `'${op}' compares numbers or strings, not ${formatType(kind === lt.kind ? lt : rt)}`);
      }
      return { node: { kind: 'order', op, of: kind, left: left.node, right: right.node, ...span }, type: BOOL };
    }
    case '==':
    case '!=': {
      const shared = joinTypes(lt, rt);
      if (shared === undefined) return report(ctx, span, 'type-mismatch', `cannot compare ${pair}: they have different types`);
      const node: Node = { kind: 'equal', negated: op === '!=', at: shared, left: left.node, right: right.node, ...span };
      return { node, type: BOOL };
    }
    case 'in': {
      if (rt.kind !== 'list' && rt.kind !== 'never') {
        return report(ctx, expr.right, 'type-mismatch', `'in' needs a list on the right, found ${formatType(rt)}`);
      }
      const shared = joinTypes(lt, rt.kind === 'list' ? rt.element : NEVER);
      if (shared === undefined) return report(ctx, span, 'type-mismatch', `cannot look for ${formatType(lt)} in ${formatType(rt)}`);
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
  return report(ctx, span, 'type-mismatch', `cannot add ${formatType(left.type)} and ${formatType(right.type)}${hint}`);
}
