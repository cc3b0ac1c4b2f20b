/**
 * The Balance panel: plays N games of the current rules (and, to compare, of the base rules on the
 * same seeds) with a bot per seat, on every core (Web Workers), with a progress bar and a Cancel
 * button, then shows win rates with their 95% intervals, the first player's advantage, the
 * length of the games and each metric the spec declares (mean, 95% interval, median, histogram),
 * as numbers and as charts, and what the games covered of the spec (CoverageSection; the
 * statechart is shaded by it). Self-contained: it needs the compile input and the compiled game.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { FoldHead } from '../app/FoldHead.tsx';
import { botNames } from '../../bots/index.ts';
import type { CompiledGame, CompileInput } from '../../compile/index.ts';
import { balance, compareBalance, type BalanceReport } from '../../sim/balance.ts';
import type { GameRecord } from '../../sim/simulate.ts';
import { lengthChart, metricCaption, metricChart, rateChart } from './charts.ts';
import { Cancelled, mergeEngines, runPool, type PoolRun, type WorkerLike } from './pool.ts';
import type { EngineReport } from '../../lang/index.ts';
import { frameMissing, isolatedFrame, readReply, spawnerFor, type NoFrame } from '../sandbox/frameClient.ts';
import { SweepSection } from './SweepSection.tsx';
import { ChartCanvas } from './ChartCanvas.tsx';
import { CoverageSection } from './CoverageSection.tsx';
import { addCounts, newCounts } from '../../sim/coverage.ts';
import { coverageReport, type CoverageReport, type HouseRuleChange } from '../../sim/coverageReport.ts';
import type { DocPath } from '../../spec/diagnostics.ts';
import './balance.css';
import { formatNumber, useT } from '../i18n/index.ts';
import { balanceLines, comparisonLines } from './reportText.ts';
import { engineLine } from '../engineLine.ts';
import { runName, seatLabels, withSeatLabels, type RunKind } from './words.ts';

interface Props {
  /** What the studio compiles now: base text, variant texts, params. */
  input: CompileInput | null;
  game: CompiledGame | undefined;
  /** The coverage of each finished run that counted it (null: a run without). */
  onCoverage?: (report: CoverageReport | null) => void;
  onReveal?: (path: DocPath) => void;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'error'; message: string }
  | { kind: 'cancelled' };

interface Result {
  runs: { kind: RunKind; report: BalanceReport; records: GameRecord[] }[];
  seconds: number;
  /** What ran the rules' expressions in the workers. */
  engine: EngineReport;
  /** Why the page's own workers ran them, when they did. */
  noFrame: NoFrame | undefined;
  coverage?: CoverageReport;
}

