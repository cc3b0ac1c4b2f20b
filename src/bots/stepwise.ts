/**
 * Move decomposition in the tree (`stepwise`): a move is chosen as a person chooses it, a step at
 * a time: its seat and name, then each argument in turn, a value at once and a list item by item,
 * in or out (each item the moves still open could hold, in one fixed order). The tree branches on
 * steps, so a position with hundreds of moves (a discard of any cards from a hand of eight, the
 * pairs of an assignment) branches two ways at each level, and what a step is worth is learned
 * from every move that shares it (the hierarchical expansion of combinatorial moves). A step all
 * the open moves share is no decision and is passed over.
 *
 * In or out, not "which item next": the moves that add a given item next are those that leave out
 * every item before it, so with the rest of the move chosen at random, a step that skips items
 * looks better than one that takes a good item before a bad one.
 */
import type { Json, LegalMove } from '../engine/index.ts';
import { legalKey } from './keys.ts';

type Arg = { readonly name: string; readonly value: string } | { readonly name: string; readonly items: ReadonlySet<string> };

/** A move as its steps see it: the move, its seat and name, and each argument. */
export interface Stepped {
  readonly legal: LegalMove;
  readonly head: string;
  readonly args: readonly Arg[];
}

/** Where a decision is: at argument `arg` (-1: the name), past the list items up to `after`. */
export interface Cursor {
  readonly arg: number;
  readonly after?: string;
}

export const START: Cursor = { arg: -1 };

/** One way a decision may go: its key, the moves (indices) that take it, where the next decision is, and whether the move is then complete. */
export interface StepOption {
  readonly key: string;
  readonly moves: readonly number[];
  readonly next: Cursor;
  readonly final: boolean;
}

/** Marks a step that completes a move: the same step that leaves moves open elsewhere is another edge. */
const FINAL = '!';

/**
 * A list's items as steps: a value repeated is "2", then "2#1" for the second copy, so that a list
 * is a set of steps even when it repeats a value, and "2" is the same step in every list.
 */
const itemsOf = (list: readonly Json[]): ReadonlySet<string> => {
  const items = new Set(list.map((v) => JSON.stringify(v)));
  if (items.size === list.length) return items;
  const seen = new Map<string, number>();
  return new Set(
    list.map((v) => {
      const x = JSON.stringify(v);
      const n = seen.get(x) ?? 0;
      seen.set(x, n + 1);
      return n === 0 ? x : `${x}#${n}`;
    }),
  );
};

export const steppedOf = (moves: readonly LegalMove[]): Stepped[] =>
  moves.map((m) => ({
    legal: m,
    head: `${m.move.seat} ${m.move.move}`,
    args: Object.entries(m.move.args ?? {}).map(([name, value]) =>
      Array.isArray(value) ? { name, items: itemsOf(value) } : { name, value: JSON.stringify(value) },
    ),
  }));

const group = (open: readonly number[], keyOf: (i: number) => string): Map<string, number[]> => {
  const out = new Map<string, number[]>();
  for (const i of open) {
    const key = keyOf(i);
    const moves = out.get(key);
    if (moves) moves.push(i);
    else out.set(key, [i]);
  }
  return out;
};

/** The decision at `cursor` among `open`: its ways (one when it is no decision) and where the next one is. */
const split = (moves: readonly Stepped[], open: readonly number[], cursor: Cursor): { ways: Map<string, number[]>; next: Cursor } => {
  const at = (i: number): Stepped => moves[i] as Stepped;
  if (cursor.arg < 0) return { ways: group(open, (i) => at(i).head), next: { arg: 0 } };
  const arg = (i: number): Arg | undefined => at(i).args[cursor.arg];
  const first = arg(open[0] as number);
  if (first === undefined || !('items' in first)) {
    return {
      ways: group(open, (i) => `${first?.name}=${(arg(i) as { value?: string } | undefined)?.value}`),
      next: { arg: cursor.arg + 1 },
    };
  }
  // The first item past `after` that some open moves hold and others do not: the ones all or none
  // hold are no decision.
  const holders = new Map<string, number>();
  for (const i of open) {
    const a = arg(i);
    if (a && 'items' in a)
      for (const x of a.items) if (cursor.after === undefined || x > cursor.after) holders.set(x, (holders.get(x) ?? 0) + 1);
  }
  let item: string | undefined;
  for (const [x, n] of holders) if (n < open.length && (item === undefined || x < item)) item = x;
  if (item === undefined) return { ways: new Map([['', [...open]]]), next: { arg: cursor.arg + 1 } };
  const chosen = item;
  return {
    ways: group(open, (i) => {
      const a = arg(i);
      return `${first.name}${a && 'items' in a && a.items.has(chosen) ? '+' : '-'}${chosen}`;
    }),
    next: { arg: cursor.arg, after: chosen },
  };
};

/**
 * The ways the next decision may go for the moves `open` (indices into `moves`, never empty), from
 * `cursor`: decisions all of them take the same way are passed over. When one move is left, its
 * one way completes it.
 */
export const stepOptions = (moves: readonly Stepped[], open: readonly number[], cursor: Cursor): StepOption[] => {
  const whole = (): StepOption[] => [
    { key: `${FINAL}${legalKey((moves[open[0] as number] as Stepped).legal)}`, moves: open, next: cursor, final: true },
  ];
  if (open.length === 1) return whole();
  const args = Math.max(...open.map((i) => (moves[i] as Stepped).args.length));
  let at = cursor;
  for (; at.arg < args; ) {
    const { ways, next } = split(moves, open, at);
    if (ways.size > 1) {
      return [...ways].map(([key, ids]) =>
        ids.length === 1 ? { key: `${FINAL}${key}`, moves: ids, next, final: true } : { key, moves: ids, next, final: false },
      );
    }
    at = next;
  }
  // Moves no step tells apart (the same items in another order) are one move to the tree.
  return whole();
};
