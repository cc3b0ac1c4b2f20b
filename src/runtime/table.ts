/**
 * The flow flattened for fast stepping: one entry per leaf state (a leaf fixes the whole chain of
 * active states, as the flows have no parallel states), with the moves and automatic transitions
 * that chain offers in the order XState tries them, and for each transition its precomputed plan:
 * the exit and entry effects to run and the leaf it lands on. Compile builds it from the same
 * compiled guards and effects as the XState machine (compile/flatten.ts).
 */
import type { LocalValues } from './env.ts';
import type { MoveRules, TransitionRules } from './legality.ts';
import type { Rng } from './rng.ts';
import type { Draft, FlowValue } from './state.ts';
import type { MoveWork } from './work.ts';

/** Compiled effects: they change the move's draft context, given the names in scope, the PRNG and the move's work so far. */
export type EffectRun = (draft: Draft, locals: LocalValues, rng: Rng, work: MoveWork) => void;

/** What taking a transition does to the active states, from one leaf. */
export interface Plan {
  /** Exit effects of the states left, deepest first. */
  readonly exits: readonly EffectRun[];
  /** Entry effects of the states entered, outermost first. */
  readonly entries: readonly EffectRun[];
  /** The leaf the transition lands on. */
  readonly leaf: number;
  /** The states entered, outermost first. */
  readonly entered: readonly string[];
}

export interface TableTransition extends TransitionRules {
  readonly effects: EffectRun;
  /** Null for a transition without a target: its effects run and the states stay. */
  readonly plan: Plan | null;
}

export interface TableMove extends MoveRules {
  readonly effects: EffectRun;
}

export interface Leaf {
  readonly name: string;
  /** The state value XState gives this configuration. */
  readonly value: FlowValue;
  /** Active state names from the top down to this leaf. */
  readonly names: readonly string[];
  /** Moves offered here, each with its transitions, deepest state first. */
  readonly moves: ReadonlyMap<string, readonly TableTransition[]>;
  /** Automatic transitions, deepest state first; the first whose guard holds is taken. */
  readonly always: readonly TableTransition[];
  /** A final state at the top of the flow: nothing runs after it is entered. */
  readonly done: boolean;
  /** Exit effects XState runs once the flow is done here (this leaf's own). */
  readonly doneExits: readonly EffectRun[];
  /** The engine's way to `__over` and `__stalled` from here (the root's automatic transitions). */
  readonly over: Plan;
  readonly stalled: Plan;
}

export interface FlowTable {
  readonly leaves: readonly Leaf[];
  readonly leafByName: ReadonlyMap<string, number>;
  /** Entering the flow at the start of a game. */
  readonly initial: Plan;
  readonly stalledLeaf: number;
  readonly moves: Readonly<Record<string, TableMove>>;
}
