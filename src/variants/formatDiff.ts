/**
 * A variant's effect as lines people read: the CLI's `diff` prints them and the studio's
 * comparison lists them, so both say the same thing.
 */
import { stringify } from 'yaml';
import type { DiffDetail, RuleDiff } from './diff.ts';
import type { Plain } from './merge.ts';

/** How a line marks its change; the studio's comparison marks its rule lines the same way. */
export const DIFF_MARK = { added: '+', removed: '-', changed: '~' } as const;

/** A value on one line, cut short: the diff is read by people, the --json output has it whole. */
const brief = (value: Plain | undefined): string => {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trim();
  const one = text.replace(/\s+/g, ' ');
  return one.length > 110 ? `${one.slice(0, 107)}...` : one;
};

export const detailLine = (d: DiffDetail): string => {
  const what = d.change === 'changed' ? `${brief(d.before)} → ${brief(d.after)}` : brief(d.change === 'added' ? d.after : d.before);
  const where = d.where ? `${d.where}: ` : '';
  const source = d.source ? `    (${d.source.file}:${d.source.line}:${d.source.column})` : '';
  return `    ${DIFF_MARK[d.change]} ${where}${what}${source}`;
};

/** A changed rule's own line: what kind of rule, its name and rule ids. */
export const ruleLine = (r: RuleDiff): string =>
  `${DIFF_MARK[r.change]} ${r.kind} ${r.name}${r.rules.length ? `  [${r.rules.join(', ')}]` : ''}`;

export const formatDiff = (rules: readonly RuleDiff[]): string[] =>
  rules.length === 0 ? ['  no rule changes'] : rules.flatMap((r) => [ruleLine(r), ...r.details.map(detailLine)]);
