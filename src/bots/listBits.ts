/**
 * A move's list argument as a set of bits: one bit per item, the n-th copy of a value a bit of its
 * own, so that a list lies inside another exactly when its bits do, and a list with one item
 * fewer is the same bits with that value's last copy cleared. Two lists read through one
 * `BitIndex` share their bits; the words are trimmed, so equal lists have equal bits.
 */
import type { Json } from '../runtime/state.ts';

export type Bits = readonly number[];

/** The bits given out so far: each value's copies, first copy first. */
export interface BitIndex {
  readonly copies: Map<string, number[]>;
  next: number;
}

export const bitIndex = (): BitIndex => ({ copies: new Map(), next: 0 });

const has = (bits: Bits, bit: number): boolean => ((bits[bit >>> 5] ?? 0) & (1 << (bit & 31))) !== 0;

/** An item's key: a piece is given by its id; any other value by its JSON, marked so it never meets an id. */
const keyOf = (item: Json): string => (typeof item === 'string' ? item : `\u0000${JSON.stringify(item)}`);

/** The bits of `items`; `tag` sets apart the items of different lists of one move. */
export const bitsOf = (items: readonly Json[], index: BitIndex, tag = ''): Bits => {
  const bits: number[] = [];
  for (const item of items) {
    const key = tag + keyOf(item);
    let copies = index.copies.get(key);
    if (!copies) {
      copies = [];
      index.copies.set(key, copies);
    }
    let n = 0;
    while (n < copies.length && has(bits, copies[n] as number)) n++;
    if (n === copies.length) copies.push(index.next++);
    const bit = copies[n] as number;
    bits[bit >>> 5] = (bits[bit >>> 5] ?? 0) | (1 << (bit & 31));
  }
  return bits;
};

/** Whether every item of `small` is in `big` (as many copies at least). */
export const inside = (small: Bits, big: Bits): boolean => {
  for (let i = 0; i < small.length; i++) if (((small[i] as number) & ~(big[i] ?? 0)) !== 0) return false;
  return true;
};

/** A text (or, for one word, a number) that is equal for two bit sets exactly when they are. */
export const bitsKey = (bits: Bits): string | number => {
  let end = bits.length;
  while (end > 0 && bits[end - 1] === 0) end--;
  return end <= 1 ? (bits[0] ?? 0) : bits.slice(0, end).join(',');
};

/** The bits of `items` (read as `bitsOf` read them into `bits`) with one item fewer: a value's last copy cleared, once per value. */
export const lessOne = (bits: Bits, items: readonly Json[], index: BitIndex, tag = ''): Bits[] => {
  const out: Bits[] = [];
  for (const key of new Set(items.map((item) => tag + keyOf(item)))) {
    let last = -1;
    for (const bit of index.copies.get(key) ?? []) {
      if (!has(bits, bit)) break;
      last = bit;
    }
    if (last < 0) continue;
    const less = [...bits];
    less[last >>> 5] = (less[last >>> 5] as number) & ~(1 << (last & 31));
    out.push(less);
  }
  return out;
};
