/**
 * Moves: who may make them (`by`), their arguments chosen from the state (one of a list, a subset,
 * an assignment) with constraints, a guard with reasons, and effects.
 */
import type { Type } from '../lang/index.ts';
import { formatType } from '../lang/index.ts';
import { checkExpr, report, typeOf, type ExprChecker, type Locals } from '../check/exprs.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { ArgSpec, AssignArgSpec, ExprSource, Guard, MoveSpec, OneOfArgSpec, SubsetArgSpec } from '../spec/types.ts';
import { compileEffects, type EffectCompiler } from './effects.ts';
import type { EffectRun } from '../runtime/table.ts';
import { elementType } from './types.ts';
import { eventType, type CompiledArg, type CompiledGuardClause, type MoveEvent, type MoveRules } from '../runtime/legality.ts';

/** A move as compiled: what legality reads (see runtime/legality.ts) plus its effects and scope. */
export interface CompiledMove extends MoveRules {
  readonly title: string;
  readonly description?: string;
  readonly effects: EffectRun;
  /** The type of its events (`eventType`), made once: every listing names it for each move it lists. */
  readonly type: MoveEvent['type'];
  /** The names in scope for transition guards and effects of this move. */
  readonly locals: Locals;
}

export const compileGuard = (checker: ExprChecker, guard: Guard | undefined, path: DocPath, locals: Locals): CompiledGuardClause[] => {
  if (guard === undefined) return [];
  const clauses = typeof guard === 'string' ? [{ test: guard, reason: '' }] : guard;
  return clauses.flatMap((clause, i) => {
    const at = typeof guard === 'string' ? path : [...path, i, 'test'];
    const test = checkExpr(checker, clause.test, at, locals, typeOf('bool'));
    const reason = clause.reason || `\`${test?.source ?? clause.test}\` is false`;
    const rules = typeof clause === 'object' && 'rules' in clause && clause.rules?.length ? ` (${clause.rules.join(', ')})` : '';
    return test ? [{ test, reason: reason + rules }] : [];
  });
};

/** What compiling one kind of argument gives: the argument as legality reads it, and its value's type. */
type ArgCompiled = { arg: CompiledArg; type: Type } | undefined;

/** The argument forms, each known by the key that holds its choices. */
interface ArgForms {
  readonly oneOf: OneOfArgSpec;
  readonly subsetOf: SubsetArgSpec;
  readonly assign: AssignArgSpec;
}

type ArgCompiler<K extends keyof ArgForms> = (
  checker: ExprChecker,
  name: string,
  arg: ArgForms[K],
  path: DocPath,
  locals: Locals,
) => ArgCompiled;

/** A list to choose from, or undefined after saying it is not one. */
const choices = (checker: ExprChecker, source: ExprSource, key: 'oneOf' | 'subsetOf', path: DocPath, locals: Locals) => {
  const domain = checkExpr(checker, source, [...path, key], locals);
  if (!domain) return undefined;
  const element = elementType(domain.type);
  if (element) return { domain, element };
  report(checker, 'type-mismatch', [...path, key], `'${key}' needs a list to choose from, found ${formatType(domain.type)}`);
  return undefined;
};

const whereOf = (checker: ExprChecker, arg: ArgSpec, name: string, type: Type, path: DocPath, locals: Locals) =>
  arg.where === undefined ? undefined : checkExpr(checker, arg.where, [...path, 'where'], { ...locals, [name]: type }, typeOf('bool'));

