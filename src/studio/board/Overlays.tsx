/** Screens laid over the board: the hot-seat hand-over and the end of the game. */
import type { ShownValue } from '../../display/present.ts';
import type { People } from '../play/gameInfo.ts';
import { useT } from '../i18n/index.ts';

/** `name` is the seat in the game's own names (its team, when it has one); `people` names seats. */
export const HandOver = ({ seat, name, people, onReady }: { seat: number; name: string; people: People; onReady: () => void }) => {
  const t = useT();
  return (
    <div className="overlay handover" data-testid="handover" role="dialog" aria-label={t('overlay.handOver')}>
      <div className="overlay-card">
        <p className="overlay-kicker">{t('overlay.hotSeat')}</p>
        <h2>{t('overlay.pass', { name: name || people.seat(seat) })}</h2>
        <p>{t('overlay.covered', { name: people.seat(seat) })}</p>
        <button type="button" className="btn primary" onClick={onReady} data-testid="handover-ready" autoFocus>
          {t('overlay.ready', { name: people.seat(seat) })}
        </button>
      </div>
    </div>
  );
};

interface GameOverProps {
  /** Who won, in words ("Team A (attack) won", "Player 2 won", "Everybody lost"). */
  headline: string;
  winners: readonly number[];
  people: People;
  /** Each seat's score and shown values, as the spec's display gives them: the final standings. */
  standings: readonly (readonly ShownValue[])[];
  moves: number;
  onNewGame: () => void;
  onClose: () => void;
}

const Standings = ({ standings, winners, people }: Pick<GameOverProps, 'standings' | 'winners' | 'people'>) => {
  const columns = [...new Map(standings.flat().map((v) => [v.name, v.label])).entries()];
  if (standings.length === 0) return null;
  return (
    <table className="standings" data-testid="standings">
      {columns.length > 0 && (
        <thead>
          <tr>
            <th />
            {columns.map(([name, label]) => (
              <th key={name}>{label}</th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {standings.map((values, seat) => (
          <tr key={seat} className={winners.includes(seat) ? 'winner' : ''}>
            <th>
              {winners.includes(seat) ? '★ ' : ''}
              {people.seat(seat)}
            </th>
            {columns.map(([name]) => (
              <td key={name}>{values.find((v) => v.name === name)?.text ?? ''}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
};

export const GameOver = ({ headline, winners, people, standings, moves, onNewGame, onClose }: GameOverProps) => {
  const t = useT();
  return (
    <div className="overlay game-over" data-testid="game-over" role="dialog" aria-label={t('overlay.gameOver')}>
      <div className="overlay-card">
        <p className="overlay-kicker">{t('overlay.gameOverAfter', { moves })}</p>
        <h2>{headline}</h2>
        <Standings standings={standings} winners={winners} people={people} />
        <div className="overlay-actions">
          <button type="button" className="btn primary" onClick={onNewGame}>
            {t('start.newGame')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('overlay.lookAtBoard')}
          </button>
        </div>
      </div>
    </div>
  );
};
