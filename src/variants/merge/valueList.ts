import type { DocPath } from '../../spec/diagnostics.ts';
import { didYouMean } from '../../lang/suggest.ts';
import type { MergeContext } from './context.ts';
import { describePlace, type Place } from './place.ts';
import type { Plain, PlainMap } from './plain.ts';

export const VALUE_LIST_OPS: readonly string[] = ['$append', '$prepend', '$remove'];

/** A list of values changed by `{$append: [..]}`, `{$prepend: [..]}` and `{$remove: [..]}`; a value is named by itself. */
export const mergeValueList = (ctx: MergeContext, b: Plain[], p: PlainMap, t: Place, s: DocPath): Plain[] => {
  let out = b.slice();
  for (const [op, values] of Object.entries(p)) {
    if (!VALUE_LIST_OPS.includes(op)) {
      ctx.problem([...s, op], `'${op}' does not apply to the list ${describePlace(t)}: use $append, $prepend, $remove or $replace`);
      continue;
    }
    if (!Array.isArray(values)) {
      ctx.problem([...s, op], `'${op}' takes a list of values`);
      continue;
    }
    values.forEach((value, i) => {
      const at = [...s, op, i];
      const key = JSON.stringify(value);
      if (op === '$remove') {
        const index = out.findIndex((x) => JSON.stringify(x) === key);
        if (index < 0)
          ctx.problem(at, `removes ${key} from ${describePlace(t)}, which does not hold it${didYouMean(String(value), out.map(String))}`);
        else {
          out.splice(index, 1);
          ctx.wrote([...t, { value }], at, 'removed');
        }
        return;
      }
      if (out.some((x) => JSON.stringify(x) === key)) ctx.problem(at, `adds ${key} to ${describePlace(t)}, which already holds it`);
      else {
        out = op === '$append' ? [...out, value] : [value, ...out];
        ctx.wrote([...t, { value }], at, 'added');
      }
    });
  }
  return out;
};
