/**
 * The playtest's "Hint": the move the `ismcts` bot would make for the seat to act, and the moves it
 * weighed — how many playouts began with each (visits) and their mean result — best first.
 */
import { useEffect, useState } from 'react';
import { NO_WINNER_SHARE } from '../../bots/index.ts';
import type { HintRow } from './protocol.ts';
import { HINT_MS, type HintControl } from './useHint.ts';
import './hint.css';

/** Rows shown before "Show all": the few moves worth reading. */
const TOP = 5;

const pct = (x: number): string => `${Math.round(x * 100)}%`;

const budgetText = `about ${HINT_MS / 1000} s`;

interface Props {
  hint: HintControl;
  /** The seat the hint is for, as the board names it. */
  seatName: string;
}

export const HintPanel = ({ hint, seatName }: Props) => {
  const { status } = hint;
  const [all, setAll] = useState(false);
  useEffect(() => setAll(false), [status]);
  return (
    <div className="hint-panel" data-testid="hint-panel" aria-busy={status.kind === 'thinking'}>
      <div className="hint-head">
        {status.kind === 'thinking' ? (
          <>
            <progress aria-label={`The bot is thinking for ${seatName}`} />
            <span className="hint-note">Thinking for {seatName} ({budgetText})…</span>
            <button type="button" className="btn small" onClick={hint.dismiss} data-testid="hint-cancel">
              Cancel hint
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn small"
            onClick={hint.ask}
            data-testid="hint"
            title={`The move the ismcts bot would make for ${seatName}, from what ${seatName} can see. It thinks for ${budgetText}, so two hints for the same position may differ.`}
          >
            {status.kind === 'idle' ? 'Hint' : 'Hint again'}
          </button>
        )}
        {(status.kind === 'done' || status.kind === 'failed') && (
          <button type="button" className="btn ghost small" onClick={hint.dismiss} aria-label="Close the hint">
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
        <HintResult rows={status.hint.rows} iterations={status.hint.iterations} seatName={seatName} all={all} onAll={() => setAll(!all)} />
      )}
    </div>
  );
};

const HintResult = ({ rows, iterations, seatName, all, onAll }: { rows: readonly HintRow[]; iterations: number; seatName: string; all: boolean; onAll: () => void }) => {
  const best = rows[0];
  if (!best) return null;
  const shown = all ? rows : rows.slice(0, TOP);
  if (rows.length === 1 && iterations === 0) {
    return (
      <div className="hint-result">
        <p className="hint-best" role="status">
          Hint for {seatName}: <strong data-testid="hint-move">{best.label}</strong> — the only legal move, so there was nothing to weigh.
        </p>
      </div>
    );
  }
  return (
    <div className="hint-result">
      <p className="hint-best" role="status">
        Hint for {seatName}: <strong data-testid="hint-move">{best.label}</strong>
      </p>
      <table className="hint-table" data-testid="hint-table">
        <caption>
          The moves the bot weighed in {iterations.toLocaleString('en')} playouts, best first. Visits: the playouts that began with the move. Mean result: the mean result of those
          playouts for {seatName}, 100% = a win (a little less the longer it took), 0% = a loss; a game nobody wins, and a playout stopped before the end, are scored by the spec's
          evaluation, a game nobody wins below {pct(NO_WINNER_SHARE)}.
        </caption>
        <thead>
          <tr>
            <th scope="col">Move</th>
            <th scope="col">Visits</th>
            <th scope="col">Share</th>
            <th scope="col">Mean result</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => (
            <tr key={r.label} className={i === 0 ? 'best' : undefined}>
              <td>{r.label}</td>
              <td>{r.visits.toLocaleString('en')}</td>
              <td>{pct(r.share)}</td>
              <td>{r.visits > 0 ? pct(r.mean) : 'not tried'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > TOP && (
        <button type="button" className="btn ghost small" aria-expanded={all} onClick={onAll} data-testid="hint-all">
          {all ? `Show the top ${TOP}` : `Show all ${rows.length} moves`}
        </button>
      )}
    </div>
  );
};
