/**
 * Places a patch writes, and the lineage that names a list item by its first version. A list item
 * in a place is named by its identity (`ItemRef`), so places written by different variants compare
 * by what they are, not by where earlier patches happened to put them.
 */
import type { DocPath } from '../../spec/diagnostics.ts';
import { isMap, type Plain } from './plain.ts';

/** A list item in a written place: the first version of the item (merging makes new versions) and its name. */
export interface ItemRef {
  readonly item: object;
  readonly name: string;
}

/** A value of a list of values, named by the value. */
export interface ValueRef {
  readonly value: Plain;
}

export type Segment = string | number | ItemRef | ValueRef;
export type Place = readonly Segment[];

/** A written place for people: items by their name. */
export const describePlace = (t: Place): string =>
  t.length === 0 ? 'the game' : t.map((s) => (typeof s === 'object' ? ('name' in s ? s.name : String(s.value)) : String(s))).join('.');

/** The first version of an item: merging an item makes a new object that keeps its origin's identity. */
export interface Lineage {
  readonly origin: WeakMap<object, object>;
}

export const newLineage = (): Lineage => ({ origin: new WeakMap() });

export const originOf = (lineage: Lineage, item: Plain): object | undefined =>
  typeof item === 'object' && item !== null ? (lineage.origin.get(item) ?? item) : undefined;

/** Two written places that meet: one is the other or inside it. */
export const overlaps = (a: Place, b: Place): boolean => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as Segment;
    const y = b[i] as Segment;
    if (typeof x === 'object' && typeof y === 'object') {
      if ('item' in x && 'item' in y ? x.item !== y.item : JSON.stringify(x) !== JSON.stringify(y)) return false;
    } else if (x !== y) return false;
  }
  return true;
};

/**
 * A written place as a path into `value`: each list item named by identity becomes its index.
 * Undefined when the place is gone (removed by the same or a later patch).
 */
export const resolvePath = (value: Plain, path: Place, lineage: Lineage): DocPath | undefined => {
  const out: (string | number)[] = [];
  let node: Plain | undefined = value;
  for (const segment of path) {
    if (Array.isArray(node)) {
      const list: Plain[] = node;
      const index =
        typeof segment === 'number'
          ? segment
          : typeof segment === 'object'
            ? 'item' in segment
              ? list.findIndex((x) => originOf(lineage, x) === segment.item)
              : list.findIndex((x) => JSON.stringify(x) === JSON.stringify(segment.value))
            : -1;
      if (index < 0 || index >= list.length) return undefined;
      out.push(index);
      node = list[index];
    } else if (isMap(node) && typeof segment === 'string' && Object.hasOwn(node, segment)) {
      out.push(segment);
      node = node[segment];
    } else return undefined;
  }
  return out;
};
