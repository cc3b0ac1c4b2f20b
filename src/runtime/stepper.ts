/**
 * The fast stepping path: XState's macrostep semantics (exit effects, the transition's effects,
 * entry effects, then automatic transitions until none applies) run directly over the flat
 * tables of table.ts. A move's effects change one draft of the context made for that move
 * (state.ts), and the working state then holds that draft as its context: contexts that a
 * working state has held are never changed again, so a copy of the two fields is a complete clone
 * for search. tests/runtime/trace.test.ts proves it steps exactly as the XState machine.
 */
import type { Meter } from '../lang/index.ts';
import type { LocalValues } from './env.ts';
import { envOf, NO_LOCALS } from './env.ts';
import { AUTO_LIMIT } from './flow.ts';
import { failedClause } from './legality.ts';
import type { PlayObserver } from './observer.ts';
import { Rng } from './rng.ts';
import { draftOf } from './ops.ts';
import { copyContext, type Draft, type GameContext } from './state.ts';
import type { EffectRun, FlowTable, Plan, TableMove, TableTransition } from './table.ts';
import { MoveWork } from './work.ts';

/** A game being played: the active leaf and the context. Mutable; clone with `cloneWorking`. */
export interface Working {
  leaf: number;
  ctx: GameContext;
}

export const cloneWorking = (w: Working): Working => ({ leaf: w.leaf, ctx: w.ctx });

const runAll = (runs: readonly EffectRun[], d: Draft, rng: Rng, work: MoveWork): void => {
  for (const run of runs) run(d, NO_LOCALS, rng, work);
};

/**
 * One microstep: leave, act, enter. The transition's effects are `move` then `effects` (a move's
 * own effects before its transition's), given `locals`. The landing leaf is written to `w`.
 */
const microstep = (
  table: FlowTable,
  w: Working,
  d: Draft,
  plan: Plan | null,
  move: EffectRun | null,
  effects: EffectRun | null,
  locals: LocalValues,
  rng: Rng,
  work: MoveWork,
  observer: PlayObserver | undefined,
): void => {
  if (plan !== null) {
    if (observer) observer.entered(plan.entered);
    runAll(plan.exits, d, rng, work);
  }
  if (move) move(d, locals, rng, work);
  if (effects) effects(d, locals, rng, work);
  if (plan === null) return;
  runAll(plan.entries, d, rng, work);
  w.leaf = plan.leaf;
  const leaf = table.leaves[plan.leaf];
  if (leaf?.done) runAll(leaf.doneExits, d, rng, work);
};

/** Automatic transitions until none applies, the flow is done, the game over or the flow stalled. */
const settle = (table: FlowTable, w: Working, d: Draft, rng: Rng, work: MoveWork, observer: PlayObserver | undefined): void => {
  for (;;) {
    const leaf = table.leaves[w.leaf];
    if (!leaf || leaf.done) return;
    if (d.result !== null) {
      microstep(table, w, d, leaf.over, null, null, NO_LOCALS, rng, work, observer);
      continue;
    }
    if (d.auto >= AUTO_LIMIT) {
      microstep(table, w, d, leaf.stalled, null, null, NO_LOCALS, rng, work, observer);
      continue;
    }
    let chosen: TableTransition | undefined;
    if (leaf.always.length > 0) {
      const env = envOf(d);
      for (const t of leaf.always) {
        const failed = failedClause(t.guard, env, work.meter);
        if (observer) observer.judged(t, failed);
        if (!failed) {
          chosen = t;
          break;
        }
      }
    }
    if (!chosen) return;
    if (observer) observer.taken(chosen);
    // Counted before the exits run, not as the transition's effects begin: no effect reads it.
    d.auto++;
    microstep(table, w, d, chosen.plan, null, chosen.effects, NO_LOCALS, rng, work, observer);
  }
};

/** A move's draft of `ctx`: no automatic steps yet, an empty log. */
const moveDraft = (ctx: GameContext): Draft => copyContext(ctx, [], 0);

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
  const work = new MoveWork();
  microstep(table, w, d, table.initial, null, null, NO_LOCALS, rng, work, observer);
  settle(table, w, d, rng, work, observer);
  finish(w, d, ctx, rng);
  return w;
};

/**
 * Takes `transition` (one the current leaf offers for `move`, chosen by `judge`) with the
 * move's decoded arguments in `locals`, then the automatic transitions after it. Changes `w`
 * only when it returns: a run-time error leaves `w` as it was. The move's work is counted on
 * `meter`, the one its judging ran on.
 */
export const takeMove = (
  table: FlowTable,
  w: Working,
  move: TableMove,
  transition: TableTransition,
  locals: LocalValues,
  meter: Meter,
  observer?: PlayObserver,
): void => {
  if (observer) {
    observer.moved(move);
    observer.taken(transition);
  }
  const start = w.ctx;
  const startLeaf = w.leaf;
  const rng = new Rng(start.rng);
  const d = moveDraft(start);
  const work = new MoveWork(meter);
  try {
    microstep(table, w, d, transition.plan, move.effects, transition.effects, locals, rng, work, observer);
    settle(table, w, d, rng, work, observer);
  } catch (error) {
    w.leaf = startLeaf;
    throw error;
  }
  finish(w, d, start, rng);
};

export const isStalled = (table: FlowTable, w: Working): boolean => w.leaf === table.stalledLeaf;
