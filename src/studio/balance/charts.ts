/**
 * The panel's charts, drawn with Chart.js (canvas; only the bar chart's parts are registered, so
 * the bundle carries no other chart type). Data shaping is pure and tested; drawing is a thin hook.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js';
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

/** Win rates as bars, the 95% interval as a thin floating bar over each; one dataset per run. */
export const rateChart = (runs: readonly { name: string; report: BalanceReport }[]): ChartConfiguration<'bar'> => {
  const labels = rateRows(runs[0]?.report as BalanceReport).map((r) => r.label);
  return {
    type: 'bar',
    data: {
      labels,
      datasets: runs.flatMap(({ name, report }, i) => {
        const rows = rateRows(report);
        return [
          { label: `${name} win %`, data: rows.map((r) => r.rate), backgroundColor: COLOURS[i % 2], grouped: true, order: 2 },
          {
            label: `${name} 95% CI`,
            data: rows.map((r) => [r.low, r.high] as unknown as number),
            backgroundColor: '#ffffff55',
            borderColor: '#ffffffaa',
            borderWidth: 1,
            barPercentage: 0.25,
            order: 1,
          },
        ];
      }),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { y: { min: 0, max: 100, title: { display: true, text: '% of games' } } },
      plugins: { legend: { labels: { color: '#ccc', boxWidth: 10 } } },
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
