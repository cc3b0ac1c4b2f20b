import type { DocPath, ProblemFix } from '../../spec/diagnostics.ts';
import { suggest, suggestion } from '../../lang/suggest.ts';
import type { MergeContext } from './context.ts';
import { fresh } from './fresh.ts';
import { describePlace, type Place } from './place.ts';
import type { PlainMap } from './plain.ts';

/**
 * The readings of a key that names nothing: the close name it may misspell, and, unless it
 * removes, a new key. Both when both are possible: which one was meant is not for a tool to say.
 */
const unknownKeyFixes = (path: DocPath, key: string, meant: string | undefined, removes: boolean): ProblemFix[] => [
  ...(meant === undefined ? [] : [{ title: `Change '${key}' to '${meant}'`, edits: [{ kind: 'key' as const, path, text: meant }] }]),
  ...(removes ? [] : [{ title: `Declare '${key}' new: '+${key}'`, edits: [{ kind: 'key' as const, path, text: `+${key}` }] }]),
];

/** A mapping merged key by key: `+key` declares a new key, `key: null` removes one, any other key must exist. */
export const mergeMapping = (ctx: MergeContext, b: PlainMap, p: PlainMap, t: Place, s: DocPath): PlainMap => {
  const out: PlainMap = { ...b };
  for (const [key, value] of Object.entries(p)) {
    if (key.startsWith('$')) {
      ctx.problem(
        [...s, key],
        `'${key}' does not apply to a mapping (${describePlace(t)}): a mapping takes keys, +new keys, or {$replace: ...}`,
      );
      continue;
    }
    if (key.startsWith('+')) {
      const name = key.slice(1);
      if (Object.hasOwn(out, name))
        ctx.problem([...s, key], `'+${name}' declares ${describePlace([...t, name])} new, but it exists: write '${name}' to change it`);
      else {
        out[name] = fresh(ctx, value, [...s, key]);
        ctx.wrote([...t, name], [...s, key], 'added');
      }
      continue;
    }
    if (!Object.hasOwn(out, key)) {
      const meant = suggest(key, Object.keys(out));
      ctx.problem(
        [...s, key],
        `there is no '${key}' in ${describePlace(t)}${meant === undefined ? '' : suggestion(meant)}${value === null ? '' : ` (a new key is declared with a +: '+${key}')`}`,
        unknownKeyFixes([...s, key], key, meant, value === null),
      );
      continue;
    }
    if (value === null) {
      delete out[key];
      ctx.wrote([...t, key], [...s, key], 'removed');
      continue;
    }
    const merged = ctx.merge(out[key], value, [...t, key], [...s, key]);
    if (merged !== undefined) out[key] = merged;
  }
  return out;
};
