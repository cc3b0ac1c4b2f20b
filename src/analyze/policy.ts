/**
 * The best policy as data: how often each decision state is reached under best play (see
 * reachOf) and each move's value there. Then the table a person reads:
 * the fewest columns on which the best move still depends, rows merged over the rest (weighted
 * by how likely each state is), and only the rows likely enough to matter.
 */
import type { Json } from '../engine/index.ts';
import type { DecisionNode } from './search.ts';
import type { Features } from './features.ts';

export interface PolicyEntry {
  /** The state in the spec's terms: the columns the best move depends on. */
  readonly state: Features;
  /** How often such a state is reached under best play: its probability, or its expected visits where the turn comes back to it. */
  readonly reach: number;
  readonly best: string;
  /** Every move's expected objective, best first. */
  readonly alternatives: readonly { readonly move: string; readonly value: number }[];
  /** The merged states do not all agree on the best move. */
  readonly mixed: boolean;
}

/**
 * How often each node is reached under the best moves: the expected number of visits, which is
 * the probability of reaching it where the turn never comes back to a state (and more than 1 for
 * a state it comes back to). Solved as visits = [root] + the parents' visits times the branch
 * probabilities, by sweeps in the best moves' depth-first order reversed (each node after its
 * parents), so a graph without cycles takes one sweep and the second confirms it; a cycle's
 * visits settle geometrically. A display measure, so the sweeps stop at `maxSweeps` as they are.
 */
export const reachOf = (nodes: readonly DecisionNode[], root: number, maxSweeps: number): Float64Array => {
  const order: number[] = [];
  const seen = new Uint8Array(nodes.length);
  const finish = (id: number): void => {
    seen[id] = 1;
    for (const child of nodes[id]?.children ?? []) if (!seen[child]) finish(child);
    order.push(id);
  };
  finish(root);
  order.reverse();
  const parents = new Map<number, { from: number; probability: number }[]>();
  for (const id of order) {
    const node = nodes[id] as DecisionNode;
    node.children.forEach((child, k) => {
      const list = parents.get(child) ?? [];
      list.push({ from: id, probability: node.probs[k] as number });
      parents.set(child, list);
    });
  }
  const reach = new Float64Array(nodes.length);
  for (let sweep = 0, change = Infinity; change > 1e-12 && sweep < maxSweeps; sweep++) {
    change = 0;
    for (const id of order) {
      let r = id === root ? 1 : 0;
      for (const { from, probability } of parents.get(id) ?? []) r += (reach[from] as number) * probability;
      change = Math.max(change, Math.abs(r - (reach[id] as number)));
      reach[id] = r;
    }
  }
  return reach;
};

/** A decision state reached under best play: its features, reach and each move's value. */
interface Decision {
  readonly features: Features;
  readonly details: ReadonlySet<string>;
  readonly reach: number;
  /** Moves that read alike (the same faces kept from different dice) count as one. */
  readonly values: ReadonlyMap<string, number>;
  readonly best: string;
}

const decisionsOf = (nodes: readonly DecisionNode[], root: number, maxSweeps: number): Decision[] => {
  const reach = reachOf(nodes, root, maxSweeps);
  const out: Decision[] = [];
  nodes.forEach((node, id) => {
    const r = reach[id] as number;
    if (!node.choice || r <= 0) return;
    const { features, details, labels, values, best } = node.choice;
    const byLabel = new Map<string, number>();
    labels.forEach((label, i) => byLabel.set(label, Math.max(byLabel.get(label) ?? -Infinity, values[i] as number)));
    out.push({ features, details, reach: r, values: byLabel, best: labels[best] as string });
  });
  return out;
};

const keyOf = (d: Decision, columns: readonly string[]): string => JSON.stringify(columns.map((c) => d.features[c] ?? null));

/** Is the best move a function of these columns (among the decisions likely enough to show)? */
const decides = (decisions: readonly Decision[], columns: readonly string[]): boolean => {
  const best = new Map<string, string>();
  for (const d of decisions) {
    const key = keyOf(d, columns);
    const known = best.get(key);
    if (known !== undefined && known !== d.best) return false;
    best.set(key, d.best);
  }
  return true;
};

/** Is `column` fixed by the other columns (as the dice set aside are by the dice left to roll)? */
const determined = (decisions: readonly Decision[], column: string, others: readonly string[]): boolean => {
  const seen = new Map<string, string>();
  for (const d of decisions) {
    const key = keyOf(d, others);
    const value = JSON.stringify(d.features[column] ?? null);
    const known = seen.get(key);
    if (known !== undefined && known !== value) return false;
    seen.set(key, value);
  }
  return true;
};

