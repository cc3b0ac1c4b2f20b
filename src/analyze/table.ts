/**
 * Rules of thumb read off the policy table, shared by the CLI and the studio ("with Dice to roll 2:
 * Roll at Turn points 0–450, Bank at Turn points 500–1500"), each column by its label.
 */
import type { Json } from '../engine/index.ts';
import type { PolicyEntry, PolicyTableData as PolicyTable } from './policy.ts';

/** Decisions reached less often than this (expected visits a turn) are left out of the policy. */
export const DEFAULT_MIN_REACH = 0.001;

/** A share or an expected number of visits as a percent, with the digits a small one needs. */
export const percent = (p: number): string => `${p > 0 && p < 0.001 ? (100 * p).toPrecision(2) : (100 * p).toFixed(p < 0.01 ? 2 : 1)}%`;

/**
 * The policy table's title. `reach` is a decision's expected visits a turn: a probability where
 * the turn passes a state at most once, more than 100% where it can come back to it.
 */
export const reachCaption = (minReach: number = DEFAULT_MIN_REACH): string =>
  `Decisions reached ${percent(minReach)} of the time or more (reach: expected visits a turn, over 100% where the turn comes back to a state)`;

const text = (v: Json | undefined): string => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

const range = (from: Json, to: Json): string => (from === to ? text(from) : `${text(from)}–${text(to)}`);

/** One rule of thumb as data: where it holds, and which move is best over which run of the axis. */
export interface PolicyRule {
  /** The other columns' values it holds for, each by its label: `Dice to roll 2`. */
  readonly given: readonly string[];
  /** The axis's label, or null when no column is numeric (then `runs` is the one best move). */
  readonly axis: string | null;
  /** The best move over each run of the axis (`0–450`), in order. */
  readonly runs: readonly { readonly best: string; readonly range: string }[];
}

/**
 * Rules of thumb: the numeric column with the most values is the axis; for each combination of
 * the other columns, the runs of the axis over which one move is best.
 */
export const policyRuleData = (table: PolicyTable): PolicyRule[] => {
  const numeric = table.columns.filter((c) => table.rows.every((r) => typeof r.state[c] === 'number' || r.state[c] === undefined));
  const label = (c: string): string => table.labels[table.columns.indexOf(c)] ?? c;
  const axis = [...numeric].sort(
    (a, b) => new Set(table.rows.map((r) => r.state[b])).size - new Set(table.rows.map((r) => r.state[a])).size,
  )[0];
  if (axis === undefined) {
    // No column: the one row's best move is the whole rule.
    return table.rows.map((r) => ({
      given: table.columns.map((c) => `${label(c)} ${text(r.state[c])}`),
      axis: null,
      runs: [{ best: r.best, range: '' }],
    }));
  }
  const others = table.columns.filter((c) => c !== axis);
  const groups = new Map<string, { given: string[]; rows: PolicyEntry[] }>();
  for (const row of table.rows) {
    const given = others.map((c) => `${label(c)} ${text(row.state[c])}`);
    const key = JSON.stringify(given);
    groups.set(key, { given, rows: [...(groups.get(key)?.rows ?? []), row] });
  }
  return [...groups.values()].map(({ given, rows }) => {
    const sorted = [...rows].sort((a, b) => (a.state[axis] as number) - (b.state[axis] as number));
    const runs: { best: string; from: Json; to: Json }[] = [];
    for (const r of sorted) {
      const last = runs.at(-1);
      if (last && last.best === r.best) last.to = r.state[axis] ?? null;
      else runs.push({ best: r.best, from: r.state[axis] ?? null, to: r.state[axis] ?? null });
    }
    return { given, axis: label(axis), runs: runs.map((run) => ({ best: run.best, range: range(run.from, run.to) })) };
  });
};

/** The rules of thumb in English, as the CLI prints them ("with Dice to roll 2: Roll at Turn points 0–450, …"). */
export const policyRules = (table: PolicyTable): string[] =>
  policyRuleData(table).map((rule) => {
    const key = rule.given.join(', ');
    if (rule.axis === null) return [key, rule.runs[0]?.best ?? ''].filter((part) => part !== '').join(': ');
    const said = rule.runs.map((run) => `${run.best} at ${rule.axis} ${run.range}`).join(', ');
    return key ? `with ${key}: ${said}` : said;
  });
