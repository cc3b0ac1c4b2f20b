/**
 * A list of named items changed by item operations: an item is named by its `id` or its derived
 * key (`$item: move#1`); a named item is merged into, replaced or removed; a new item says where it goes.
 */
import type { DocPath, ProblemFix } from '../../spec/diagnostics.ts';
import { didYouMean, suggest, suggestion } from '../../lang/suggest.ts';
import type { MergeContext } from './context.ts';
import { fresh } from './fresh.ts';
import { itemKeys } from './itemKeys.ts';
import { describePlace, originOf, type ItemRef, type Place } from './place.ts';
import { isMap, type Plain, type PlainMap } from './plain.ts';

const PLACEMENT = ['$append', '$prepend', '$before', '$after'] as const;
type Placement = (typeof PLACEMENT)[number];
const ITEM_DIRECTIVES = new Set<string>([...PLACEMENT, '$remove', '$replace', '$item']);

interface Entry {
  key: string | undefined;
  value: Plain;
}

/** The list as the operations before this one left it. */
interface Items {
  readonly ctx: MergeContext;
  readonly target: Place;
  readonly entries: Entry[];
}

/** An existing item an operation names. */
interface Named {
  readonly name: string;
  readonly index: number;
  readonly entry: Entry;
  readonly ref: ItemRef;
}

/** What each kind of item operation carries beside what all of them do. */
interface ItemOpFields {
  /** More than one placement: an error, a new item goes one place. */
  places: { readonly placements: readonly Placement[] };
  place: { readonly placement: Placement };
  remove: object;
  replace: object;
  change: object;
}

type ItemOpKind = keyof ItemOpFields;

/** What every item operation carries. */
interface ItemOpBase {
  readonly item: PlainMap;
  readonly name: string | undefined;
  /** The item's own keys, its directives left out. */
  readonly plain: PlainMap;
  readonly at: DocPath;
}

type ItemOp<K extends ItemOpKind = ItemOpKind> = { [P in K]: { readonly kind: P } & ItemOpBase & ItemOpFields[P] }[K];

const indexOf = (items: Items, key: string): number => items.entries.findIndex((e) => e.key === key);
const known = (items: Items): string[] => items.entries.flatMap((e) => (e.key === undefined ? [] : [e.key]));

const opOf = (item: PlainMap, at: DocPath): ItemOp => {
  const placements = PLACEMENT.filter((d) => d in item);
  const common: ItemOpBase = {
    item,
    name: typeof item.$item === 'string' ? item.$item : typeof item.id === 'string' ? item.id : undefined,
    plain: Object.fromEntries(Object.entries(item).filter(([k]) => !ITEM_DIRECTIVES.has(k))),
    at,
  };
  if (placements.length > 1) return { kind: 'places', placements, ...common };
  const placement = placements[0];
  if (placement !== undefined) return { kind: 'place', placement, ...common };
  if ('$remove' in item) return { kind: 'remove', ...common };
  if ('$replace' in item) return { kind: 'replace', ...common };
  return { kind: 'change', ...common };
};

const placeItem = (items: Items, op: ItemOp<'place'>): void => {
  const { ctx, target: t, entries } = items;
  const { item, placement, name: named, at } = op;
  if ('$item' in item || '$remove' in item || '$replace' in item) {
    ctx.problem(at, `${placement} places a new item; '$item', '$remove' and '$replace' name an existing one`);
    return;
  }
  if (named !== undefined && indexOf(items, named) >= 0) {
    ctx.problem(
      [...at, 'id'],
      `adds an item '${named}' to ${describePlace(t)}, which already has one: leave out ${placement} to change it`,
    );
    return;
  }
  let index = placement === '$prepend' ? 0 : entries.length;
  if (placement === '$before' || placement === '$after') {
    const anchor = item[placement];
    const a = typeof anchor === 'string' ? indexOf(items, anchor) : -1;
    if (a < 0) {
      ctx.problem(
        [...at, placement],
        `places ${named === undefined ? 'an item' : `'${named}'`} next to '${String(anchor)}', which is not an item of ${describePlace(t)}${didYouMean(String(anchor), known(items))} (items: ${known(items).join(', ')})`,
      );
      return;
    }
    index = placement === '$before' ? a : a + 1;
  } else if (item[placement] !== true) {
    ctx.problem([...at, placement], `${placement} is written ${placement}: true`);
    return;
  }
  const value = fresh(ctx, op.plain, at);
  entries.splice(index, 0, { key: named, value });
  ctx.wrote([...t, { item: value as object, name: named ?? `${describePlace(t)}[new]` }], at, 'added');
};

/**
 * The readings of an item that names none: the close name it may misspell, and, for an item named
 * by its id that does not remove, a new item at the end. Both when both are possible.
 */
