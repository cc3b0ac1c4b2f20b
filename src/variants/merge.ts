/**
 * A variant's patch applied to a spec: mappings merge key by key (null removes a key, as in JSON
 * Merge Patch); lists whose items carry an `id` merge item by item by that id (`$remove: true`
 * removes one, `$before`/`$after` place a new one); any other value replaces what was there.
 * Nothing is addressed by list position. Every written place is recorded with where it came from;
 * an item of a list merged by id is named in that record by its id, so places written by different
 * variants compare by what they are, not by where earlier patches happened to put them.
 */
import type { DocPath } from '../spec/diagnostics.ts';

export type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

export interface Written {
  /** The place in the merged spec; an item of a list merged by id is named by its id (see resolvePath). */
  readonly target: DocPath;
  /** The place in the patch that wrote it. */
  readonly source: DocPath;
}

export interface MergeProblem {
  readonly source: DocPath;
  readonly message: string;
}

const isMap = (v: unknown): v is { [key: string]: Plain } => typeof v === 'object' && v !== null && !Array.isArray(v);

const hasId = (item: Plain): item is { [key: string]: Plain } => isMap(item) && typeof item.id === 'string';

/** A list merges by id when some of its items have ids (effects and guard clauses may go without). */
const hasIds = (list: readonly Plain[]): boolean => list.some(hasId);

const DIRECTIVES = new Set(['$remove', '$before', '$after']);

const withoutDirectives = (item: { [key: string]: Plain }): { [key: string]: Plain } =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !DIRECTIVES.has(k)));

export interface MergeResult {
  value: Plain;
  written: Written[];
  problems: MergeProblem[];
}

export const mergePatch = (base: Plain | undefined, patch: Plain, target: DocPath, source: DocPath): MergeResult => {
  const written: Written[] = [];
  const problems: MergeProblem[] = [];

  const merge = (b: Plain | undefined, p: Plain, t: DocPath, s: DocPath): Plain | undefined => {
    if (isMap(p) && isMap(b)) {
      const out: { [key: string]: Plain } = { ...b };
      for (const [key, value] of Object.entries(p)) {
        if (value === null) {
          if (!Object.hasOwn(out, key)) problems.push({ source: [...s, key], message: `removes '${[...t, key].join('.')}', which does not exist` });
          else written.push({ target: [...t, key], source: [...s, key] });
          delete out[key];
          continue;
        }
        const merged = merge(out[key], value, [...t, key], [...s, key]);
        if (merged !== undefined) out[key] = merged;
      }
      return out;
    }
    if (Array.isArray(p) && Array.isArray(b) && hasIds(b) && p.every(hasId)) {
      return mergeById(b, p as { [key: string]: Plain }[], t, s);
    }
    written.push({ target: t, source: s });
    return isMap(p) ? stripAll(p) : p;
  };

  const stripAll = (p: Plain): Plain => (isMap(p) ? Object.fromEntries(Object.entries(p).filter(([, v]) => v !== null).map(([k, v]) => [k, stripAll(v)])) : p);

  const mergeById = (b: Plain[], p: { [key: string]: Plain }[], t: DocPath, s: DocPath): Plain[] => {
    const out = b.slice();
    const indexOf = (id: string): number => out.findIndex((x) => isMap(x) && x.id === id);
    p.forEach((item, i) => {
      const id = item.id as string;
      const at = indexOf(id);
      const itemSource = [...s, i];
      if (item.$remove === true) {
        if (at < 0) problems.push({ source: itemSource, message: `removes item '${id}' of ${t.join('.')}, which does not exist` });
        else {
          out.splice(at, 1);
          written.push({ target: [...t, id], source: itemSource });
        }
        return;
      }
      if (at >= 0) {
        // The id itself is not a change: two patches of one item's other keys do not overlap.
        const { id: _same, ...changes } = withoutDirectives(item);
        out[at] = merge(out[at], changes, [...t, id], itemSource) as { [key: string]: Plain };
        return;
      }
      if (item.$before !== undefined && item.$after !== undefined) {
        problems.push({ source: itemSource, message: `places '${id}' both before '${String(item.$before)}' and after '${String(item.$after)}': give one of $before and $after` });
        return;
      }
      const anchor = (item.$before ?? item.$after) as string | undefined;
      let index = out.length;
      if (anchor !== undefined) {
        const a = indexOf(anchor);
        if (a < 0) problems.push({ source: itemSource, message: `places '${id}' next to '${anchor}', which is not an item of ${t.join('.')}` });
        else index = item.$before !== undefined ? a : a + 1;
      }
      out.splice(index, 0, withoutDirectives(item));
      written.push({ target: [...t, id], source: itemSource });
    });
    return out;
  };

  const value = merge(base, patch, target, source);
  return { value: value === undefined ? null : value, written, problems };
};

/**
 * A written place as a path into `value`: each id that names an item of a list becomes that item's
 * index. Undefined when the place is gone (removed by the same or a later patch).
 */
export const resolvePath = (value: Plain, path: DocPath): DocPath | undefined => {
  const out: (string | number)[] = [];
  let node: Plain | undefined = value;
  for (const segment of path) {
    if (Array.isArray(node)) {
      const list: Plain[] = node;
      const index: number = typeof segment === 'number' ? segment : list.findIndex((x) => isMap(x) && x.id === segment);
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
