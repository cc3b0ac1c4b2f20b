import type { CallExpr, Expr, LambdaExpr } from './ast.ts';
import { BUILTINS, type Builtin } from './builtins.ts';
import {
  LAMBDA_MISPLACED,
  allChecked,
  at,
  constValue,
  findLocal,
  report,
  reportUnknown,
  type Check,
  type Checked,
  type Ctx,
} from './context.ts';
import type { Lambda, Node } from './ir.ts';
import { hostCallName, type ArgInfo, type DefinitionEntry, type HostFunction, type Library } from './library.ts';
import { formatType, typeEquals, type FunctionType, type Type } from './types.ts';
import { resolve, unify, type Bindings } from './unify.ts';

const callableNames = (library: Library): string[] => [...library.definitions.keys(), ...library.hostFunctions.keys(), ...BUILTINS.keys()];

/** An argument as the call sees it: a checked value, or a lambda whose types the callee decides. */
type Arg =
  | { readonly kind: 'value'; readonly expr: Expr; readonly checked: Checked | undefined }
  | { readonly kind: 'lambda'; readonly expr: LambdaExpr };

/** Checks a call of a builtin, a definition or a host function; `check` checks sub-expressions. */
export function checkCall(expr: CallExpr, ctx: Ctx, check: Check): Checked | undefined {
  const args = expr.args.map(
    (arg): Arg => (arg.kind === 'lambda' ? { kind: 'lambda', expr: arg } : { kind: 'value', expr: arg, checked: check(arg, ctx) }),
  );
  const name = expr.callee.name;
  const { library, scope } = ctx.unit.env;
  const builtin = BUILTINS.get(name);
  if (builtin) return callBuiltin(expr, builtin, args, ctx, check);
  const definition = library.definitions.get(name);
  const host = library.hostFunctions.get(name);
  if (!definition && !host) {
    const isVariable = findLocal(ctx.locals, name) !== undefined || Object.hasOwn(scope, name);
    return isVariable
      ? report(ctx, expr.callee, 'type-mismatch', `'${name}' is not a function`)
      : reportUnknown(ctx, expr.callee, `unknown function '${name}'`, name, callableNames(library));
  }
  for (const arg of args) if (arg.kind === 'lambda') report(ctx, arg.expr, 'wrong-arguments', LAMBDA_MISPLACED);
  const values = args.map((arg) => (arg.kind === 'value' ? arg.checked : undefined));
  if (!allChecked(values)) return undefined;
  return definition ? callDefinition(expr, definition, values, ctx) : callHost(expr, host as HostFunction, values, ctx);
}

/** Index of the first argument that does not fit its parameter, or -1 if all fit (binding variables). */
function mismatch(params: readonly Type[], args: readonly Checked[], bindings: Bindings): number {
  return args.findIndex((arg, i) => !unify(params[i] as Type, arg.type, bindings));
}

const formatArgs = (types: readonly string[]): string => `(${types.join(', ')})`;
const argTypes = (args: readonly Checked[]): string => formatArgs(args.map((arg) => formatType(arg.type)));

// Messages are written only when a call is wrong: most calls are right, and formatting every
// signature on every call was a visible part of the editor's recompile on each keystroke.
const definitionMismatch = (
  definition: DefinitionEntry,
  params: NonNullable<DefinitionEntry['params']>,
  args: readonly Checked[],
): string => `'${definition.name}' expects ${formatArgs(params.map((p) => `${p.name}: ${formatType(p.type)}`))}, got ${argTypes(args)}`;
const hostMismatch = (host: HostFunction, args: readonly Checked[]): string =>
  `'${host.name}' expects ${formatArgs(host.params.map(formatType))}, got ${argTypes(args)}`;

function callDefinition(expr: CallExpr, definition: DefinitionEntry, args: readonly Checked[], ctx: Ctx): Checked | undefined {
  const use = ctx.unit.env.definitionUse(definition);
  if (!use.ok) return use.message === undefined ? undefined : report(ctx, expr.callee, 'broken-definition', use.message);
  const params = definition.params;
  if (params === undefined) return undefined;
  ctx.unit.calls.add(definition);
  if (args.length !== params.length) return report(ctx, expr, 'wrong-arguments', definitionMismatch(definition, params, args));
  const bad = mismatch(
    params.map((p) => p.type),
    args,
    new Map(),
  );
  if (bad >= 0) return report(ctx, expr.args[bad] as Expr, 'wrong-arguments', definitionMismatch(definition, params, args));
  return { node: { kind: 'definition', definition, args: args.map((arg) => arg.node), ...at(expr) }, type: use.result };
}

