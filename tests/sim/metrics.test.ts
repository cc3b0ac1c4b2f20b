/**
 * `metrics:` from spec to report: the checker's located errors, the values measured per game and
 * per turn (combined), bools counted as 1 or 0, `when`, run-time failures kept with their place,
 * the statistics (mean with Student's 95% interval, median, histogram) and paired differences
 * between two runs on the same seeds. The shipped games' metrics: Regicide's enemies defeated
 * (R-1) agrees with who won.
 */
import { describe, expect, it } from 'vitest';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { balance, compareBalance, formatBalance, formatComparison, metricStats } from '../../src/sim/balance.ts';
import { meanInterval, t95 } from '../../src/sim/stats.ts';
import { playRange, type GameRecord } from '../../src/sim/simulate.ts';
import { compile } from '../helpers/games.ts';

/** A cooperative game: each turn adds 1 to a shared total or stops; stopping at 3 or more wins. */
const spec = (metrics: string): string => `id: counting
title: Counting
players: { min: 1, max: 3, default: 2 }
vars:
  game:
    total: { type: number, initial: 0, description: The shared total. }
moves:
  add:
    effects:
      - add: { game.total: 1 }
      - nextTurn: null
  stop:
    effects:
      - if: game.total >= 3
        then: [{ endGame: { winners: "range(0, numPlayers)" } }]
        else: [{ endGame: { winners: "[]" } }]
flow:
  initial: playing
  states:
    playing:
      on:
        add: playing
        stop: playing
metrics:
${metrics}`;

const build = (metrics: string): { game: CompiledGame | undefined; errors: string[] } => {
  const { game, diagnostics } = compileGame({ base: { file: 'counting.yaml', text: spec(metrics) } });
  return { game, errors: diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic) };
};

const ok = (metrics: string): CompiledGame => {
  const { game, errors } = build(metrics);
  expect(errors).toEqual([]);
  if (!game) throw new Error('no game');
  return game;
};

