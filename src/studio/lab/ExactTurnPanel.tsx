/**
 * The exact-turn panel: the best play of one seat's turn from the start of a game of the current
 * rules, and its exact expected value (`houserules analyze`), computed in a Web Worker. The
 * objective starts as the spec's displayed score. Where an exact answer cannot be had (hidden
 * information, chance other than dice, too many states) the worker's reason is shown.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { FoldHead } from '../app/FoldHead.tsx';
import type { Analysis } from '../../analyze/index.ts';
import { percent, policyRules, reachCaption } from '../../analyze/table.ts';
import type { CompiledGame, CompileInput } from '../../compile/index.ts';
import { seatNamesAtStart } from '../../display/present.ts';
import type { AnalysisJob, AnalysisReply } from './protocol.ts';
import './lab.css';
import { useT } from '../i18n/index.ts';

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

const fixed = (v: number): string => (Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(3));
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
      setOutcome(reply.kind === 'done' ? { kind: 'done', input, analysis: reply.analysis, seconds: (performance.now() - t0) / 1000 } : { kind: 'refused', input, error: reply.error });
      stop();
    };
    w.onerror = (event) => {
      setOutcome({ kind: 'refused', input, error: event.message || 'the analysis failed' });
      stop();
    };
    w.postMessage(job);
  };
  const cancel = (): void => {
    stop();
    setOutcome({ kind: 'idle' });
  };

  const stale = (outcome.kind === 'done' || outcome.kind === 'refused') && outcome.input !== input;
  const seatName = (seat: number): string => (game ? (seatNamesAtStart(game, game.players.default)[seat] ?? `Player ${seat + 1}`) : `Player ${seat + 1}`);

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
              objective{' '}
              <input
                value={shownObjective}
                onChange={(e) => setObjective(e.target.value)}
                placeholder="a number to maximise, e.g. players[seat].score"
                spellCheck={false}
                data-testid="exact-objective"
                title="An expression of the rules language, read when the turn is over; seat is the player whose turn it is"
              />
            </label>
            {outcome.kind === 'running' ? (
              <button type="button" className="btn small" onClick={cancel} data-testid="exact-cancel">
                Cancel
              </button>
            ) : (
              <button type="submit" className="btn primary small" disabled={!game || !input || shownObjective.trim() === ''} data-testid="exact-run">
                Analyse the first turn
              </button>
            )}
          </form>
          {outcome.kind === 'running' && <p className="empty-note">Enumerating every roll of the turn…</p>}
          {stale && <p className="empty-note">The rules changed since: analyse again for these rules.</p>}
          {outcome.kind === 'refused' && (
            <div className="error-box" data-testid="exact-refused">
              No exact answer: {outcome.error}
            </div>
          )}
          {outcome.kind === 'done' && <AnalysisView analysis={outcome.analysis} seconds={outcome.seconds} seatName={seatName} />}
        </div>
      )}
    </section>
  );
};

const AnalysisView = ({ analysis: a, seconds, seatName }: { analysis: Analysis; seconds: number; seatName: (seat: number) => string }) => {
  const table = { columns: a.columns, labels: a.labels, rows: a.policy };
  return (
    <div className="exact-result" data-testid="exact-result">
      <p className="exact-value">
        {seatName(a.seat)}'s first turn: expected <strong data-testid="exact-expected">{fixed(a.expected)}</strong> of <code>{a.objective}</code>
      </p>
      <p className="exact-meta">
        error at most {a.errorBound.toPrecision(2)} · {a.states.toLocaleString('en')} decision states · {seconds.toFixed(1)} s
      </p>
      {table.rows.length === 0 ? (
        <p className="empty-note">No decision with two moves or more is reached often enough to list.</p>
      ) : (
        <>
          <p className="exact-meta">Best play, in short:</p>
          <ul className="exact-rules">
            {policyRules(table).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <table className="exact-policy" data-testid="exact-policy">
            <caption>{reachCaption()}</caption>
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th key={c} scope="col">
                    {table.labels[i] ?? c}
                  </th>
                ))}
                <th scope="col">reach</th>
                <th scope="col">best</th>
                <th scope="col">every move's value</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={i}>
                  {table.columns.map((c) => (
                    <td key={c}>{cell(r.state[c])}</td>
                  ))}
                  <td>{percent(r.reach)}</td>
                  <td>{r.best + (r.mixed ? ' (mostly)' : '')}</td>
                  <td>{r.alternatives.map((alt) => `${alt.move} ${fixed(alt.value)}`).join(', ')}</td>
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
