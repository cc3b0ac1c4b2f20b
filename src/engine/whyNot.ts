/**
 * "Why not?": every move the current state offers a seat, with its legal ways to make it, or the
 * reason it cannot be made now — the guard clause that fails (its reason, its rule ids and where it
 * is written), or the argument that has no possible choice. It walks the same choices as
 * `legalMoves` and asks the same `judge` of each, so it never decides anything on its own: a move
 * is refused here exactly when it has no legal way there, for the clause `judge` blames.
 */
import { Meter, type Value } from '../lang/index.ts';
import { envOf, scopeOf } from '../runtime/env.ts';
import type { CompiledGame } from '../compile/index.ts';
import type { CompiledMove } from '../compile/moves.ts';
import {
  blamedClause,
  judge,
  refusalText,
  seatsOf,
  type CompiledGuardClause,
  type Refused,
  type TransitionRules as CompiledTransition,
} from '../runtime/legality.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import { choicesOf, decodeArg, encodeValue, newChoiceBudget } from '../runtime/args.ts';
import { describeRuntimeError } from './errors.ts';
import { peopleOf } from './people.ts';
import { isOver, offered, step } from './play.ts';
import type { GameState, Json, Move } from './types.ts';

/**
 * The engine's own reasons a move is refused, as data, for a front to word in its players' language
 * (`reason` words them in English). A reason the spec writes (a guard clause's) has none: the
 * spec's words, or its translation's, are the reason.
 */
export type RefusalWhy =
  | { readonly kind: 'over' }
  | { readonly kind: 'seat'; readonly seat: number; readonly seats: readonly number[] }
  | { readonly kind: 'noChoiceMeets'; readonly arg: string; readonly where: string }
  | { readonly kind: 'nothingToChoose'; readonly arg: string }
  | { readonly kind: 'noWay' };

export interface Refusal {
  readonly reason: string;
  readonly why?: RefusalWhy;
  /** Rule ids the reason cites (`(T-B9)`), else the move's own rules. */
  readonly rules: readonly string[];
  /** Where the failing guard clause (or argument condition) is written; null when nowhere is to blame. */
  readonly path: DocPath | null;
  /** How many ways of making the move this reason refuses (its most common reason is given). */
  readonly ways: number;
}

export interface MoveOption {
  readonly move: string;
  readonly seat: number;
  /** Every legal way to make the move now (empty when refused). */
  readonly legal: readonly Move[];
  readonly refusal: Refusal | null;
}

/** A rule id as the rulebooks number them: letters, a dash, an optional letter group and a number (T-B9, C-6.3, R-H2). */
const RULE_ID = /\b[A-Z]{1,3}-[A-Z]{0,2}\d+(?:\.\d+)?\b/g;

export const rulesCited = (text: string): string[] => [...new Set(text.match(RULE_ID) ?? [])];

const refusalOf = (
  game: CompiledGame,
  move: CompiledMove,
  reason: string,
  path: DocPath | null,
  ways: number,
  why?: RefusalWhy,
): Refusal => {
  const cited = rulesCited(reason);
  return { reason, ...(why ? { why } : {}), rules: cited.length > 0 ? cited : (game.spec.moves?.[move.name]?.rules ?? []), path, ways };
};

interface Blame {
  readonly reason: string;
  readonly why?: RefusalWhy;
  readonly path: DocPath | null;
  /** What the tally counts by: the clause, or the text when no clause refused. */
  readonly key: CompiledGuardClause | string;
}

/** What a `judge` refusal blames: its guard clause (reason and place), else its words. */
const blameOf = (game: CompiledGame, ctx: GameState['context'], move: string, refused: Refused): Blame => {
  const clause = blamedClause(refused);
  if (clause) return { reason: clause.reason, path: clause.test.path, key: clause };
  const reason = refusalText(move, refused, peopleOf(game, ctx));
  const why: RefusalWhy | undefined =
    refused.kind === 'over'
      ? { kind: 'over' }
      : refused.kind === 'seat'
        ? { kind: 'seat', seat: refused.seat, seats: refused.seats }
        : undefined;
  return { reason, ...(why ? { why } : {}), path: null, key: reason };
};