function callHost(expr: CallExpr, host: HostFunction, args: readonly Checked[], ctx: Ctx): Checked | undefined {
  if (args.length !== host.params.length) return report(ctx, expr, 'wrong-arguments', hostMismatch(host, args));
  const bindings: Bindings = new Map();
  const bad = mismatch(host.params, args, bindings);
  if (bad >= 0) return report(ctx, expr.args[bad] as Expr, 'wrong-arguments', hostMismatch(host, args));
  const infos = args.map((arg): ArgInfo => {
    const literal = constValue(arg.node);
    return literal === undefined ? { type: arg.type } : { type: arg.type, literal };
  });
  const problem = host.check?.(infos);
  if (problem !== undefined) return report(ctx, expr, problem.code, problem.message);
  ctx.unit.usedNames.add(hostCallName(host.name));
  return { node: { kind: 'host', fn: host, args: args.map((arg) => arg.node), ...at(expr) }, type: resolve(host.result, bindings) };
}

function builtinExpects(builtin: Builtin): string {
  const overloads = builtin.signatures.map((sig) => formatArgs(sig.params.map(formatType))).join(' or ');
  const constraint = builtin.ordered ? ` where ${builtin.ordered} is number or string` : '';
  return `'${builtin.name}' expects ${overloads}${constraint}`;
}

const lambdaShape = (lambda: LambdaExpr): string => `(${lambda.params.map((p) => p.name).join(', ')}) => ...`;

function callBuiltin(expr: CallExpr, builtin: Builtin, args: readonly Arg[], ctx: Ctx, check: Check): Checked | undefined {
  const values = args.map((arg) => (arg.kind === 'value' ? arg.checked : 'lambda'));
  if (!allChecked(values)) return undefined;
  /** The arguments as written, for messages; a lambda by its checked type once known. */
  const lambdaTypes: (Type | undefined)[] = [];
  const shapes = (): string =>
    formatArgs(
      args.map((arg, i) => {
        if (arg.kind === 'value') return formatType((arg.checked as Checked).type);
        const type = lambdaTypes[i];
        return type === undefined ? lambdaShape(arg.expr) : formatType(type);
      }),
    );

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
    const lambdaHere = culprit !== expr && culprit.kind !== 'lambda' && candidates[0]?.params[firstBad]?.kind === 'function';
    const message = `${builtinExpects(builtin)}, got ${shapes()}`;
    return report(ctx, culprit, 'wrong-arguments', lambdaHere ? `${message} — pass a function here, like x => ...` : message);
  }

  const { sig, bindings } = chosen;
  const checkedArgs: (Node | Lambda)[] = [];
  let failed = false;
  for (const [i, arg] of args.entries()) {
    if (arg.kind === 'value') {
      checkedArgs.push((arg.checked as Checked).node);
      continue;
    }
    const lambda = checkLambda(arg.expr, sig.params[i] as FunctionType, bindings, builtin.name, ctx, check);
    if (lambda === undefined) {
      failed = true;
      continue;
    }
    lambdaTypes[i] = { kind: 'function', params: lambda.paramTypes, result: lambda.result };
    checkedArgs.push(lambda.node);
  }
  if (failed) return undefined;
  if (builtin.ordered) {
    const kind = resolve({ kind: 'var', name: builtin.ordered }, bindings).kind;
    if (kind !== 'number' && kind !== 'string' && kind !== 'never') {
      return report(ctx, expr, 'wrong-arguments', `${builtinExpects(builtin)}, got ${shapes()}`);
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
  check: Check,
): { node: Lambda; paramTypes: Type[]; result: Type } | undefined {
  const arity = fnType.params.length;
  if (lambda.params.length !== arity) {
    return report(
      ctx,
      lambda,
      'wrong-arguments',
      `the function given to '${callee}' must take ${arity} parameter${arity === 1 ? '' : 's'}, not ${lambda.params.length}`,
    );
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
      return report(
        ctx,
        lambda.body,
        'type-mismatch',
        `the function given to '${callee}' must return ${want}, found ${formatType(body.type)}`,
      );
    }
    const settled = fnType.params.every((p, i) => typeEquals(resolve(p, widened), paramTypes[i] as Type));
    for (const [name, type] of widened) bindings.set(name, type);
    if (settled) return { node: { kind: 'lambda', slots, body: body.node, ...at(lambda) }, paramTypes, result: body.type };
    ctx.unit.nextSlot = firstSlot;
  }
  return report(ctx, lambda, 'type-mismatch', `cannot work out the parameter types of this function given to '${callee}'`);
}
