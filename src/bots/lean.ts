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
 * A playout asks at every step, so a list is read as bits (listBits.ts): "one item fewer" is a
 * bit cleared and looked up, never a list compared with a list.
 */
import type { Json, LegalMove } from '../engine/index.ts';
import { type BitIndex, type Bits, bitIndex, bitsKey, bitsOf, lessOne } from './listBits.ts';

const NONE: readonly number[] = [];

/** A move read for leanness: its arguments but the lists as one text, its lists' items as bits (each list's tagged with its name). */
interface Read {
  readonly rest: string;
  readonly bits: Bits;
  readonly lists: readonly (readonly [tag: string, items: readonly Json[]])[];
}

const readOf = (legal: LegalMove, index: BitIndex): Read => {
  let rest = `${legal.move.seat} ${legal.move.move}`;
  const bits: number[] = [];
  const lists: [string, readonly Json[]][] = [];
  for (const [name, value] of Object.entries(legal.move.args ?? {})) {
    if (Array.isArray(value)) {
      const tag = `${name}\u0001`;
      lists.push([tag, value]);
      bitsOf(value, index, tag).forEach((word, w) => {
        bits[w] = (bits[w] ?? 0) | word;
      });
      rest += `\u0000${name}[]`;
    } else rest += `\u0000${name}=${JSON.stringify(value)}`;
  }
  return { rest, bits, lists };
};

const hasItems = (m: LegalMove): boolean => Object.values(m.move.args ?? {}).some((v) => Array.isArray(v) && v.length > 0);

/** For each of `moves`, the indices of the moves it extends by one list item (of moves alike, one): none for a lean move. */
export const extendedOf = (moves: readonly LegalMove[]): (readonly number[])[] => {
  if (!moves.some(hasItems)) return moves.map(() => NONE);
  const index = bitIndex();
  const read = moves.map((m) => readOf(m, index));
  const at = new Map<string, Map<string | number, number>>();
  read.forEach((r, i) => {
    const same = at.get(r.rest) ?? new Map<string | number, number>();
    same.set(bitsKey(r.bits), i);
    at.set(r.rest, same);
  });
  return read.map((r) => {
    const same = at.get(r.rest) as Map<string | number, number>;
    const found: number[] = [];
    for (const [tag, items] of r.lists) {
      for (const less of lessOne(r.bits, items, index, tag)) {
        const j = same.get(bitsKey(less));
        if (j !== undefined) found.push(j);
      }
    }
    return found.length > 0 ? found : NONE;
  });
};
