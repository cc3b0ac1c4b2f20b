/**
 * The Balance panel's logic, in Node: slices of games over workers, records merged in game
 * order (equal to a serial run), progress game by game, cancellation, and the charts' data
 * (win rates, lengths, and each metric's histogram with its mean and 95% interval).
 */
import { describe, expect, it } from 'vitest';
import { playRange } from '../../src/sim/simulate.ts';
import { balance } from '../../src/sim/balance.ts';
import { Cancelled, runPool, slicesOf, type WorkerLike } from '../../src/studio/balance/pool.ts';
import { runSlice } from '../../src/studio/balance/runSlice.ts';
import type { BalanceJob, WorkerReply } from '../../src/studio/balance/protocol.ts';
import { lengthChart, metricCaption, metricChart, rateChart, rateRows } from '../../src/studio/balance/charts.ts';
import { compile, source } from '../helpers/games.ts';

/** A worker stand-in that runs the slice in this thread, a step later, as a real one would. */
const fakeWorker = (log: string[] = []): WorkerLike => {
  const w: WorkerLike & { dead: boolean } = {
    dead: false,
    onmessage: null,
    onerror: null,
    postMessage: (job: BalanceJob) => {
      log.push(`slice ${job.from}-${job.to}`);
      setTimeout(() => runSlice(job, (reply: WorkerReply) => !w.dead && w.onmessage?.({ data: reply } as MessageEvent<WorkerReply>)), 0);
    },
    terminate: () => {
      w.dead = true;
    },
  };
  return w;
};

const job = {
  input: { base: source('ten-thousand') },
  seed: 9,
  players: 2,
  bots: ['careful', 'random'],
  botOptions: {},
  rotate: true,
  maxTurns: 1000,
};

describe('the Balance panel', () => {
  it('cuts the games into one contiguous slice per core', () => {
    expect(slicesOf(10, 4)).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 6 },
      { from: 6, to: 9 },
      { from: 9, to: 10 },
    ]);
    expect(slicesOf(2, 8)).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
    expect(slicesOf(5, 1)).toEqual([{ from: 0, to: 5 }]);
  });

  it('gives the records of a serial run, in game order, with progress for every game', async () => {
    const log: string[] = [];
    const progress: number[] = [];
    const run = runPool(
      job,
      12,
      3,
      () => fakeWorker(log),
      (done) => progress.push(done),
    );
    const { records, engine } = await run.done;
    expect(engine).toEqual({ engine: 'interpreter', fallbacks: 0, reason: undefined });
    expect(log).toEqual(['slice 0-4', 'slice 4-8', 'slice 8-12']);
    expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(records).toEqual(playRange(compile('ten-thousand'), { seed: 9, bots: ['careful', 'random'], rotate: true }, 0, 12));
  });

  it('can be cancelled: every worker is terminated and the run rejects', async () => {
    const workers: WorkerLike[] = [];
    const run = runPool(
      job,
      50,
      2,
      () => {
        const w = fakeWorker();
        workers.push(w);
        return w;
      },
      () => undefined,
    );
    run.cancel();
    await expect(run.done).rejects.toBeInstanceOf(Cancelled);
    expect(workers.every((w) => (w as unknown as { dead: boolean }).dead)).toBe(true);
  });

  it('reports a spec that does not compile', async () => {
    const broken = { ...job, input: { base: { file: 'x.yaml', text: 'id: x\n' } } };
    await expect(
      runPool(
        broken,
        2,
        1,
        () => fakeWorker(),
        () => undefined,
      ).done,
    ).rejects.toThrow(/x\.yaml/);
  });

  it('draws win rates with their intervals and a shared length histogram', () => {
    const game = compile('ten-thousand');
    const records = playRange(game, { seed: 1, bots: ['careful', 'random'], rotate: true }, 0, 20);
    const report = balance(game, records, { seed: 1, players: 2 });
    const rows = rateRows(report);
    expect(rows.map((r) => r.label)).toEqual(['Player 1', 'Player 2', 'bot careful', 'bot random']);
    for (const r of rows) expect(r.low <= r.rate && r.rate <= r.high).toBe(true);
    const rates = rateChart([{ name: 'A', report }]);
    expect(rates.data.labels).toEqual(['Player 1', 'Player 2', 'bot careful', 'bot random']);
    expect(rates.data.datasets[0]?.data).toEqual(rows.map((r) => r.rate));
    expect((rates.data.datasets[0] as unknown as { ci: number[][] }).ci[0]).toEqual([rows[0]?.low, rows[0]?.high]);
    const lengths = lengthChart([
      { name: 'A', report },
      { name: 'B', report },
    ]);
    const total = (lengths.data.datasets[0]?.data as number[]).reduce((a, b) => a + b, 0);
    expect(total).toBe(20);
  });

  it("charts a metric: each run's histogram over shared bins, with its mean and 95% interval", () => {
    const game = compile('regicide');
    const a = playRange(game, { seed: 1, players: 2 }, 0, 30);
    const b = playRange(game, { seed: 1, players: 2, bots: ['steady'] }, 0, 30);
    const runs = [
      { name: 'random', report: balance(game, a, { seed: 1, players: 2 }) },
      { name: 'steady', report: balance(game, b, { seed: 1, players: 2 }) },
    ];
    const chart = metricChart(runs, 'defeated');
    const datasets = chart.data.datasets as unknown as { data: number[]; mean: number; ci: [number, number]; label: string }[];
    expect(datasets.map((d) => d.data.reduce((x, y) => x + y, 0))).toEqual([30, 30]);
    const stats = runs.map((r) => r.report.metrics.find((m) => m.name === 'defeated'));
    expect(datasets.map((d) => d.mean)).toEqual(stats.map((m) => m?.mean));
    expect(datasets[1]?.ci).toEqual([stats[1]?.ci?.low, stats[1]?.ci?.high]);
    expect(datasets[1]?.label).toMatch(/^steady: mean \d+\.\d\d \[\d+\.\d\d, \d+\.\d\d\]$/);
    // Whole enemies: one bin per number defeated, from the fewest to the most over both runs.
    const most = Math.max(...[...a, ...b].map((r) => r.metrics?.defeated ?? 0));
    expect(chart.data.labels?.at(-1)).toBe(String(most));
    expect(metricCaption(runs, 'defeated')).toEqual([
      expect.stringMatching(/^random: mean \d+\.\d\d \[\d+\.\d\d, \d+\.\d\d\], median \d+\.\d\d over 30 games$/),
      expect.stringMatching(/^steady: mean /),
    ]);
  });
});
