/**
 * The balance report of a run: win rate per seat or team with 95% Wilson intervals, the first
 * player's advantage, ties and games nobody won, games stopped by the cap, the length of the games
 * (turns: mean, median, percentiles, histogram), for cooperative games the players' win rate, and
 * each metric the spec declares (mean with its 95% interval, median, spread, histogram).
 * Two runs on the same seeds (two variant sets) compare side by side. Pure: records in, numbers out.
 */
import type { CompiledGame, CompiledMetric } from '../compile/index.ts';
import { teamAssignment } from '../runtime/teams.ts';
import type { GameRecord } from './simulate.ts';
import { engineReport, type Engine } from '../lang/index.ts';
import { spendOf, type BotOptions, type BotSpend } from '../bots/index.ts';
import { seatNamesAtStart, teamName } from '../display/present.ts';
import {
  differenceInterval,
  histogram,
  meanInterval,
  pct,
  quantile,
  round,
  roundInterval,
  sortedNumbers,
  wilson,
  type Bin,
  type Interval,
} from './stats.ts';

export type { Bin, Interval } from './stats.ts';

export interface Rate {
  readonly wins: number;
  /** Out of this many games. */
  readonly of: number;
  readonly rate: number;
  readonly ci: Interval;
}

const rate = (wins: number, of: number): Rate => ({ wins, of, rate: of > 0 ? wins / of : 0, ci: wilson(wins, of) });

export interface SideStats extends Rate {
  /** A seat number, or a team id. */
  readonly name: string;
  /** The side as people call it: the spec's seat or team name ("Player 1", "Team A (attack)"). */
  readonly label: string;
  readonly seats: readonly number[];
}

export interface LengthStats {
  readonly mean: number;
  /** The 95% interval of the mean (stats.ts meanInterval: null for fewer than two games). */
  readonly ci: Interval | null;
  readonly min: number;
  readonly p10: number;
  readonly p25: number;
  readonly median: number;
  readonly p75: number;
  readonly p90: number;
  readonly max: number;
  readonly histogram: readonly Bin[];
}

/** One metric of the spec over the games of a run. */
export interface MetricStats {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly format: CompiledMetric['format'];
  readonly digits: number;
  readonly unit: string;
  readonly per: CompiledMetric['per'];
  readonly rules: readonly string[];
  /** The games it counts in (its `when` held and it did not fail). */
  readonly n: number;
  readonly mean: number;
  /** The 95% interval of the mean (Student's t; null for fewer than two games: one says nothing of the spread). */
  readonly ci: Interval | null;
  readonly median: number;
  readonly sd: number;
  readonly min: number;
  readonly p10: number;
  readonly p90: number;
  readonly max: number;
  readonly histogram: readonly Bin[];
  /** Games in which it failed, and the first such error (located in the spec). */
  readonly errors: number;
  readonly error?: string;
}

export interface BalanceReport {
  readonly game: string;
  readonly title: string;
  readonly variants: readonly string[];
  readonly players: number;
  readonly games: number;
  readonly seed: number | string;
  readonly bots: readonly string[];
  /** What the bots spent on a decision (iterations, time, learning; greedy's samples); null when none searched or sampled. */
  readonly spend: BotSpend | null;
  /**
   * What ran the rules' expressions (src/lang/engine.ts): the engine of the process that played,
   * whose workers choose as it does, or the one the run names (BalanceRun.engine). The figures are the same on either; the speed is not.
   */
  readonly engine: Engine;
  /** Every finished game was won by all seats or by none: the players play together. */
  readonly cooperative: boolean;
  /** Win rate per seat, or per team when the game has teams (out of all games). */
  readonly sides: readonly SideStats[];
  /** Cooperative games: how often the players won (out of all games). */
  readonly playersWin: Rate | null;
  /**
   * Competitive games: among the games one side won alone, how often it was the first player's
   * side; `fair` is 1 / sides and `advantage` the rate minus fair.
   */
  readonly firstPlayer: (Rate & { readonly fair: number; readonly advantage: number }) | null;
  /** Finished games won by more than one side. */
  readonly ties: number;
  /** Finished games nobody won (in a cooperative game: the players lost). */
  readonly noWinner: number;
  /** Games stopped by the turn or move cap. */
  readonly capped: number;
  readonly errors: number;
  /** With rotated seats: each bot's wins over the seats it played (a seat-game each). */
  readonly byBot: readonly (Rate & { readonly name: string })[] | null;
  /** Game length in turns, over finished games (all games when none finished). */
  readonly turns: LengthStats;
  /** Game length in moves, over the same games. */
  readonly moves: LengthStats;
  /** The spec's metrics, in the order it declares them. */
  readonly metrics: readonly MetricStats[];
}