/** A worker of the page's own, on the interpreter: the page's policy forbids compiling code. */
const spawnHere = (): WorkerLike =>
  new Worker(new URL('./balance.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike;

/**
 * Where the games are played: in the isolated frame, whose workers run the rules compiled to
 * JavaScript, or, where the site does not serve it, in the page's own workers.
 */
const spawner = (): Promise<() => WorkerLike> => spawnerFor('balance', readReply, spawnHere);

const cores = (): number => Math.max(1, Math.min(16, typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2));

const BalancePanelInner = ({ input, game, onCoverage, onReveal }: Props) => {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [games, setGames] = useState(200);
  const [seed, setSeed] = useState('1');
  const [players, setPlayers] = useState<number | null>(null);
  const [bots, setBots] = useState<string[]>([]);
  const [iterations, setIterations] = useState(50);
  const [rotate, setRotate] = useState(false);
  const [compare, setCompare] = useState(false);
  const [countCoverage, setCountCoverage] = useState(true);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [result, setResult] = useState<Result | null>(null);
  const running = useRef<PoolRun[]>([]);

  const n = Math.min(Math.max(players ?? game?.players.default ?? 2, game?.players.min ?? 1), game?.players.max ?? 8);
  const names = useMemo(() => (game ? botNames(game) : ['random']), [game]);
  const seatNames = useMemo(() => (game ? seatLabels(game, n) : []), [game, n, t]);
  const seatBots = Array.from({ length: n }, (_, i) => (bots[i] && names.includes(bots[i] as string) ? (bots[i] as string) : 'random'));
  const changed = !!input && ((input.variants?.length ?? 0) > 0 || Object.keys(input.params ?? {}).length > 0);

  useEffect(() => () => running.current.forEach((r) => r.cancel()), []);
  // The isolated frame loads while the user sets the run up, not after Run is pressed.
  useEffect(() => {
    if (open) void isolatedFrame();
  }, [open]);

  const start = async (): Promise<void> => {
    if (!input || !game) return;
    const t0 = performance.now();
    const job = {
      seed: /^\d+$/.test(seed) ? Number(seed) : seed,
      players: n,
      bots: seatBots,
      botOptions: { iterations },
      rotate,
      maxTurns: 1000,
    };
    const plan: { kind: RunKind; input: CompileInput }[] = [{ kind: changed ? 'these' : 'rules', input }];
    if (compare && changed) plan.push({ kind: 'base', input: { base: input.base } });
    const total = games * plan.length;
    let done = 0;
    setStatus({ kind: 'running', done: 0, total });
    setResult(null);
    const perRun = Math.max(1, Math.floor(cores() / plan.length));
    const counts = newCounts();
    let changes: readonly HouseRuleChange[] = [];
    const progress = (): void => setStatus({ kind: 'running', done: ++done, total });
    const spawn = await spawner();
    // Coverage is counted for the rules in force (the first run), not for the base rules compared.
    running.current = plan.map((p, i) =>
      runPool(
        { ...job, input: p.input, ...(countCoverage && i === 0 ? { coverage: true } : {}) },
        games,
        perRun,
        spawn,
        progress,
        (slice) => {
          addCounts(counts, slice.counts);
          changes = slice.changes;
        },
      ),
    );
    try {
      const results = await Promise.all(running.current.map((r) => r.done));
      const runs = plan.map((p, i) => {
        const recs = results[i]?.records ?? [];
        const variants = (p.input.variants ?? []).map((v) => v.file.replace(/^.*\//, '').replace(/\.ya?ml$/, ''));
        return {
          kind: p.kind,
          records: recs,
          report: balance(game, recs, {
            seed: job.seed,
            players: n,
            bots: seatBots,
            variants,
            botOptions: job.botOptions,
            ...(results[i] ? { engine: results[i].engine.engine } : {}),
          }),
        };
      });
      const coverage = countCoverage ? coverageReport(game, counts, changes) : undefined;
      const engine = mergeEngines(results.map((r) => r.engine));
      setResult({ runs, seconds: (performance.now() - t0) / 1000, engine, noFrame: frameMissing(), ...(coverage ? { coverage } : {}) });
      onCoverage?.(coverage ?? null);
      setStatus({ kind: 'idle' });
    } catch (error) {
      running.current.forEach((r) => r.cancel());
      setStatus(error instanceof Cancelled ? { kind: 'cancelled' } : { kind: 'error', message: (error as Error).message });
    } finally {
      running.current = [];
    }
  };

  const cancel = (): void => running.current.forEach((r) => r.cancel());
  // The charts and the text are worded in the interface's language: made again when it changes (t).
  // The report names seats in English; they are named here as the board names them.
  const shown = useMemo(() => {
    if (!result) return null;
    const seats = game ? seatLabels(game, result.runs[0]?.report.players ?? 0) : [];
    const runs = result.runs.map((r) => ({ name: runName(r.kind), report: withSeatLabels(r.report, seats), records: r.records }));
    const [a, b] = runs;
    if (!a) return null;
    const lines = balanceLines(a.report);
    if (b) lines.push('', ...comparisonLines(compareBalance(a.report, b.report, a.records, b.records)));
    return {
      rates: rateChart(runs),
      lengths: lengthChart(runs),
      metrics: a.report.metrics.map((m) => ({
        name: m.name,
        title: m.title,
        chart: metricChart(runs, m.name),
        caption: metricCaption(runs, m.name),
      })),
      text: lines.join('\n'),
    };
  }, [result, game, t]);
  const isRunning = status.kind === 'running';

  return (
    <section className={`pane balance-panel ${open ? 'open' : ''}`} aria-label={t('balance.title')}>
      <FoldHead title={t('balance.title')} open={open} onToggle={() => setOpen(!open)}>
        {isRunning
          ? t('balance.playing', { done: status.done, total: status.total })
          : result
            ? t('balance.took', {
                games: result.runs[0]?.report.games ?? 0,
                s: formatNumber(result.seconds, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
              })
            : t('balance.meta')}
      </FoldHead>
      {open && (
        <div className="balance-body">
          <div className="balance-form">
            <label className="field">
              {t('balance.games')}{' '}
              <input
                type="number"
                min={1}
                max={100000}
                value={games}
                data-testid="balance-games"
                onChange={(e) => setGames(Math.max(1, Number(e.target.value) || 1))}
              />
            </label>
            <label className="field">
              {t('balance.playersField')}{' '}
              <input
                type="number"
                min={game?.players.min ?? 1}
                max={game?.players.max ?? 8}
                value={n}
                onChange={(e) => setPlayers(Number(e.target.value) || null)}
              />
            </label>
            <label className="field">
              {t('balance.seed')} <input value={seed} onChange={(e) => setSeed(e.target.value)} className="seed-input" />
            </label>
            <label className="field" title={t('balance.iterationsTitle')}>
              {t('balance.iterations')}{' '}
              <input
                type="number"
                min={1}
                value={iterations}
                onChange={(e) => setIterations(Math.max(1, Number(e.target.value) || 1))}
                data-testid="balance-iterations"
              />
            </label>
            {seatBots.map((b, i) => (
              <label className="field" key={i}>
                {seatNames[i] ?? t('people.player', { n: i + 1 })}{' '}
                <select
                  value={b}
                  data-testid={`balance-bot-${i}`}
                  onChange={(e) => setBots(Object.assign([...seatBots], { [i]: e.target.value }))}
                >
                  {names.map((name) => (
                    <option key={name} value={name} title={game?.bots[name]?.description}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <label className="field" title={t('balance.rotateTitle')}>
              <input type="checkbox" checked={rotate} onChange={(e) => setRotate(e.target.checked)} /> {t('balance.rotate')}
            </label>
            <label className="field" title={changed ? t('balance.compareTitle') : t('balance.compareOff')}>
              <input type="checkbox" checked={compare && changed} disabled={!changed} onChange={(e) => setCompare(e.target.checked)} />{' '}
              {t('balance.compare')}
            </label>
            <label className="field" title={t('balance.coverageTitle')}>
              <input
                type="checkbox"
                checked={countCoverage}
                onChange={(e) => setCountCoverage(e.target.checked)}
                data-testid="balance-coverage"
              />{' '}
              {t('balance.coverage')}
            </label>
            {isRunning ? (
              <button type="button" className="btn small" onClick={cancel} data-testid="balance-cancel">
                {t('common.cancel')}
              </button>
            ) : (
              <button
                type="button"
                className="btn primary small"
                disabled={!game || !input}
                onClick={() => void start()}
                data-testid="balance-run"
              >
                {t('balance.run', { cores: cores() })}
              </button>
            )}
          </div>
          {isRunning && (
            <progress className="balance-progress" max={status.total} value={status.done} data-testid="balance-progress">
              {t('balance.progress', { done: status.done, total: status.total })}
            </progress>
          )}
          {status.kind === 'cancelled' && <p className="empty-note">{t('balance.cancelled')}</p>}
          {status.kind === 'error' && <div className="error-box">{status.message}</div>}
          <SweepSection
            input={input}
            game={game}
            games={games}
            job={{
              seed: /^\d+$/.test(seed) ? Number(seed) : seed,
              players: n,
              bots: seatBots,
              botOptions: { iterations },
              rotate,
              maxTurns: 1000,
            }}
            workers={cores()}
            spawner={spawner}
          />
          {result && shown && (
            <div className="balance-result" data-testid="balance-result">
              <ChartCanvas config={shown.rates} testId="balance-rates" />
              <ChartCanvas config={shown.lengths} testId="balance-lengths" />
              {shown.metrics.map((m) => (
                <figure className="balance-metric" key={m.name} data-testid={`balance-metric-${m.name}`}>
                  <figcaption>
                    <strong>{m.title}</strong>
                    {m.caption.map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </figcaption>
                  <ChartCanvas config={m.chart} testId={`balance-metric-chart-${m.name}`} />
                </figure>
              ))}
              <p className="balance-engine" data-testid="balance-engine" data-engine={result.engine.engine}>
                {engineLine(result.engine, result.noFrame)}
              </p>
              <pre className="balance-text">{shown.text}</pre>
              {result.coverage && <CoverageSection report={result.coverage} {...(onReveal ? { onReveal } : {})} />}
            </div>
          )}
        </div>
      )}
    </section>
  );
};

export const BalancePanel = memo(BalancePanelInner);
