/**
 * Random play in the way a person plays at random: first a move, uniformly among the moves the
 * seat may make (play, yield, discard…), then its arguments one by one, each uniformly among the
 * values that still lead to a legal move. A list argument (a subset of pieces, an assignment) is
 * picked one item at a time: once the items so far make a legal choice and more could be added,
 * it stops or takes another with even odds, and the next item is one of those that can still
 * complete a legal choice. So a seat does not discard its whole hand when one card suffices
 * just because most subsets of a hand are large. Every legal move can still be chosen.
 *
 * `uniform` is the older policy: one choice among all legal moves, each argument combination
 * counted as a move of its own.
 */
import type { Rng } from '../runtime/rng.ts';
import type { Json, LegalMove } from '../engine/index.ts';
import type { Bot } from './types.ts';

const pick = <T>(items: readonly T[], rng: Rng): T => items[rng.below(items.length)] as T;

const distinct = (keys: readonly string[]): string[] => [...new Set(keys)];

/** A list argument's items, each as a key; the list is read as a multiset (order does not count). */
const itemsOf = (value: Json | undefined): string[] => (Array.isArray(value) ? value.map((x) => JSON.stringify(x)).sort() : []);

/** How many times each key is in `keys`. */
const tally = (keys: readonly string[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
};

/** The keys of `whole` left once `part` is taken out, or null when `part` is not inside `whole`. */
const rest = (whole: readonly string[], part: ReadonlyMap<string, number>): string[] | null => {
  const left = new Map(part);
  const out: string[] = [];
  for (const k of whole) {
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else out.push(k);
  }
  return [...left.values()].every((n) => n === 0) ? out : null;
};

/** The moves whose list argument `arg` is built item by item (see the module comment). */
const pickList = (moves: readonly LegalMove[], arg: string, rng: Rng): LegalMove[] => {
  const chosen: string[] = [];
  let left = moves.map((m) => ({ m, items: itemsOf(m.move.args?.[arg]) }));
  for (;;) {
    const taken = tally(chosen);
    const remaining = left.map((c) => ({ c, more: rest(c.items, taken) }));
    const complete = remaining.filter((r) => r.more?.length === 0).map((r) => r.c.m);
    const next = distinct(remaining.flatMap((r) => r.more ?? []));
    if (complete.length > 0 && (next.length === 0 || rng.below(2) === 0)) return complete;
    if (next.length === 0) return left.map((c) => c.m);
    chosen.push(pick(next, rng));
    const now = tally(chosen);
    left = left.filter((c) => rest(c.items, now) !== null);
  }
};

/** The random policy's choice among one seat's legal moves (never empty). */
export const randomChoice = (moves: readonly LegalMove[], rng: Rng): LegalMove => {
  const name = pick(distinct(moves.map((m) => m.move.move)), rng);
  let left = moves.filter((m) => m.move.move === name);
  for (const arg of Object.keys(left[0]?.move.args ?? {})) {
    if (left.every((m) => Array.isArray(m.move.args?.[arg]))) {
      left = pickList(left, arg, rng);
    } else {
      const key = (m: LegalMove): string => JSON.stringify(m.move.args?.[arg] ?? null);
      const value = pick(distinct(left.map(key)), rng);
      left = left.filter((m) => key(m) === value);
    }
  }
  return pick(left, rng);
};

/** The random bot: a move uniformly, then its arguments one by one. */
export const randomBot = (): Bot => ({
  name: 'random',
  choose: (_state, _seat, moves, rng) => randomChoice(moves, rng),
});

/** The older random bot: a uniform choice among all legal moves, argument combinations included. */
export const uniformBot = (): Bot => ({
  name: 'uniform',
  choose: (_state, _seat, moves, rng) => pick(moves, rng),
});
