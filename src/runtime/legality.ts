/**
 * The one place that decides whether a move is allowed, and why not. The XState guards
 * (compile/machine.ts), the engine's legal-move listing and its `step`, and the fast stepping path
 * all ask `judge`; nothing else reads a move's `by`, its guard or its transitions' guards.
 */
import type { Env, Value } from '../lang/index.ts';
import { Meter, didYouMean } from '../lang/index.ts';
import type { CompiledExpr } from '../check/exprs.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import { decodeArg } from './args.ts';
import { envOf, type LocalValues } from './env.ts';
import type { GameContext, Move } from './state.ts';
import { hasKeys, own } from '../spec/own.ts';
import { LIMITS } from '../limits.ts';
import type { PlayObserver } from './observer.ts';

export interface CompiledGuardClause {
  readonly test: CompiledExpr;
  /** Why the move or transition is refused when the test fails. */
  readonly reason: string;
}

/** What every kind of argument has: its name, and its place in the spec, where a limit its listing passes is reported. */
interface ArgBase {
  readonly name: string;
  readonly path: DocPath;
}

export type CompiledArg = ArgBase &
  (
    | { readonly kind: 'oneOf'; readonly domain: CompiledExpr; readonly where?: CompiledExpr }
    | {
        readonly kind: 'subsetOf';
        readonly domain: CompiledExpr;
        readonly min?: CompiledExpr;
        readonly max?: CompiledExpr;
        readonly where?: CompiledExpr;
      }
    | { readonly kind: 'assign'; readonly from: CompiledExpr; readonly to: CompiledExpr; readonly where?: CompiledExpr }
  );

/** What legality needs to know of a move: who makes it, its arguments and its guard. */
export interface MoveRules {
  readonly name: string;
  /** The seat or seats that may make the move. */
  readonly by: CompiledExpr;
  readonly args: readonly CompiledArg[];
  readonly guard: readonly CompiledGuardClause[];
  /** Whether its arguments or guard depend on which seat makes it. */
  readonly readsSeat: boolean;
}

/** What legality needs to know of a transition a move may take. */
export interface TransitionRules {
  readonly guard: readonly CompiledGuardClause[];
}

/** A move as the statechart receives it: arguments decoded (pieces as pieces, not ids). */
export interface MoveEvent {
  readonly type: `move.${string}`;
  readonly move: string;
  readonly seat: number;
  readonly args: Readonly<Record<string, Value>>;
}

/** The first clause that fails, or undefined when all hold. */
export const failedClause = (guard: readonly CompiledGuardClause[], env: Env, meter: Meter): CompiledGuardClause | undefined => {
  for (const clause of guard) if (!clause.test.run(env, meter)) return clause;
  return undefined;
};

/** Whether a value made for `seat` alone is kept for it: a seat of the game, not a stray number a `by` gave. */
const keptFor = (seat: number): boolean => Number.isInteger(seat) && seat >= 0 && seat < LIMITS.players;

/**
 * A list of one seat, made once per seat: most moves are made by one seat, and every listing and
 * every move asks who makes it.
 */
const oneSeat: (readonly number[])[] = [];

/** The seats a move's `by` names. */
export const seatsOf = (move: MoveRules, env: Env, meter: Meter): readonly number[] => {
  const v = move.by.run(env, meter) as Value;
  if (Array.isArray(v)) return v as readonly number[];
  const seat = v as number;
  return keptFor(seat) ? (oneSeat[seat] ??= Object.freeze([seat])) : [seat];
};

/**
 * Why a move is refused, as data: the text is built only when someone reads it (`refusalText`),
 * so listing the legal moves, which refuses most candidates, builds no strings.
 */
export type Refused =
  | { readonly kind: 'over' }
  | { readonly kind: 'seat'; readonly seat: number; readonly seats: readonly number[] }
  /** The move's own guard refuses. */
  | { readonly kind: 'guard'; readonly clause: CompiledGuardClause }
  /** Every transition the move may take refuses: each one's failing clause, in the order they are tried. */
  | { readonly kind: 'transitions'; readonly clauses: readonly CompiledGuardClause[] };

export type Verdict = { readonly ok: true; readonly transition: number } | { readonly ok: false; readonly refused: Refused };

const OVER: Verdict = { ok: false, refused: { kind: 'over' } };

/** The verdicts allowing a move by its first few transitions, made once: listing the legal moves judges every choice. */
const ALLOWED: readonly Verdict[] = Array.from({ length: 8 }, (_, transition) => Object.freeze({ ok: true, transition }));
const allowedBy = (transition: number): Verdict => ALLOWED[transition] ?? { ok: true, transition };

/** How people are named in refusals: a seat by the spec's name for it, a move by its title. */
export interface People {
  readonly seat: (seat: number) => string;
  readonly move: (name: string) => string;
}

/** People's numbering when the spec names nobody: seat 0 is Player 1. */
export const defaultSeatName = (seat: number): string => `Player ${seat + 1}`;

export const defaultPeople: People = { seat: defaultSeatName, move: (name) => name };

const listed = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? 'nobody') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;

/** A refusal in the player's words. */
export const refusalText = (move: string, refused: Refused, people: People = defaultPeople): string => {
  const title = `'${people.move(move)}'`;
  switch (refused.kind) {
    case 'over':
      return 'the game is over';
    case 'seat':
      return `${people.seat(refused.seat)} may not play ${title} now; it is for ${listed(refused.seats.map(people.seat))}`;
    case 'guard':
      return `${title} is not allowed: ${refused.clause.reason}`;
    case 'transitions':
      return `${title} is not allowed now: ${refused.clauses.map((c) => c.reason).join('; ')}`;
  }
};

