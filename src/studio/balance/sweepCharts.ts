/**
 * The sweep's curves: win rate per side, the first player's advantage and the mean game length
 * against the swept param, each point with its 95% interval as a whisker; advantage points whose
 * interval includes zero are drawn hollow and listed. Data shaping is pure; Chart.js draws.
 */
import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type Plugin,
} from 'chart.js';
import type { SweepPoint } from '../../sim/sweep.ts';
import { percentPoints as pct } from '../../sim/stats.ts';
import { formatNumber, t } from '../i18n/index.ts';
import { whiskers, type Whisker } from './charts.ts';
import { interval } from './words.ts';

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLOURS = ['#3794ff', '#f0a35e', '#7cc36e', '#d67fd6', '#e06c75', '#56b6c2', '#e5c07b', '#abb2bf'];

type Dataset = ChartConfiguration<'line'>['data']['datasets'][number] & { ci: readonly Whisker[] };

const chart = (
  labels: string[],
  datasets: Dataset[],
  axis: string,
  yTitle: string,
  range?: { min: number; max: number },
): ChartConfiguration<'line'> => ({
  type: 'line',
  data: { labels, datasets },
  plugins: [whiskers as unknown as Plugin<'line'>],
  options: {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    scales: { x: { title: { display: true, text: axis } }, y: { ...range, title: { display: true, text: yTitle } } },
    plugins: {
      legend: { labels: { color: '#ccc', boxWidth: 10 } },
      tooltip: {
        callbacks: {
          label: (item) => {
            const ci = (item.dataset as Partial<Dataset>).ci?.[item.dataIndex];
            return `${item.dataset.label ?? ''}: ${formatNumber(Number(item.raw))}${ci ? ` ${interval(formatNumber(ci[0]), formatNumber(ci[1]))}` : ''}`;
          },
        },
      },
    },
  },
});

export interface SweepCharts {
  readonly wins: ChartConfiguration<'line'>;
  readonly advantage: ChartConfiguration<'line'> | null;
  readonly turns: ChartConfiguration<'line'>;
  /** The param values where the first player's advantage cannot be told from zero. */
  readonly even: readonly string[];
}

export const sweepCharts = (points: readonly SweepPoint[], param: string): SweepCharts => {
  const labels = points.map((p) => String(p.params[param]));
  const sides = points[0]?.sides ?? [];
  const wins = sides.map(
    (side, i): Dataset => ({
      label: t('sweep.winRate', { side: side.label }),
      data: points.map((p) => pct(p.sides[i]?.rate ?? 0)),
      ci: points.map((p) => [pct(p.sides[i]?.ci.low ?? 0), pct(p.sides[i]?.ci.high ?? 0)] as const),
      borderColor: COLOURS[i % COLOURS.length],
      backgroundColor: COLOURS[i % COLOURS.length],
    }),
  );
  const hasAdvantage = points.some((p) => p.advantage);
  const even = points.filter((p) => p.advantage?.indistinguishable).map((p) => String(p.params[param]));
  const advantage: Dataset = {
    label: t('sweep.advantageLabel'),
    data: points.map((p) => pct(p.advantage?.value ?? 0)),
    ci: points.map((p) => [pct(p.advantage?.ci.low ?? 0), pct(p.advantage?.ci.high ?? 0)] as const),
    borderColor: COLOURS[0],
    backgroundColor: points.map((p) => (p.advantage?.indistinguishable ? 'transparent' : (COLOURS[0] as string))),
    pointRadius: 4,
  };
  const turns: Dataset = {
    label: t('sweep.meanTurns'),
    data: points.map((p) => p.turns.mean),
    ci: points.map((p) => (p.turns.ci ? ([p.turns.ci.low, p.turns.ci.high] as const) : null)),
    borderColor: COLOURS[2],
    backgroundColor: COLOURS[2],
  };
  return {
    wins: chart(labels, wins, param, t('balance.percentOfGames'), { min: 0, max: 100 }),
    advantage: hasAdvantage ? chart(labels, [advantage], param, t('sweep.advantageAxis')) : null,
    turns: chart(labels, [turns], param, t('balance.turns')),
    even,
  };
};
