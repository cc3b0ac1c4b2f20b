/**
 * The exact-turn panel: the best play of one seat's turn from the start of a game of the current
 * rules, and its exact expected value (`houserules analyze`), computed in a Web Worker. The
 * objective starts as the spec's displayed score. Where an exact answer cannot be had (hidden
 * information, chance other than dice, too many states) the worker's reason is shown.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { FoldHead } from '../app/FoldHead.tsx';
import type { Analysis } from '../../analyze/index.ts';
import { DEFAULT_MIN_REACH, policyRuleData, type PolicyRule } from '../../analyze/table.ts';
import type { CompiledGame, CompileInput } from '../../compile/index.ts';
import { seatLabels } from '../balance/words.ts';
import type { AnalysisJob, AnalysisReply } from './protocol.ts';
import './lab.css';
import { formatNumber, t as translate, useT, type Translate } from '../i18n/index.ts';

interface Props {
  input: CompileInput | null;
  game: CompiledGame | undefined;
}

type Outcome =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running' }
  | { readonly kind: 'done'; readonly input: CompileInput; readonly analysis: Analysis; readonly seconds: number }
  | { readonly kind: 'refused'; readonly input: CompileInput; readonly error: string };

const SEED = 1;

const fixed = (v: number): string => {
  const digits = Math.abs(v) >= 100 ? 1 : 3;
  return formatNumber(v, { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

/** A share or an expected number of visits as a percent, with the digits a small one needs (as the CLI's `percent`). */
const reachPercent = (p: number): string =>
  formatNumber(p, {
    style: 'percent',
    ...(p > 0 && p < 0.001
      ? { maximumSignificantDigits: 2 }
      : { minimumFractionDigits: p < 0.01 ? 2 : 1, maximumFractionDigits: p < 0.01 ? 2 : 1 }),
  });

/** A rule of thumb in words: "with Dice to roll 2: Roll at Turn points 0–450, Bank at …". */
const ruleText = (rule: PolicyRule): string => {
  const given = rule.given.join(', ');
  const { axis } = rule;
  if (axis === null) return [given, rule.runs[0]?.best ?? ''].filter((part) => part !== '').join(': ');
  const said = rule.runs.map((run) => translate('lab.bestAt', { move: run.best, column: axis, range: run.range })).join(', ');
  return given ? translate('lab.with', { given, said }) : said;
};
const cell = (v: unknown): string => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

const ExactTurnPanelInner = ({ input, game }: Props) => {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [objective, setObjective] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const worker = useRef<Worker | null>(null);
  const shownObjective = objective ?? game?.spec.display?.score?.value ?? '';

  const stop = (): void => {
    worker.current?.terminate();
    worker.current = null;
  };
  useEffect(() => stop, []);

  const run = (): void => {
    if (!input || !game) return;
    stop();
    const job: AnalysisJob = { input, objective: shownObjective, players: game.players.default, seed: SEED };
    const w = new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    const t0 = performance.now();
    setOutcome({ kind: 'running' });
    w.onmessage = (event: MessageEvent<AnalysisReply>) => {
      const reply = event.data;
      setOutcome(
        reply.kind === 'done'
          ? { kind: 'done', input, analysis: reply.analysis, seconds: (performance.now() - t0) / 1000 }
          : { kind: 'refused', input, error: reply.error },
      );
      stop();
    };
    w.onerror = (event) => {
      setOutcome({ kind: 'refused', input, error: event.message || t('lab.failed') });
      stop();
    };
    w.postMessage(job);
  };
  const cancel = (): void => {
    stop();
    setOutcome({ kind: 'idle' });
  };

  const stale = (outcome.kind === 'done' || outcome.kind === 'refused') && outcome.input !== input;
  const seatName = (seat: number): string =>
    (game ? seatLabels(game, game.players.default)[seat] : undefined) ?? t('people.player', { n: seat + 1 });

  return (
    <section className={`pane exact-panel ${open ? 'open' : ''}`} aria-label={t('lab.title')}>
      <FoldHead title={t('lab.title')} open={open} onToggle={() => setOpen(!open)}>
        {t('lab.meta')}
      </FoldHead>
      {open && (
        <div className="exact-body">
          <form
            className="exact-form"
            onSubmit={(e) => {
              e.preventDefault();
              run();
            }}
          >
            <label className="field">
              {t('lab.objective')}{' '}
              <input
                value={shownObjective}
                onChange={(e) => setObjective(e.target.value)}
                placeholder={t('lab.objectivePlaceholder')}
                spellCheck={false}
                data-testid="exact-objective"
                title={t('lab.objectiveTitle')}
              />
            </label>
            {outcome.kind === 'running' ? (
              <button type="button" className="btn small" onClick={cancel} data-testid="exact-cancel">
                {t('common.cancel')}
              </button>
            ) : (
              <button
                type="submit"
                className="btn primary small"
                disabled={!game || !input || shownObjective.trim() === ''}
                data-testid="exact-run"
              >
                {t('lab.run')}
              </button>
            )}
          </form>
          {outcome.kind === 'running' && <p className="empty-note">{t('lab.running')}</p>}
          {stale && <p className="empty-note">{t('lab.stale')}</p>}
          {outcome.kind === 'refused' && (
            <div className="error-box" data-testid="exact-refused">
              {t('lab.refused', { error: outcome.error })}
            </div>
          )}
          {outcome.kind === 'done' && <AnalysisView analysis={outcome.analysis} seconds={outcome.seconds} seatName={seatName} t={t} />}
        </div>
      )}
    </section>
  );
};

const AnalysisView = ({
  analysis: a,
  seconds,
  seatName,
  t,
}: {
  analysis: Analysis;
  seconds: number;
  seatName: (seat: number) => string;
  t: Translate;
}) => {
  const table = { columns: a.columns, labels: a.labels, rows: a.policy };
  return (
    <div className="exact-result" data-testid="exact-result">
      <p className="exact-value">
        {t('lab.firstTurn', { seat: seatName(a.seat) })} <strong data-testid="exact-expected">{fixed(a.expected)}</strong> {t('lab.of')}{' '}
        <code>{a.objective}</code>
      </p>
      <p className="exact-meta">
        {t('lab.resultMeta', {
          bound: formatNumber(a.errorBound, { maximumSignificantDigits: 2 }),
          states: a.states,
          s: formatNumber(seconds, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        })}
      </p>
      {table.rows.length === 0 ? (
        <p className="empty-note">{t('lab.noDecision')}</p>
      ) : (
        <>
          <p className="exact-meta">{t('lab.bestPlay')}</p>
          <ul className="exact-rules">
            {policyRuleData(table)
              .map(ruleText)
              .map((line) => (
                <li key={line}>{line}</li>
              ))}
          </ul>
          <table className="exact-policy" data-testid="exact-policy">
            <caption>{t('lab.reachCaption', { share: reachPercent(DEFAULT_MIN_REACH) })}</caption>
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th key={c} scope="col">
                    {table.labels[i] ?? c}
                  </th>
                ))}
                <th scope="col">{t('lab.reach')}</th>
                <th scope="col">{t('lab.best')}</th>
                <th scope="col">{t('lab.values')}</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={i}>
                  {table.columns.map((c) => (
                    <td key={c}>{cell(r.state[c])}</td>
                  ))}
                  <td>{reachPercent(r.reach)}</td>
                  <td>{r.mixed ? t('lab.mostly', { move: r.best }) : r.best}</td>
                  <td>{r.alternatives.map((alt) => `${alt.move} ${fixed(alt.value)}`).join(t('lab.separator'))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
};

export const ExactTurnPanel = memo(ExactTurnPanelInner);
