/**
 * The Balance panel's report as text in the interface's language, one fact per line, laid out as
 * the CLI's (sim/balance.ts formatBalance and formatComparison, which stay English): in English
 * the two read the same.
 */
import type { BalanceComparison, BalanceReport, LengthStats } from '../../sim/balance.ts';
import type { BotSpend } from '../../bots/index.ts';
import { formatNumber, t } from '../i18n/index.ts';
import { interval, intervalOf, metricSummary, metricValue, metricWithMedian, pct, pctInterval } from './words.ts';

const withCi = (x: { rate: number; ci: { low: number; high: number } }): string => `${pct(x.rate)} ${pctInterval(x.ci)}`;

const signedNumber = (x: number, digits: number): string =>
  formatNumber(x, { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'always' });

/** A difference of two shares in points of percent, `+1.5 pts`. */
const points = (x: number): string => t('balance.points', { value: signedNumber(100 * x, 1) });

const pointsInterval = (i: { low: number; high: number }): string => interval(signedNumber(100 * i.low, 1), points(i.high));

const length = (what: string, s: LengthStats): string =>
  t('balance.report.length', {
    what,
    mean: formatNumber(s.mean),
    median: formatNumber(s.median),
    p10: formatNumber(s.p10),
    p25: formatNumber(s.p25),
    p75: formatNumber(s.p75),
    p90: formatNumber(s.p90),
    min: formatNumber(s.min),
    max: formatNumber(s.max),
  });

const metricLines = (r: BalanceReport): string[] =>
  r.metrics.length === 0
    ? []
    : [
        `  ${t('balance.report.metrics')}`,
        ...r.metrics.flatMap((m) => {
          const games = t('balance.report.games', { n: m.n });
          const where = `${m.unit ? `${m.unit}; ` : ''}${m.per === 'turn' ? t('balance.report.perTurn', { games }) : games}`;
          const line = `    ${m.title.padEnd(34)} ${metricWithMedian(m)} (${where})`;
          return m.error === undefined ? [line] : [line, `      ${t('balance.report.failed', { n: m.errors, error: m.error })}`];
        }),
      ];

const barOf = (count: number, most: number, width = 30): string => '#'.repeat(most > 0 ? Math.round((count / most) * width) : 0);

/** Who won how often: the players together, or each side, then each bot. */
const winLines = (r: BalanceReport): string[] => {
  const lines: string[] = [];
  if (r.playersWin) {
    lines.push(
      t('balance.report.cooperative', {
        rate: pct(r.playersWin.rate),
        ci: pctInterval(r.playersWin.ci),
        wins: r.playersWin.wins,
        of: r.playersWin.of,
      }),
    );
  } else {
    for (const s of r.sides) {
      const who =
        s.seats.length === 1 && s.name === String(s.seats[0])
          ? s.label
          : t('balance.report.team', { label: s.label, count: s.seats.length });
      lines.push(
        t('balance.report.side', {
          who: who.padEnd(24),
          wins: formatNumber(s.wins).padStart(6),
          rate: pct(s.rate).padStart(6),
          ci: pctInterval(s.ci),
        }),
      );
    }
    const f = r.firstPlayer;
    if (f)
      lines.push(
        t('balance.report.first', {
          rate: pct(f.rate),
          ci: pctInterval(f.ci),
          of: f.of,
          fair: pct(f.fair),
          advantage: points(f.advantage),
        }),
      );
    lines.push(t('balance.report.ties', { ties: r.ties, none: r.noWinner }));
  }
  for (const b of r.byBot ?? []) {
    lines.push(
      t('balance.report.bot', {
        name: b.name.padEnd(20),
        wins: formatNumber(b.wins).padStart(6),
        of: b.of,
        rate: pct(b.rate).padStart(6),
        ci: pctInterval(b.ci),
      }),
    );
  }
  return lines.map((line) => `  ${line}`);
};

/** What the bots spent on a decision, as the CLI's report says it (sim/balance.ts spendText), in the studio's language. */
const spendLine = (spend: BotSpend): string => {
  const parts: string[] = [];
  const s = spend.search;
  if (s) {
    const stop =
      s.iterations !== null && s.timeMs !== null
        ? t('balance.report.stopBoth', { iterations: s.iterations, ms: s.timeMs })
        : s.timeMs !== null
          ? t('balance.report.stopTime', { ms: s.timeMs })
          : t('balance.report.stopIterations', { iterations: s.iterations ?? 0 });
    parts.push(
      t('balance.report.search', {
        stop,
        playouts:
          s.rolloutTurns === null
            ? t('balance.report.playoutsToEnd')
            : s.toTheEnd.length > 0
              ? t('balance.report.playoutTurnsBeside', { turns: s.rolloutTurns, bots: s.toTheEnd.join(', ') })
              : t('balance.report.playoutTurns', { turns: s.rolloutTurns }),
        learning:
          s.learning.length > 0 ? t('balance.report.learning', { techniques: s.learning.join(', ') }) : t('balance.report.noLearning'),
      }),
    );
  }
  if (spend.samples !== undefined) parts.push(t('balance.report.greedy', { samples: spend.samples }));
  return parts.join('; ');
};

