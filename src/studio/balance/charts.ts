/**
 * The panel's charts, drawn with Chart.js (canvas; only the bar chart's parts are registered, so
 * the bundle carries no other chart type). Data shaping is pure and tested; drawing is a thin hook.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartConfiguration, type Plugin } from 'chart.js';
import type { BalanceReport } from '../../sim/balance.ts';

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
  const pct = (x: number): number => Math.round(x * 1000) / 10;
  const row = (label: string, x: { rate: number; ci: { low: number; high: number } }): RateRow => ({ label, rate: pct(x.rate), low: pct(x.ci.low), high: pct(x.ci.high) });
  if (r.playersWin) return [row('players', r.playersWin)];
  const rows = r.sides.map((s) => row(s.seats.length === 1 && s.name === String(s.seats[0]) ? `seat ${s.name}` : s.name, s));
  for (const b of r.byBot ?? []) rows.push(row(`bot ${b.name}`, b));
  return rows;
};

const COLOURS = ['#3794ff', '#f0a35e'];

/** A bar dataset that carries the 95% interval of each bar, drawn as a whisker over it. */
type RateDataset = ChartConfiguration<'bar'>['data']['datasets'][number] & { ci: readonly (readonly [number, number])[] };

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
    return { label: `${name}: win % (95% CI)`, data: rows.map((r) => r.rate), ci: rows.map((r) => [r.low, r.high] as const), backgroundColor: COLOURS[i % 2] };
  });
  return {
    type: 'bar',
    data: { labels, datasets },
    plugins: [whiskers],
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { y: { min: 0, max: 100, title: { display: true, text: '% of games' } } },
      plugins: {
        legend: { labels: { color: '#ccc', boxWidth: 10 } },
        tooltip: {
          callbacks: {
            label: (item) => {
              const ci = (item.dataset as Partial<RateDataset>).ci?.[item.dataIndex];
              return `${item.dataset.label ?? ''}: ${String(item.raw)}%${ci ? ` [${ci[0]}%, ${ci[1]}%]` : ''}`;
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
      labels: bins.map((x) => (width === 1 ? String(x) : `${x}–${x + width - 1}`)),
      datasets: runs.map(({ name, report }, i) => ({
        label: name,
        data: bins.map((x) => pick(report).histogram.filter((b) => b.from >= x && b.from < x + width).reduce((a, b) => a + b.count, 0)),
        backgroundColor: COLOURS[i % 2],
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { x: { title: { display: true, text: byTurns ? 'turns' : 'moves' } }, y: { title: { display: true, text: 'games' } } },
      plugins: { legend: { labels: { color: '#ccc', boxWidth: 10 } } },
    },
  };
};
