import type { DocPath } from '../../spec/diagnostics.ts';
import { didYouMean } from '../../lang/suggest.ts';
import type { MergeContext } from './context.ts';
import { fresh } from './fresh.ts';
import { describePlace, type Place } from './place.ts';
import type { PlainMap } from './plain.ts';

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
      ctx.problem(
        [...s, key],
        `there is no '${key}' in ${describePlace(t)}${didYouMean(key, Object.keys(out))}${value === null ? '' : ` (a new key is declared with a +: '+${key}')`}`,
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
