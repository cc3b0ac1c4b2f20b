/**
 * The Balance panel's numbers in the interface's language: percents, 95% intervals, a metric's
 * value as its spec asks, and the names of the runs. The CLI words the same report in English
 * (sim/balance.ts); the panel speaks through these.
 */
import type { CompiledGame } from '../../compile/index.ts';
import { seatNamesAtStart } from '../../display/present.ts';
import type { BalanceReport, MetricStats } from '../../sim/balance.ts';
import { formatNumber, t } from '../i18n/index.ts';

/** Which rules a run played: the only rules, the rules switched on, or the base rules beside them. */
export type RunKind = 'rules' | 'these' | 'base';

export const runName = (kind: RunKind): string =>
  kind === 'rules' ? t('balance.runRules') : kind === 'these' ? t('balance.runThese') : t('balance.runBase');

/** A share as a percent with one decimal (`12.5%`, `12,5 %`). */
export const pct = (x: number): string => formatNumber(x, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Two ends of an interval; languages with a decimal comma part them with a semicolon. */
export const interval = (low: string, high: string): string => t('balance.interval', { low, high });

export const pctInterval = (i: { low: number; high: number }): string => interval(pct(i.low), pct(i.high));

/** An interval shown through `show`, or the words for none (a mean of one game has no interval). */
export const intervalOf = (ci: { low: number; high: number } | null, show: (x: number) => string): string =>
  ci ? interval(show(ci.low), show(ci.high)) : t('balance.noInterval');

/**
 * A metric's value as its spec asks: a number with its digits, or a percent. Without grouping, as
 * the CLI writes it: a metric's columns read as one kind of number whatever their size.
 */
export const metricValue = (m: Pick<MetricStats, 'format' | 'digits'>, x: number): string =>
  formatNumber(x, {
    ...(m.format === 'percent' ? { style: 'percent' } : {}),
    minimumFractionDigits: m.digits,
    maximumFractionDigits: m.digits,
    useGrouping: false,
  });

/** Mean [95% interval] of a metric, e.g. `1.40 [1.25, 1.55]`. */
export const metricSummary = (m: MetricStats): string =>
  m.n === 0 ? t('balance.noGameCounted') : `${metricValue(m, m.mean)} ${intervalOf(m.ci, (x) => metricValue(m, x))}`;

/** The summary with the median, where some game counted. */
export const metricWithMedian = (m: MetricStats): string =>
  m.n > 0 ? t('balance.withMedian', { summary: metricSummary(m), median: metricValue(m, m.median) }) : metricSummary(m);

/** The seats' names at the start: the spec's, or numbered in the interface's language where it names none. */
export const seatLabels = (game: CompiledGame, players: number): string[] =>
  game.display.seat ? seatNamesAtStart(game, players) : Array.from({ length: players }, (_, seat) => t('people.player', { n: seat + 1 }));

/** The report with each single seat named as seatLabels names it (the report itself names seats in English). */
export const withSeatLabels = (r: BalanceReport, labels: readonly string[]): BalanceReport => ({
  ...r,
  sides: r.sides.map((s) => {
    const seat = s.seats.length === 1 && s.name === String(s.seats[0]) ? s.seats[0] : undefined;
    return { ...s, label: (seat === undefined ? undefined : labels[seat]) ?? s.label };
  }),
});