/** The report of one run. */
export const balanceLines = (r: BalanceReport): string[] => {
  const variants = r.variants.length > 0 ? ` + ${r.variants.join(', ')}` : '';
  const lines = [
    t('balance.report.head', {
      title: r.title,
      variants,
      games: r.games,
      players: r.players,
      seed: String(r.seed),
      bots: r.bots.join(', '),
    }),
    ...(r.spend ? [`  ${spendLine(r.spend)}`] : []),
    `  ${t('balance.report.engine', { engine: t(r.engine === 'compiled' ? 'balance.engine.compiled' : 'balance.engine.interpreter') })}`,
    ...winLines(r),
  ];
  lines.push(
    `  ${r.errors > 0 ? t('balance.report.cappedErrors', { capped: r.capped, errors: r.errors }) : t('balance.report.capped', { capped: r.capped })}`,
  );
  lines.push(`  ${length(t('balance.turns'), r.turns)}`, `  ${length(t('balance.moves'), r.moves)}`, ...metricLines(r));
  // A game that never counts a next turn (every game one turn long) is drawn by its moves.
  const byTurns = r.turns.max > 1;
  const s = byTurns ? r.turns : r.moves;
  lines.push(`  ${t('balance.report.lengthIn', { what: byTurns ? t('balance.turns') : t('balance.moves') })}`);
  const most = Math.max(0, ...s.histogram.map((b) => b.count));
  for (const b of s.histogram)
    lines.push(
      `    ${(b.to - b.from === 1 ? String(b.from) : `${b.from}-${b.to - 1}`).padStart(11)} ${String(b.count).padStart(6)} ${barOf(b.count, most)}`,
    );
  return lines;
};

/** Two runs on the same seeds, A and B side by side with B − A. */
export const comparisonLines = (c: BalanceComparison): string[] => {
  const name = (r: BalanceReport): string => (r.variants.length > 0 ? r.variants.join(', ') : t('balance.report.base'));
  const row = (label: string, a: string, b: string, d: string): string =>
    `  ${label.padEnd(22)} ${a.padStart(24)} ${b.padStart(24)}   ${d}`;
  const lines = [
    t('balance.report.comparison', { games: c.a.games, a: name(c.a), b: name(c.b) }),
    row('', 'A', 'B', t('balance.report.difference')),
  ];
  const rateRow = (
    label: string,
    a: { rate: number; ci: { low: number; high: number } },
    b: typeof a,
    d: { delta: number; ci: { low: number; high: number } },
  ): string => row(label, withCi(a), withCi(b), `${points(d.delta)} ${pointsInterval(d.ci)}`);
  if (c.playersWin && c.a.playersWin && c.b.playersWin) {
    lines.push(rateRow(t('balance.report.playersWin'), c.a.playersWin, c.b.playersWin, c.playersWin));
  } else {
    c.sides.forEach((d, i) => {
      const a = c.a.sides[i];
      const b = c.b.sides[i];
      if (a && b) lines.push(rateRow(a.label, a, b, d));
    });
    if (c.firstPlayer && c.a.firstPlayer && c.b.firstPlayer)
      lines.push(rateRow(t('balance.report.firstPlayer'), c.a.firstPlayer, c.b.firstPlayer, c.firstPlayer));
  }
  for (const d of c.byBot ?? []) {
    const a = c.a.byBot?.find((x) => x.name === d.name);
    const b = c.b.byBot?.find((x) => x.name === d.name);
    if (a && b) lines.push(rateRow(t('balance.bot', { name: d.name }), a, b, d));
  }
  lines.push(
    row(
      t('balance.report.meanTurns'),
      formatNumber(c.a.turns.mean),
      formatNumber(c.b.turns.mean),
      formatNumber(c.meanTurns, { signDisplay: 'always' }),
    ),
  );
  lines.push(row(t('balance.report.medianTurns'), formatNumber(c.a.turns.median), formatNumber(c.b.turns.median), ''));
  lines.push(row(t('balance.report.cappedRow'), formatNumber(c.a.capped), formatNumber(c.b.capped), ''));
  for (const d of c.metrics) {
    const a = c.a.metrics.find((m) => m.name === d.name);
    const b = c.b.metrics.find((m) => m.name === d.name);
    if (!a || !b) continue;
    const signed = (x: number): string => `${x >= 0 ? '+' : ''}${metricValue(a, x)}`;
    lines.push(
      row(
        d.title,
        metricSummary(a),
        metricSummary(b),
        d.pairs === 0 ? t('balance.report.noPairs') : `${signed(d.delta)} ${intervalOf(d.ci, signed)}`,
      ),
    );
  }
  lines.push(`  ${t('balance.report.changed', { changed: c.changed, games: c.a.games })}`);
  return lines;
};
