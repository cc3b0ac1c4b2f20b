/**
 * Scoring tables: combinations over a multiset of faces (n of a kind, groups, runs, exact faces),
 * each with a condition and points, and the best reading ("cover") of a roll by them. This is how
 * a scoring table stays data instead of a chain of ifs.
 */
import { HostCallError } from '../errors.ts';
import type { Env, Meter, Value } from '../lang/index.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import { checkExpr, report, typeOf, type CompiledExpr, type ExprChecker, type Locals } from '../check/exprs.ts';
import type { DocPath } from '../spec/diagnostics.ts';
import { extendEnv } from '../runtime/env.ts';
import type { ComboSpec, ScoringTableSpec } from '../spec/types.ts';

type Bindings = Record<string, Value>;

interface Match {
  /** The faces the match uses, ascending. */
  readonly faces: readonly number[];
  readonly bindings: Bindings;
}

export interface CompiledCombo {
  readonly id: string;
  matches(counts: ReadonlyMap<number, number>, env: Env, meter: Meter): Match[];
  readonly when?: CompiledExpr;
  readonly points: CompiledExpr;
  /** The expression giving the faces, when they are not a literal list. */
  readonly faces?: CompiledExpr;
}

export interface Cover {
  readonly points: number;
  readonly used: readonly number[];
  readonly unused: readonly number[];
  readonly combos: readonly { id: string; points: number; faces: readonly number[] }[];
}

export const COVER_TYPE =
  '{points: number, used: list<number>, unused: list<number>, combos: list<{id: string, points: number, faces: list<number>}>}';

const repeat = (face: number, n: number): number[] => Array.from({ length: n }, () => face);

const sameMatches =
  (sizes: readonly number[]) =>
  (counts: ReadonlyMap<number, number>): Match[] => {
    const out: Match[] = [];
    for (const [face, count] of counts) {
      for (const n of sizes) if (count >= n) out.push({ faces: repeat(face, n), bindings: { face, n } });
    }
    return out;
  };

/** Distinct faces for each group size; faces of equal-sized groups ascend, so no reading repeats. */
const groupMatches =
  (sizes: readonly number[]) =>
  (counts: ReadonlyMap<number, number>): Match[] => {
    const out: Match[] = [];
    const faces = [...counts.keys()].sort((a, b) => a - b);
    const choose = (i: number, chosen: number[]): void => {
      if (i === sizes.length) {
        const used = chosen.flatMap((f, k) => repeat(f, sizes[k] as number)).sort((a, b) => a - b);
        out.push({ faces: used, bindings: { faces: chosen.slice() } });
        return;
      }
      const size = sizes[i] as number;
      for (const f of faces) {
        if (chosen.includes(f) || (counts.get(f) ?? 0) < size) continue;
        if (i > 0 && sizes[i - 1] === size && f < (chosen[i - 1] as number)) continue;
        choose(i + 1, [...chosen, f]);
      }
    };
    choose(0, []);
    return out;
  };

const runMatches =
  (length: number) =>
  (counts: ReadonlyMap<number, number>): Match[] => {
    const out: Match[] = [];
    for (const low of counts.keys()) {
      const faces = Array.from({ length }, (_, k) => low + k);
      if (faces.every((f) => (counts.get(f) ?? 0) >= 1)) out.push({ faces, bindings: { low, high: low + length - 1 } });
    }
    return out;
  };

const exactMatch = (faces: readonly number[], counts: ReadonlyMap<number, number>): Match[] => {
  const need = countFaces(faces);
  for (const [f, n] of need) if ((counts.get(f) ?? 0) < n) return [];
  return [{ faces: [...faces].sort((a, b) => a - b), bindings: {} }];
};

export const countFaces = (faces: readonly number[]): Map<number, number> => {
  const counts = new Map<number, number>();
  for (const f of faces) counts.set(f, (counts.get(f) ?? 0) + 1);
  return counts;
};

const comboLocals = (combo: ComboSpec): Locals => {
  const locals: Record<string, ReturnType<typeof typeOf>> = { roll: typeOf('list<number>') };
  if (combo.same !== undefined) Object.assign(locals, { face: typeOf('number'), n: typeOf('number') });
  if (combo.groups !== undefined) locals.faces = typeOf('list<number>');
  if (combo.run !== undefined) Object.assign(locals, { low: typeOf('number'), high: typeOf('number') });
  return locals;
};

