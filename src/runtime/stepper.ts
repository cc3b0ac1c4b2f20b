/**
 * The fast stepping path: XState's macrostep semantics (exit effects, the transition's effects,
 * entry effects, then automatic transitions until none applies) run directly over the flat
 * tables of table.ts. A move's effects change one draft of the context made for that move
 * (state.ts), and the working state then holds that draft as its context: contexts that a
 * working state has held are never changed again, so a copy of the two fields is a complete clone
 * for search. tests/runtime/trace.test.ts proves it steps exactly as the XState machine.
 */
import type { LocalValues } from './env.ts';
import { envOf } from './env.ts';
import { AUTO_LIMIT } from './flow.ts';
import { failedClause } from './legality.ts';
import type { PlayObserver } from './observer.ts';
import { Rng } from './rng.ts';
import { draftOf } from './ops.ts';
import type { Draft, GameContext } from './state.ts';
import type { EffectRun, FlowTable, Plan, TableMove, TableTransition } from './table.ts';

/** A game being played: the active leaf and the context. Mutable; clone with `cloneWorking`. */
export interface Working {
  leaf: number;
  ctx: GameContext;
}

export const cloneWorking = (w: Working): Working => ({ leaf: w.leaf, ctx: w.ctx });

const NO_LOCALS: LocalValues = Object.freeze({});

const runAll = (runs: readonly EffectRun[], d: Draft, rng: Rng): void => {
  for (const run of runs) run(d, NO_LOCALS, rng);
};

/** One microstep: leave, act, enter. The landing leaf is written to `w`. */
const microstep = (
  table: FlowTable,
  w: Working,
  d: Draft,
  plan: Plan | null,
  act: (d: Draft) => void,
  rng: Rng,
  observer: PlayObserver | undefined,
): void => {
  if (plan === null) {
    act(d);
    return;
  }
  if (observer) observer.entered(plan.entered);
  runAll(plan.exits, d, rng);
  act(d);
  runAll(plan.entries, d, rng);
  w.leaf = plan.leaf;
  const leaf = table.leaves[plan.leaf];
  if (leaf?.done) runAll(leaf.doneExits, d, rng);
};

const idle = (): void => undefined;

/** Automatic transitions until none applies, the flow is done, the game over or the flow stalled. */
const settle = (table: FlowTable, w: Working, d: Draft, rng: Rng, observer: PlayObserver | undefined): void => {
  for (;;) {
    const leaf = table.leaves[w.leaf];
    if (!leaf || leaf.done) return;
    if (d.result !== null) {
      microstep(table, w, d, leaf.over, idle, rng, observer);
      continue;
    }
    if (d.auto >= AUTO_LIMIT) {
      microstep(table, w, d, leaf.stalled, idle, rng, observer);
      continue;
    }
    let chosen: TableTransition | undefined;
    if (leaf.always.length > 0) {
      const env = envOf(d);
      for (const t of leaf.always) {
        const failed = failedClause(t.guard, env);
        if (observer) observer.judged(t, failed);
        if (!failed) {
          chosen = t;
          break;
        }
      }
    }
    if (!chosen) return;
    if (observer) observer.taken(chosen);
    const effects = chosen.effects;
    const act = (c: Draft): void => {
      c.auto++;
      effects(c, NO_LOCALS, rng);
    };
    microstep(table, w, d, chosen.plan, act, rng, observer);
  }
};

/** Ends a macrostep: the draft, with the PRNG's state, becomes the working state's context. */
const finish = (w: Working, d: Draft, start: GameContext, rng: Rng): void => {
  if (rng.state !== start.rng) d.rng = rng.state;
  w.ctx = d;
};

/** The working state of a new game whose initial context is `ctx`: the flow entered and settled. */
export const startFlow = (table: FlowTable, ctx: GameContext, observer?: PlayObserver): Working => {
  const rng = new Rng(ctx.rng);
  const w: Working = { leaf: -1, ctx };
  const d = draftOf(ctx);
  microstep(table, w, d, table.initial, idle, rng, observer);
  settle(table, w, d, rng, observer);
  finish(w, d, ctx, rng);
  return w;
};

/**
 * Takes `transition` (one the current leaf offers for `move`, chosen by `judge`) with the
 * move's decoded arguments in `locals`, then the automatic transitions after it. Changes `w`
 * only when it returns: a run-time error leaves `w` as it was.
 */
export const takeMove = (
  table: FlowTable,
  w: Working,
  move: TableMove,
  transition: TableTransition,
  locals: LocalValues,
  observer?: PlayObserver,
): void => {
  if (observer) {
    observer.moved(move);
    observer.taken(transition);
  }
  const start = w.ctx;
  const startLeaf = w.leaf;
  const rng = new Rng(start.rng);
  const d: Draft = { ...start, auto: 0, log: [] };
  const effects = transition.effects;
  const act = (c: Draft): void => {
    move.effects(c, locals, rng);
    effects(c, locals, rng);
  };
  try {
    microstep(table, w, d, transition.plan, act, rng, observer);
    settle(table, w, d, rng, observer);
  } catch (error) {
    w.leaf = startLeaf;
    throw error;
  }
  finish(w, d, start, rng);
};

export const isStalled = (table: FlowTable, w: Working): boolean => w.leaf === table.stalledLeaf;
