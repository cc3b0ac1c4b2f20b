/**
 * The playtest's "Hint": the move the `ismcts` bot would make for the seat to act, and the moves it
 * weighed — how many playouts began with each (visits) and their mean result — best first.
 */
import { useEffect, useState } from 'react';
import { NO_WINNER_SHARE } from '../../bots/index.ts';
import type { Hint } from './protocol.ts';
import { engineLine } from '../engineLine.ts';
import type { NoFrame } from '../sandbox/frameClient.ts';
import { HINT_MS, type HintControl } from './useHint.ts';
import './hint.css';
import { formatNumber, useT } from '../i18n/index.ts';

/** Rows shown before "Show all": the few moves worth reading. */
const TOP = 5;

const pct = (x: number): string => formatNumber(x, { style: 'percent', maximumFractionDigits: 0 });

interface Props {
  hint: HintControl;
  /** The seat the hint is for, as the board names it. */
  seatName: string;
}

export const HintPanel = ({ hint, seatName }: Props) => {
  const t = useT();
  const budgetText = t('hint.budget', { s: HINT_MS / 1000 });
  const { status } = hint;
  const [all, setAll] = useState(false);
  useEffect(() => setAll(false), [status]);
  return (
    <div className="hint-panel" data-testid="hint-panel" aria-busy={status.kind === 'thinking'}>
      <div className="hint-head">
        {status.kind === 'thinking' ? (
          <>
            <progress aria-label={t('hint.thinkingLabel', { name: seatName })} />
            <span className="hint-note">{t('hint.thinking', { name: seatName, budget: budgetText })}</span>
            <button type="button" className="btn small" onClick={hint.dismiss} data-testid="hint-cancel">
              {t('hint.cancel')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn small"
            onClick={hint.ask}
            data-testid="hint"
            title={t('hint.title', { name: seatName, budget: budgetText })}
          >
            {t(status.kind === 'idle' ? 'hint.hint' : 'hint.again')}
          </button>
        )}
        {(status.kind === 'done' || status.kind === 'failed') && (
          <button type="button" className="btn ghost small" onClick={hint.dismiss} aria-label={t('hint.close')}>
            ✕
          </button>
        )}
      </div>
      {status.kind === 'failed' && (
        <div className="error-box" role="alert" data-testid="hint-error">
          {status.error}
        </div>
      )}
      {status.kind === 'done' && (
        <HintResult hint={status.hint} noFrame={status.noFrame} seatName={seatName} all={all} onAll={() => setAll(!all)} />
      )}
    </div>
  );
};

const HintResult = ({
  hint,
  noFrame,
  seatName,
  all,
  onAll,
}: {
  hint: Hint;
  noFrame: NoFrame | undefined;
  seatName: string;
  all: boolean;
  onAll: () => void;
}) => {
  const t = useT();
  const { rows, iterations, engine } = hint;
  const best = rows[0];
  if (!best) return null;
  const shown = all ? rows : rows.slice(0, TOP);
  if (rows.length === 1 && iterations === 0) {
    return (
      <div className="hint-result">
        <p className="hint-best" role="status">
          {t('hint.for', { name: seatName })} <strong data-testid="hint-move">{best.label}</strong> — {t('hint.only')}
        </p>
      </div>
    );
  }
  return (
    <div className="hint-result">
      <p className="hint-best" role="status">
        {t('hint.for', { name: seatName })} <strong data-testid="hint-move">{best.label}</strong>
      </p>
      <table className="hint-table" data-testid="hint-table">
        <caption>
          {t('hint.caption', { playouts: iterations, name: seatName, win: pct(1), loss: pct(0), noWinner: pct(NO_WINNER_SHARE) })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('hint.move')}</th>
            <th scope="col">{t('hint.visits')}</th>
            <th scope="col">{t('hint.share')}</th>
            <th scope="col">{t('hint.mean')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => (
            <tr key={r.label} className={i === 0 ? 'best' : undefined}>
              <td>{r.label}</td>
              <td>{formatNumber(r.visits)}</td>
              <td>{pct(r.share)}</td>
              <td>{r.visits > 0 ? pct(r.mean) : t('hint.notTried')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > TOP && (
        <button type="button" className="btn ghost small" aria-expanded={all} onClick={onAll} data-testid="hint-all">
          {all ? t('hint.showTop', { count: TOP }) : t('hint.showAll', { count: rows.length })}
        </button>
      )}
      <p className="hint-engine" data-testid="hint-engine" data-engine={engine.engine}>
        {engineLine(engine, noFrame)}
      </p>
    </div>
  );
};
