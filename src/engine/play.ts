/**
 * The pure engine: start a game, list the legal moves, apply a move. It steps the compiled XState
 * machine with XState's own `transition()`, so what the diagram shows is what runs. States are
 * plain data; the PRNG lives in them, so the same seed and moves give the same game.
 */
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import type { Value } from '../lang/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import { envOf, type LocalValues } from '../compile/env.ts';
import { OVER, STALLED, AUTO_LIMIT, type CompiledTransition, type GameMachine, type MoveEvent } from '../compile/machine.ts';
import { failedClause, seatsOf, type CompiledMove } from '../compile/moves.ts';
import { suggest } from '../check/flow.ts';
import { describeRuntimeError } from './errors.ts';
import { ArgError, choicesOf, decodeArg, encodeValue } from './args.ts';
import type { FlowValue, GameContext, GameState, Json, Move, StepResult } from './types.ts';

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
    const [snapshot] = initialTransition(game.flow.machine, context);
    return settle(snapshot);
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

const allowed = (move: CompiledMove, transitions: readonly CompiledTransition[], ctx: GameContext, locals: LocalValues): boolean => {
  const env = envOf(ctx, locals);
  return !failedClause(move.guard, env) && transitions.some((t) => !failedClause(t.guard, env));
};

const enumerate = (
  move: CompiledMove,
  transitions: readonly CompiledTransition[],
  ctx: GameContext,
  seat: number,
  out: Move[],
): void => {
  const walk = (i: number, locals: Record<string, Value>, args: Record<string, Json>): void => {
    const arg = move.args[i];
    if (!arg) {
      if (allowed(move, transitions, ctx, locals)) out.push(move.args.length === 0 ? { move: move.name, seat } : { move: move.name, seat, args });
      return;
    }
    for (const choice of choicesOf(arg, ctx, locals)) walk(i + 1, { ...locals, [arg.name]: choice }, { ...args, [arg.name]: encodeValue(choice) });
  };
  walk(0, { seat }, {});
};

/** Every legal move, for one seat or for all; the studio, bots, simulator and fuzzers share it. */
export const legalMoves = (game: CompiledGame, state: GameState, seat?: number): Move[] => {
  if (isOver(state)) return [];
  const out: Move[] = [];
  const env = envOf(state.context);
  for (const [name, transitions] of offered(game, state)) {
    const move = game.moves[name];
    if (!move) continue;
    for (const s of seatsOf(move, env)) {
      if (seat === undefined || s === seat) enumerate(move, transitions, state.context, s, out);
    }
  }
  return out;
};

/** Seats that have at least one legal move now. */
export const actingSeats = (game: CompiledGame, state: GameState): number[] =>
  [...new Set(legalMoves(game, state).map((m) => m.seat))].sort((a, b) => a - b);

const why = (game: CompiledGame, state: GameState, move: Move): string | { locals: LocalValues; event: MoveEvent } => {
  const ctx = state.context;
  if (isOver(state)) return 'the game is over';
  const compiled = game.moves[move.move];
  if (!compiled) return `there is no move '${move.move}'${suggest(move.move, Object.keys(game.moves))}`;
  const here = offered(game, state);
  const transitions = here.get(move.move);
  const where = activeStates(state.value).join('.');
  if (!transitions) return `'${move.move}' cannot be played in state ${where}; possible now: ${[...here.keys()].join(', ') || 'nothing'}`;
  const seats = seatsOf(compiled, envOf(ctx));
  if (!seats.includes(move.seat)) return `seat ${move.seat} may not play '${move.move}' now; it is for seat ${seats.join(', ') || 'nobody'}`;
  let locals: Record<string, Value> = { seat: move.seat };
  const given = move.args ?? {};
  for (const name of Object.keys(given)) {
    if (!compiled.args.some((a) => a.name === name)) return `'${move.move}' has no argument '${name}'`;
  }
  for (const arg of compiled.args) {
    const decoded = decodeArg(arg, given[arg.name], ctx, locals);
    if ('error' in decoded) return decoded.error;
    locals = { ...locals, [arg.name]: decoded.value };
  }
  const env = envOf(ctx, locals);
  const failed = failedClause(compiled.guard, env);
  if (failed) return `'${move.move}' is not allowed: ${failed.reason}`;
  if (!transitions.some((t) => !failedClause(t.guard, env))) {
    const reasons = transitions.map((t) => failedClause(t.guard, env)?.reason).filter((r) => r !== undefined);
    return `'${move.move}' is not allowed now: ${reasons.join('; ')}`;
  }
  const { seat: _seat, ...args } = locals;
  return { locals, event: { type: `move.${move.move}`, move: move.move, seat: move.seat, args } };
};

/** Applies a move; an illegal move is refused with the reason, the state left as it was. */
export const step = (game: CompiledGame, state: GameState, move: Move): StepResult => {
  try {
    const checked = why(game, state, move);
    if (typeof checked === 'string') return { ok: false, error: checked };
    const snapshot = game.flow.machine.resolveState({ value: state.value, context: state.context });
    const [next] = transition(game.flow.machine, snapshot, checked.event);
    return settle(next);
  } catch (error) {
    if (error instanceof ArgError) return { ok: false, error: error.message };
    return { ok: false, error: describeRuntimeError(game, error) };
  }
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