const optionFor = (
  game: CompiledGame,
  state: GameState,
  move: CompiledMove,
  transitions: readonly CompiledTransition[],
  seat: number,
): MoveOption => {
  const ctx = state.context;
  const legal: Move[] = [];
  const tally = new Map<Blame['key'], { blame: Blame; ways: number }>();
  let empty: { arg: CompiledMove['args'][number] } | null = null;
  const budget = newChoiceBudget();
  const walk = (i: number, locals: Record<string, Value>, args: Record<string, Json>): void => {
    const arg = move.args[i];
    if (!arg) {
      const verdict = judge(move, transitions, ctx, seat, locals, budget.meter);
      if (verdict.ok) {
        legal.push(move.args.length === 0 ? { move: move.name, seat } : { move: move.name, seat, args });
        return;
      }
      const blame = blameOf(game, ctx, move.name, verdict.refused);
      const seen = tally.get(blame.key);
      tally.set(blame.key, { blame, ways: (seen?.ways ?? 0) + 1 });
      return;
    }
    const choices = choicesOf(arg, scopeOf(ctx, locals), budget);
    if (choices.length === 0 && empty === null) empty = { arg };
    for (const choice of choices) walk(i + 1, { ...locals, [arg.name]: choice }, { ...args, [arg.name]: encodeValue(choice) });
  };
  try {
    walk(0, { seat }, {});
  } catch (error) {
    const reason = describeRuntimeError(game, error);
    return { move: move.name, seat, legal: [], refusal: refusalOf(game, move, reason, null, 0) };
  }
  if (legal.length > 0) return { move: move.name, seat, legal, refusal: null };
  const [worst] = [...tally.values()].sort((a, b) => b.ways - a.ways);
  if (worst)
    return {
      move: move.name,
      seat,
      legal,
      refusal: refusalOf(game, move, worst.blame.reason, worst.blame.path, worst.ways, worst.blame.why),
    };
  const arg = (empty as { arg: CompiledMove['args'][number] } | null)?.arg;
  const where = arg?.where;
  const why: RefusalWhy = arg
    ? where
      ? { kind: 'noChoiceMeets', arg: arg.name, where: where.source }
      : { kind: 'nothingToChoose', arg: arg.name }
    : { kind: 'noWay' };
  const reason = arg
    ? where
      ? `no choice of '${arg.name}' meets \`${where.source}\``
      : `there is nothing to choose as '${arg.name}'`
    : 'no way to make it';
  return { move: move.name, seat, legal, refusal: refusalOf(game, move, reason, where?.path ?? null, 0, why) };
};

/** Every move the current state offers `seat` (in the order the flow lists them), legal or not. */
export const moveOptions = (game: CompiledGame, state: GameState, seat: number): MoveOption[] => {
  if (isOver(state)) return [];
  const env = envOf(state.context);
  const meter = new Meter();
  const out: MoveOption[] = [];
  for (const [name, transitions] of offered(game, state)) {
    const move = game.moves[name];
    if (!move || !seatsOf(move, env, meter).includes(seat)) continue;
    out.push(optionFor(game, state, move, transitions, seat));
  }
  return out;
};

/**
 * Why `move` is not legal now, or null when it is. A refused guard gives its clause (reason, rules,
 * place); anything else (not offered here, not this seat's, a bad argument) gives `step`'s words.
 */
export const whyNot = (game: CompiledGame, state: GameState, move: Move): Refusal | null => {
  const stepped = step(game, state, move);
  if (stepped.ok) return null;
  const compiled = game.moves[move.move];
  const transitions = offered(game, state).get(move.move);
  const meter = new Meter();
  if (!compiled || !transitions || isOver(state) || !seatsOf(compiled, envOf(state.context), meter).includes(move.seat)) {
    return { reason: stepped.error, rules: [], path: null, ways: 1 };
  }
  let locals: Record<string, Value> = { seat: move.seat };
  try {
    for (const arg of compiled.args) {
      const decoded = decodeArg(arg, move.args?.[arg.name], state.context, locals, meter);
      if ('error' in decoded) return { ...refusalOf(game, compiled, decoded.error, arg.where?.path ?? null, 1), rules: [] };
      locals = { ...locals, [arg.name]: decoded.value };
    }
    const verdict = judge(compiled, transitions, state.context, move.seat, locals, meter);
    const clause = verdict.ok ? undefined : blamedClause(verdict.refused);
    if (clause) return refusalOf(game, compiled, clause.reason, clause.test.path, 1);
  } catch {
    // The step's own message already says what went wrong while evaluating.
  }
  return { reason: stepped.error, rules: [], path: null, ways: 1 };
};