const unknownItemFixes = (at: DocPath, naming: string, name: string, meant: string | undefined, removes: boolean): ProblemFix[] => [
  ...(meant === undefined
    ? []
    : [
        {
          title: `Change '${name}' to '${meant}'`,
          edits: [{ kind: 'inScalar' as const, path: [...at, naming], from: 0, to: name.length, text: meant }],
        },
      ]),
  ...(removes || naming !== 'id'
    ? []
    : [
        {
          title: `Add '${name}' as a new item at the end ($append: true)`,
          edits: [{ kind: 'addKey' as const, path: at, key: '$append', value: 'true' }],
        },
      ]),
];

/** The existing item an operation names, or a problem that it names none. */
const namedItem = (items: Items, op: ItemOpBase): Named | undefined => {
  const { ctx, target: t } = items;
  const { item, name, at } = op;
  if (name === undefined) {
    ctx.problem(
      at,
      `an item of ${describePlace(t)} must name the item it changes (id: or $item:) or say where a new one goes ($append: true, $prepend: true, $before: KEY, $after: KEY); items: ${known(items).join(', ')}`,
    );
    return undefined;
  }
  const index = indexOf(items, name);
  const entry = items.entries[index];
  if (entry === undefined) {
    const removes = item.$remove === true;
    const hint = removes ? '' : '; a new item says where it goes: $append, $prepend, $before or $after';
    const naming = '$item' in item ? '$item' : 'id';
    const meant = suggest(name, known(items));
    ctx.problem(
      [...at, naming],
      `there is no item '${name}' in ${describePlace(t)}${meant === undefined ? '' : suggestion(meant)} (items: ${known(items).join(', ') || 'none'}${hint})`,
      unknownItemFixes(at, naming, name, meant, removes),
    );
    return undefined;
  }
  return { name, index, entry, ref: { item: originOf(ctx.lineage, entry.value) as object, name } };
};

const removeItem = (items: Items, op: ItemOp<'remove'>, named: Named): void => {
  const { ctx, target: t } = items;
  const { item, at } = op;
  if (item.$remove !== true) {
    ctx.problem([...at, '$remove'], `'$remove' is written $remove: true`);
    return;
  }
  const rest = Object.keys(item).filter((k) => k !== '$remove' && k !== '$item' && k !== 'id');
  if (rest.length > 0)
    ctx.problem([...at, rest[0] as string], `'$remove: true' removes '${named.name}' as a whole; '${rest[0]}' cannot go beside it`);
  items.entries.splice(named.index, 1);
  ctx.wrote([...t, named.ref], at, 'removed');
};

const replaceItem = (items: Items, op: ItemOp<'replace'>, named: Named): void => {
  const { ctx, target: t } = items;
  const { item, plain, at } = op;
  const { entry, ref } = named;
  if (item.$replace !== true) {
    ctx.problem([...at, '$replace'], `'$replace' on a list item is written $replace: true`);
    return;
  }
  const value = fresh(
    ctx,
    typeof entry.key === 'string' && isMap(entry.value) && typeof entry.value.id === 'string' ? { id: entry.value.id, ...plain } : plain,
    at,
  );
  ctx.lineage.origin.set(value as object, ref.item);
  entry.value = value;
  ctx.wrote([...t, ref], at, 'changed');
};

const changeItem = (items: Items, op: ItemOp<'change'>, named: Named): void => {
  const { ctx, target: t } = items;
  const { entry, ref } = named;
  // The name itself is not a change: two patches of one item's other keys do not overlap.
  const { id: _same, ...changes } = op.plain;
  const merged = ctx.merge(entry.value, changes, [...t, ref], op.at);
  if (merged !== undefined && merged !== entry.value) {
    if (typeof merged === 'object' && merged !== null) ctx.lineage.origin.set(merged, ref.item);
    entry.value = merged;
  }
};

/** An operation on an item that exists: the item is looked up (and a missing one reported) before the operation runs. */
const onNamed =
  <K extends ItemOpKind>(run: (items: Items, op: ItemOp<K>, named: Named) => void) =>
  (items: Items, op: ItemOp<K>): void => {
    const named = namedItem(items, op);
    if (named) run(items, op, named);
  };

const ITEM_OPS: { readonly [K in ItemOpKind]: (items: Items, op: ItemOp<K>) => void } = {
  places: (items, op) => items.ctx.problem(op.at, `a new item goes one place: ${op.placements.join(' and ')} cannot both be given`),
  place: placeItem,
  remove: onNamed(removeItem),
  replace: onNamed(replaceItem),
  change: onNamed(changeItem),
};

const apply = <K extends ItemOpKind>(items: Items, op: ItemOp<K>, kind: K): void => ITEM_OPS[kind](items, op);

export const mergeItemList = (ctx: MergeContext, b: Plain[], p: Plain[], t: Place, s: DocPath): Plain[] => {
  const keys = itemKeys(b, t);
  const items: Items = { ctx, target: t, entries: b.map((value, i) => ({ key: keys[i], value })) };
  p.forEach((item, i) => {
    const op = opOf(item as PlainMap, [...s, i]);
    apply(items, op, op.kind);
  });
  return items.entries.map((e) => e.value);
};