const compileCombo = (checker: ExprChecker, id: string, combo: ComboSpec, path: DocPath): CompiledCombo | undefined => {
  const kinds = (['same', 'groups', 'run', 'faces'] as const).filter((k) => combo[k] !== undefined);
  if (kinds.length !== 1) {
    report(
      checker,
      'invalid-rule',
      path,
      `combination '${id}' needs exactly one of same, groups, run or faces (found ${kinds.join(', ') || 'none'})`,
    );
    return undefined;
  }
  const locals = comboLocals(combo);
  const when = combo.when === undefined ? undefined : checkExpr(checker, combo.when, [...path, 'when'], locals, typeOf('bool'));
  const points = checkExpr(checker, combo.points, [...path, 'points'], locals, typeOf('number'));
  if (!points || (combo.when !== undefined && !when)) return undefined;
  let matches: CompiledCombo['matches'];
  if (combo.same !== undefined) {
    const { same } = combo;
    const sizes = typeof same === 'number' ? [same] : Array.from({ length: Math.max(0, same.max - same.min + 1) }, (_, k) => same.min + k);
    matches = sameMatches(sizes);
  } else if (combo.groups !== undefined) {
    matches = groupMatches(combo.groups);
  } else if (combo.run !== undefined) {
    matches = runMatches(combo.run);
  } else if (Array.isArray(combo.faces)) {
    const faces = combo.faces;
    matches = (counts) => exactMatch(faces, counts);
  } else {
    const faces = checkExpr(checker, combo.faces as string, [...path, 'faces'], { roll: typeOf('list<number>') }, typeOf('list<number>'));
    if (!faces) return undefined;
    return { id, matches: (counts, env, meter) => exactMatch(faces.run(env, meter) as number[], counts), when, points, faces };
  }
  return { id, matches, when, points };
};

export interface CompiledTable {
  readonly combos: readonly CompiledCombo[];
  /** No combination reads the game state: a roll always reads the same, so readings are cached. */
  readonly pure: boolean;
  /** Readings by the roll in its order (`rollKey`): a hit is the reading as it is returned. */
  readonly cache: Map<number | string, Cover>;
  /**
   * Readings by the faces in ascending order, when no combination reads `roll`: a reading then
   * depends on how many of each face were rolled, not on their order, so a roll not yet seen in
   * its order is read from another order of the same faces (462 multisets of six six-sided dice,
   * against 46,656 orders), with `unused` put in its order. Undefined when a combination reads `roll`.
   */
  readonly byFaces: Map<number | string, Cover> | undefined;
}

const BINDINGS = new Set(['roll', 'face', 'n', 'faces', 'low', 'high']);

export const compileTable = (checker: ExprChecker, table: ScoringTableSpec, path: DocPath): CompiledTable => {
  const combos = Object.entries(table.combos)
    .map(([id, combo]) => compileCombo(checker, id, combo, [...path, 'combos', id]))
    .filter((c): c is CompiledCombo => c !== undefined);
  const exprs = combos.flatMap((c) => [c.when, c.points, c.faces]).filter((e): e is CompiledExpr => e !== undefined);
  const pure = exprs.every((e) => [...e.usedNames].every((name) => BINDINGS.has(name)));
  const orderFree = exprs.every((e) => !e.usedNames.has('roll'));
  return { combos, pure, cache: new Map(), byFaces: orderFree ? new Map() : undefined };
};

/**
 * Not an LruCache: this memo lives and dies with its compiled table, sits in the simulation's
 * innermost loop (an LRU hit costs several times a Map hit), and a game's rolls are a closed set,
 * so past the limit it stops adding instead of evicting.
 */
const CACHE_LIMIT = 50_000;

/**
 * A roll as a cache key, in its order (so a cached reading needs no reordering of `unused`). Up
 * to 9 faces that are whole numbers from 0 to 31, the dice of most games, make one number (5 bits
 * a face under the count), found without building a string per reading; other rolls are joined.
 */
const rollKey = (roll: readonly number[]): number | string => {
  if (roll.length > 9) return roll.join(',');
  let key = roll.length;
  for (const f of roll) {
    if (!Number.isInteger(f) || f < 0 || f > 31) return roll.join(',');
    key = key * 32 + f;
  }
  return key;
};

const ascending = (faces: readonly number[]): number[] => faces.slice().sort((a, b) => a - b);

/** bestCover, cached by the roll when the table does not depend on the state. */
export const coverWith = (table: CompiledTable, roll: readonly number[], env: Env, meter: Meter): Cover => {
  if (!table.pure) return bestCover(table.combos, roll, env, meter);
  const key = rollKey(roll);
  const known = table.cache.get(key);
  if (known) return known;
  const cover = table.byFaces ? readFaces(table, table.byFaces, roll, env, meter) : bestCover(table.combos, roll, env, meter);
  if (table.cache.size < CACHE_LIMIT) table.cache.set(key, cover);
  return cover;
};

