/**
 * The fast stepping path: XState's macrostep semantics (exit effects, the transition's effects,
 * entry effects, then automatic transitions until none applies) run directly over the flat
 * tables of table.ts. A working state is a leaf and a context; taking a move replaces them in
 * place, and a copy of the two fields is a complete clone for search, because contexts are never
 * changed once made. tests/runtime/trace.test.ts proves it steps exactly as the XState machine.
 */
import type { LocalValues } from './env.ts';
import { envOf } from './env.ts';
import { AUTO_LIMIT } from './flow.ts';
import { failedClause } from './legality.ts';
import type { PlayObserver } from './observer.ts';
import { Rng } from './rng.ts';
import type { GameContext } from './state.ts';
import type { EffectRun, FlowTable, Plan, TableMove, TableTransition } from './table.ts';

/** A game being played: the active leaf and the context. Mutable; clone with `cloneWorking`. */
export interface Working {
  leaf: number;
  ctx: GameContext;
}

export const cloneWorking = (w: Working): Working => ({ leaf: w.leaf, ctx: w.ctx });

const NO_LOCALS: LocalValues = Object.freeze({});

const runAll = (runs: readonly EffectRun[], ctx: GameContext, rng: Rng): GameContext => {
  let out = ctx;
  for (const run of runs) out = run(out, NO_LOCALS, rng);
  return out;
};

/** One microstep: leave, act, enter. Returns the new context; the leaf is written to `w`. */
const microstep = (
  table: FlowTable,
  w: Working,
  plan: Plan | null,
  act: (ctx: GameContext) => GameContext,
  rng: Rng,
  observer: PlayObserver | undefined,
): GameContext => {
  if (plan === null) return act(w.ctx);
  if (observer) observer.entered(plan.entered);
  let ctx = act(runAll(plan.exits, w.ctx, rng));
  ctx = runAll(plan.entries, ctx, rng);
  w.leaf = plan.leaf;
  const leaf = table.leaves[plan.leaf];
  if (leaf?.done) ctx = runAll(leaf.doneExits, ctx, rng);
  return ctx;
};

/** Automatic transitions until none applies, the flow is done, the game over or the flow stalled. */
const settle = (table: FlowTable, w: Working, rng: Rng, observer: PlayObserver | undefined): void => {
  for (;;) {
    const leaf = table.leaves[w.leaf];
    if (!leaf || leaf.done) return;
    const ctx = w.ctx;
    if (ctx.result !== null) {
      w.ctx = microstep(table, w, leaf.over, (c) => c, rng, observer);
      continue;
    }
    if (ctx.auto >= AUTO_LIMIT) {
      w.ctx = microstep(table, w, leaf.stalled, (c) => c, rng, observer);
      continue;
    }
    let chosen: TableTransition | undefined;
    if (leaf.always.length > 0) {
      const env = envOf(ctx);
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
    w.ctx = microstep(table, w, chosen.plan, (c) => effects({ ...c, auto: c.auto + 1 }, NO_LOCALS, rng), rng, observer);
  }
};

const withRng = (ctx: GameContext, start: GameContext, rng: Rng): GameContext =>
  rng.state === start.rng ? ctx : { ...ctx, rng: rng.state };

/** The working state of a new game whose initial context is `ctx`: the flow entered and settled. */
export const startFlow = (table: FlowTable, ctx: GameContext, observer?: PlayObserver): Working => {
  const rng = new Rng(ctx.rng);
  const w: Working = { leaf: -1, ctx };
  w.ctx = microstep(table, w, table.initial, (c) => c, rng, observer);
  settle(table, w, rng, observer);
  w.ctx = withRng(w.ctx, ctx, rng);
  return w;
};

/**
 * Takes `transition` (one the current leaf offers for `move`, chosen by `judge`) with the
 * move's decoded arguments in `locals`, then the automatic transitions after it. Changes `w`.
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
  const rng = new Rng(start.rng);
  const effects = transition.effects;
  w.ctx = microstep(
    table,
    w,
    transition.plan,
    (c) => effects(move.effects({ ...c, auto: 0, log: [] }, locals, rng), locals, rng),
    rng,
    observer,
  );
  settle(table, w, rng, observer);
  w.ctx = withRng(w.ctx, start, rng);
};

export const isStalled = (table: FlowTable, w: Working): boolean => w.leaf === table.stalledLeaf;
