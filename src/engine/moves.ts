/**
 * Listing the legal moves of a context, given the moves the current states offer: every seat that
 * may act, every choice of arguments, each judged by runtime/legality.ts. Both stepping paths
 * (the fast tables and the XState machine) list their moves here.
 */
import { Meter, type Value } from '../lang/index.ts';
import { SpecLimitError } from '../errors.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import type { CompiledGame } from '../compile/index.ts';
import type { CompiledMove } from '../compile/moves.ts';
import {
  eachChoice,
  encodeValue,
  listedBefore,
  minimalChoicesOf,
  newChoiceBudget,
  overSteps,
  type ChoiceBudget,
  type SubsetArg,
} from '../runtime/args.ts';
import { envOf, scopeOf, type Scope } from '../runtime/env.ts';
import { judgeGuards, seatsOf, type CompiledArg, type MoveEvent, type TransitionRules } from '../runtime/legality.ts';
import type { GameContext, Json, Move } from '../runtime/state.ts';
import type { PlayObserver } from '../runtime/observer.ts';
import { own } from '../spec/own.ts';

/** A legal move with the event that applies it, its arguments already decoded. */
export interface LegalMove {
  /** The seat that makes it: the event's, read without making the event. */
  readonly seat: number;
  readonly move: Move;
  readonly event: MoveEvent;
}

/**
 * Moves, by name, whose listing may leave out the choices of a `subsetOf` argument (named here)
 * that hold a smaller legal choice: a bot that weighs only the minimal ones (bots/consider.ts)
 * need not judge the others. Applied only to a move's last argument, where a choice is legal
 * or not whatever comes after it; the listing is then a shorter list in the same order.
 */
export type MinimalArgs = ReadonlyMap<string, readonly string[]>;

/**
 * One seat's legal choices of arguments, move after move. The choices are walked depth first in
 * one scope (the context's names and `seat`), each argument's name overwritten in turn, so a
 * candidate costs no scope of its own; the move and its event are built only for the legal ones.
 * Moves without arguments, which write nothing into the scope, share one (see `listLegal`).
 */
class Enumeration {
  private move!: CompiledMove;
  private transitions!: readonly TransitionRules[];
  private minimal: readonly string[] | undefined;
  /** The listing's budget of choices, made once there are arguments to choose. */
  private budget: ChoiceBudget | undefined;
  private readonly chosen: Value[] = [];
  /**
   * What the scope held, before the listing, under each argument's name: a global that the
   * argument hides, or nothing. Put back once an argument's choices are walked, so that the next
   * choice of an earlier argument is judged, and a later argument's list made, in the scope the
   * spec means.
   */
  private readonly hidden: Value[] = [];

  constructor(
    private readonly scope: Scope,
    private readonly seat: number,
    private readonly out: LegalMove[],
    private readonly observer: PlayObserver | undefined,
    private readonly meter: Meter,
  ) {}

  /** Lists `move`'s legal choices by `transitions`, with `minimal` as `MinimalArgs` gives it for the move. */
  list(move: CompiledMove, transitions: readonly TransitionRules[], minimal: readonly string[] | undefined): void {
    this.move = move;
    this.transitions = transitions;
    this.minimal = minimal;
    this.budget = undefined;
    for (let i = 0; i < move.args.length; i++) this.hidden[i] = this.scope[(move.args[i] as CompiledArg).name] as Value;
    this.walk(0);
  }

  private choiceBudget(): ChoiceBudget {
    return (this.budget ??= newChoiceBudget(this.meter));
  }

  private walk(i: number): void {
    const { move, scope } = this;
    const arg = move.args[i];
    if (!arg) {
      this.judge();
      return;
    }
    if (arg.kind === 'subsetOf' && i === move.args.length - 1 && this.minimal?.includes(arg.name)) this.walkMinimal(arg, i);
    else {
      eachChoice(arg, scope, this.choiceBudget(), (choice) => {
        this.chosen[i] = choice;
        this.walk(i + 1);
      });
    }
    scope[arg.name] = this.hidden[i] as Value;
  }