/** The reading of the roll's faces in any order, cached, with `unused` in this roll's order. */
const readFaces = (table: CompiledTable, byFaces: Map<number | string, Cover>, roll: readonly number[], env: Env, meter: Meter): Cover => {
  const key = rollKey(ascending(roll));
  const known = byFaces.get(key);
  if (known) return known.unused.length > 0 ? reorder(known, roll) : known;
  const cover = bestCover(table.combos, roll, env, meter);
  if (byFaces.size < CACHE_LIMIT) byFaces.set(key, cover);
  return cover;
};

/**
 * `unused` keeps the order of the roll it came from. The cover is written out field by field: V8
 * gives a spread that overrides a field a new map each time, whose copies then take its slow path.
 */
const reorder = (cover: Cover, roll: readonly number[]): Cover => {
  const leftover = countFaces(cover.used);
  const unused = roll.filter((f) => {
    const n = leftover.get(f) ?? 0;
    if (n > 0) {
      leftover.set(f, n - 1);
      return false;
    }
    return true;
  });
  return { points: cover.points, used: cover.used, unused, combos: cover.combos };
};

const keyOf = (counts: ReadonlyMap<number, number>): string =>
  [...counts.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0])
    .map(([f, n]) => `${f}x${n}`)
    .join(',');

/**
 * The memo key of a search (the faces left, the first combination to try) for the faces of one
 * roll: one number, each face's count weighed by its place among the roll's distinct faces,
 * when the counts and places fit in a safe integer; else text. The faces left always come from
 * the roll, so the weights cover them.
 */
const searchKeys = (roll: readonly number[], combos: number): ((counts: ReadonlyMap<number, number>, from: number) => number | string) => {
  const weights = new Map<number, number>();
  let weight = combos + 1;
  for (const f of roll) {
    if (weights.has(f)) continue;
    weights.set(f, weight);
    weight *= roll.length + 1;
  }
  if (!Number.isSafeInteger(weight)) return (counts, from) => `${from}|${keyOf(counts)}`;
  return (counts, from) => {
    let key = from;
    for (const [f, n] of counts) key += n * (weights.get(f) as number);
    return key;
  };
};

const subtract = (counts: ReadonlyMap<number, number>, faces: readonly number[]): Map<number, number> => {
  const out = new Map(counts);
  for (const f of faces) {
    const n = (out.get(f) ?? 0) - 1;
    if (n > 0) out.set(f, n);
    else out.delete(f);
  }
  return out;
};

interface Reading {
  points: number;
  used: number[];
  combos: { id: string; points: number; faces: readonly number[] }[];
}

/**
 * The reading of `roll` with the most points: a set of disjoint matches, each combination usable
 * any number of times. Ties go to the reading that uses more dice. Combinations are taken in table
 * order so each set of matches is tried once; results are memoised on the faces left.
 */
export const bestCover = (combos: readonly CompiledCombo[], roll: readonly number[], env: Env, meter: Meter): Cover => {
  const memo = new Map<number | string, Reading>();
  const keyOfSearch = searchKeys(roll, combos.length);
  let tried = 0;
  // Every part of a combination sees `roll`, the faces being read: `faces` expressions too.
  const withRoll = extendEnv(env, { roll: roll as Value });
  const search = (counts: Map<number, number>, from: number): Reading => {
    const key = keyOfSearch(counts, from);
    const known = memo.get(key);
    if (known) return known;
    let best: Reading = { points: 0, used: [], combos: [] };
    for (let i = from; i < combos.length; i++) {
      const combo = combos[i] as CompiledCombo;
      for (const match of combo.matches(counts, withRoll, meter)) {
        if (++tried > LIMITS.coverSteps) {
          throw new HostCallError(
            `reading ${roll.length} faces tried more than ${formatLimit(LIMITS.coverSteps)} combinations (the limit for one cover)`,
          );
        }
        const scope = extendEnv(withRoll, match.bindings);
        if (combo.when && !combo.when.run(scope, meter)) continue;
        const points = combo.points.run(scope, meter) as number;
        const rest = search(subtract(counts, match.faces), i);
        const total = points + rest.points;
        const used = match.faces.length + rest.used.length;
        if (total > best.points || (total === best.points && used > best.used.length)) {
          best = {
            points: total,
            used: [...match.faces, ...rest.used],
            combos: [{ id: combo.id, points, faces: match.faces }, ...rest.combos],
          };
        }
      }
    }
    memo.set(key, best);
    return best;
  };
  // Faces counted in ascending order: of readings that tie, the first found is the same whatever order the dice fell in.
  const reading = search(countFaces(ascending(roll)), 0);
  const used = reading.used.slice().sort((a, b) => a - b);
  return reorder({ points: reading.points, used, unused: [], combos: reading.combos }, roll);
};