/** The guard clause to blame for a refusal: the move's own, else the first transition's; none when no guard refused. */
export const blamedClause = (refused: Refused): CompiledGuardClause | undefined =>
  refused.kind === 'guard' ? refused.clause : refused.kind === 'transitions' ? refused.clauses[0] : undefined;

/**
 * THE legality decision: may `seat` make `move` with the arguments in `locals`, by one of
 * `transitions` (those the current states offer for it, in the order they are tried)? Allowed:
 * the index of the first transition whose guard holds. Refused: what refused it (`refusalText`
 * words it).
 */
export const judge = (
  move: MoveRules,
  transitions: readonly TransitionRules[],
  ctx: GameContext,
  seat: number,
  locals: LocalValues,
  meter: Meter,
  observer?: PlayObserver,
): Verdict => {
  if (ctx.result !== null) return OVER;
  const seats = seatsOf(move, envOf(ctx), meter);
  if (!seats.includes(seat)) return { ok: false, refused: { kind: 'seat', seat, seats } };
  return judgeGuards(move, transitions, envOf(ctx, locals), meter, observer);
};

/**
 * The part of `judge` after the seat: the move's guard, then its transitions', in `env` (the
 * context's names with the move's `seat` and arguments). The legal-move listing, which knows
 * the seat may act, asks this alone for each choice of arguments.
 */
export const judgeGuards = (
  move: MoveRules,
  transitions: readonly TransitionRules[],
  env: Env,
  meter: Meter,
  observer?: PlayObserver,
): Verdict => {
  const failed = failedClause(move.guard, env, meter);
  if (observer) observer.judged(move, failed);
  if (failed) return { ok: false, refused: { kind: 'guard', clause: failed } };
  let clauses: CompiledGuardClause[] | undefined;
  for (let i = 0; i < transitions.length; i++) {
    const transition = transitions[i] as TransitionRules;
    const refused = failedClause(transition.guard, env, meter);
    if (observer) observer.judged(transition, refused);
    if (!refused) return allowedBy(i);
    (clauses ??= []).push(refused);
  }
  return { ok: false, refused: { kind: 'transitions', clauses: clauses ?? [] } };
};

/** The locals of a move without arguments, made once per seat: most moves have none. */
const seatOnly: LocalValues[] = [];

/** The names a move's guards and effects see besides the context's: `seat` and its arguments. */
export const moveLocals = (event: MoveEvent): LocalValues => {
  const { seat, args } = event;
  if (hasKeys(args)) return { seat, ...args };
  return keptFor(seat) ? (seatOnly[seat] ??= Object.freeze({ seat })) : { seat };
};

/** The type of a move's events (and of the statechart's transitions on it). */
export const eventType = (move: string): MoveEvent['type'] => `move.${move}`;

/** The event of a move whose arguments are decoded in `locals` (with `seat`). */
export const eventOf = (move: string, seat: number, locals: LocalValues): MoveEvent => {
  const { seat: _seat, ...args } = locals;
  return { type: eventType(move), move, seat, args };
};

export interface Offer<T extends TransitionRules> {
  /** Where the flow is, for messages ("turn.decide"). */
  readonly where: string;
  /** The moves the current states offer, each with its transitions in the order they are tried. */
  readonly moves: ReadonlyMap<string, readonly T[]>;
}

export type Checked<T> =
  | { readonly ok: true; readonly event: MoveEvent; readonly locals: LocalValues; readonly transition: T }
  | { readonly ok: false; readonly error: string };

/**
 * A move as a player sends it (arguments as JSON, pieces by id), checked: the decoded event and
 * the transition it takes, or why it is refused. Arguments are decoded here; the decision is
 * `judge`'s. Its expressions run on `meter`, which the move's effects may go on with.
 */
export const checkMove = <T extends TransitionRules>(
  moves: Readonly<Record<string, MoveRules>>,
  offer: Offer<T>,
  ctx: GameContext,
  move: Move,
  people: People = defaultPeople,
  meter: Meter = new Meter(),
): Checked<T> => {
  if (ctx.result !== null) return { ok: false, error: 'the game is over' };
  const rules = own(moves, move.move);
  if (!rules) return { ok: false, error: `there is no move '${move.move}'${didYouMean(move.move, Object.keys(moves))}` };
  const transitions = offer.moves.get(move.move);
  if (!transitions) {
    return {
      ok: false,
      error: `'${move.move}' cannot be played in state ${offer.where}; possible now: ${[...offer.moves.keys()].join(', ') || 'nothing'}`,
    };
  }
  const seats = seatsOf(rules, envOf(ctx), meter);
  if (!seats.includes(move.seat)) return { ok: false, error: refusalText(move.move, { kind: 'seat', seat: move.seat, seats }, people) };
  let locals: Record<string, Value> = { seat: move.seat };
  const given = move.args ?? {};
  for (const name of Object.keys(given)) {
    if (!rules.args.some((a) => a.name === name)) return { ok: false, error: `'${move.move}' has no argument '${name}'` };
  }
  for (const arg of rules.args) {
    const decoded = decodeArg(arg, given[arg.name], ctx, locals, meter);
    if ('error' in decoded) return { ok: false, error: decoded.error };
    locals = { ...locals, [arg.name]: decoded.value };
  }
  const verdict = judge(rules, transitions, ctx, move.seat, locals, meter);
  if (!verdict.ok) return { ok: false, error: refusalText(move.move, verdict.refused, people) };
  return { ok: true, event: eventOf(move.move, move.seat, locals), locals, transition: transitions[verdict.transition] as T };
};
