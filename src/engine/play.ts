/**
 * The pure engine: start a game, list the legal moves, apply a move. It steps the flow's flat
 * tables (runtime/stepper.ts), which follow the XState machine's semantics exactly (the diagram
 * shows that machine; tests/runtime/trace.test.ts holds the two paths to the same traces). States
 * are plain data; the PRNG lives in them, so the same seed and moves give the same game.
 */
import type { CompiledGame } from '../compile/index.ts';
import { Meter } from '../lang/index.ts';
import { AUTO_LIMIT, OVER } from '../runtime/flow.ts';
import { checkMove, judge, moveLocals, refusalText, type MoveEvent } from '../runtime/legality.ts';
import { isStalled, startFlow, takeMove, type Working } from '../runtime/stepper.ts';
import type { PlayObserver } from '../runtime/observer.ts';
import type { Leaf } from '../runtime/table.ts';
import { own } from '../spec/own.ts';
import { describeRuntimeError, failedWith } from './errors.ts';
import { peopleOf } from './people.ts';
import { listLegal, type LegalMove, type MinimalArgs } from './moves.ts';
import type { FlowValue, GameState, Json, Move, StepResult } from './types.ts';

export type { LegalMove, MinimalArgs } from './moves.ts';

export interface NewGameOptions {
  readonly players?: number;
  readonly seed: number | string;
  /** Sees the states entered and transitions taken as the game starts (coverage). */
  readonly observer?: PlayObserver;
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

const STALLED_ERROR = `the flow did not settle: ${AUTO_LIMIT} automatic transitions ran without a move (check the 'always' transitions and their guards)`;

/** The working state of a game state: its leaf found by name, its context shared. */
export const workingOf = (game: CompiledGame, state: GameState): Working => {
  const leaf = game.table.leafByName.get(innermost(state.value));
  if (leaf === undefined) throw new Error(`no state ${activeStates(state.value).join('.')} in ${game.title}'s flow`);
  return { leaf, ctx: state.context };
};

/**
 * The last of `activeStates(value)` ('' for none), found without building the list: every move
 * of a simulation asks it twice, and the lists were a twentieth of the bytes a move allocated.
 */
const innermost = (value: FlowValue): string => {
  let name = '';
  let v: FlowValue | undefined = value;
  while (v !== undefined) {
    if (typeof v === 'string') return v;
    let key: string | undefined;
    for (const k in v) {
      key = k;
      break;
    }
    if (key === undefined) break;
    name = key;
    v = v[key];
  }
  return name;
};

/** The game state of a working state (no copy: the context is shared, as contexts never change). */
export const stateOf = (game: CompiledGame, w: Working): GameState => ({
  value: (game.table.leaves[w.leaf] as Leaf).value,
  context: w.ctx,
});

const settled = (game: CompiledGame, w: Working): StepResult =>
  isStalled(game.table, w) ? { ok: false, error: STALLED_ERROR } : { ok: true, state: stateOf(game, w) };

export const newGame = (game: CompiledGame, options: NewGameOptions): StepResult => {
  const players = options.players ?? game.players.default;
  if (!Number.isInteger(players) || players < game.players.min || players > game.players.max) {
    return { ok: false, error: `${game.title} is for ${game.players.min} to ${game.players.max} players, not ${players}` };
  }
  try {
    const context = game.initialContext({ players, seed: options.seed, params: game.paramValues });
    return settled(game, startFlow(game.table, context, options.observer));
  } catch (error) {
    return failedWith(game, error);
  }
};

/** The same state with `faces` queued for the next rolled dice (see GameContext.rigged). */
export const rig = (state: GameState, faces: readonly Json[]): GameState => ({
  ...state,
  context: { ...state.context, rigged: [...state.context.rigged, ...faces] },
});

export const isOver = (state: GameState): boolean => state.context.result !== null || state.value === OVER;

const leafOf = (game: CompiledGame, w: Working): Leaf => game.table.leaves[w.leaf] as Leaf;

/** The moves the current states offer, each with its transitions in the order they are tried. */
export const offered = (game: CompiledGame, state: GameState): Leaf['moves'] => leafOf(game, workingOf(game, state)).moves;

const workingIsOver = (game: CompiledGame, w: Working): boolean => w.ctx.result !== null || leafOf(game, w).name === OVER;

/** Every legal move of a working state, with its event (for search: no game state is built). */
export const legalMovesOf = (
  game: CompiledGame,
  w: Working,
  seat?: number,
  observer?: PlayObserver,
  minimal?: MinimalArgs,
  meter?: Meter,
): LegalMove[] => (workingIsOver(game, w) ? [] : listLegal(game, w.ctx, leafOf(game, w).moves, seat, observer, minimal, meter));

/** Every legal move with its event; the simulator and bots apply them with `applyLegal`. With `minimal`, the bots' shorter list (see `MinimalArgs`). */
export const legalMovesWithEvents = (
  game: CompiledGame,
  state: GameState,
  seat?: number,
  observer?: PlayObserver,
  minimal?: MinimalArgs,
  meter?: Meter,
): LegalMove[] => legalMovesOf(game, workingOf(game, state), seat, observer, minimal, meter);

/** Every legal move, for one seat or for all; the studio, bots, simulator and fuzzers share it. */
export const legalMoves = (game: CompiledGame, state: GameState, seat?: number): Move[] =>
  legalMovesWithEvents(game, state, seat).map((legal) => legal.move);

/** Seats that have at least one legal move now. */
export const actingSeats = (game: CompiledGame, state: GameState): number[] =>
  [...new Set(legalMoves(game, state).map((m) => m.seat))].sort((a, b) => a - b);

/**
 * Applies a move listed by `legalMovesOf` for this very working state, in place: the transition
 * is judged again (cheap: the arguments are decoded already), then taken. The error, if any, is
 * a spec's run-time error; `w` is then left as it was. The work is counted on `meter`: a bot's
 * decision hands its own, so the moves it tries count toward it.
 */
export const applyInPlace = (
  game: CompiledGame,
  w: Working,
  event: MoveEvent,
  observer?: PlayObserver,
  meter: Meter = new Meter(),
): string | undefined => {
  const move = own(game.moves, event.move);
  const transitions = leafOf(game, w).moves.get(event.move);
  if (!move || !transitions) return `'${event.move}' cannot be played in state ${leafOf(game, w).names.join('.')}`;
  const locals = moveLocals(event);
  const verdict = judge(move, transitions, w.ctx, event.seat, locals, meter);
  if (!verdict.ok) return refusalText(event.move, verdict.refused, peopleOf(game, w.ctx));
  try {
    takeMove(game.table, w, move, transitions[verdict.transition] as (typeof transitions)[number], locals, meter, observer);
  } catch (error) {
    return describeRuntimeError(game, error);
  }
  return isStalled(game.table, w) ? STALLED_ERROR : undefined;
};

/** Applies a move from `legalMovesWithEvents` for this very state. */
export const applyLegal = (game: CompiledGame, state: GameState, legal: LegalMove, observer?: PlayObserver, meter?: Meter): StepResult => {
  const w = workingOf(game, state);
  const error = applyInPlace(game, w, legal.event, observer, meter);
  return error === undefined ? { ok: true, state: stateOf(game, w) } : { ok: false, error };
};

/** Applies a move; an illegal move is refused with the reason, the state left as it was. */
export const step = (game: CompiledGame, state: GameState, move: Move): StepResult => {
  try {
    if (isOver(state)) return { ok: false, error: 'the game is over' };
    const w = workingOf(game, state);
    const leaf = leafOf(game, w);
    const meter = new Meter();
    const checked = checkMove(game.moves, { where: leaf.names.join('.'), moves: leaf.moves }, w.ctx, move, peopleOf(game, w.ctx), meter);
    if (!checked.ok) return { ok: false, error: checked.error };
    const rules = own(game.moves, move.move) as NonNullable<CompiledGame['moves'][string]>;
    takeMove(game.table, w, rules, checked.transition, checked.locals, meter);
    return settled(game, w);
  } catch (error) {
    return failedWith(game, error);
  }
};

/**
 * Replays a move log from a seed; stops at the first move that is not legal. `onState` sees the
 * first state and the state after each move (each with its own move's log lines).
 */
export const replay = (
  game: CompiledGame,
  options: NewGameOptions,
  moves: readonly Move[],
  onState?: (state: GameState) => void,
): { ok: true; state: GameState } | { ok: false; error: string; index: number; state?: GameState } => {
  const start = newGame(game, options);
  if (!start.ok) return { ok: false, error: start.error, index: -1 };
  let state = start.state;
  onState?.(state);
  for (const [index, move] of moves.entries()) {
    const result = step(game, state, move);
    if (!result.ok) return { ok: false, error: result.error, index, state };
    state = result.state;
    onState?.(state);
  }
  return { ok: true, state };
};
