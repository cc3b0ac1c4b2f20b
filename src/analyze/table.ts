/**
 * Rules of thumb read off the policy table, shared by the CLI and the studio ("with Dice to roll 2:
 * Roll at Turn points 0–450, Bank at Turn points 500–1500"), each column by its label.
 */
import type { Json } from '../engine/index.ts';
import type { PolicyEntry, PolicyTableData as PolicyTable } from './policy.ts';

const text = (v: Json | undefined): string => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

const range = (from: Json, to: Json): string => (from === to ? text(from) : `${text(from)}–${text(to)}`);

/**
 * Rules of thumb: the numeric column with the most values is the axis; for each combination of
 * the other columns, the runs of the axis over which one move is best.
 */
export const policyRules = (table: PolicyTable): string[] => {
  const numeric = table.columns.filter((c) => table.rows.every((r) => typeof r.state[c] === 'number' || r.state[c] === undefined));
  const label = (c: string): string => table.labels[table.columns.indexOf(c)] ?? c;
  const axis = [...numeric].sort((a, b) => new Set(table.rows.map((r) => r.state[b])).size - new Set(table.rows.map((r) => r.state[a])).size)[0];
  if (axis === undefined) {
    // No column: the one row's best move is the whole rule.
    return table.rows.map((r) => [table.columns.map((c) => `${label(c)} ${text(r.state[c])}`).join(', '), r.best].filter((part) => part !== '').join(': '));
  }
  const others = table.columns.filter((c) => c !== axis);
  const groups = new Map<string, PolicyEntry[]>();
  for (const row of table.rows) {
    const key = others.map((c) => `${label(c)} ${text(row.state[c])}`).join(', ');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const lines: string[] = [];
  for (const [key, rows] of groups) {
    const sorted = [...rows].sort((a, b) => (a.state[axis] as number) - (b.state[axis] as number));
    const runs: { best: string; from: Json; to: Json }[] = [];
    for (const r of sorted) {
      const last = runs.at(-1);
      if (last && last.best === r.best) last.to = r.state[axis] ?? null;
      else runs.push({ best: r.best, from: r.state[axis] ?? null, to: r.state[axis] ?? null });
    }
    const said = runs.map((run) => `${run.best} at ${label(axis)} ${range(run.from, run.to)}`).join(', ');
    lines.push(key ? `with ${key}: ${said}` : said);
  }
  return lines;
};