/** Game lengths: the mean (two decimals) with its interval (four), percentiles and a histogram. */
export const lengthStats = (values: readonly number[], bins = 10): LengthStats => {
  const sorted = sortedNumbers(values);
  const { mean, ci } = meanInterval(sorted);
  if (sorted.length === 0) return { mean: 0, ci, min: 0, p10: 0, p25: 0, median: 0, p75: 0, p90: 0, max: 0, histogram: [] };
  const min = sorted[0] as number;
  const max = sorted[sorted.length - 1] as number;
  return {
    mean: round(mean, 2),
    ci: ci && roundInterval(ci, 4),
    min,
    p10: round(quantile(sorted, 0.1), 2),
    p25: round(quantile(sorted, 0.25), 2),
    median: round(quantile(sorted, 0.5), 2),
    p75: round(quantile(sorted, 0.75), 2),
    p90: round(quantile(sorted, 0.9), 2),
    max,
    histogram: histogram(sorted, bins),
  };
};

/** A metric's numbers over the games of a run (records without a value do not count). */
export const metricStats = (metric: CompiledMetric, records: readonly GameRecord[]): MetricStats => {
  const values = records.flatMap((r) => {
    const v = r.metrics?.[metric.name];
    return typeof v === 'number' ? [v] : [];
  });
  const failed = records.flatMap((r) => (r.metricErrors?.[metric.name] !== undefined ? [r.metricErrors[metric.name] as string] : []));
  const sorted = sortedNumbers(values);
  const { mean, sd, ci: t } = meanInterval(values);
  // A percent's games all lie from 0 to 1 (metrics.ts fails any other), and so does its mean: the
  // t interval, symmetric, can reach past either end near 0% or 100%.
  const ci = t && metric.format === 'percent' ? { low: Math.max(0, t.low), high: Math.min(1, t.high) } : t;
  const empty = sorted.length === 0;
  return {
    name: metric.name,
    title: metric.title,
    description: metric.description,
    format: metric.format,
    digits: metric.digits,
    unit: metric.unit,
    per: metric.per,
    rules: metric.rules,
    n: values.length,
    mean: round(mean, 6),
    ci: ci && roundInterval(ci, 6),
    median: round(quantile(sorted, 0.5), 6),
    sd: round(sd, 6),
    min: empty ? 0 : (sorted[0] as number),
    p10: round(quantile(sorted, 0.1), 6),
    p90: round(quantile(sorted, 0.9), 6),
    max: empty ? 0 : (sorted[sorted.length - 1] as number),
    histogram: histogram(sorted, 12),
    errors: failed.length,
    ...(failed[0] !== undefined ? { error: failed[0] } : {}),
  };
};

export interface BalanceRun {
  readonly seed: number | string;
  readonly players: number;
  readonly variants?: readonly string[];
  readonly bots?: readonly string[];
  /** The options the bots played with, for the report's `spend`. */
  readonly botOptions?: BotOptions;
  /** Force the cooperative reading; by default it is read off the results. */
  readonly cooperative?: boolean;
  /** What played the games, where other workers than this process's choice did (the studio's isolated frame). */
  readonly engine?: Engine;
}

/** The sides of a game: its teams, or its seats. */
export const sidesOf = (game: CompiledGame, players: number): { name: string; label: string; seats: number[] }[] => {
  const ctx = game.initialContext({ players, seed: 0, params: game.paramValues });
  if (game.teams.length === 0) return seatNamesAtStart(game, players).map((label, s) => ({ name: String(s), label, seats: [s] }));
  const team = teamAssignment(game.spec, players);
  return game.teams.map((name, t) => ({ name, label: teamName(game, ctx, t), seats: team.flatMap((x, s) => (x === t ? [s] : [])) }));
};

