/**
 * What `simulate` says about an outcome: the lines of its output and of its errors, and its exit
 * code (1 when a game or a metric failed). Pure, so each mode's text and JSON can be read in a test.
 */
import { balance, compareBalance, formatBalance, formatComparison, spendText, type BalanceReport } from '../../../sim/balance.ts';
import { spendOf, type BotSpend } from '../../../bots/index.ts';
import { formatCoverage } from '../../../sim/coverageReport.ts';
import type { SimulateReport } from '../../../sim/simulate.ts';
import { pct } from '../../../sim/stats.ts';
import { formatSweep } from '../../../sim/sweep.ts';
import type { Plan } from './plan.ts';
import type { Outcome, Played } from './run.ts';

export interface Printed {
  readonly out: readonly string[];
  readonly err: readonly string[];
  readonly code: 0 | 1;
}

/**
 * The short summary names each side as the board and the balance report do (the spec's seat or
 * team names, the players together in a cooperative game); `report.wins` keeps the engine's keys
 * (seat numbers from 0, team ids) for --json.
 */
const summaryLines = (played: Played, bots: readonly string[] | undefined, spend: BotSpend | null): string[] => {
  const { game, report } = played;
  const sides = balance(game, played.records, { seed: report.seed, players: report.players });
  const rows = sides.playersWin
    ? [{ label: 'the players', wins: sides.playersWin.wins }]
    : sides.sides.map((s) => ({ label: s.label, wins: report.wins[s.name] ?? 0 }));
  const width = Math.max(12, ...rows.map((r) => r.label.length));
  return [
    `${report.games} games of ${game.title}, ${report.players} players, seed ${report.seed}${bots ? `, bots ${bots.join(', ')}` : ''}`,
    ...(spend ? [`  ${spendText(spend)}`] : []),
    ...rows.map(({ label, wins }) => `  ${label.padEnd(width)} ${String(wins).padStart(6)} wins  ${pct(wins / Math.max(1, report.games))}`),
    `  ${'unfinished'.padEnd(width)} ${String(report.unfinished).padStart(6)}`,
    `  turns: mean ${report.turns.mean}, max ${report.turns.max}; moves: mean ${report.moves.mean}, max ${report.moves.max}`,
    `  ${report.gamesPerSecond} games/s, ${report.movesPerSecond} moves/s`,
  ];
};

/** --json leaves out the run-time errors: they are said on stderr. */
const withoutErrors = (r: SimulateReport): Omit<SimulateReport, 'errors'> => {
  const { errors: _errors, ...rest } = r;
  return rest;
};

const json = (value: unknown): string => JSON.stringify(value, null, 2);

const speed = (played: Played): string => `  ${played.report.gamesPerSecond} games/s, ${played.report.movesPerSecond} moves/s`;

/** The first few run-time and metric errors of the games (the rest are alike as a rule), and the exit code. */
const problems = (played: readonly Played[]): Pick<Printed, 'err' | 'code'> => {
  const errors = played.flatMap((p) => p.report.errors);
  const metricErrors = played.flatMap((p) => p.records.flatMap((r) => Object.values(r.metricErrors ?? {})));
  return {
    err: [
      ...errors.slice(0, 5).map((e) => `game ${e.game}: ${e.error}`),
      ...[...new Set(metricErrors)].slice(0, 5).map((e) => `metric: ${e}`),
    ],
    code: errors.length > 0 || metricErrors.length > 0 ? 1 : 0,
  };
};

export const print = (plan: Plan, outcome: Outcome): Printed => {
  const bots = plan.bots ?? ['random'];
  const balanceOf = (p: Played): BalanceReport =>
    balance(p.game, p.records, { seed: plan.seed, players: plan.players, variants: p.variants, bots, botOptions: plan.botOptions });
  const spend = spendOf(plan.base.game, bots, plan.botOptions, plan.players);
  const threads = plan.slices.length;
  switch (outcome.mode) {
    case 'sweep': {
      const { axes } = outcome;
      const about = { games: plan.games, seed: plan.seed, players: plan.players, bots, spend };
      const err = outcome.errors.flatMap(({ setting, errors }) =>
        errors.slice(0, 3).map((e) => `${JSON.stringify(setting)} game ${e.game}: ${e.error}`),
      );
      const code = outcome.points.some((p) => p.balance.errors > 0) ? 1 : 0;
      if (plan.json) return { out: [json({ sweep: { game: plan.base.game.id, axes, ...about, points: outcome.points } })], err, code };
      return {
        out: [
          `${plan.base.game.title}: sweep of ${axes.map((a) => a.param).join(' × ')}, ${plan.games} games per setting on the same seeds (seed ${plan.seed}), ${plan.players} players, bots ${bots.join(', ')}`,
          ...(spend ? [`  ${spendText(spend)}`] : []),
          ...formatSweep(outcome.points, axes).map((line) => `  ${line}`),
          "  ≈ 0: the 95% interval of the first player's advantage includes no advantage at all",
        ],
        err,
        code,
      };
    }
    case 'compare': {
      const { base, other } = outcome;
      const [a, b] = [balanceOf(base), balanceOf(other)];
      const comparison = compareBalance(a, b, base.records, other.records);
      const out = plan.json
        ? [
            json({
              ...withoutErrors(base.report),
              threads,
              ...(plan.bots ? { bots: plan.bots } : {}),
              balance: a,
              compare: { variants: other.variants, ...withoutErrors(other.report), balance: b },
              difference: {
                sides: comparison.sides,
                playersWin: comparison.playersWin,
                firstPlayer: comparison.firstPlayer,
                byBot: comparison.byBot,
                meanTurns: comparison.meanTurns,
                changed: comparison.changed,
                metrics: comparison.metrics,
              },
            }),
          ]
        : [...formatBalance(a), '', ...formatBalance(b), '', ...formatComparison(comparison), speed(base)];
      return { out, ...problems([base, other]) };
    }
    case 'summary':
    case 'report': {
      const { base, coverage } = outcome;
      const report = outcome.mode === 'report' ? balanceOf(base) : undefined;
      const out = plan.json
        ? [
            json({
              ...withoutErrors(base.report),
              threads,
              ...(plan.bots ? { bots: plan.bots } : {}),
              ...(report ? { balance: report } : {}),
              ...(coverage ? { coverage } : {}),
            }),
          ]
        : [
            ...(report ? [...formatBalance(report), speed(base)] : summaryLines(base, plan.bots, spend)),
            ...(coverage ? ['', `Coverage of ${coverage.games} games:`, ...formatCoverage(coverage)] : []),
          ];
      return { out, ...problems([base]) };
    }
  }
};
