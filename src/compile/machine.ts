/**
 * The flow as an XState machine. Moves are events `move.<name>`; every guard and action is
 * registered by name in `setup()` and the config is checked to use only registered names (XState
 * ignores unknown ones silently). The engine steps this machine with XState's own semantics.
 *
 * Two engine states are added at the root: `__over` once an effect ends the game, and `__stalled`
 * when automatic transitions have run AUTO_LIMIT times without a move: a looping flow stops there
 * with a message instead of hanging the page.
 */
import { assign, setup } from 'xstate';
import { Meter, type Value } from '../lang/index.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import type { GameSpec, StateSpec } from '../spec/types.ts';
import { draftOf } from '../runtime/ops.ts';
import type { Draft, GameContext } from '../runtime/state.ts';
import type { StateInfo, TransitionInfo } from '../check/flow.ts';
import { envOf } from '../runtime/env.ts';
import { chargedTransition, compileEffects, type EffectCompiler } from './effects.ts';
import type { EffectRun } from '../runtime/table.ts';
import { compileGuard, type CompiledMove } from './moves.ts';
import { Rng } from '../runtime/rng.ts';
import { MoveWork } from '../runtime/work.ts';
import { eventType, failedClause, judge, moveLocals, type CompiledGuardClause, type MoveEvent } from '../runtime/legality.ts';
import { AUTO_LIMIT, OVER, STALLED } from '../runtime/flow.ts';

export interface CompiledTransition {
  readonly source: string;
  readonly target: string | null;
  readonly kind: 'move' | 'always';
  readonly label: string;
  /** Leave and enter the target again even when it is the source or inside it. */
  readonly reenter: boolean;
  readonly guard: readonly CompiledGuardClause[];
  readonly effects: EffectRun;
  readonly path: DocPath;
}

const createGameMachine = (guards: Record<string, GuardFn>, actions: Record<string, Action>, config: object) =>
  setup({
    types: {} as { context: GameContext; events: MoveEvent; input: GameContext },
    guards,
    actions,
  }).createMachine(config as never);

export type GameMachine = ReturnType<typeof createGameMachine>;

/** A state with its compiled entry and exit effects, parents before children. */
export interface CompiledState {
  readonly name: string;
  readonly parent: string | null;
  readonly initial: string | undefined;
  readonly final: boolean;
  readonly entry: EffectRun | undefined;
  readonly exit: EffectRun | undefined;
}

export interface CompiledFlow {
  readonly machine: GameMachine;
  readonly states: readonly CompiledState[];
  /** Move transitions by state name, then by move name, in the order XState tries them. */
  readonly moveTransitions: ReadonlyMap<string, ReadonlyMap<string, readonly CompiledTransition[]>>;
  readonly transitions: readonly CompiledTransition[];
}

type Action = ReturnType<typeof assign<GameContext, MoveEvent, undefined, MoveEvent, never>>;
type GuardFn = (args: { context: GameContext; event: MoveEvent }) => boolean;

/** An action's effects, run on a draft of XState's context (which is never changed). */
const runWith = (d: Draft, runs: readonly EffectRun[], locals: Record<string, Value>): GameContext => {
  const rng = new Rng(d.rng);
  const work = new MoveWork();
  for (const run of runs) run(d, locals, rng, work);
  d.rng = rng.state;
  return d;
};