/** Every argument form's compiler, typed over the forms so a form left out is a type error. */
const ARG_KINDS: { readonly [K in keyof ArgForms]: ArgCompiler<K> } = {
  oneOf: (checker, name, arg, path, locals) => {
    const listed = choices(checker, arg.oneOf, 'oneOf', path, locals);
    if (!listed) return undefined;
    const where = whereOf(checker, arg, name, listed.element, path, locals);
    return { arg: { name, path, kind: 'oneOf', domain: listed.domain, where }, type: listed.element };
  },
  subsetOf: (checker, name, arg, path, locals) => {
    const listed = choices(checker, arg.subsetOf, 'subsetOf', path, locals);
    if (!listed) return undefined;
    const { domain } = listed;
    const count = (source: ExprSource | number | undefined, key: 'min' | 'max') =>
      source === undefined ? undefined : checkExpr(checker, source, [...path, key], locals, typeOf('number'));
    const min = count(arg.min, 'min');
    const max = count(arg.max, 'max');
    const where = whereOf(checker, arg, name, domain.type, path, locals);
    return {
      arg: { name, path, kind: 'subsetOf', domain, min, max, where },
      type: domain.type,
    };
  },
  assign: (checker, name, arg, path, locals) => {
    const from = checkExpr(checker, arg.assign.from, [...path, 'assign', 'from'], locals);
    const to = checkExpr(checker, arg.assign.to, [...path, 'assign', 'to'], locals);
    if (!from || !to) return undefined;
    const a = elementType(from.type);
    const b = elementType(to.type);
    if (!a || !b) {
      report(checker, 'type-mismatch', [...path, 'assign'], `'assign' needs two lists: from and to`);
      return undefined;
    }
    const type = typeOf(`list<{from: ${formatType(a)}, to: ${formatType(b)}}>`);
    return { arg: { name, path, kind: 'assign', from, to, where: whereOf(checker, arg, name, type, path, locals) }, type };
  },
};

const ARG_KEYS = Object.keys(ARG_KINDS) as (keyof ArgForms)[];

const compileArg = (checker: ExprChecker, name: string, arg: ArgSpec, path: DocPath, locals: Locals): ArgCompiled => {
  // The schema admits exactly one of the keys, so the first found is the form.
  const kind = ARG_KEYS.find((key) => Object.hasOwn(arg, key)) as keyof ArgForms;
  return (ARG_KINDS[kind] as ArgCompiler<keyof ArgForms>)(checker, name, arg as ArgForms[keyof ArgForms], path, locals);
};

export const compileMove = (cx: EffectCompiler, name: string, move: MoveSpec, path: DocPath): CompiledMove | undefined => {
  const { checker } = cx;
  const by = checkExpr(checker, move.by ?? 'active', [...path, 'by'], {});
  if (by) {
    const t = formatType(by.type);
    if (t !== 'number' && t !== 'list<number>')
      report(checker, 'type-mismatch', [...path, 'by'], `'by' must give a seat (number) or seats (list<number>), found ${t}`);
  }
  let locals: Locals = { seat: typeOf('number') };
  const args: CompiledArg[] = [];
  for (const [argName, spec] of Object.entries(move.args ?? {})) {
    if (argName in locals) {
      report(checker, 'duplicate-name', [...path, 'args', argName], `argument '${argName}' hides the name '${argName}'`);
      continue;
    }
    const compiled = compileArg(checker, argName, spec, [...path, 'args', argName], locals);
    if (!compiled) continue;
    args.push(compiled.arg);
    locals = { ...locals, [argName]: compiled.type };
  }
  const guard = compileGuard(checker, move.guard, [...path, 'guard'], locals);
  const effects = compileEffects(cx, move.effects, [...path, 'effects'], locals);
  if (!by) return undefined;
  const exprs = [
    ...guard.map((c) => c.test),
    ...args.flatMap((a) =>
      a.kind === 'assign' ? [a.from, a.to, a.where] : a.kind === 'subsetOf' ? [a.domain, a.min, a.max, a.where] : [a.domain, a.where],
    ),
  ];
  const readsSeat = exprs.some((e) => e?.usedNames.has('seat') ?? false);
  return {
    name,
    title: move.title ?? name,
    description: move.description,
    by,
    args,
    guard,
    effects,
    type: eventType(name),
    locals,
    readsSeat,
  };
};