export const balance = (game: CompiledGame, records: readonly GameRecord[], run: BalanceRun): BalanceReport => {
  const n = records.length;
  const sides = sidesOf(game, run.players);
  const sideOfSeat = new Map(sides.flatMap((side, i) => side.seats.map((s) => [s, i] as const)));
  const finished = records.filter((r) => r.winners !== null && !r.error);
  const everybody = (w: readonly number[]): boolean => w.length === run.players && new Set(w).size === run.players;
  const cooperative =
    run.cooperative ?? (finished.length > 0 && finished.every((r) => (r.winners ?? []).length === 0 || everybody(r.winners ?? [])));
  const wins = sides.map(() => 0);
  let ties = 0;
  let noWinner = 0;
  let decided = 0;
  let firstWins = 0;
  let playersWon = 0;
  for (const r of finished) {
    const won = [...new Set((r.winners ?? []).map((s) => sideOfSeat.get(s) ?? -1).filter((i) => i >= 0))];
    for (const i of won) wins[i] = (wins[i] as number) + 1;
    if (won.length === 0) noWinner++;
    if (cooperative) {
      if (everybody(r.winners ?? [])) playersWon++;
    } else if (won.length > 1) ties++;
    else if (won.length === 1 && r.first !== undefined) {
      decided++;
      if (won[0] === sideOfSeat.get(r.first)) firstWins++;
    }
  }
  const botTally = new Map<string, { wins: number; of: number }>();
  for (const r of records) {
    if (!r.bots) continue;
    r.bots.forEach((name, seat) => {
      const t = botTally.get(name) ?? { wins: 0, of: 0 };
      t.of++;
      if (r.winners?.includes(seat)) t.wins++;
      botTally.set(name, t);
    });
  }
  const fair = 1 / Math.max(1, sides.length);
  const first = rate(firstWins, decided);
  const measured = finished.length > 0 ? finished : records;
  return {
    game: game.id,
    title: game.title,
    variants: run.variants ?? [],
    players: run.players,
    games: n,
    seed: run.seed,
    bots: run.bots ?? ['random'],
    spend: spendOf(game, run.bots ?? [], run.botOptions ?? {}, run.players),
    engine: run.engine ?? engineReport().engine,
    cooperative,
    sides: sides.map((side, i) => ({ ...side, ...rate(wins[i] as number, n) })),
    playersWin: cooperative ? rate(playersWon, n) : null,
    firstPlayer: cooperative || sides.length < 2 || decided === 0 ? null : { ...first, fair, advantage: round(first.rate - fair) },
    ties,
    noWinner,
    capped: records.filter((r) => r.capped === true).length,
    errors: records.filter((r) => r.error !== undefined).length,
    byBot: botTally.size > 0 ? [...botTally].map(([name, t]) => ({ name, ...rate(t.wins, t.of) })) : null,
    turns: lengthStats(measured.map((r) => r.turns)),
    moves: lengthStats(measured.map((r) => r.moves)),
    metrics: Object.values(game.metrics).map((m) => metricStats(m, records)),
  };
};

export interface BalanceComparison {
  readonly a: BalanceReport;
  readonly b: BalanceReport;
  /** b − a for each side's win rate, with Newcombe's 95% interval. */
  readonly sides: readonly { readonly name: string; readonly delta: number; readonly ci: Interval }[];
  readonly playersWin: { readonly delta: number; readonly ci: Interval } | null;
  readonly firstPlayer: { readonly delta: number; readonly ci: Interval } | null;
  /** With rotated seats: b − a for each bot's win rate. */
  readonly byBot: readonly { readonly name: string; readonly delta: number; readonly ci: Interval }[] | null;
  readonly meanTurns: number;
  /** Games (same seed) whose winners differ between the two runs. */
  readonly changed: number;
  /**
   * b − a for the mean of each metric both runs measure, with the 95% interval of the mean of the
   * per-seed differences (the runs share their seeds), over the seeds where both have a value.
   */
  readonly metrics: readonly MetricDifference[];
}