  /** The last argument's minimal choices (see `MinimalArgs`), put back in the full listing's order. */
  private walkMinimal(arg: SubsetArg, i: number): void {
    const { out, scope } = this;
    const from = out.length;
    const masks = minimalChoicesOf(arg, scope, this.choiceBudget(), (choice) => {
      scope[arg.name] = choice;
      this.chosen[i] = choice;
      return this.judge();
    });
    // `judge` listed one move for each mask, in the order the masks were found.
    const found = out.splice(from).map((legal, k) => ({ legal, mask: masks[k] as number }));
    found.sort((a, b) => (listedBefore(a.mask, b.mask) ? -1 : 1));
    for (const { legal } of found) out.push(legal);
  }

  /** Judges the guards for the choices made; lists the move when they hold. */
  private judge(): boolean {
    const { move, scope } = this;
    const ok = judgeGuards(move, this.transitions, scope, this.meter, this.observer).ok;
    // The guards are judged for every choice, each clause bounded alone: 90,000 choices of a
    // guard costing 300,000 steps ran on for minutes.
    if (this.budget && overSteps(this.budget)) {
      const at = move.guard[0]?.test.path ?? this.transitions.find((t) => t.guard.length > 0)?.guard[0]?.test.path ?? ['moves', move.name];
      throw new SpecLimitError(
        `listing the choices of '${move.name}' took more than ${formatLimit(LIMITS.moveSteps)} calculation steps (the limit of work for one listing): its guards are judged for every choice of its arguments`,
        at,
      );
    }
    if (ok) this.out.push(this.legal());
    return ok;
  }

  private legal(): LegalMove {
    const { move } = this;
    const n = move.args.length;
    if (n === 0) return new Listed(move, this.seat, NO_VALUES);
    if (n === 1) return new Listed(move, this.seat, this.kept(0));
    const values: Value[] = new Array(n);
    for (let i = 0; i < n; i++) values[i] = this.kept(i);
    return new Listed(move, this.seat, values);
  }

  /** The value chosen for argument `i`, for a listed move to keep: a subset's array is the walk's own, reused for every candidate. */
  private kept(i: number): Value {
    const value = this.chosen[i] as Value;
    return (this.move.args[i] as CompiledArg).kind === 'subsetOf' ? (value as readonly Value[]).slice() : value;
  }
}

const NO_VALUES: readonly Value[] = Object.freeze([]);

/**
 * A legal move as listed: its seat and its arguments' values at once, its event and its form as a
 * player sends it (`move`, pieces by id) when first read. A listing makes one for every legal
 * choice of arguments and the simulator or a bot reads few of them: where a subset argument has
 * many legal choices, every form made at once was a third of the bytes a move allocated, and
 * every event with its record of arguments a twentieth more.
 */
class Listed implements LegalMove {
  #event: MoveEvent | undefined;
  #move: Move | undefined;
  /** The compiled move, shared. */
  readonly #of: CompiledMove;
  /**
   * The value of the move's one argument, or the list of its arguments' values in their order when
   * it has none or several: most moves have one or none, and a list of one value for every listed
   * move was a tenth of the bytes a card game's move allocated.
   */
  readonly #values: Value;

  constructor(
    of: CompiledMove,
    readonly seat: number,
    values: Value,
  ) {
    this.#of = of;
    this.#values = values;
  }

