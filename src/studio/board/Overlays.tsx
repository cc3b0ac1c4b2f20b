/** Screens laid over the board: the hot-seat hand-over and the end of the game. */
import type { ShownValue } from '../../display/present.ts';
import type { People } from '../play/gameInfo.ts';

/** `name` is the seat in the game's own names (its team, when it has one); `people` names seats. */
export const HandOver = ({ seat, name, people, onReady }: { seat: number; name: string; people: People; onReady: () => void }) => (
  <div className="overlay handover" data-testid="handover" role="dialog" aria-label="Hand over">
    <div className="overlay-card">
      <p className="overlay-kicker">Hot seat</p>
      <h2>Pass the device to {name || people.seat(seat)}</h2>
      <p>The other players' hidden pieces stay covered until {people.seat(seat)} is ready.</p>
      <button type="button" className="btn primary" onClick={onReady} data-testid="handover-ready" autoFocus>
        I am {people.seat(seat)} — show my pieces
      </button>
    </div>
  </div>
);

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

export const GameOver = ({ headline, winners, people, standings, moves, onNewGame, onClose }: GameOverProps) => (
  <div className="overlay game-over" data-testid="game-over" role="dialog" aria-label="Game over">
    <div className="overlay-card">
      <p className="overlay-kicker">Game over after {moves} move(s)</p>
      <h2>{headline}</h2>
      <Standings standings={standings} winners={winners} people={people} />
      <div className="overlay-actions">
        <button type="button" className="btn primary" onClick={onNewGame}>
          New game
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Look at the board
        </button>
      </div>
    </div>
  </div>
);
