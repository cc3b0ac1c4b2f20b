/**
 * The same game stepped by the compiled XState machine with XState's own `transition()`: the
 * semantics the diagram shows. The engine plays on the fast tables (play.ts); this path is the
 * yardstick tests/runtime/trace.test.ts holds the fast one to, step by step.
 */
import { createActor, type ActorScope, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { CompiledGame } from '../compile/index.ts';
import type { GameMachine } from '../compile/machine.ts';
import type { CompiledTransition } from '../compile/machine.ts';
import { AUTO_LIMIT, STALLED } from '../runtime/flow.ts';
import { checkMove } from '../runtime/legality.ts';
import { failedWith } from './errors.ts';
import { peopleOf } from './people.ts';
import { listLegal, type LegalMove } from './moves.ts';
import { activeStates, isOver, type NewGameOptions } from './play.ts';
import type { FlowValue, GameState, Move, StepResult } from './types.ts';

const settle = (snapshot: SnapshotFrom<GameMachine>): StepResult => {
  const value = snapshot.value as FlowValue;
  if (value === STALLED) {
    return {
      ok: false,
      error: `the flow did not settle: ${AUTO_LIMIT} automatic transitions ran without a move (check the 'always' transitions and their guards)`,
    };
  }
  return { ok: true, state: { value, context: snapshot.context } };
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

/** A new game entered through the machine. Players are checked by the engine's `newGame`. */
export const newGameByMachine = (game: CompiledGame, options: NewGameOptions): StepResult => {
  try {
    const players = options.players ?? game.players.default;
    const context = game.initialContext({ players, seed: options.seed, params: game.paramValues });
    return settle(game.flow.machine.getInitialSnapshot(scopeOf(game), context));
  } catch (error) {
    return failedWith(game, error);
  }
};

/** The move transitions the machine's current states offer, deepest state first. */
const offeredByMachine = (game: CompiledGame, state: GameState): Map<string, CompiledTransition[]> => {
  const out = new Map<string, CompiledTransition[]>();
  for (const name of activeStates(state.value).reverse()) {
    for (const [move, list] of game.flow.moveTransitions.get(name) ?? []) out.set(move, [...(out.get(move) ?? []), ...list]);
  }
  return out;
};

export const legalMovesByMachine = (game: CompiledGame, state: GameState): LegalMove[] =>
  isOver(state) ? [] : listLegal(game, state.context, offeredByMachine(game, state));

/** A move checked by runtime/legality.ts, then sent to the machine as an event. */
export const stepByMachine = (game: CompiledGame, state: GameState, move: Move): StepResult => {
  try {
    if (isOver(state)) return { ok: false, error: 'the game is over' };
    const checked = checkMove(
      game.moves,
      { where: activeStates(state.value).join('.'), moves: offeredByMachine(game, state) },
      state.context,
      move,
      peopleOf(game, state.context),
    );
    if (!checked.ok) return { ok: false, error: checked.error };
    const machine = game.flow.machine;
    const snapshot = machine.resolveState({ value: state.value, context: state.context });
    return settle(machine.transition(snapshot, checked.event, scopeOf(game)));
  } catch (error) {
    return failedWith(game, error);
  }
};