  get event(): MoveEvent {
    if (this.#event) return this.#event;
    const of = this.#of;
    const args: Record<string, Value> = {};
    if (of.args.length === 1) args[(of.args[0] as CompiledArg).name] = this.#values;
    else for (let i = 0; i < of.args.length; i++) args[(of.args[i] as CompiledArg).name] = (this.#values as readonly Value[])[i] as Value;
    return (this.#event = { type: of.type, move: of.name, seat: this.seat, args });
  }

  get move(): Move {
    if (this.#move) return this.#move;
    const { move, seat, args: values } = this.event;
    if (this.#of.args.length === 0) return (this.#move = { move, seat });
    const args: Record<string, Json> = {};
    for (const { name } of this.#of.args) args[name] = encodeValue(values[name] as Value);
    return (this.#move = { move, seat, args });
  }

  /** Seat `seat`'s same move: a team acting as one lists every member's. */
  forSeat(seat: number): Listed {
    return new Listed(this.#of, seat, this.#values);
  }
}

/** Whether a transition's guard reads `seat`, by the move's list of transitions: listing asks at every position. */
const transitionsReadingSeat = new WeakMap<readonly TransitionRules[], boolean>();

const readsSeat = (move: CompiledMove, transitions: readonly TransitionRules[]): boolean => {
  if (move.readsSeat) return true;
  let reads = transitionsReadingSeat.get(transitions);
  if (reads === undefined) {
    reads = transitions.some((t) => t.guard.some((clause) => clause.test.usedNames.has('seat')));
    transitionsReadingSeat.set(transitions, reads);
  }
  return reads;
};

/** The context's names and `seat`: the scope of one seat's listing, which its enumeration then owns. */
const scopeWithSeat = (ctx: GameContext, seat: number): Scope => {
  const scope = scopeOf(ctx);
  scope.seat = seat;
  return scope;
};

/** The enumeration listing `move` for seat `s`: the seat's shared one (kept in `bySeat`) for a move without arguments. */
const enumerationOf = (
  bySeat: Enumeration[],
  move: CompiledMove,
  s: number,
  ctx: GameContext,
  out: LegalMove[],
  observer: PlayObserver | undefined,
  meter: Meter,
): Enumeration => {
  if (move.args.length > 0) return new Enumeration(scopeWithSeat(ctx, s), s, out, observer, meter);
  let shared = bySeat[s];
  if (!shared) bySeat[s] = shared = new Enumeration(scopeWithSeat(ctx, s), s, out, observer, meter);
  return shared;
};

/**
 * Every legal move of `ctx` where the states offer `offered`, for one seat or for all; with
 * `minimal`, maybe fewer (see `MinimalArgs`). The listing runs on `meter`: a bot's decision hands
 * its own.
 */
export const listLegal = (
  game: CompiledGame,
  ctx: GameContext,
  offered: ReadonlyMap<string, readonly TransitionRules[]>,
  seat?: number,
  observer?: PlayObserver,
  minimal?: MinimalArgs,
  meter: Meter = new Meter(),
): LegalMove[] => {
  const out: LegalMove[] = [];
  if (ctx.result !== null) return out;
  const env = envOf(ctx);
  // A move without arguments leaves its seat's scope as it was: such moves share one enumeration
  // per seat. A move's arguments are written into its scope, and one may hide a global by its
  // name: each such move has a scope of its own.
  const bySeat: Enumeration[] = [];
  for (const [name, transitions] of offered) {
    const move = own(game.moves, name);
    if (!move) continue;
    const all = seatsOf(move, env, meter);
    const seats = seat === undefined ? all : all.filter((s) => s === seat);
    const first = seats[0];
    if (first === undefined) continue;
    const spare = minimal?.get(name);
    if (readsSeat(move, transitions)) {
      for (const s of seats) enumerationOf(bySeat, move, s, ctx, out, observer, meter).list(move, transitions, spare);
      continue;
    }
    // A team acting as one: when nothing reads `seat`, every member has the same choices.
    const from = out.length;
    enumerationOf(bySeat, move, first, ctx, out, observer, meter).list(move, transitions, spare);
    if (seats.length === 1) continue;
    const mine = out.slice(from) as Listed[];
    for (let i = 1; i < seats.length; i++) {
      const s = seats[i] as number;
      for (const legal of mine) out.push(legal.forSeat(s));
    }
  }
  return out;
};