/**
 * The columns to show, from every feature that varies: details (lists, faces shown), most
 * varied first, are dropped when the best move does not depend on them; then any other column
 * that the remaining ones fix is dropped as saying nothing new.
 */
const chooseColumns = (decisions: readonly Decision[], labelled: ReadonlyMap<string, string>): string[] => {
  const names = [...new Set(decisions.flatMap((d) => Object.keys(d.features)))];
  const distinct = (n: string): number => new Set(decisions.map((d) => JSON.stringify(d.features[n] ?? null))).size;
  const varying = names.filter((n) => distinct(n) > 1);
  const isDetail = (n: string): boolean => decisions.some((d) => d.details.has(n));
  // Where the spec's display names some features, the others are bookkeeping players never see:
  // like details, they go when the best move does not need them.
  const unnamed = (n: string): boolean => labelled.size > 0 && n !== 'state' && !labelled.has(n);
  let columns = varying;
  for (const name of varying.filter(isDetail).sort((a, b) => distinct(b) - distinct(a))) {
    const fewer = columns.filter((c) => c !== name);
    if (decides(decisions, fewer)) columns = fewer;
  }
  for (const name of columns.filter(unnamed).sort((a, b) => distinct(b) - distinct(a))) {
    const fewer = columns.filter((c) => c !== name);
    if (decides(decisions, fewer)) columns = fewer;
  }
  for (const name of [...columns].reverse()) {
    const others = columns.filter((c) => c !== name);
    if (others.length > 0 && determined(decisions, name, others)) columns = others;
  }
  return varying.filter((c) => columns.includes(c));
};

export interface PolicyTableData {
  /** The features' keys (the engine's names). */
  readonly columns: readonly string[];
  /** Each column as players read it: the display's label, else the key. */
  readonly labels: readonly string[];
  readonly rows: readonly PolicyEntry[];
}

export const policyOf = (
  nodes: readonly DecisionNode[],
  root: number | undefined,
  minReach: number,
  names: ReadonlyMap<string, string>,
  maxSweeps: number,
): PolicyTableData => {
  if (root === undefined) return { columns: [], labels: [], rows: [] };
  const decisions = decisionsOf(nodes, root, maxSweeps);
  // Rare states should not add columns; they still count in the merged rows.
  const likely = decisions.filter((d) => d.reach >= minReach / 10);
  const columns = chooseColumns(likely.length > 0 ? likely : decisions, names);
  const groups = new Map<
    string,
    { state: Features; reach: number; sums: Map<string, number>; weights: Map<string, number>; bests: Set<string> }
  >();
  for (const d of decisions) {
    const key = keyOf(d, columns);
    let g = groups.get(key);
    if (!g) {
      g = {
        state: Object.fromEntries(columns.map((c) => [c, d.features[c] ?? null])),
        reach: 0,
        sums: new Map(),
        weights: new Map(),
        bests: new Set(),
      };
      groups.set(key, g);
    }
    g.reach += d.reach;
    g.bests.add(d.best);
    for (const [label, v] of d.values) {
      g.sums.set(label, (g.sums.get(label) ?? 0) + d.reach * v);
      g.weights.set(label, (g.weights.get(label) ?? 0) + d.reach);
    }
  }
  const rows: PolicyEntry[] = [];
  for (const g of groups.values()) {
    if (g.reach < minReach) continue;
    const alternatives = [...g.sums]
      .map(([move, sum]) => ({ move, value: sum / (g.weights.get(move) ?? 1) }))
      .sort((a, b) => b.value - a.value);
    rows.push({ state: g.state, reach: g.reach, best: alternatives[0]?.move ?? '', alternatives, mixed: g.bests.size > 1 });
  }
  return { columns, labels: columns.map((c) => names.get(c) ?? c), rows: rows.sort(compareStates(columns)) };
};

/** Rows in the order of their columns' values. */
export const compareStates =
  (columns: readonly string[]) =>
  (a: PolicyEntry, b: PolicyEntry): number => {
    for (const c of columns) {
      const x: Json = a.state[c] ?? null;
      const y: Json = b.state[c] ?? null;
      if (x === y) continue;
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      return String(x) < String(y) ? -1 : 1;
    }
    return 0;
  };
