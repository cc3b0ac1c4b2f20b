/**
 * A variant's patch applied to a spec, with nothing implicit:
 * - a mapping merges key by key into the mapping at the same place; every key must already be
 *   there (a misspelled name is an error with a did-you-mean) unless it is written `+key`, which
 *   declares it new; `key: null` removes a key that exists;
 * - a list is changed by a list of item operations: an item is named by its `id` or, when it has
 *   none, by `$item: KEY` (its derived key, e.g. `move#1`, see `itemKeys`); a named item is merged
 *   into, replaced (`$replace: true`) or removed (`$remove: true`); a new item says where it goes
 *   (`$append: true`, `$prepend: true`, `$before: KEY`, `$after: KEY`);
 * - a list of values (rule ids, zone kinds, choices) is changed with `{$append: [..]}`,
 *   `{$prepend: [..]}` or `{$remove: [..]}`;
 * - `{$replace: VALUE}` replaces whatever is there, list or mapping; a value replaces a value of the
 *   same kind; any other change of shape is an error that says to write `$replace`;
 * - a guard written as one expression is a list of one clause (`clause#1`) to a patch that lists
 *   clauses, so a variant adds a clause without restating the guard.
 * Every written place is recorded with where it came from. A list item in such a record is named
 * by its identity (`ItemRef`), so places written by different variants compare by what they are,
 * not by where earlier patches happened to put them.
 */
import type { DocPath } from '../spec/diagnostics.ts';
import { didYouMean } from '../lang/suggest.ts';
import { EFFECT_LIST_KEYS, SCHEMA_EFFECT_KEYS } from '../validate/effectSchema.ts';

export type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };
type PlainMap = { [key: string]: Plain };

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

export type Change = 'added' | 'changed' | 'removed';

export interface Written {
  /** The place in the merged spec. */
  readonly target: Place;
  /** The place in the patch that wrote it. */
  readonly source: DocPath;
  readonly change: Change;
}

export interface MergeProblem {
  readonly source: DocPath;
  readonly message: string;
}

export interface MergeResult {
  value: Plain;
  written: Written[];
  problems: MergeProblem[];
}

const isMap = (v: unknown): v is PlainMap => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What an item without an id is called in its derived key: an effect by its keyword, a guard's test
 * a clause, an automatic or move transition a transition, a bot's preference `prefer`, the moves
 * it weighs `consider`.
 */
const kindOf = (item: Plain, under: string | undefined, parent: string | undefined): string => {
  if (under === 'guard') return 'clause';
  if (under === 'prefer' || under === 'consider') return under;
  if (under === 'always' || parent === 'on') return 'transition';
  const effect =
    isMap(item) && (under === undefined || EFFECT_LIST_KEYS.includes(under)) ? SCHEMA_EFFECT_KEYS.find((k) => k in item) : undefined;
  return effect ?? 'item';
};

/**
 * The key of each item of a list: its id, or `kind#n` for the n-th item of that kind without an id
 * (`move#1`, `clause#2`, `transition#1`). `where` is the path of the list (`…entry`, `…on.roll`).
 */
export const itemKeys = (list: readonly Plain[], where: readonly unknown[]): string[] => {
  const name = (s: unknown): string | undefined => (typeof s === 'string' ? s : undefined);
  const under = name(where[where.length - 1]);
  const parent = name(where[where.length - 2]);
  const counts = new Map<string, number>();
  return list.map((item) => {
    if (isMap(item) && typeof item.id === 'string') return item.id;
    const kind = kindOf(item, under, parent);
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    return `${kind}#${n}`;
  });
};

const PLACEMENT = ['$append', '$prepend', '$before', '$after'] as const;
const ITEM_DIRECTIVES = new Set<string>([...PLACEMENT, '$remove', '$replace', '$item']);
const LIST_OPS = ['$append', '$prepend', '$remove'];

const shapeOf = (v: Plain | undefined): string =>
  v === undefined
    ? 'nothing'
    : v === null
      ? 'null'
      : Array.isArray(v)
        ? 'a list'
        : isMap(v)
          ? 'a mapping'
          : `a ${typeof v === 'boolean' ? 'true/false' : typeof v}`;

const where = (t: Place): string =>
  t.length === 0 ? 'the game' : t.map((s) => (typeof s === 'object' ? ('name' in s ? s.name : String(s.value)) : String(s))).join('.');

/** The first version of an item: merging an item makes a new object that keeps its origin's identity. */
export interface Lineage {
  readonly origin: WeakMap<object, object>;
}

export const newLineage = (): Lineage => ({ origin: new WeakMap() });

const originOf = (lineage: Lineage, item: Plain): object | undefined =>
  typeof item === 'object' && item !== null ? (lineage.origin.get(item) ?? item) : undefined;

