/**
 * The Balance panel's numbers in the interface's language: percents, 95% intervals, a metric's
 * value as its spec asks, and the names of the runs. The CLI words the same report in English
 * (sim/balance.ts); the panel speaks through these.
 */
import type { MetricStats } from '../../sim/balance.ts';
import { formatNumber, t } from '../i18n/index.ts';

/** Which rules a run played: the only rules, the rules switched on, or the base rules beside them. */
export type RunKind = 'rules' | 'these' | 'base';

export const runName = (kind: RunKind): string => (kind === 'rules' ? t('balance.runRules') : kind === 'these' ? t('balance.runThese') : t('balance.runBase'));

/** A share as a percent with one decimal (`12.5%`, `12,5 %`). */
export const pct = (x: number): string => formatNumber(x, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Two ends of an interval; languages with a decimal comma part them with a semicolon. */
export const interval = (low: string, high: string): string => t('balance.interval', { low, high });

export const pctInterval = (i: { low: number; high: number }): string => interval(pct(i.low), pct(i.high));

/**
 * A metric's value as its spec asks: a number with its digits, or a percent. Without grouping, as
 * the CLI writes it: a metric's columns read as one kind of number whatever their size.
 */
export const metricValue = (m: Pick<MetricStats, 'format' | 'digits'>, x: number): string =>
  formatNumber(x, { ...(m.format === 'percent' ? { style: 'percent' } : {}), minimumFractionDigits: m.digits, maximumFractionDigits: m.digits, useGrouping: false });

/** Mean [95% interval] of a metric, e.g. `1.40 [1.25, 1.55]`. */
export const metricSummary = (m: MetricStats): string =>
  m.n === 0 ? t('balance.noGameCounted') : `${metricValue(m, m.mean)} ${interval(metricValue(m, m.ci.low), metricValue(m, m.ci.high))}`;

/** The summary with the median, where some game counted. */
export const metricWithMedian = (m: MetricStats): string => (m.n > 0 ? t('balance.withMedian', { summary: metricSummary(m), median: metricValue(m, m.median) }) : metricSummary(m));