export interface MetricDifference {
  readonly name: string;
  readonly title: string;
  readonly delta: number;
  /** Null for fewer than two pairs. */
  readonly ci: Interval | null;
  /** Seeds with a value in both runs. */
  readonly pairs: number;
}

/** The paired difference of one metric between two runs on the same seeds. */
export const metricDifference = (
  stats: MetricStats,
  recordsA: readonly GameRecord[],
  recordsB: readonly GameRecord[],
): MetricDifference => {
  const diffs = recordsA.flatMap((r, i) => {
    const a = r.metrics?.[stats.name];
    const b = recordsB[i]?.metrics?.[stats.name];
    return typeof a === 'number' && typeof b === 'number' ? [b - a] : [];
  });
  const { mean, ci } = meanInterval(diffs);
  return { name: stats.name, title: stats.title, delta: round(mean, 6), ci: ci && roundInterval(ci, 6), pairs: diffs.length };
};

export const compareBalance = (
  a: BalanceReport,
  b: BalanceReport,
  recordsA: readonly GameRecord[],
  recordsB: readonly GameRecord[],
): BalanceComparison => {
  const diff = (x: Rate, y: Rate): { delta: number; ci: Interval } => ({
    delta: round(y.rate - x.rate),
    ci: differenceInterval({ wins: y.wins, n: y.of }, { wins: x.wins, n: x.of }),
  });
  const key = (r: GameRecord | undefined): string => JSON.stringify(r?.winners === null || r === undefined ? null : [...r.winners].sort());
  return {
    a,
    b,
    sides: a.sides.map((side, i) => {
      const other = b.sides[i] ?? { ...side, wins: 0, rate: 0 };
      return { name: side.name, ...diff(side, other) };
    }),
    playersWin: a.playersWin && b.playersWin ? diff(a.playersWin, b.playersWin) : null,
    firstPlayer: a.firstPlayer && b.firstPlayer ? diff(a.firstPlayer, b.firstPlayer) : null,
    byBot:
      a.byBot && b.byBot
        ? a.byBot.flatMap((x) => {
            const y = b.byBot?.find((z) => z.name === x.name);
            return y ? [{ name: x.name, ...diff(x, y) }] : [];
          })
        : null,
    meanTurns: round(b.turns.mean - a.turns.mean, 2),
    changed: recordsA.filter((r, i) => key(r) !== key(recordsB[i])).length,
    metrics: a.metrics.filter((m) => b.metrics.some((x) => x.name === m.name)).map((m) => metricDifference(m, recordsA, recordsB)),
  };
};

