/**
 * The panel's charts, drawn with Chart.js (canvas; only the bar chart's parts are registered, so
 * the bundle carries no other chart type). Data shaping is pure and tested; drawing is a thin hook.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
  type Plugin,
} from 'chart.js';
import type { BalanceReport, MetricStats } from '../../sim/balance.ts';
import { percentPoints } from '../../sim/stats.ts';
import { formatNumber, t } from '../i18n/index.ts';
import { interval, metricSummary, metricValue, metricWithMedian, pct as percentText } from './words.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export { Chart };

export interface RateRow {
  readonly label: string;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/** Who wins, in percent with the 95% interval: the players together, each bot, or each side. */
export const rateRows = (r: BalanceReport): RateRow[] => {
  const row = (label: string, x: { rate: number; ci: { low: number; high: number } }): RateRow => ({
    label,
    rate: percentPoints(x.rate),
    low: percentPoints(x.ci.low),
    high: percentPoints(x.ci.high),
  });
  if (r.playersWin) return [row(t('balance.players'), r.playersWin)];
  const rows = r.sides.map((s) => row(s.label, s));
  for (const b of r.byBot ?? []) rows.push(row(t('balance.bot', { name: b.name }), b));
  return rows;
};

const COLOURS = ['#3794ff', '#f0a35e'];

/** A bar dataset that carries the 95% interval of each bar, drawn as a whisker over it. */
/** A bar's interval; null where there is none (a mean of one game). */
export type Whisker = readonly [number, number] | null;

type RateDataset = ChartConfiguration<'bar'>['data']['datasets'][number] & { ci: readonly Whisker[] };

/** Draws each bar's `ci` as a vertical whisker with caps, over the bar it belongs to. */
export const whiskers: Plugin<'bar'> = {
  id: 'ciWhiskers',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const y = chart.scales.y;
    if (!y) return;
    chart.data.datasets.forEach((dataset, i) => {
      const ci = (dataset as Partial<RateDataset>).ci;
      const meta = chart.getDatasetMeta(i);
      if (!ci || meta.hidden) return;
      ctx.save();
      ctx.strokeStyle = '#e8e8e8';
      ctx.lineWidth = 1.5;
      meta.data.forEach((bar, j) => {
        const interval = ci[j];
        if (!interval) return;
        const top = y.getPixelForValue(interval[1]);
        const bottom = y.getPixelForValue(interval[0]);
        ctx.beginPath();
        ctx.moveTo(bar.x, top);
        ctx.lineTo(bar.x, bottom);
        ctx.moveTo(bar.x - 5, top);
        ctx.lineTo(bar.x + 5, top);
        ctx.moveTo(bar.x - 5, bottom);
        ctx.lineTo(bar.x + 5, bottom);
        ctx.stroke();
      });
      ctx.restore();
    });
  },
};

/** Win rates as bars with their 95% intervals as whiskers; one dataset per run. */
export const rateChart = (runs: readonly { name: string; report: BalanceReport }[]): ChartConfiguration<'bar'> => {
  const labels = rateRows(runs[0]?.report as BalanceReport).map((r) => r.label);
  const datasets: RateDataset[] = runs.map(({ name, report }, i) => {
    const rows = rateRows(report);
    return {
      label: t('balance.winRate', { run: name }),
      data: rows.map((r) => r.rate),
      ci: rows.map((r) => [r.low, r.high] as const),
      backgroundColor: COLOURS[i % 2],
    };
  });
  return {
    type: 'bar',
    data: { labels, datasets },
    plugins: [whiskers],
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { y: { min: 0, max: 100, title: { display: true, text: t('balance.percentOfGames') } } },
      plugins: {
        legend: { labels: { color: '#ccc', boxWidth: 10 } },
        tooltip: {
          callbacks: {
            label: (item) => {
              const ci = (item.dataset as Partial<RateDataset>).ci?.[item.dataIndex];
              const share = (x: unknown): string => percentText(Number(x) / 100);
              return `${item.dataset.label ?? ''}: ${share(item.raw)}${ci ? ` ${interval(share(ci[0]), share(ci[1]))}` : ''}`;
            },
          },
        },
      },
    },
  };
};

