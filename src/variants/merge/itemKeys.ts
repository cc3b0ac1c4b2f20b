import { EFFECT_LIST_KEYS, SCHEMA_EFFECT_KEYS } from '../../validate/effectSchema.ts';
import { isMap, type Plain } from './plain.ts';

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