const ci = (i: Interval): string => `[${pct(i.low)}, ${pct(i.high)}]`;
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${pct(x, ' pts')}`;
const ciPts = (i: Interval): string => `[${signed(i.low).replace(' pts', '')}, ${signed(i.high)}]`;

/** A metric's value as its spec asks: a number with its digits, or a percent. */
export const formatMetricValue = (m: Pick<MetricStats, 'format' | 'digits'>, x: number): string =>
  m.format === 'percent' ? `${(100 * x).toFixed(m.digits)}%` : x.toFixed(m.digits);

const signedMetric = (m: Pick<MetricStats, 'format' | 'digits'>, x: number): string => `${x >= 0 ? '+' : ''}${formatMetricValue(m, x)}`;

/** `[1.25, 1.55]`, or what stands for an interval from one game (stats.ts meanInterval). */
const intervalText = (ci: Interval | null, show: (x: number) => string, one: string): string =>
  ci ? `[${show(ci.low)}, ${show(ci.high)}]` : `(one ${one}: no interval)`;

/** Mean [95% interval] of a metric, e.g. `1.40 [1.25, 1.55]`. */
export const metricSummary = (m: MetricStats): string =>
  m.n === 0 ? 'no game counted' : `${formatMetricValue(m, m.mean)} ${intervalText(m.ci, (x) => formatMetricValue(m, x), 'game')}`;

const metricLines = (metrics: readonly MetricStats[]): string[] => {
  if (metrics.length === 0) return [];
  const lines = ['  metrics (mean [95% interval of the mean], median):'];
  for (const m of metrics) {
    const where = `${m.unit ? `${m.unit}; ` : ''}${m.n} game${m.n === 1 ? '' : 's'}${m.per === 'turn' ? ', per turn' : ''}`;
    lines.push(`    ${m.title.padEnd(34)} ${metricSummary(m)}${m.n > 0 ? `, median ${formatMetricValue(m, m.median)}` : ''} (${where})`);
    if (m.error !== undefined) lines.push(`      failed in ${m.errors} game${m.errors === 1 ? '' : 's'}: ${m.error}`);
  }
  return lines;
};

const barOf = (count: number, most: number, width = 30): string => '#'.repeat(most > 0 ? Math.round((count / most) * width) : 0);

/** What the bots spent, in words: 'search: 300 iterations a move, playouts to the end, learning mast, frugal, antidecisive; greedy: 6 samples a move'. */
export const spendText = (spend: BotSpend): string => {
  const parts: string[] = [];
  const s = spend.search;
  if (s) {
    const stop = [
      ...(s.iterations !== null ? [`${s.iterations.toLocaleString('en')} iterations`] : []),
      ...(s.timeMs !== null ? [`${s.timeMs.toLocaleString('en')} ms`] : []),
    ].join(' or ');
    const playouts =
      s.rolloutTurns === null
        ? 'playouts to the end'
        : `playouts of ${s.rolloutTurns} turn${s.rolloutTurns === 1 ? '' : 's'}${s.toTheEnd.length > 0 ? ` (to the end for ${s.toTheEnd.join(', ')})` : ''}`;
    const learning = s.learning.length > 0 ? `learning ${s.learning.join(', ')}` : 'no learning (plain UCT)';
    parts.push(
      `search: ${stop} a move${s.iterations !== null && s.timeMs !== null ? ', whichever comes first' : ''}, ${playouts}, ${learning}`,
    );
  }
  if (spend.samples !== undefined) parts.push(`greedy: ${spend.samples} samples a move`);
  return parts.join('; ');
};

const ENGINE_WORDS: Readonly<Record<Engine, string>> = {
  compiled: 'compiled (JavaScript generated from the checked rules)',
  interpreter: 'interpreter',
};

/** The report as text, one fact per line. */
export const formatBalance = (r: BalanceReport): string[] => {
  const lines: string[] = [];
  const variants = r.variants.length > 0 ? ` + ${r.variants.join(', ')}` : '';
  lines.push(`Balance of ${r.title}${variants}: ${r.games} games, ${r.players} player(s), seed ${r.seed}, bots ${r.bots.join(', ')}`);
  if (r.spend) lines.push(`  ${spendText(r.spend)}`);
  lines.push(`  engine: ${ENGINE_WORDS[r.engine]}`);
  if (r.playersWin) {
    lines.push(`  cooperative: the players win ${pct(r.playersWin.rate)} ${ci(r.playersWin.ci)} (${r.playersWin.wins}/${r.playersWin.of})`);
  } else {
    for (const s of r.sides) {
      const who =
        s.seats.length === 1 && s.name === String(s.seats[0])
          ? s.label
          : `${s.label} (${s.seats.length} player${s.seats.length === 1 ? '' : 's'})`;
      lines.push(`  ${who.padEnd(24)} ${String(s.wins).padStart(6)} wins  ${pct(s.rate).padStart(6)}  95% CI ${ci(s.ci)}`);
    }
    if (r.firstPlayer) {
      const f = r.firstPlayer;
      lines.push(
        `  first player's side wins ${pct(f.rate)} ${ci(f.ci)} of ${f.of} decided games; fair share ${pct(f.fair)}: advantage ${signed(f.advantage)}`,
      );
    }
    lines.push(`  ties ${r.ties}, no winner ${r.noWinner}`);
  }
  for (const b of r.byBot ?? []) {
    lines.push(
      `  bot ${b.name.padEnd(20)} ${String(b.wins).padStart(6)} wins of ${b.of} seats  ${pct(b.rate).padStart(6)}  95% CI ${ci(b.ci)}`,
    );
  }
  lines.push(`  stopped by the turn cap ${r.capped}${r.errors > 0 ? `, errors ${r.errors}` : ''}`);
  const describe = (label: string, t: LengthStats): string =>
    `  ${label}: mean ${t.mean}, median ${t.median}, p10 ${t.p10}, p25 ${t.p25}, p75 ${t.p75}, p90 ${t.p90}, min ${t.min}, max ${t.max}`;
  lines.push(describe('turns', r.turns));
  lines.push(describe('moves', r.moves));
  lines.push(...metricLines(r.metrics));
  // A game that never counts a next turn (every game one turn long) is drawn by its moves.
  const t = r.turns.max > 1 ? r.turns : r.moves;
  lines.push(`  length in ${t === r.turns ? 'turns' : 'moves'}:`);
  const most = Math.max(0, ...t.histogram.map((b) => b.count));
  for (const b of t.histogram)
    lines.push(
      `    ${(b.to - b.from === 1 ? String(b.from) : `${b.from}-${b.to - 1}`).padStart(11)} ${String(b.count).padStart(6)} ${barOf(b.count, most)}`,
    );
  return lines;
};

