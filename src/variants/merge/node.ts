/**
 * One patch node merged into the base node at the same place, by the kind of the pair: each kind
 * has its own merge, and the table of merges is typed over the kinds, so a kind left out is a type error.
 */
import type { DocPath } from '../../spec/diagnostics.ts';
import type { MergeContext } from './context.ts';
import { fresh } from './fresh.ts';
import { mergeItemList } from './itemList.ts';
import { mergeMapping } from './mapping.ts';
import { describePlace, type Place } from './place.ts';
import { isMap, shapeOf, type Plain, type PlainMap } from './plain.ts';
import { mergeValueList, VALUE_LIST_OPS } from './valueList.ts';

type Scalar = null | boolean | number | string;

/** The base and patch each kind of node merges. */
interface NodeSides {
  /** `{$replace: VALUE}`: whatever is there. */
  replace: { readonly base: Plain | undefined; readonly patch: PlainMap };
  mapping: { readonly base: PlainMap; readonly patch: PlainMap };
  /** `{$append: [..]}` and the like on a list of values. */
  valueOps: { readonly base: Plain[]; readonly patch: PlainMap };
  /** A guard written as one expression, to a patch that lists clauses. */
  guardClauses: { readonly base: string; readonly patch: Plain[] };
  /** A list of values (or a patch of values) changed by a list: an error, values are named by $append and the like. */
  valueList: { readonly base: Plain[]; readonly patch: Plain[] };
  items: { readonly base: Plain[]; readonly patch: Plain[] };
  scalar: { readonly base: Scalar; readonly patch: Scalar };
  /** Any other change of shape: an error that says to write $replace. */
  reshape: { readonly base: Plain | undefined; readonly patch: Plain };
}

type NodeKind = keyof NodeSides;
type PatchNode<K extends NodeKind = NodeKind> = { [P in K]: { readonly kind: P } & NodeSides[P] }[K];

const isScalar = (v: Plain | undefined): v is Scalar => v !== undefined && !isMap(v) && !Array.isArray(v);

const nodeOf = (base: Plain | undefined, patch: Plain, t: Place): PatchNode => {
  if (isMap(patch) && '$replace' in patch) return { kind: 'replace', base, patch };
  if (isMap(patch) && isMap(base)) return { kind: 'mapping', base, patch };
  if (Array.isArray(base) && isMap(patch) && Object.keys(patch).some((k) => VALUE_LIST_OPS.includes(k)))
    return { kind: 'valueOps', base, patch };
  if (Array.isArray(patch) && typeof base === 'string' && t[t.length - 1] === 'guard') return { kind: 'guardClauses', base, patch };
  if (Array.isArray(patch) && Array.isArray(base))
    return { kind: base.some((x) => !isMap(x)) || patch.some((x) => !isMap(x)) ? 'valueList' : 'items', base, patch };
  if (isScalar(patch) && isScalar(base)) return { kind: 'scalar', base, patch };
  return { kind: 'reshape', base, patch };
};

type NodeMerge<K extends NodeKind> = (ctx: MergeContext, node: PatchNode<K>, t: Place, s: DocPath) => Plain | undefined;

const MERGES: { readonly [K in NodeKind]: NodeMerge<K> } = {
  replace: (ctx, { patch }, t, s) => {
    const extra = Object.keys(patch).filter((k) => k !== '$replace');
    if (extra.length > 0)
      ctx.problem([...s, extra[0] as string], `'$replace' replaces ${describePlace(t)} as a whole; '${extra[0]}' cannot go beside it`);
    ctx.wrote(t, [...s, '$replace'], 'changed');
    return fresh(ctx, patch.$replace as Plain, [...s, '$replace']);
  },
  mapping: (ctx, { base, patch }, t, s) => mergeMapping(ctx, base, patch, t, s),
  valueOps: (ctx, { base, patch }, t, s) => mergeValueList(ctx, base, patch, t, s),
  guardClauses: (ctx, { base, patch }, t, s) => mergeItemList(ctx, [{ test: base, reason: '' }], patch, t, s),
  valueList: (ctx, { base }, t, s) => {
    ctx.problem(
      s,
      `a list of values at ${describePlace(t)} is changed with {$append: [..]}, {$prepend: [..]} or {$remove: [..]}, or replaced with {$replace: [..]}`,
    );
    return base;
  },
  items: (ctx, { base, patch }, t, s) => mergeItemList(ctx, base, patch, t, s),
  scalar: (ctx, { base, patch }, t, s) => {
    if (base !== patch) ctx.wrote(t, s, 'changed');
    return patch;
  },
  reshape: (ctx, { base, patch }, t, s) => {
    ctx.problem(
      s,
      `replaces ${shapeOf(base)} at ${describePlace(t)} with ${shapeOf(patch)}: write {$replace: ...} to replace it${Array.isArray(base) ? ', or list item operations to change it' : ''}`,
    );
    return base;
  },
};

const mergeAs = <K extends NodeKind>(kind: K, ctx: MergeContext, node: PatchNode<K>, t: Place, s: DocPath): Plain | undefined =>
  MERGES[kind](ctx, node, t, s);

export const mergeNode = (ctx: MergeContext, base: Plain | undefined, patch: Plain, t: Place, s: DocPath): Plain | undefined => {
  const node = nodeOf(base, patch, t);
  return mergeAs(node.kind, ctx, node, t, s);
};
