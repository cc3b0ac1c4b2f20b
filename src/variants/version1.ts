/**
 * Variants written for version 1 of the rules language, before explicit overlays: a key the game
 * does not have is added by writing it; a list whose items all carry ids merges with the game's
 * by id (a new item at the end unless `$before`/`$after` places it); any other value, a list
 * included, replaces what was there whole; a variant's params are set before its patch. Kept to
 * read such a file as it was meant, and to bring it to version 2 with edits that mean the same:
 * `+key` for a new key, `$append: true` for a new item placed nowhere, `{$replace: ...}` for
 * a list or a change of shape replaced whole.
 */
import type { DocPath, PathEdit } from '../spec/diagnostics.ts';
import { isMap, type Plain, type PlainMap } from './merge/plain.ts';

const hasId = (item: Plain): item is PlainMap => isMap(item) && typeof item.id === 'string';

const DIRECTIVES = new Set(['$remove', '$before', '$after']);

const withoutDirectives = (item: PlainMap): PlainMap => Object.fromEntries(Object.entries(item).filter(([k]) => !DIRECTIVES.has(k)));

/** A value that replaces: a mapping's null keys dropped, at every depth. */
const stripped = (p: Plain): Plain =>
  isMap(p) ? Object.fromEntries(Object.entries(p).flatMap(([k, v]) => (v === null ? [] : [[k, stripped(v)]]))) : p;

/** Whether version 1 merges `patch` into `base` item by item. */
const mergesById = (base: Plain | undefined, patch: Plain): patch is PlainMap[] =>
  Array.isArray(patch) && Array.isArray(base) && base.some(hasId) && patch.every(hasId);

/** `patch` merged into `base` by version 1's rules, with its problems in words (a removal of what is not there, an anchor that is not). */
export const mergeVersion1 = (base: Plain | undefined, patch: Plain): { value: Plain; problems: string[] } => {
  const problems: string[] = [];
  const merge = (b: Plain | undefined, p: Plain): Plain => {
    if (isMap(p) && isMap(b)) {
      const out: PlainMap = { ...b };
      for (const [key, value] of Object.entries(p)) {
        if (value === null) {
          if (!Object.hasOwn(out, key)) problems.push(`removes '${key}', which does not exist`);
          delete out[key];
        } else out[key] = merge(out[key], value);
      }
      return out;
    }
    if (mergesById(b, p)) return mergeItems(b as Plain[], p);
    return stripped(p);
  };
  const mergeItems = (b: Plain[], p: PlainMap[]): Plain[] => {
    const out = b.slice();
    const indexOf = (id: Plain | undefined): number => out.findIndex((x) => isMap(x) && x.id === id);
    for (const item of p) {
      const at = indexOf(item.id);
      if (item.$remove === true) {
        if (at < 0) problems.push(`removes item '${String(item.id)}', which does not exist`);
        else out.splice(at, 1);
        continue;
      }
      if (at >= 0) {
        const { id: _same, ...changes } = withoutDirectives(item);
        out[at] = merge(out[at], changes);
        continue;
      }
      const anchor = item.$before ?? item.$after;
      let index = out.length;
      if (anchor !== undefined) {
        const a = indexOf(anchor);
        if (a < 0 || (item.$before !== undefined && item.$after !== undefined))
          problems.push(`places '${String(item.id)}' next to '${String(anchor)}'`);
        else index = item.$before !== undefined ? a : a + 1;
      }
      out.splice(index, 0, withoutDirectives(item));
    }
    return out;
  };
  return { value: merge(base, patch), problems };
};

/** A version 1 variant's params (each one the game declares), then its patch, on `spec`, as version 1 applied them. */
export const applyVersion1 = (
  spec: Plain,
  variant: { readonly params?: Record<string, Plain>; readonly patch?: Record<string, Plain> },
): { value: Plain; problems: string[] } => {
  const declared = isMap(spec) && isMap(spec.params) ? spec.params : {};
  const given = Object.entries(variant.params ?? {});
  const undeclared = given
    .filter(([name]) => !Object.hasOwn(declared, name))
    .map(([name]) => `sets param '${name}', which the game does not declare`);
  const defaults: PlainMap = Object.fromEntries(
    given.flatMap(([name, value]) => (Object.hasOwn(declared, name) ? [[name, { default: value }]] : [])),
  );
  const withParams = Object.keys(defaults).length > 0 ? mergeVersion1(spec, { params: defaults }) : { value: spec, problems: [] };
  const patched = variant.patch ? mergeVersion1(withParams.value, variant.patch) : { value: withParams.value, problems: [] };
  return { value: patched.value, problems: [...undeclared, ...withParams.problems, ...patched.problems] };
};

/**
 * The edits that turn a version 1 patch at `source` (its place in the variant file) into a
 * version 2 patch of the same meaning, given the `base` it applies to. Whether the result means
 * the same is checked by the caller, by applying both (see variants/index.ts).
 */
export const upgradeEdits = (base: Plain | undefined, patch: Plain, source: DocPath): PathEdit[] => {
  if (isMap(patch) && isMap(base)) {
    return Object.entries(patch).flatMap(([key, value]): PathEdit[] => {
      if (value === null) return [];
      if (!Object.hasOwn(base, key)) return [{ kind: 'key', path: [...source, key], text: `+${key}` }];
      return upgradeEdits(base[key], value, [...source, key]);
    });
  }
  if (mergesById(base, patch)) {
    const items = base as Plain[];
    return patch.flatMap((item, i): PathEdit[] => {
      const at: DocPath = [...source, i];
      if (item.$remove === true) return [];
      const existing = items.find((x) => isMap(x) && x.id === item.id);
      if (existing !== undefined) {
        const { id: _same, ...changes } = withoutDirectives(item);
        return upgradeEdits(existing, changes, at);
      }
      return item.$before === undefined && item.$after === undefined ? [{ kind: 'addKey', path: at, key: '$append', value: 'true' }] : [];
    });
  }
  const sameScalar = !isMap(patch) && !Array.isArray(patch) && base !== undefined && !isMap(base) && !Array.isArray(base);
  return sameScalar ? [] : [{ kind: 'wrap', path: source, key: '$replace' }];
};