export const formatComparison = (c: BalanceComparison): string[] => {
  const name = (r: BalanceReport): string => (r.variants.length > 0 ? r.variants.join(', ') : 'base');
  const lines = [`Comparison on the same ${c.a.games} seeds: A = ${name(c.a)}, B = ${name(c.b)}`];
  const row = (label: string, a: string, b: string, d: string): string =>
    `  ${label.padEnd(22)} ${a.padStart(24)} ${b.padStart(24)}   ${d}`;
  lines.push(row('', 'A', 'B', 'B − A (95% CI)'));
  if (c.playersWin && c.a.playersWin && c.b.playersWin) {
    lines.push(
      row(
        'players win',
        `${pct(c.a.playersWin.rate)} ${ci(c.a.playersWin.ci)}`,
        `${pct(c.b.playersWin.rate)} ${ci(c.b.playersWin.ci)}`,
        `${signed(c.playersWin.delta)} ${ciPts(c.playersWin.ci)}`,
      ),
    );
  } else {
    c.sides.forEach((d, i) => {
      const a = c.a.sides[i];
      const b = c.b.sides[i];
      if (!a || !b) return;
      const label = a.label;
      lines.push(row(label, `${pct(a.rate)} ${ci(a.ci)}`, `${pct(b.rate)} ${ci(b.ci)}`, `${signed(d.delta)} ${ciPts(d.ci)}`));
    });
    if (c.firstPlayer && c.a.firstPlayer && c.b.firstPlayer) {
      lines.push(
        row(
          'first player',
          `${pct(c.a.firstPlayer.rate)} ${ci(c.a.firstPlayer.ci)}`,
          `${pct(c.b.firstPlayer.rate)} ${ci(c.b.firstPlayer.ci)}`,
          `${signed(c.firstPlayer.delta)} ${ciPts(c.firstPlayer.ci)}`,
        ),
      );
    }
  }
  for (const d of c.byBot ?? []) {
    const a = c.a.byBot?.find((x) => x.name === d.name);
    const b = c.b.byBot?.find((x) => x.name === d.name);
    if (a && b)
      lines.push(row(`bot ${d.name}`, `${pct(a.rate)} ${ci(a.ci)}`, `${pct(b.rate)} ${ci(b.ci)}`, `${signed(d.delta)} ${ciPts(d.ci)}`));
  }
  lines.push(row('turns (mean)', String(c.a.turns.mean), String(c.b.turns.mean), `${c.meanTurns >= 0 ? '+' : ''}${c.meanTurns}`));
  lines.push(row('turns (median)', String(c.a.turns.median), String(c.b.turns.median), ''));
  lines.push(row('stopped by the cap', String(c.a.capped), String(c.b.capped), ''));
  for (const d of c.metrics) {
    const a = c.a.metrics.find((m) => m.name === d.name);
    const b = c.b.metrics.find((m) => m.name === d.name);
    if (!a || !b) continue;
    const diff =
      d.pairs === 0 ? 'no seed counted in both' : `${signedMetric(a, d.delta)} ${intervalText(d.ci, (x) => signedMetric(a, x), 'seed')}`;
    lines.push(row(d.title, metricSummary(a), metricSummary(b), diff));
  }
  lines.push(`  games whose winner changed: ${c.changed} of ${c.a.games}`);
  return lines;
};
