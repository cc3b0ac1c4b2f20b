/**
 * The pure engine: start a game, list the legal moves, apply a move. It steps the compiled XState
 * machine with XState's own `transition()`, so what the diagram shows is what runs. States are
 * plain data; the PRNG lives in them, so the same seed and moves give the same game.
 */
import { createActor, type ActorScope, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { Value } from '../lang/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import type { CompiledTransition, GameMachine } from '../compile/machine.ts';
import type { CompiledMove } from '../compile/moves.ts';
import { envOf } from '../runtime/env.ts';
import { OVER, STALLED, AUTO_LIMIT } from '../runtime/flow.ts';
import { checkMove, eventOf, judge, seatsOf, type MoveEvent } from '../runtime/legality.ts';
import { describeRuntimeError } from './errors.ts';
import { ArgError, choicesOf, encodeValue } from '../runtime/args.ts';
import type { FlowValue, GameContext, GameState, Json, Move, StepResult } from './types.ts';
import { own } from '../spec/own.ts';

export interface NewGameOptions {
  readonly players?: number;
  readonly seed: number | string;
}

/** Active state names from the top of the flow down to the current leaf. */
export const activeStates = (value: FlowValue): string[] => {
  const out: string[] = [];
  let v: FlowValue | undefined = value;
  while (v !== undefined) {
    if (typeof v === 'string') {
      out.push(v);
      break;
    }
    const key: string | undefined = Object.keys(v)[0];
    if (key === undefined) break;
    out.push(key);
    v = v[key];
  }
  return out;
};

const settle = (snapshot: SnapshotFrom<GameMachine>): StepResult => {
  const value = snapshot.value as FlowValue;
  if (value === STALLED) {
    return { ok: false, error: `the flow did not settle: ${AUTO_LIMIT} automatic transitions ran without a move (check the 'always' transitions and their guards)` };
  }
  return { ok: true, state: { value, context: snapshot.context as GameContext } };
};

export const newGame = (game: CompiledGame, options: NewGameOptions): StepResult => {
  const players = options.players ?? game.players.default;
  if (!Number.isInteger(players) || players < game.players.min || players > game.players.max) {
    return { ok: false, error: `${game.title} is for ${game.players.min} to ${game.players.max} players, not ${players}` };
  }
  try {
    const context = game.initialContext({ players, seed: options.seed, params: game.paramValues });
    const snapshot = game.flow.machine.getInitialSnapshot(scopeOf(game), context);
    const result = settle(snapshot);
    if (result.ok) snapshots.set(result.state, { machine: game.flow.machine, snapshot });
    return result;
  } catch (error) {
    return { ok: false, error: describeRuntimeError(game, error) };
  }
};

/** The same state with `faces` queued for the next rolled dice (see GameContext.rigged). */
export const rig = (state: GameState, faces: readonly Json[]): GameState => ({
  ...state,
  context: { ...state.context, rigged: [...state.context.rigged, ...faces] },
});

export const isOver = (state: GameState): boolean => state.context.result !== null || state.value === OVER;

/** The move transitions the current states offer, deepest state first (the order XState tries). */
const offered = (game: CompiledGame, state: GameState): Map<string, CompiledTransition[]> => {
  const out = new Map<string, CompiledTransition[]>();
  for (const name of activeStates(state.value).reverse()) {
    for (const [move, list] of game.flow.moveTransitions.get(name) ?? []) out.set(move, [...(out.get(move) ?? []), ...list]);
  }
  return out;
};

/** A legal move with the event that applies it, its arguments already decoded. */
export interface LegalMove {
  readonly move: Move;
  readonly event: MoveEvent;
}

const enumerate = (
  move: CompiledMove,
  transitions: readonly CompiledTransition[],
  ctx: GameContext,
  seat: number,
  out: LegalMove[],
): void => {
  const walk = (i: number, locals: Record<string, Value>, args: Record<string, Json>): void => {
    const arg = move.args[i];
    if (!arg) {
      if (!judge(move, transitions, ctx, seat, locals).ok) return;
      out.push({
        move: move.args.length === 0 ? { move: move.name, seat } : { move: move.name, seat, args },
        event: eventOf(move.name, seat, locals),
      });
      return;
    }
    for (const choice of choicesOf(arg, ctx, locals)) walk(i + 1, { ...locals, [arg.name]: choice }, { ...args, [arg.name]: encodeValue(choice) });
  };
  walk(0, { seat }, {});
};

/** Every legal move with its event; the simulator and bots apply them with `applyLegal`. */
export const legalMovesWithEvents = (game: CompiledGame, state: GameState, seat?: number): LegalMove[] => {
  if (isOver(state)) return [];
  const out: LegalMove[] = [];
  const env = envOf(state.context);
  for (const [name, transitions] of offered(game, state)) {
    const move = own(game.moves, name);
    if (!move) continue;
    const seats = seatsOf(move, env).filter((s) => seat === undefined || s === seat);
    const [first, ...others] = seats;
    if (first === undefined) continue;
    if (readsSeat(move, transitions)) {
      for (const s of seats) enumerate(move, transitions, state.context, s, out);
      continue;
    }
    // A team acting as one: when nothing reads `seat`, every member has the same choices.
    const from = out.length;
    enumerate(move, transitions, state.context, first, out);
    const mine = out.slice(from);
    for (const s of others) {
      for (const legal of mine) out.push({ move: { ...legal.move, seat: s }, event: { ...legal.event, seat: s } });
    }
  }
  return out;
};

const readsSeat = (move: CompiledMove, transitions: readonly CompiledTransition[]): boolean =>
  move.readsSeat || transitions.some((t) => t.guard.some((clause) => clause.test.usedNames.has('seat')));

/** Every legal move, for one seat or for all; the studio, bots, simulator and fuzzers share it. */
export const legalMoves = (game: CompiledGame, state: GameState, seat?: number): Move[] =>
  legalMovesWithEvents(game, state, seat).map((legal) => legal.move);

/** Seats that have at least one legal move now. */
export const actingSeats = (game: CompiledGame, state: GameState): number[] =>
  [...new Set(legalMoves(game, state).map((m) => m.seat))].sort((a, b) => a - b);

const why = (game: CompiledGame, state: GameState, move: Move): string | MoveEvent => {
  if (isOver(state)) return 'the game is over';
  const checked = checkMove(game.moves, { where: activeStates(state.value).join('.'), moves: offered(game, state) }, state.context, move);
  return checked.ok ? checked.event : checked.error;
};

/**
 * The machine snapshot of a state: resolved from the state's value once, then kept with the
 * state it belongs to (and the machine it came from: a recompiled spec resolves again).
 */
const snapshots = new WeakMap<GameState, { machine: GameMachine; snapshot: SnapshotFrom<GameMachine> }>();

const snapshotOf = (game: CompiledGame, state: GameState): SnapshotFrom<GameMachine> => {
  const known = snapshots.get(state);
  if (known && known.machine === game.flow.machine) return known.snapshot;
  return game.flow.machine.resolveState({ value: state.value, context: state.context });
};

type Scope = ActorScope<SnapshotFrom<GameMachine>, EventFromLogic<GameMachine>>;

/**
 * One actor scope per machine, made once. XState's `transition()` helper builds a fresh actor
 * for every call, and that actor computes the machine's initial state each time: a third of a
 * step's cost. Our machines only `assign` (every effect is pure), so the scope needs no executor.
 */
const scopes = new WeakMap<GameMachine, Scope>();

const scopeOf = (game: CompiledGame): Scope => {
  const machine = game.flow.machine;
  let scope = scopes.get(machine);
  if (!scope) {
    const input = game.initialContext({ players: game.players.default, seed: 0, params: game.paramValues });
    const actor = createActor(machine, { input });
    scope = {
      self: actor,
      id: actor.id,
      sessionId: actor.sessionId,
      system: actor.system,
      logger: () => undefined,
      defer: () => undefined,
      emit: () => undefined,
      stopChild: () => undefined,
      actionExecutor: () => undefined,
    };
    scopes.set(machine, scope);
  }
  return scope;
};

const advance = (game: CompiledGame, state: GameState, event: MoveEvent): StepResult => {
  try {
    const next = game.flow.machine.transition(snapshotOf(game, state), event, scopeOf(game));
    const result = settle(next);
    if (result.ok) snapshots.set(result.state, { machine: game.flow.machine, snapshot: next });
    return result;
  } catch (error) {
    return { ok: false, error: describeRuntimeError(game, error) };
  }
};

/** Applies a move from `legalMovesWithEvents` for this very state, without checking it again. */
export const applyLegal = (game: CompiledGame, state: GameState, legal: LegalMove): StepResult => advance(game, state, legal.event);

/** Applies a move; an illegal move is refused with the reason, the state left as it was. */
export const step = (game: CompiledGame, state: GameState, move: Move): StepResult => {
  let checked: ReturnType<typeof why>;
  try {
    checked = why(game, state, move);
  } catch (error) {
    return { ok: false, error: error instanceof ArgError ? error.message : describeRuntimeError(game, error) };
  }
  return typeof checked === 'string' ? { ok: false, error: checked } : advance(game, state, checked);
};

/** Replays a move log from a seed; stops at the first move that is not legal. */
export const replay = (
  game: CompiledGame,
  options: NewGameOptions,
  moves: readonly Move[],
): { ok: true; state: GameState } | { ok: false; error: string; index: number; state?: GameState } => {
  const start = newGame(game, options);
  if (!start.ok) return { ok: false, error: start.error, index: -1 };
  let state = start.state;
  for (const [index, move] of moves.entries()) {
    const result = step(game, state, move);
    if (!result.ok) return { ok: false, error: result.error, index, state };
    state = result.state;
  }
  return { ok: true, state };
};