export const compileMachine = (
  cx: EffectCompiler,
  spec: GameSpec,
  states: readonly StateInfo[],
  transitions: readonly TransitionInfo[],
  moves: ReadonlyMap<string, CompiledMove>,
): CompiledFlow => {
  const guards: Record<string, GuardFn> = {};
  const actions: Record<string, Action> = {};
  const compiled: CompiledTransition[] = [];
  const compiledStates: CompiledState[] = [];
  const moveTransitions = new Map<string, Map<string, CompiledTransition[]>>();

  const stateConfig = (info: StateInfo): Record<string, unknown> => {
    const s: StateSpec = info.spec;
    const config: Record<string, unknown> = { id: info.name };
    if (s.description) config.description = s.description;
    const entry = compileEffects(cx, s.entry, [...info.path, 'entry'], {});
    const exit = compileEffects(cx, s.exit, [...info.path, 'exit'], {});
    compiledStates.push({
      name: info.name,
      parent: info.parent,
      initial: s.states ? s.initial : undefined,
      final: s.final === true,
      entry: s.entry?.length ? entry : undefined,
      exit: s.exit?.length ? exit : undefined,
    });
    if (s.entry?.length) {
      actions[`entry:${info.name}`] = assign(({ context }) => runWith(draftOf(context), [entry], {}));
      config.entry = `entry:${info.name}`;
    }
    if (s.exit?.length) {
      actions[`exit:${info.name}`] = assign(({ context }) => runWith(draftOf(context), [exit], {}));
      config.exit = `exit:${info.name}`;
    }
    if (s.final) config.type = 'final';
    if (s.states) {
      config.initial = s.initial;
      config.states = Object.fromEntries(states.filter((c) => c.parent === info.name).map((c) => [c.name, stateConfig(c)]));
    }
    const mine = transitions.filter((t) => t.source === info.name);
    const always = mine.filter((t) => t.kind === 'always');
    if (always.length > 0) {
      config.always = always.map((t, i) => {
        const name = `${info.name}:always:${i}`;
        const guard = compileGuard(cx.checker, t.spec.guard, [...t.path, 'guard'], {});
        const effects = chargedTransition(compileEffects(cx, t.spec.effects, [...t.path, 'effects'], {}), t.path);
        compiled.push({
          source: t.source,
          target: t.target,
          kind: 'always',
          label: t.label,
          reenter: t.spec.reenter === true,
          guard,
          effects,
          path: t.path,
        });
        guards[name] = ({ context }) =>
          context.result === null && context.auto < AUTO_LIMIT && !failedClause(guard, envOf(context), new Meter());
        actions[name] = assign(({ context }) => runWith({ ...draftOf(context), auto: context.auto + 1 }, [effects], {}));
        return { guard: name, actions: name, ...targetOf(t) };
      });
    }
    const on: Record<string, unknown[]> = {};
    const byMove = new Map<string, CompiledTransition[]>();
    mine
      .filter((t) => t.kind === 'move')
      .forEach((t, i) => {
        const move = moves.get(t.label);
        if (!move) return;
        const name = `${info.name}:on:${t.label}:${i}`;
        const guard = compileGuard(cx.checker, t.spec.guard, [...t.path, 'guard'], move.locals);
        const effects = compileEffects(cx, t.spec.effects, [...t.path, 'effects'], move.locals);
        const transition: CompiledTransition = {
          source: t.source,
          target: t.target,
          kind: 'move',
          label: t.label,
          reenter: t.spec.reenter === true,
          guard,
          effects,
          path: t.path,
        };
        compiled.push(transition);
        byMove.set(t.label, [...(byMove.get(t.label) ?? []), transition]);
        guards[name] = ({ context, event }) => judge(move, [transition], context, event.seat, moveLocals(event), new Meter()).ok;
        actions[name] = assign(({ context, event }) =>
          runWith({ ...context, auto: 0, log: [] }, [move.effects, effects], moveLocals(event)),
        );
        (on[eventType(t.label)] ??= []).push({ guard: name, actions: name, ...targetOf(t) });
      });
    if (byMove.size > 0) moveTransitions.set(info.name, byMove);
    if (Object.keys(on).length > 0) config.on = on;
    return config;
  };

  const top = states.filter((s) => s.parent === null);
  const rootStates: Record<string, unknown> = Object.fromEntries(top.map((s) => [s.name, stateConfig(s)]));
  rootStates[OVER] = { type: 'final', description: 'The game is over.' };
  rootStates[STALLED] = { type: 'final', description: `The flow did not settle after ${AUTO_LIMIT} automatic steps.` };
  guards['root:over'] = ({ context }) => context.result !== null;
  guards['root:stalled'] = ({ context }) => context.auto >= AUTO_LIMIT;

  const config = {
    id: '__root',
    context: ({ input }: { input: GameContext }) => input,
    initial: spec.flow.initial,
    states: rootStates,
    always: [
      { guard: 'root:over', target: `.${OVER}` },
      { guard: 'root:stalled', target: `.${STALLED}` },
    ],
  };
  assertRegistered(config, guards, actions);
  const machine = createGameMachine(guards, actions, config);
  return { machine, states: compiledStates, moveTransitions, transitions: compiled };
};

const targetOf = (t: TransitionInfo): Record<string, unknown> =>
  t.target === null ? {} : { target: `#${t.target}`, ...(t.spec.reenter ? { reenter: true } : {}) };

/** XState would silently skip an unknown guard or action name: refuse to build such a machine. */
const assertRegistered = (config: unknown, guards: Record<string, unknown>, actions: Record<string, unknown>): void => {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'guard' && typeof value === 'string' && !(value in guards))
        throw new Error(`internal: guard '${value}' is not registered`);
      if ((key === 'actions' || key === 'entry' || key === 'exit') && typeof value === 'string' && !(value in actions)) {
        throw new Error(`internal: action '${value}' is not registered`);
      }
      walk(value);
    }
  };
  walk(config);
};
