/**
 * Moves: who may make them (`by`), their arguments chosen from the state (one of a list, a subset,
 * an assignment) with constraints, a guard with reasons, and effects.
 */
import type { Type } from '../lang/index.ts';
import { formatType } from '../lang/index.ts';
import { checkExpr, report, typeOf, type ExprChecker, type Locals } from '../check/exprs.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { ArgSpec, Guard, MoveSpec } from '../spec/types.ts';
import { compileEffects, type EffectCompiler } from './effects.ts';
import type { EffectRun } from '../runtime/table.ts';
import { elementType } from './types.ts';
import type { CompiledArg, CompiledGuardClause, MoveRules } from '../runtime/legality.ts';
import { readsOnlyItems } from '../runtime/args.ts';

/** A move as compiled: what legality reads (see runtime/legality.ts) plus its effects and scope. */
export interface CompiledMove extends MoveRules {
  readonly title: string;
  readonly description?: string;
  readonly effects: EffectRun;
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

const compileArg = (
  checker: ExprChecker,
  name: string,
  arg: ArgSpec,
  path: DocPath,
  locals: Locals,
): { arg: CompiledArg; type: Type } | undefined => {
  const num = typeOf('number');
  if ('oneOf' in arg) {
    const domain = checkExpr(checker, arg.oneOf, [...path, 'oneOf'], locals);
    if (!domain) return undefined;
    const element = elementType(domain.type);
    if (!element) {
      report(checker, 'type-mismatch', [...path, 'oneOf'], `'oneOf' needs a list to choose from, found ${formatType(domain.type)}`);
      return undefined;
    }
    const where =
      arg.where === undefined
        ? undefined
        : checkExpr(checker, arg.where, [...path, 'where'], { ...locals, [name]: element }, typeOf('bool'));
    return { arg: { name, path, kind: 'oneOf', domain, where }, type: element };
  }
  if ('subsetOf' in arg) {
    const domain = checkExpr(checker, arg.subsetOf, [...path, 'subsetOf'], locals);
    if (!domain) return undefined;
    if (!elementType(domain.type)) {
      report(checker, 'type-mismatch', [...path, 'subsetOf'], `'subsetOf' needs a list to choose from, found ${formatType(domain.type)}`);
      return undefined;
    }
    const min = arg.min === undefined ? undefined : checkExpr(checker, arg.min, [...path, 'min'], locals, num);
    const max = arg.max === undefined ? undefined : checkExpr(checker, arg.max, [...path, 'max'], locals, num);
    const where =
      arg.where === undefined
        ? undefined
        : checkExpr(checker, arg.where, [...path, 'where'], { ...locals, [name]: domain.type }, typeOf('bool'));
    return {
      arg: { name, path, kind: 'subsetOf', domain, min, max, where, whereOfItems: where !== undefined && readsOnlyItems(name, where) },
      type: domain.type,
    };
  }
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
  const where =
    arg.where === undefined ? undefined : checkExpr(checker, arg.where, [...path, 'where'], { ...locals, [name]: type }, typeOf('bool'));
  return { arg: { name, path, kind: 'assign', from, to, where }, type };
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
  return { name, title: move.title ?? name, description: move.description, by, args, guard, effects, locals, readsSeat };
};
