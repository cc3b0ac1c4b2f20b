/**
 * Lean moves (`lean`): of a seat's legal moves, those with nothing to spare in their lists. A
 * move is lean unless some legal move is the same one with one list item fewer (same seat, name
 * and other arguments): those are the moves it extends. A move without a list argument is always
 * lean. A discard of one card that covers the damage is lean; the same card with another beside
 * it extends it. A pair of fives played together, where a single five may be played, extends the
 * single five: leanness orders what a search tries, it forbids nothing.
 *
 * Read from the legal list alone, so it knows no game: only which lists the rules let be
 * smaller. A list's items are compared as the move gives them (a piece by its id, a number by
 * its value), as a multiset: two faces of 2 are two items.
 *
 * A playout asks at every step, so the common case is fast: when every move's lists are one list
 * of distinct items, from at most 30 items in all, a list is a bit mask and "one item fewer" is
 * a bit cleared; otherwise the lists are compared as texts.
 */
import type { Json, LegalMove } from '../engine/index.ts';

const NONE: readonly number[] = [];

/** An item as text; a string is marked apart from a number or a record that prints the same. */
const itemText = (x: Json): string => (typeof x === 'string' ? `"${x}` : JSON.stringify(x));

/** A move with its list arguments set apart: the rest as one text, and each list's items as texts. */
interface Parted {
  readonly rest: string;
  readonly lists: readonly (readonly string[])[];
}

const partedOf = (legal: LegalMove): Parted => {
  let rest = `${legal.move.seat} ${legal.move.move}`;
  const lists: string[][] = [];
  for (const value of Object.values(legal.move.args ?? {})) {
    if (Array.isArray(value)) {
      lists.push(value.map(itemText));
      rest += '\u0000[]';
    } else rest += `\u0000${JSON.stringify(value)}`;
  }
  return { rest, lists };
};

/** Bits for the items when every move has one list of distinct items, at most 30 items in all; else undefined. */
const bitsOf = (parted: readonly Parted[]): Map<string, number> | undefined => {
  const bits = new Map<string, number>();
  for (const p of parted) {
    if (p.lists.length > 1) return undefined;
    const list = p.lists[0] ?? [];
    for (const item of list) if (!bits.has(item)) bits.set(item, 1 << bits.size);
    if (bits.size > 30 || new Set(list).size !== list.length) return undefined;
  }
  return bits;
};

const byMasks = (parted: readonly Parted[], bits: ReadonlyMap<string, number>): (readonly number[])[] => {
  const masks = parted.map((p) => (p.lists[0] ?? []).reduce((m, item) => m | (bits.get(item) ?? 0), 0));
  const at = new Map<string, Map<number, number>>();
  parted.forEach((p, i) => {
    const same = at.get(p.rest) ?? new Map<number, number>();
    same.set(masks[i] as number, i);
    at.set(p.rest, same);
  });
  return parted.map((p, i) => {
    const mask = masks[i] as number;
    if (mask === 0) return NONE;
    const same = at.get(p.rest) as Map<number, number>;
    const found: number[] = [];
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const j = same.get(mask & ~(rest & -rest));
      if (j !== undefined) found.push(j);
    }
    return found.length > 0 ? found : NONE;
  });
};

/** The lists as sorted texts, with one copy of `drop` taken out of list `at` (none when `at` is -1). */
const shapeOf = (p: Parted, at = -1, drop = ''): string => {
  let out = p.rest;
  p.lists.forEach((list, i) => {
    const items = [...list].sort();
    if (i === at) items.splice(items.indexOf(drop), 1);
    out += `\u0000${items.join('\u0001')}`;
  });
  return out;
};

const byTexts = (parted: readonly Parted[]): (readonly number[])[] => {
  const at = new Map(parted.map((p, i) => [shapeOf(p), i]));
  return parted.map((p) => {
    const found: number[] = [];
    p.lists.forEach((list, arg) => {
      for (const item of new Set(list)) {
        const j = at.get(shapeOf(p, arg, item));
        if (j !== undefined) found.push(j);
      }
    });
    return found.length > 0 ? found : NONE;
  });
};

/** For each of `moves`, the indices of the moves it extends by one list item: none for a lean move. */
export const extendedOf = (moves: readonly LegalMove[]): (readonly number[])[] => {
  if (!moves.some((m) => Object.values(m.move.args ?? {}).some((v) => Array.isArray(v) && v.length > 0))) return moves.map(() => NONE);
  const parted = moves.map(partedOf);
  const bits = bitsOf(parted);
  return bits ? byMasks(parted, bits) : byTexts(parted);
};
