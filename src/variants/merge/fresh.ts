import type { DocPath } from '../../spec/diagnostics.ts';
import type { MergeContext } from './context.ts';
import { isMap, type Plain, type PlainMap } from './plain.ts';

/** A new node (or a replacing one) holds no directives and no `+` keys: nothing to merge into. */
export const fresh = (ctx: MergeContext, p: Plain, s: DocPath): Plain => {
  if (Array.isArray(p)) return p.map((x, i) => fresh(ctx, x, [...s, i]));
  if (!isMap(p)) return p;
  const out: PlainMap = {};
  for (const [k, v] of Object.entries(p)) {
    if (k.startsWith('$') || k.startsWith('+')) {
      ctx.problem(
        [...s, k],
        `'${k}' inside a new or replacing value: it is written as it stands, so there is nothing to merge into (drop the '${k[0]}')`,
      );
      continue;
    }
    out[k] = fresh(ctx, v, [...s, k]);
  }
  return out;
};