describe('metrics: checked where they are written', () => {
  it('a value must be a number or a bool', () => {
    const { errors } = build(`  name:\n    title: Name\n    value: "'x' + str(game.total)"\n`);
    expect(errors).toEqual([
      expect.stringMatching(/^counting\.yaml:\d+:\d+: error: a metric's value must be a number or a bool, found string$/),
    ]);
  });

  it('unknown names and type errors point at the character', () => {
    const { errors } = build(`  total:\n    title: Total\n    value: game.totl + 1\n    when: game.total\n`);
    const lines = spec('').split('\n').length;
    expect(errors).toEqual([
      `counting.yaml:${lines + 2}:17: error: no field 'totl' in {total: number} — did you mean 'total'?`,
      expect.stringMatching(new RegExp(`^counting\\.yaml:${lines + 3}:\\d+: error: .*bool.*number`)),
    ]);
  });

  it("'combine' needs 'per: turn'; the schema refuses unknown keys and a missing title", () => {
    expect(build(`  total:\n    title: Total\n    value: game.total\n    combine: max\n`).errors).toEqual([
      expect.stringMatching(/counting\.yaml:\d+:\d+: error: 'combine' makes one number of a metric's turn values: it needs 'per: turn'/),
    ]);
    expect(build(`  total:\n    title: Total\n    value: game.total\n    formt: percent\n`).errors.join('\n')).toMatch(
      /counting\.yaml:\d+:\d+: error: .*formt.*did you mean 'format'/,
    );
    expect(build(`  total:\n    value: game.total\n`).errors.join('\n')).toMatch(/counting\.yaml:\d+:\d+: error: .*title/);
  });
});

describe('metrics: measured in every game', () => {
  const game = ok(`  total:
    title: Total
    value: game.total
  won:
    title: Players won
    value: len(winners) > 0
    format: percent
  wonTotal:
    title: Total of a won game
    value: game.total
    when: finished and len(winners) > 0
  peak:
    title: Highest total at a turn's end
    value: game.total
    per: turn
    combine: max
  turns:
    title: Turns measured
    value: 1
    per: turn
    combine: sum
  first:
    title: Total after the first turn
    value: game.total
    per: turn
    combine: last
    when: turn <= 1
`);
  const records = playRange(game, { seed: 'metrics', players: 2 }, 0, 200);

  it('a per-game value is read on the final state; a bool counts 1 or 0; when leaves games out', () => {
    for (const r of records) {
      const m = r.metrics ?? {};
      const won = (r.winners ?? []).length > 0;
      expect(m.won).toBe(won ? 1 : 0);
      // Each add is a turn; the turn the game ends in adds nothing.
      expect(m.total).toBe(r.turns - 1);
      expect(m.wonTotal).toBe(won ? r.turns - 1 : null);
    }
  });

  it('a per-turn value is read at the end of every turn and at the end, then combined', () => {
    for (const r of records) {
      const m = r.metrics ?? {};
      // A turn ends with every add; the end of the game (in its last turn) is one more reading.
      expect(m.turns).toBe(r.turns);
      expect(m.peak).toBe(r.turns - 1);
      expect(m.first).toBe(Math.min(r.turns - 1, 1));
    }
    expect(new Set(records.map((r) => r.turns)).size).toBeGreaterThan(2);
  });

  it('the report gives each mean with its 95% interval and the median, in the order declared', () => {
    const report = balance(game, records, { seed: 'metrics', players: 2 });
    expect(report.metrics.map((m) => m.name)).toEqual(['total', 'won', 'wonTotal', 'peak', 'turns', 'first']);
    const total = report.metrics[0];
    const turns = records.map((r) => r.turns - 1);
    const { mean, ci } = meanInterval(turns);
    expect(total).toMatchObject({ n: 200, mean: expect.closeTo(mean, 5), median: expect.any(Number), errors: 0 });
    expect(total?.ci?.low).toBeCloseTo(ci?.low as number, 5);
    expect(total?.ci?.low).toBeLessThan(total?.mean as number);
    expect(report.metrics[2]?.n).toBe(records.filter((r) => (r.winners ?? []).length > 0).length);
    const text = formatBalance(report).join('\n');
    expect(text).toMatch(/metrics \(mean \[95% interval of the mean\], median\):/);
    expect(text).toMatch(/Players won\s+\d+\.\d% \[\d+\.\d%, \d+\.\d%\], median \d+\.\d% \(200 games\)/);
  });
});

describe('metrics: a house rule may add its own', () => {
  it('a variant patches in a metric, and a mistake in it points into the variant file', () => {
    const variant = (value: string): string =>
      `variant: peak\ngame: counting\ntitle: Peak\ndescription: Measures the highest total.\npatch:\n  metrics:\n    +peak:\n      title: Peak\n      value: ${value}\n`;
    const base = { file: 'counting.yaml', text: spec(`  total:\n    title: Total\n    value: game.total\n`) };
    const { game } = compileGame({ base, variants: [{ file: 'peak.yaml', text: variant('game.total * 2') }] });
    expect(Object.keys(game?.metrics ?? {})).toEqual(['total', 'peak']);
    const [r] = playRange(game as CompiledGame, { seed: 'peak', players: 2 }, 0, 1);
    expect(r?.metrics?.peak).toBe(2 * (r?.metrics?.total as number));
    const bad = compileGame({ base, variants: [{ file: 'peak.yaml', text: variant('game.totl') }] });
    expect(bad.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([
      expect.stringMatching(/^peak\.yaml:9:\d+: error: no field 'totl'/),
    ]);
  });
});

describe('metrics: failures are reported, not averaged away', () => {
  it('a run-time error gives no value in that game and is kept with its place in the spec', () => {
    const game = ok(
      `  broken:\n    title: Broken\n    value: 10 / (game.total - 2) + first(filter(range(0, numPlayers), s => s > game.total))\n`,
    );
    const records = playRange(game, { seed: 'broken', players: 2 }, 0, 60);
    const failed = records.filter((r) => r.metricErrors?.broken !== undefined);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.metrics?.broken === null)).toBe(true);
    expect(failed[0]?.metricErrors?.broken).toMatch(/^counting\.yaml:\d+:\d+: runtime error: /);
    const stats = balance(game, records, { seed: 'broken', players: 2 }).metrics[0];
    expect(stats?.errors).toBe(failed.length);
    expect(stats?.n).toBe(records.length - failed.length);
    expect(formatBalance(balance(game, records, { seed: 'broken', players: 2 })).join('\n')).toMatch(
      /failed in \d+ games?: counting\.yaml:\d+:\d+: runtime error/,
    );
  });
});

describe('metrics: a percent is a share from 0 to 1', () => {
  it('a game whose percent is outside, or whose turns combine outside, fails that metric with its place', () => {
    const game = ok(
      `  share:\n    title: Share\n    value: game.total / 2\n    format: percent\n  summed:\n    title: Summed\n    value: 0.5\n    format: percent\n    per: turn\n    combine: sum\n`,
    );
    const records = playRange(game, { seed: 'percent', players: 2 }, 0, 80);
    const over = records.filter((r) => r.metricErrors?.share !== undefined);
    // A total of 3 or more is over 100%; the games that stop before keep their value.
    expect(over.length).toBeGreaterThan(0);
    expect(over[0]?.metricErrors?.share).toMatch(
      /^counting\.yaml:\d+:\d+: runtime error: the metric 'share' is a percent, a share from 0 to 1, but gave \d+(\.\d+)?$/,
    );
    expect(records.filter((r) => r.metrics?.share !== null).every((r) => (r.metrics?.share as number) <= 1)).toBe(true);
    const summed = records.filter((r) => r.metricErrors?.summed !== undefined);
    expect(summed.length).toBeGreaterThan(0);
    expect(summed[0]?.metricErrors?.summed).toMatch(
      /: runtime error: the metric 'summed' is a percent, a share from 0 to 1, but its turns combine \(sum\) to \d/,
    );
  });

  it('the interval of a percent stops at 0% and 100%', () => {
    const game = ok(`  won:\n    title: Won\n    value: game.total >= 0\n    format: percent\n`);
    const near = [1, 1, 1, 1, 1, 1, 1, 0.5].map((won): GameRecord => ({ winners: [], turns: 1, moves: 1, metrics: { won } }));
    const t = meanInterval([1, 1, 1, 1, 1, 1, 1, 0.5]);
    expect(t.ci?.high).toBeGreaterThan(1);
    const s = metricStats(game.metrics.won as never, near);
    expect(s.ci).toEqual({ low: expect.closeTo(t.ci?.low as number, 5), high: 1 });
    const low = metricStats(
      game.metrics.won as never,
      near.map((r) => ({ ...r, metrics: { won: 1 - (r.metrics?.won as number) } })),
    );
    expect(low.ci?.low).toBe(0);
  });
});

describe('metric statistics', () => {
  it("Student's t for 95%: the table, then a close expansion", () => {
    expect(t95(1)).toBeCloseTo(12.706, 3);
    expect(t95(10)).toBeCloseTo(2.228, 3);
    expect(t95(30)).toBeCloseTo(2.0423, 3);
    expect(t95(100)).toBeCloseTo(1.984, 3);
  });

  it('the mean with its interval, against a worked example', () => {
    // 2 4 4 4 5 5 7 9: mean 5, sample sd 2.138, t(7) 2.3646: 5 ± 1.7875.
    const r = meanInterval([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(r.mean).toBe(5);
    expect(r.sd).toBeCloseTo(2.13809, 4);
    expect(r.ci?.low).toBeCloseTo(3.2125, 3);
    expect(r.ci?.high).toBeCloseTo(6.7875, 3);
  });

  const game = ok(`  total:\n    title: Total\n    value: game.total\n    format: percent\n    digits: 0\n`);
  const rec = (total: number | null): GameRecord => ({ winners: [], turns: 1, moves: 1, metrics: { total } });

  it('median, spread and a histogram of fractional values', () => {
    const s = metricStats(game.metrics.total as never, [0.1, 0.2, 0.25, 0.5, null, 0.9].map(rec));
    expect(s).toMatchObject({ n: 5, mean: 0.39, median: 0.25, min: 0.1, max: 0.9 });
    expect(s.histogram.reduce((a, b) => a + b.count, 0)).toBe(5);
    expect(s.histogram.every((b) => b.to - b.from < 0.2)).toBe(true);
  });

  it('two runs on the same seeds: the mean of the paired differences with its interval', () => {
    const a = [0.1, 0.2, 0.3, 0.4, 0.5].map(rec);
    const b = [0.3, 0.3, 0.6, 0.5, 0.8].map(rec);
    const c = compareBalance(balance(game, a, { seed: 1, players: 2 }), balance(game, b, { seed: 1, players: 2 }), a, b);
    const d = meanInterval([0.2, 0.1, 0.3, 0.1, 0.3]);
    expect(c.metrics).toEqual([
      {
        name: 'total',
        title: 'Total',
        delta: expect.closeTo(0.2, 9),
        ci: { low: expect.closeTo(d.ci?.low as number, 5), high: expect.closeTo(d.ci?.high as number, 5) },
        pairs: 5,
      },
    ]);
    expect(formatComparison(c).join('\n')).toMatch(/Total\s+30% \[\d+%, \d+%\]\s+50% \[\d+%, \d+%\]\s+\+20% \[\+\d+%, \+\d+%\]/);
  });
});

describe("the shipped games' metrics", () => {
  it('every shipped game declares metrics, and they measure whole games without error', () => {
    for (const id of ['ten-thousand', 'regicide', 'cetatea', 'eight-masters-revenge']) {
      const game = compile(id);
      expect(Object.keys(game.metrics).length, id).toBeGreaterThan(0);
      const records = playRange(game, { seed: 'metrics' }, 0, 8);
      expect(
        records.flatMap((r) => Object.values(r.metricErrors ?? {})),
        id,
      ).toEqual([]);
      const report = balance(game, records, { seed: 'metrics', players: game.players.default });
      expect(
        report.metrics.every((m) => m.n > 0),
        id,
      ).toBe(true);
    }
  });

  it('R-1: enemies defeated is 12 exactly when the players win, and never more', () => {
    const game = compile('regicide', [], { hand2: 9 });
    const records = playRange(game, { seed: 'R-1', players: 2, bots: ['steady'] }, 0, 40);
    for (const r of records) {
      expect(r.metrics?.defeated).toBeGreaterThanOrEqual(0);
      expect(r.metrics?.defeated).toBeLessThanOrEqual(12);
      expect(r.metrics?.defeated === 12).toBe((r.winners ?? []).length === 2);
    }
    expect(records.some((r) => (r.metrics?.defeated ?? 0) >= 2)).toBe(true);
  });
});
