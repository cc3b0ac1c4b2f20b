/**
 * The sweep in the Balance panel: one numeric param stepped over a range, the panel's games
 * played for each value on the same seeds (in the panel's workers), then the curves of win rate,
 * first-player advantage and game length against the param, with the values where the advantage
 * cannot be told from zero named.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CompiledGame, CompileInput } from '../../compile/index.ts';
import type { NumberParamSpec } from '../../spec/types.ts';
import { balance } from '../../sim/balance.ts';
import { parseSweep, sweepPoint, sweepSettings, type SweepPoint } from '../../sim/sweep.ts';
import { Cancelled, mergeEngines, runPool, type PoolRun, type WorkerLike } from './pool.ts';
import type { EngineReport } from '../../lang/index.ts';
import { engineLine } from '../engineLine.ts';
import { frameMissing, type NoFrame } from '../sandbox/frameClient.ts';
import type { BalanceJob } from './protocol.ts';
import { sweepCharts } from './sweepCharts.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import { useT } from '../i18n/index.ts';

interface Props {
  input: CompileInput | null;
  game: CompiledGame | undefined;
  games: number;
  job: Omit<BalanceJob, 'input' | 'from' | 'to'>;
  workers: number;
  /** The panel's workers: a way to start one, once it is known where they run. */
  spawner: () => Promise<() => WorkerLike>;
}

export const SweepSection = ({ input, game, games, job, workers, spawner }: Props) => {
  const t = useT();
  const numeric = useMemo(
    () => Object.entries(game?.params ?? {}).filter((entry): entry is [string, NumberParamSpec] => entry[1].type === 'number'),
    [game],
  );
  const [param, setParam] = useState('');
  const chosen = numeric.find(([name]) => name === param) ?? numeric[0];
  const [range, setRange] = useState({ from: '', to: '', step: '' });
  const [status, setStatus] = useState<{ done: number; total: number } | { error: string } | { cancelled: true } | null>(null);
  const [points, setPoints] = useState<{ param: string; points: SweepPoint[]; engine: EngineReport; noFrame: NoFrame | undefined } | null>(
    null,
  );
  const running = useRef<PoolRun | null>(null);
  useEffect(() => () => running.current?.cancel(), []);
  if (!game || !input || !chosen) return null;
  const [name, spec] = chosen;
  const text = `${name}=${range.from || spec.min || 0}..${range.to || spec.max || spec.default}:${range.step || spec.step || 1}`;

  const start = async (): Promise<void> => {
    const parsed = parseSweep(text, game.params);
    if ('error' in parsed) {
      setStatus({ error: parsed.error });
      return;
    }
    const settings = sweepSettings(parsed.axes);
    const total = settings.length * games;
    let done = 0;
    setPoints(null);
    setStatus({ done, total });
    const out: SweepPoint[] = [];
    const engines: EngineReport[] = [];
    try {
      const spawn = await spawner();
      for (const setting of settings) {
        running.current = runPool({ ...job, input: { ...input, params: { ...input.params, ...setting } } }, games, workers, spawn, () =>
          setStatus({ done: ++done, total }),
        );
        const { records, engine } = await running.current.done;
        engines.push(engine);
        out.push(
          sweepPoint(setting, balance(game, records, { seed: job.seed, players: job.players, bots: job.bots, botOptions: job.botOptions })),
        );
      }
      setPoints({ param: name, points: out, engine: mergeEngines(engines), noFrame: frameMissing() });
      setStatus(null);
    } catch (error) {
      setStatus(error instanceof Cancelled ? { cancelled: true } : { error: (error as Error).message });
    } finally {
      running.current = null;
    }
  };

  // Worded in the interface's language (sweepCharts calls t): made on each render, so a change of language shows.
  const charts = points ? sweepCharts(points.points, points.param) : null;
  const busy = status !== null && 'done' in status;
  return (
    <div className="sweep" data-testid="sweep">
      <div className="balance-form">
        <span className="pane-title">{t('sweep.title')}</span>
        <label className="field">
          {t('sweep.param')}{' '}
          <select value={name} data-testid="sweep-param" onChange={(e) => setParam(e.target.value)}>
            {numeric.map(([n, p]) => (
              <option key={n} value={n} title={p.description}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {(['from', 'to', 'step'] as const).map((k) => (
          <label className="field" key={k}>
            {k === 'from' ? t('sweep.from') : k === 'to' ? t('sweep.to') : t('sweep.step')}{' '}
            <input
              type="number"
              value={range[k]}
              placeholder={String(k === 'from' ? (spec.min ?? 0) : k === 'to' ? (spec.max ?? spec.default) : (spec.step ?? 1))}
              data-testid={`sweep-${k}`}
              onChange={(e) => setRange({ ...range, [k]: e.target.value })}
            />
          </label>
        ))}
        {busy ? (
          <button type="button" className="btn small" onClick={() => running.current?.cancel()} data-testid="sweep-cancel">
            {t('common.cancel')}
          </button>
        ) : (
          <button
            type="button"
            className="btn primary small"
            onClick={() => void start()}
            data-testid="sweep-run"
            title={t('sweep.runTitle', { games })}
          >
            {t('sweep.run', { range: text })}
          </button>
        )}
      </div>
      {busy && 'done' in status && (
        <progress className="balance-progress" max={status.total} value={status.done} data-testid="sweep-progress" />
      )}
      {status && 'error' in status && <div className="error-box">{status.error}</div>}
      {status && 'cancelled' in status && <p className="empty-note">{t('balance.cancelled')}</p>}
      {charts && points && (
        <div className="balance-result" data-testid="sweep-result">
          <ChartCanvas config={charts.wins} testId="sweep-wins" />
          {charts.advantage && <ChartCanvas config={charts.advantage} testId="sweep-advantage" />}
          <ChartCanvas config={charts.turns} testId="sweep-turns" />
          <p className="empty-note" data-testid="sweep-even">
            {charts.advantage
              ? charts.even.length > 0
                ? t('sweep.even', { param: points.param, values: charts.even.join(', ') })
                : t('sweep.distinguishable', { param: points.param })
              : t('sweep.noAdvantage')}
          </p>
          <p className="balance-engine" data-testid="sweep-engine" data-engine={points.engine.engine}>
            {engineLine(points.engine, points.noFrame)}
          </p>
        </div>
      )}
    </div>
  );
};
