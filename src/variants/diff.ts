/**
 * What an overlay changes, rule by rule: two merged specs compared part by part (params, vars,
 * zones, components, definitions, procedures, scoring rows, moves, states, transitions, bots, the
 * game's own fields), each change with the rule ids of the part and the variant file and line that
 * wrote it. List items are matched by id, or by their derived key among the items without one.
 */
import type { DocPath } from '../spec/diagnostics.ts';
import type { AppliedChange } from './index.ts';
import { itemKeys, type Plain } from './merge.ts';
import { isMap, type PlainMap } from './merge/plain.ts';

export type RuleKind =
  | 'game'
  | 'param'
  | 'component'
  | 'zone'
  | 'var'
  | 'definition'
  | 'procedure'
  | 'scoring row'
  | 'scoring table'
  | 'move'
  | 'state'
  | 'transition'
  | 'bot';

export type DiffChange = 'added' | 'removed' | 'changed';

export interface DiffSource {
  readonly variant: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface DiffDetail {
  /** Inside the rule, items by id or derived key: `guard.confirmed`, `effects.roll#1`. */
  readonly where: string;
  readonly change: DiffChange;
  readonly before?: Plain;
  readonly after?: Plain;
  readonly source?: DiffSource;
}

export interface RuleDiff {
  readonly kind: RuleKind;
  /** The rule's name: `bank`, `game.unconfirmed`, `roll.fullHouse`, `rolled → play (transition#2)`. */
  readonly name: string;
  readonly change: DiffChange;
  /** The rule ids of the part, and of the variants that changed it. */
  readonly rules: readonly string[];
  /** Where the part is in the spec it is in (the second spec, or the first for a removal). */
  readonly path: DocPath;
  /** For a changed part: where it is in the first spec (an item's index may differ). */
  readonly pathBefore?: DocPath;
  /** For states and transitions: the state (and for a transition its target) in the flow. */
  readonly state?: string;
  readonly details: readonly DiffDetail[];
}

const same = (a: Plain | undefined, b: Plain | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);
const mapAt = (v: Plain | undefined): PlainMap => (isMap(v) ? v : {});

/** A part of a spec: what kind of rule it is, its name and path. */
interface Part {
  readonly kind: RuleKind;
  readonly name: string;
  /** What pairs a part of one spec with the same part of the other (a transition by its state and key, not its target). */
  readonly match?: string;
  readonly path: DocPath;
  readonly value: Plain;
  readonly state?: string;
}

const named = (kind: RuleKind, map: Plain | undefined, path: DocPath, prefix = ''): Part[] =>
  Object.entries(mapAt(map)).map(([name, value]) => ({ kind, name: prefix + name, path: [...path, name], value }));

/** A move's transitions as a list: `on: {roll: rolled}` is one transition to `rolled`. */
const transitionsOf = (value: Plain): Plain[] => (typeof value === 'string' ? [{ target: value }] : Array.isArray(value) ? value : [value]);

const flowParts = (states: Plain | undefined, path: DocPath): Part[] =>
  Object.entries(mapAt(states)).flatMap(([name, state]): Part[] => {
    const at = [...path, name];
    const s = mapAt(state);
    const { states: children, on, always, ...own } = s;
    const transitions: Part[] = [];
    const always_ = Array.isArray(always) ? always : [];
    itemKeys(always_, [...at, 'always']).forEach((key, i) => {
      const t = mapAt(always_[i]);
      transitions.push({
        kind: 'transition',
        name: `${name} → ${typeof t.target === 'string' ? t.target : name} (${key})`,
        match: `${name} always ${key}`,
        path: [...at, 'always', i],
        value: always_[i] as Plain,
        state: name,
      });
    });
    for (const [move, handler] of Object.entries(mapAt(on))) {
      const list = transitionsOf(handler);
      const keys = itemKeys(list, [...at, 'on', move]);
      list.forEach((t, i) => {
        const target = mapAt(t).target;
        const label = list.length === 1 ? move : `${move}, ${keys[i]}`;
        transitions.push({
          kind: 'transition',
          name: `${name} → ${typeof target === 'string' ? target : name} on ${label}`,
          match: `${name} on ${move} ${keys[i]}`,
          path: Array.isArray(handler) ? [...at, 'on', move, i] : [...at, 'on', move],
          value: t,
          state: name,
        });
      });
    }
    return [{ kind: 'state', name, path: at, value: own, state: name }, ...transitions, ...flowParts(children, [...at, 'states'])];
  });

const partsOf = (spec: PlainMap): Part[] => {
  const { params, components, zones, vars, definitions, procedures, scoring, moves, flow, bots, ...game } = spec;
  const scoringParts = Object.entries(mapAt(scoring)).flatMap(([table, t]): Part[] => {
    const { combos, ...own } = mapAt(t);
    return [
      { kind: 'scoring table', name: table, path: ['scoring', table], value: own },
      ...named('scoring row', combos, ['scoring', table, 'combos'], `${table}.`),
    ];
  });
  const varParts = Object.entries(mapAt(vars)).flatMap(([scope, map]) => named('var', map, ['vars', scope], `${scope}.`));
  const componentParts = Object.entries(mapAt(components)).flatMap(([kind, map]) =>
    named('component', map, ['components', kind], `${kind}.`),
  );
  return [
    { kind: 'game', name: 'game', path: [], value: game },
    ...named('param', params, ['params']),
    ...componentParts,
    ...named('zone', zones, ['zones']),
    ...varParts,
    ...named('definition', definitions, ['definitions']),
    ...named('procedure', procedures, ['procedures']),
    ...scoringParts,
    ...named('move', moves, ['moves']),
    ...(isMap(flow)
      ? [
          { kind: 'game' as const, name: 'flow', path: ['flow'], value: { initial: flow.initial ?? null } },
          ...flowParts(flow.states, ['flow', 'states']),
        ]
      : []),
    ...named('bot', bots, ['bots']),
  ];
};

const keyOfPart = (p: Part): string => `${p.kind}\u0000${p.match ?? p.name}`;

interface Step {
  readonly where: string;
  readonly change: DiffChange;
  readonly before?: Plain;
  readonly after?: Plain;
  /** Relative paths into the part: in the second spec (added, changed) or the first (removed). */
  readonly afterPath?: DocPath;
  readonly beforePath?: DocPath;
}

/** The longest common subsequence of two lists of texts, as pairs of indexes. */
const commonRun = (a: readonly string[], b: readonly string[]): [number, number][] => {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = table[i] as number[];
      row[j] =
        a[i] === b[j]
          ? ((table[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((table[i + 1] as number[])[j] as number, row[j + 1] as number);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (((table[i + 1] as number[])[j] as number) >= ((table[i] as number[])[j + 1] as number)) i++;
    else j++;
  }
  return pairs;
};

/**
 * List items paired: by id; items without one first by equal content (in order), then the rest of
 * one kind in order (`add#2` of the first list with the first unpaired `add` of the second). Each
 * pair is named by the first list's key, an added item by the second's.
 */
const pairItems = (a: Plain[], b: Plain[], where: DocPath): { key: string; i?: number; j?: number }[] => {
  const ka = itemKeys(a, where);
  const kb = itemKeys(b, where);
  const hasId = (x: Plain): boolean => isMap(x) && typeof x.id === 'string';
  const pairOf = new Map<number, number>();
  ka.forEach((key, i) => {
    const j = kb.indexOf(key);
    if (hasId(a[i] as Plain) && j >= 0) pairOf.set(i, j);
  });
  const loose = (list: Plain[]): number[] => list.flatMap((x, i) => (hasId(x) ? [] : [i]));
  const la = loose(a);
  const lb = loose(b);
  for (const [x, y] of commonRun(
    la.map((i) => JSON.stringify(a[i])),
    lb.map((j) => JSON.stringify(b[j])),
  ))
    pairOf.set(la[x] as number, lb[y] as number);
  const kind = (key: string): string => key.replace(/#\d+$/, '');
  const taken = new Set(pairOf.values());
  for (const i of la.filter((i) => !pairOf.has(i))) {
    const j = lb.find((j) => !taken.has(j) && kind(kb[j] as string) === kind(ka[i] as string));
    if (j !== undefined) {
      pairOf.set(i, j);
      taken.add(j);
    }
  }
  const byJ = new Map([...pairOf].map(([i, j]) => [j, i]));
  const out: { key: string; i?: number; j?: number }[] = kb.map((key, j) => {
    const i = byJ.get(j);
    return i === undefined ? { key, j } : { key: ka[i] as string, i, j };
  });
  ka.forEach((key, i) => {
    if (!pairOf.has(i)) out.push({ key, i });
  });
  return out;
};

/** A guard written as one expression reads as its one clause beside a guard that lists clauses. */
const asClauses = (v: Plain | undefined, other: Plain | undefined, rel: DocPath): Plain | undefined =>
  rel[rel.length - 1] === 'guard' && typeof v === 'string' && Array.isArray(other) ? [{ test: v, reason: '' }] : v;

const compare = (first: Plain | undefined, second: Plain | undefined, rel: DocPath, label: string, out: Step[]): void => {
  const a = asClauses(first, second, rel);
  const b = asClauses(second, first, rel);
  if (same(a, b)) return;
  if (a === undefined) {
    out.push({ where: label, change: 'added', after: b as Plain, afterPath: rel });
    return;
  }
  if (b === undefined) {
    out.push({ where: label, change: 'removed', before: a, beforePath: rel });
    return;
  }
  const dot = (k: string): string => (label ? `${label}.${k}` : k);
  if (isMap(a) && isMap(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) compare(a[k], b[k], [...rel, k], dot(k), out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && [...a, ...b].every(isMap)) {
    for (const { key, i, j } of pairItems(a, b, rel)) {
      if (i !== undefined && j !== undefined) compare(a[i], b[j], [...rel, j], dot(key), out);
      else if (j !== undefined) out.push({ where: dot(key), change: 'added', after: b[j] as Plain, afterPath: [...rel, j] });
      else if (i !== undefined) out.push({ where: dot(key), change: 'removed', before: a[i] as Plain, beforePath: [...rel, i] });
    }
    return;
  }
  out.push({ where: label || '(value)', change: 'changed', before: a, after: b, afterPath: rel });
};

const startsWith = (path: DocPath, prefix: DocPath): boolean => prefix.length <= path.length && prefix.every((s, i) => s === path[i]);

/** The change that wrote a place: the longest written path that holds it (or that it holds). */
const sourceOf = (changes: readonly AppliedChange[], path: DocPath | undefined): DiffSource | undefined => {
  if (!path) return undefined;
  let best: AppliedChange | undefined;
  for (const c of changes) {
    if (!c.path || !(startsWith(path, c.path) || startsWith(c.path, path))) continue;
    if (!best || (best.path && c.path.length > best.path.length)) best = c;
  }
  return best ? { variant: best.variant, file: best.file, line: best.line, column: best.column } : undefined;
};

const removalSource = (changes: readonly AppliedChange[], part: Part): DiffSource | undefined => {
  const c = changes.find(
    (x) => x.change === 'removed' && (x.removedFrom ? startsWith(x.removedFrom, part.path) || startsWith(part.path, x.removedFrom) : false),
  );
  return c ? { variant: c.variant, file: c.file, line: c.line, column: c.column } : undefined;
};

const rulesOf = (value: Plain | undefined): string[] => {
  const rules = mapAt(value).rules;
  return Array.isArray(rules) ? rules.filter((r): r is string => typeof r === 'string') : [];
};

/**
 * The rules that differ between `before` and `after` (two merged specs), with the changes that
 * produced `after` (and, for removals, where they were removed from) to name the file and line.
 */
export const diffSpecs = (
  before: Plain,
  after: Plain,
  changes: readonly AppliedChange[],
  variantRules: ReadonlyMap<string, readonly string[]> = new Map(),
): RuleDiff[] => {
  const pa = new Map(partsOf(mapAt(before)).map((p) => [keyOfPart(p), p]));
  const pb = new Map(partsOf(mapAt(after)).map((p) => [keyOfPart(p), p]));
  const out: RuleDiff[] = [];
  const keys = [...pb.keys(), ...[...pa.keys()].filter((k) => !pb.has(k))];
  for (const key of keys) {
    const a = pa.get(key);
    const b = pb.get(key);
    const part = (b ?? a) as Part;
    if (a && b && same(a.value, b.value)) continue;
    const steps: Step[] = [];
    if (a && b) compare(a.value, b.value, [], '', steps);
    const details: DiffDetail[] = steps.map((s) => {
      const source =
        s.change === 'removed'
          ? removalSource(changes, { ...part, path: [...(a as Part).path, ...(s.beforePath ?? [])] })
          : sourceOf(changes, b && s.afterPath ? [...b.path, ...s.afterPath] : undefined);
      return {
        where: s.where,
        change: s.change,
        ...(s.before !== undefined ? { before: s.before } : {}),
        ...(s.after !== undefined ? { after: s.after } : {}),
        ...(source ? { source } : {}),
      };
    });
    const whole = !a ? sourceOf(changes, b?.path) : !b ? removalSource(changes, a) : undefined;
    const wholeDetails: DiffDetail[] = !a
      ? [{ where: '', change: 'added', after: (b as Part).value, ...(whole ? { source: whole } : {}) }]
      : !b
        ? [{ where: '', change: 'removed', before: a.value, ...(whole ? { source: whole } : {}) }]
        : details;
    const variants = new Set(wholeDetails.flatMap((d) => (d.source ? [d.source.variant] : [])));
    const rules = [...new Set([...rulesOf(a?.value), ...rulesOf(b?.value), ...[...variants].flatMap((v) => variantRules.get(v) ?? [])])];
    out.push({
      kind: part.kind,
      name: part.name,
      change: !a ? 'added' : !b ? 'removed' : 'changed',
      rules,
      path: part.path,
      ...(a && b ? { pathBefore: a.path } : {}),
      ...(part.state ? { state: part.state } : {}),
      details: wholeDetails,
    });
  }
  return out;
};