export const mergePatch = (
  base: Plain | undefined,
  patch: Plain,
  target: Place,
  source: DocPath,
  lineage: Lineage = newLineage(),
): MergeResult => {
  const written: Written[] = [];
  const problems: MergeProblem[] = [];
  const problem = (s: DocPath, message: string): void => {
    problems.push({ source: s, message });
  };
  const wrote = (t: Place, s: DocPath, change: Change): void => {
    written.push({ target: t, source: s, change });
  };

  /** A new node (or a replacing one) holds no directives and no `+` keys: nothing to merge into. */
  const fresh = (p: Plain, s: DocPath): Plain => {
    if (Array.isArray(p)) return p.map((x, i) => fresh(x, [...s, i]));
    if (!isMap(p)) return p;
    const out: PlainMap = {};
    for (const [k, v] of Object.entries(p)) {
      if (k.startsWith('$') || k.startsWith('+')) {
        problem(
          [...s, k],
          `'${k}' inside a new or replacing value: it is written as it stands, so there is nothing to merge into (drop the '${k[0]}')`,
        );
        continue;
      }
      out[k] = fresh(v, [...s, k]);
    }
    return out;
  };

  const merge = (b: Plain | undefined, p: Plain, t: Place, s: DocPath): Plain | undefined => {
    if (isMap(p) && '$replace' in p) {
      const extra = Object.keys(p).filter((k) => k !== '$replace');
      if (extra.length > 0)
        problem([...s, extra[0] as string], `'$replace' replaces ${where(t)} as a whole; '${extra[0]}' cannot go beside it`);
      wrote(t, [...s, '$replace'], 'changed');
      return fresh(p.$replace as Plain, [...s, '$replace']);
    }
    if (isMap(p) && isMap(b)) return mergeMap(b, p, t, s);
    if (Array.isArray(b) && isMap(p) && Object.keys(p).some((k) => LIST_OPS.includes(k))) return valueListOps(b, p, t, s);
    if (Array.isArray(p) && typeof b === 'string' && t[t.length - 1] === 'guard') {
      return mergeList([{ test: b, reason: '' }], p, t, s);
    }
    if (Array.isArray(p) && Array.isArray(b)) {
      if (b.some((x) => !isMap(x)) || p.some((x) => !isMap(x))) {
        problem(
          s,
          `a list of values at ${where(t)} is changed with {$append: [..]}, {$prepend: [..]} or {$remove: [..]}, or replaced with {$replace: [..]}`,
        );
        return b;
      }
      return mergeList(b, p, t, s);
    }
    if (!isMap(p) && !Array.isArray(p) && b !== undefined && !isMap(b) && !Array.isArray(b)) {
      if (b !== p) wrote(t, s, 'changed');
      return p;
    }
    problem(
      s,
      `replaces ${shapeOf(b)} at ${where(t)} with ${shapeOf(p)}: write {$replace: ...} to replace it${Array.isArray(b) ? ', or list item operations to change it' : ''}`,
    );
    return b;
  };

  const mergeMap = (b: PlainMap, p: PlainMap, t: Place, s: DocPath): PlainMap => {
    const out: PlainMap = { ...b };
    for (const [key, value] of Object.entries(p)) {
      if (key.startsWith('$')) {
        problem([...s, key], `'${key}' does not apply to a mapping (${where(t)}): a mapping takes keys, +new keys, or {$replace: ...}`);
        continue;
      }
      if (key.startsWith('+')) {
        const name = key.slice(1);
        if (Object.hasOwn(out, name))
          problem([...s, key], `'+${name}' declares ${where([...t, name])} new, but it exists: write '${name}' to change it`);
        else {
          out[name] = fresh(value, [...s, key]);
          wrote([...t, name], [...s, key], 'added');
        }
        continue;
      }
      if (!Object.hasOwn(out, key)) {
        problem(
          [...s, key],
          `there is no '${key}' in ${where(t)}${didYouMean(key, Object.keys(out))}${value === null ? '' : ` (a new key is declared with a +: '+${key}')`}`,
        );
        continue;
      }
      if (value === null) {
        delete out[key];
        wrote([...t, key], [...s, key], 'removed');
        continue;
      }
      const merged = merge(out[key], value, [...t, key], [...s, key]);
      if (merged !== undefined) out[key] = merged;
    }
    return out;
  };

  const valueListOps = (b: Plain[], p: PlainMap, t: Place, s: DocPath): Plain[] => {
    let out = b.slice();
    for (const [op, values] of Object.entries(p)) {
      if (!LIST_OPS.includes(op)) {
        problem([...s, op], `'${op}' does not apply to the list ${where(t)}: use $append, $prepend, $remove or $replace`);
        continue;
      }
      if (!Array.isArray(values)) {
        problem([...s, op], `'${op}' takes a list of values`);
        continue;
      }
      values.forEach((value, i) => {
        const at = [...s, op, i];
        const key = JSON.stringify(value);
        if (op === '$remove') {
          const index = out.findIndex((x) => JSON.stringify(x) === key);
          if (index < 0)
            problem(at, `removes ${key} from ${where(t)}, which does not hold it${didYouMean(String(value), out.map(String))}`);
          else {
            out.splice(index, 1);
            wrote([...t, { value }], at, 'removed');
          }
          return;
        }
        if (out.some((x) => JSON.stringify(x) === key)) problem(at, `adds ${key} to ${where(t)}, which already holds it`);
        else {
          out = op === '$append' ? [...out, value] : [value, ...out];
          wrote([...t, { value }], at, 'added');
        }
      });
    }
    return out;
  };

  const mergeList = (b: Plain[], p: Plain[], t: Place, s: DocPath): Plain[] => {
    const keys = itemKeys(b, t);
    const entries: { key: string | undefined; value: Plain }[] = b.map((value, i) => ({ key: keys[i], value }));
    const indexOf = (key: string): number => entries.findIndex((e) => e.key === key);
    const known = (): string[] => entries.flatMap((e) => (e.key === undefined ? [] : [e.key]));
    const listName = where(t);
    p.forEach((op, i) => {
      const at = [...s, i];
      const item = op as PlainMap;
      const placements = PLACEMENT.filter((d) => d in item);
      const named = typeof item.$item === 'string' ? item.$item : typeof item.id === 'string' ? item.id : undefined;
      const plain = Object.fromEntries(Object.entries(item).filter(([k]) => !ITEM_DIRECTIVES.has(k)));
      if (placements.length > 1) {
        problem(at, `a new item goes one place: ${placements.join(' and ')} cannot both be given`);
        return;
      }
      if (placements.length === 1) {
        const placement = placements[0] as (typeof PLACEMENT)[number];
        if ('$item' in item || '$remove' in item || '$replace' in item) {
          problem(at, `${placement} places a new item; '$item', '$remove' and '$replace' name an existing one`);
          return;
        }
        if (named !== undefined && indexOf(named) >= 0) {
          problem([...at, 'id'], `adds an item '${named}' to ${listName}, which already has one: leave out ${placement} to change it`);
          return;
        }
        let index = placement === '$prepend' ? 0 : entries.length;
        if (placement === '$before' || placement === '$after') {
          const anchor = item[placement];
          const a = typeof anchor === 'string' ? indexOf(anchor) : -1;
          if (a < 0) {
            problem(
              [...at, placement],
              `places ${named === undefined ? 'an item' : `'${named}'`} next to '${String(anchor)}', which is not an item of ${listName}${didYouMean(String(anchor), known())} (items: ${known().join(', ')})`,
            );
            return;
          }
          index = placement === '$before' ? a : a + 1;
        } else if (item[placement] !== true) {
          problem([...at, placement], `${placement} is written ${placement}: true`);
          return;
        }
        const value = fresh(plain, at);
        entries.splice(index, 0, { key: named, value });
        wrote([...t, { item: value as object, name: named ?? `${where(t)}[new]` }], at, 'added');
        return;
      }
      if (named === undefined) {
        problem(
          at,
          `an item of ${listName} must name the item it changes (id: or $item:) or say where a new one goes ($append: true, $prepend: true, $before: KEY, $after: KEY); items: ${known().join(', ')}`,
        );
        return;
      }
      const index = indexOf(named);
      if (index < 0) {
        const hint = item.$remove === true ? '' : '; a new item says where it goes: $append, $prepend, $before or $after';
        problem(
          [...at, '$item' in item ? '$item' : 'id'],
          `there is no item '${named}' in ${listName}${didYouMean(named, known())} (items: ${known().join(', ') || 'none'}${hint})`,
        );
        return;
      }
      const entry = entries[index] as { key: string | undefined; value: Plain };
      const ref: ItemRef = { item: originOf(lineage, entry.value) as object, name: named };
      if (item.$remove === true) {
        const rest = Object.keys(item).filter((k) => k !== '$remove' && k !== '$item' && k !== 'id');
        if (rest.length > 0)
          problem([...at, rest[0] as string], `'$remove: true' removes '${named}' as a whole; '${rest[0]}' cannot go beside it`);
        entries.splice(index, 1);
        wrote([...t, ref], at, 'removed');
        return;
      }
      if ('$remove' in item) {
        problem([...at, '$remove'], `'$remove' is written $remove: true`);
        return;
      }
      if (item.$replace === true) {
        const value = fresh(
          typeof entry.key === 'string' && isMap(entry.value) && typeof entry.value.id === 'string'
            ? { id: entry.value.id, ...plain }
            : plain,
          at,
        );
        lineage.origin.set(value as object, ref.item);
        entry.value = value;
        wrote([...t, ref], at, 'changed');
        return;
      }
      if ('$replace' in item) {
        problem([...at, '$replace'], `'$replace' on a list item is written $replace: true`);
        return;
      }
      // The name itself is not a change: two patches of one item's other keys do not overlap.
      const { id: _same, ...changes } = plain;
      const merged = merge(entry.value, changes, [...t, ref], at);
      if (merged !== undefined && merged !== entry.value) {
        if (typeof merged === 'object' && merged !== null) lineage.origin.set(merged, ref.item);
        entry.value = merged;
      }
    });
    return entries.map((e) => e.value);
  };

  const value = merge(base, patch, target, source);
  return { value: value === undefined ? null : value, written, problems };
};

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

/** A written place for people: items by their name. */
export const describePlace = (place: Place): string => where(place);

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
