/**
 * Parameter sweeps: one param (or two, for a grid) stepped over a range, a balance report per
 * value on the same seeds, summed up as the curves a designer reads: win rate per side, the first
 * player's advantage and the length of the games, each with its 95% interval, and where the
 * advantage cannot be told from zero. Parsing and summing up are pure; playing is the caller's.
 */
import { paramProblem } from '../compile/index.ts';
import { didYouMean } from '../lang/index.ts';
import type { Json } from '../engine/types.ts';
import { LIMITS } from '../limits.ts';
import type { ParamSpec } from '../spec/types.ts';
import type { BalanceReport } from './balance.ts';
import { pct, round, type Interval } from './stats.ts';

export interface SweepAxis {
  readonly param: string;
  readonly values: readonly Json[];
}

/** A sweep plays this many settings at the most (each a whole balance report). */

const numberList = (from: number, to: number, step: number): number[] => {
  const out: number[] = [];
  const count = Math.floor((to - from) / step + 1e-9);
  for (let i = 0; i <= count; i++) out.push(Math.round((from + i * step) * 1e9) / 1e9);
  return out;
};

const paramValue = (text: string, p: ParamSpec): Json => {
  // A text that is no number stays text, so the message quotes what was written.
  if (p.type === 'number') return text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
  if (p.type === 'bool') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
};

const parseAxis = (text: string, params: Readonly<Record<string, ParamSpec>>): SweepAxis | string => {
  const eq = text.indexOf('=');
  if (eq < 0) return `'${text}' is not a sweep: write param=from..to:step (e.g. entry=0..2000:100) or param=a|b|c`;
  const param = text.slice(0, eq).trim();
  const spec = Object.hasOwn(params, param) ? params[param] : undefined;
  const names = Object.keys(params);
  if (!spec) return `there is no param '${param}' to sweep (params: ${names.join(', ') || 'none'})${didYouMean(param, names)}`;
  const body = text.slice(eq + 1).trim();
  const range = /^(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)(?:\s*:\s*([\d.]+))?$/.exec(body);
  let values: Json[];
  if (range) {
    if (spec.type !== 'number') return `'${param}' is a ${spec.type} param: list its values as ${param}=a|b`;
    const [from, to, step] = [Number(range[1]), Number(range[2]), Number(range[3] ?? spec.step ?? 1)];
    if (![from, to, step].every(Number.isFinite) || step <= 0) return `'${body}': the step must be a number above 0`;
    if (to < from) return `'${body}': the range goes from ${from} up to ${to}, which is below it`;
    if ((to - from) / step + 1 > LIMITS.sweepPoints) return `'${body}' has more than ${LIMITS.sweepPoints} values: take a larger step`;
    values = numberList(from, to, step);
  } else {
    values = body.split('|').map((v) => paramValue(v.trim(), spec));
  }
  for (const v of values) {
    const problem = paramProblem(spec, v);
    if (problem) return `sweep of '${param}': ${problem}`;
  }
  return { param, values: [...new Map(values.map((v) => [JSON.stringify(v), v])).values()] };
};

/** `entry=0..2000:100` or `entry=500..1000:250,target=5000|10000` (two axes make a grid). */
export const parseSweep = (text: string, params: Readonly<Record<string, ParamSpec>>): { axes: SweepAxis[] } | { error: string } => {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.length > 2) return { error: `--sweep takes one param or two (a grid), not ${parts.length}` };
  const axes: SweepAxis[] = [];
  for (const part of parts) {
    const axis = parseAxis(part, params);
    if (typeof axis === 'string') return { error: axis };
    axes.push(axis);
  }
  if (axes.length === 2 && axes[0]?.param === axes[1]?.param) return { error: `'${axes[0]?.param}' is swept twice` };
  const points = axes.reduce((n, a) => n * a.values.length, 1);
  if (points > LIMITS.sweepPoints) return { error: `the grid has ${points} settings, more than ${LIMITS.sweepPoints}: take larger steps` };
  return { axes };
};

/** Every setting of the sweep, the first axis varying slowest. */
export const sweepSettings = (axes: readonly SweepAxis[]): Record<string, Json>[] =>
  axes.reduce<Record<string, Json>[]>((acc, axis) => acc.flatMap((s) => axis.values.map((v) => ({ ...s, [axis.param]: v }))), [{}]);

export interface SweepRate {
  readonly name: string;
  /** The side as people call it (the balance report's label): "Player 1", a team's name, "the players". */
  readonly label: string;
  readonly rate: number;
  readonly ci: Interval;
}

export interface SweepPoint {
  readonly params: Readonly<Record<string, Json>>;
  /** Win rate of each side (seat or team); a cooperative game has one side, the players. */
  readonly sides: readonly SweepRate[];
  /** The first player's advantage (its side's share of decided games minus the fair share). */
  readonly advantage: { readonly value: number; readonly ci: Interval; readonly indistinguishable: boolean } | null;
  /** Mean game length in turns, with the 95% interval of the mean: the balance report's (null for one game). */
  readonly turns: { readonly mean: number; readonly ci: Interval | null };
  readonly balance: BalanceReport;
}

export const sweepPoint = (params: Readonly<Record<string, Json>>, report: BalanceReport): SweepPoint => {
  const sides: SweepRate[] = report.playersWin
    ? [{ name: 'players', label: 'the players', rate: report.playersWin.rate, ci: report.playersWin.ci }]
    : report.sides.map((s) => ({ name: s.name, label: s.label, rate: s.rate, ci: s.ci }));
  const fp = report.firstPlayer;
  const advantage =
    fp && fp.of > 0
      ? {
          value: round(fp.advantage),
          ci: { low: round(fp.ci.low - fp.fair), high: round(fp.ci.high - fp.fair) },
          indistinguishable: fp.ci.low <= fp.fair && fp.fair <= fp.ci.high,
        }
      : null;
  return { params, sides, advantage, turns: { mean: report.turns.mean, ci: report.turns.ci }, balance: report };
};

const percent = (x: number): string => pct(x, '');
const signed = (x: number): string => `${x >= 0 ? '+' : '−'}${percent(Math.abs(x))}`;

/** The sweep as a table: one row per setting. */
export const formatSweep = (points: readonly SweepPoint[], axes: readonly SweepAxis[]): string[] => {
  const first = points[0];
  if (!first) return [];
  const header = [
    ...axes.map((a) => a.param),
    ...first.sides.map((s) => `${s.label} win % [95%]`),
    'first-player advantage [95%]',
    'turns [95%]',
  ];
  const rows = points.map((p) => [
    ...axes.map((a) => String(p.params[a.param])),
    ...p.sides.map((s) => `${percent(s.rate)} [${percent(s.ci.low)}, ${percent(s.ci.high)}]`),
    p.advantage
      ? `${signed(p.advantage.value)} [${signed(p.advantage.ci.low)}, ${signed(p.advantage.ci.high)}]${p.advantage.indistinguishable ? ' ≈ 0' : ''}`
      : '—',
    `${p.turns.mean.toFixed(1)} ${p.turns.ci ? `[${p.turns.ci.low.toFixed(1)}, ${p.turns.ci.high.toFixed(1)}]` : '(one game: no interval)'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
};