/** Game lengths as a histogram (turns, or moves for a game that counts no turns). */
export const lengthChart = (runs: readonly { name: string; report: BalanceReport }[]): ChartConfiguration<'bar'> => {
  const first = runs[0]?.report as BalanceReport;
  const byTurns = first.turns.max > 0;
  const pick = (r: BalanceReport) => (byTurns ? r.turns : r.moves);
  // One set of bins over every run, so two runs share the axis.
  const all = runs.flatMap(({ report }) => pick(report).histogram);
  const width = Math.max(1, ...all.map((b) => b.to - b.from));
  const lo = Math.min(...all.map((b) => b.from));
  const hi = Math.max(...all.map((b) => b.to));
  const bins: number[] = [];
  for (let x = lo; x < hi; x += width) bins.push(x);
  return {
    type: 'bar',
    data: {
      labels: bins.map((x) => (width === 1 ? String(x) : `${formatNumber(x)}–${formatNumber(x + width - 1)}`)),
      datasets: runs.map(({ name, report }, i) => ({
        label: name,
        data: bins.map((x) =>
          pick(report)
            .histogram.filter((b) => b.from >= x && b.from < x + width)
            .reduce((a, b) => a + b.count, 0),
        ),
        backgroundColor: COLOURS[i % 2],
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { title: { display: true, text: byTurns ? t('balance.turns') : t('balance.moves') } },
        y: { title: { display: true, text: t('balance.games') } },
      },
      plugins: { legend: { labels: { color: '#ccc', boxWidth: 10 } } },
    },
  };
};

/** A metric dataset that carries its run's mean and 95% interval, drawn over the histogram. */
type MetricDataset = ChartConfiguration<'bar'>['data']['datasets'][number] & {
  mean?: number;
  ci?: readonly [number, number];
  colour: string;
};

/**
 * Draws each dataset's mean as a vertical line and its 95% interval (if any) as a band across the value
 * bins: the category axis holds bins of one width starting at `lo`, so a value maps between the
 * centres of its neighbours.
 */
const meanBands = (lo: number, width: number): Plugin<'bar'> => ({
  id: 'metricMeans',
  afterDatasetsDraw(chart) {
    const { ctx, chartArea } = chart;
    const x = chart.scales.x;
    if (!x) return;
    const c0 = x.getPixelForValue(0);
    const step = chart.data.labels && chart.data.labels.length > 1 ? x.getPixelForValue(1) - c0 : chartArea.right - chartArea.left;
    const pixel = (v: number): number => c0 + ((v - lo) / width - 0.5) * step;
    chart.data.datasets.forEach((dataset) => {
      const d = dataset as Partial<MetricDataset>;
      if (d.mean === undefined) return;
      ctx.save();
      ctx.fillStyle = `${d.colour ?? '#ccc'}33`;
      if (d.ci) ctx.fillRect(pixel(d.ci[0]), chartArea.top, Math.max(1, pixel(d.ci[1]) - pixel(d.ci[0])), chartArea.bottom - chartArea.top);
      ctx.strokeStyle = d.colour ?? '#ccc';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(pixel(d.mean), chartArea.top);
      ctx.lineTo(pixel(d.mean), chartArea.bottom);
      ctx.stroke();
      ctx.restore();
    });
  },
});

/** The runs' numbers for one metric: a line per run, e.g. `these rules: 0.77 [0.70, 0.84], median 1.00`. */
export const metricCaption = (runs: readonly { name: string; report: BalanceReport }[], name: string): string[] =>
  runs.flatMap(({ name: run, report }) => {
    const m = report.metrics.find((x) => x.name === name);
    if (!m) return [];
    const caption = t('balance.caption', { run, summary: metricWithMedian(m), n: m.n });
    return [m.errors > 0 ? t('balance.captionFailed', { caption, n: m.errors }) : caption];
  });

/**
 * One metric: how many games gave each value (a histogram, one dataset per run, bins shared), with
 * each run's mean as a line and its 95% interval as a band.
 */
export const metricChart = (runs: readonly { name: string; report: BalanceReport }[], name: string): ChartConfiguration<'bar'> => {
  const stats = runs.map(({ report }) => report.metrics.find((m) => m.name === name));
  const first = stats.find((m): m is MetricStats => m !== undefined);
  const all = stats.flatMap((m) => m?.histogram ?? []);
  const width = Math.max(1e-9, ...all.map((b) => b.to - b.from));
  const lo = all.length > 0 ? Math.min(...all.map((b) => b.from)) : 0;
  const hi = all.length > 0 ? Math.max(...all.map((b) => b.to)) : width;
  const bins: number[] = [];
  for (let k = 0; lo + k * width < hi - width / 2; k++) bins.push(lo + k * width);
  const label = (x: number): string => {
    const f = first ?? { format: 'number' as const, digits: 2 };
    return width === 1 && Number.isInteger(x) ? String(x) : `${metricValue(f, x)}–${metricValue(f, x + width)}`;
  };
  const datasets: MetricDataset[] = runs.map(({ name: run }, i) => {
    const m = stats[i];
    const colour = COLOURS[i % 2] as string;
    return {
      label: m && m.n > 0 ? t('balance.meanOf', { run, summary: metricSummary(m) }) : run,
      data: bins.map((x) =>
        (m?.histogram ?? []).filter((b) => b.from >= x - 1e-9 && b.from < x + width - 1e-9).reduce((a, b) => a + b.count, 0),
      ),
      backgroundColor: colour,
      colour,
      ...(m && m.n > 0 ? { mean: m.mean, ...(m.ci ? { ci: [m.ci.low, m.ci.high] as const } : {}) } : {}),
    };
  });
  return {
    type: 'bar',
    data: { labels: bins.map(label), datasets },
    plugins: [meanBands(lo, width)],
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { title: { display: true, text: `${first?.title ?? name}${first?.unit ? ` (${first.unit})` : ''}` } },
        y: { title: { display: true, text: t('balance.games') } },
      },
      plugins: { legend: { labels: { color: '#ccc', boxWidth: 10 } } },
    },
  };
};
