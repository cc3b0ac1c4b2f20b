/** The sweep's curves as data: one dataset per side, whiskers from the intervals, ≈ 0 points hollow and named. */
import { describe, expect, it } from 'vitest';
import { sweepCharts } from '../../src/studio/balance/sweepCharts.ts';
import type { SweepPoint } from '../../src/sim/sweep.ts';
import type { BalanceReport } from '../../src/sim/balance.ts';

const point = (edge: number, rate: number, even: boolean): SweepPoint => ({
  params: { edge },
  sides: [
    { name: '0', label: 'North', rate, ci: { low: rate - 0.05, high: rate + 0.05 } },
    { name: '1', label: 'South', rate: 1 - rate, ci: { low: 0.95 - rate, high: 1.05 - rate } },
  ],
  advantage: { value: rate - 0.5, ci: { low: rate - 0.55, high: rate - 0.45 }, indistinguishable: even },
  turns: { mean: 1, ci: { low: 1, high: 1 } },
  balance: {} as BalanceReport,
});

describe('sweepCharts', () => {
  it('draws each side, the advantage with hollow points where it is ≈ 0, and names those values', () => {
    const charts = sweepCharts([point(0, 0.5, true), point(1, 0.66, false)], 'edge');
    expect(charts.wins.data.labels).toEqual(['0', '1']);
    expect(charts.wins.data.datasets.map((d) => d.label)).toEqual(['North win %', 'South win %']);
    expect(charts.wins.data.datasets[0]?.data).toEqual([50, 66]);
    expect((charts.wins.data.datasets[0] as unknown as { ci: unknown }).ci).toEqual([
      [45, 55],
      [61, 71],
    ]);
    expect(charts.advantage?.data.datasets[0]?.backgroundColor).toEqual(['transparent', '#3794ff']);
    expect(charts.even).toEqual(['0']);
  });
});
