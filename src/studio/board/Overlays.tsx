/** Screens laid over the board: the hot-seat hand-over and the end of the game. */
import type { GameResult, Json } from '../../engine/types.ts';
import { seatName } from '../play/gameInfo.ts';

/** `name` is the seat in the game's own names (its team, when it has one). */
export const HandOver = ({ seat, name, onReady }: { seat: number; name: string; onReady: () => void }) => (
  <div className="overlay handover" data-testid="handover" role="dialog" aria-label="Hand over">
    <div className="overlay-card">
      <p className="overlay-kicker">Hot seat</p>
      <h2>Pass the device to {name || seatName(seat)}</h2>
      <p>The other players' hidden pieces stay covered until {seatName(seat)} is ready.</p>
      <button type="button" className="btn primary" onClick={onReady} data-testid="handover-ready" autoFocus>
        I am {seatName(seat)} — show my pieces
      </button>
    </div>
  </div>
);

interface GameOverProps {
  result: GameResult;
  players: number;
  /** Each seat's variables, shown as the final standings (scores are variables like any other). */
  playerVars: readonly Readonly<Record<string, Json>>[];
  moves: number;
  onNewGame: () => void;
  onClose: () => void;
}

const short = (v: Json | undefined): string => {
  if (Array.isArray(v)) return v.length > 4 ? `[… ${v.slice(-2).map((x) => JSON.stringify(x)).join(', ')}]` : JSON.stringify(v);
  return typeof v === 'string' ? v : JSON.stringify(v);
};

const Standings = ({ vars, winners }: { vars: GameOverProps['playerVars']; winners: readonly number[] }) => {
  const names = [...new Set(vars.flatMap((v) => Object.keys(v)))].slice(0, 5);
  if (vars.length === 0) return null;
  return (
    <table className="standings">
      <thead>
        <tr>
          <th />
          {names.map((n) => (
            <th key={n}>{n}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {vars.map((v, seat) => (
          <tr key={seat} className={winners.includes(seat) ? 'winner' : ''}>
            <th>
              {winners.includes(seat) ? '★ ' : ''}
              {seatName(seat)}
            </th>
            {names.map((n) => (
              <td key={n}>{short(v[n])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
};

export const GameOver = ({ result, players, playerVars, moves, onNewGame, onClose }: GameOverProps) => {
  const everyone = result.winners.length === players && players > 1;
  const headline =
    result.winners.length === 0
      ? 'Everybody lost'
      : everyone
        ? 'Everybody won'
        : `${result.winners.map(seatName).join(' and ')} won`;
  return (
    <div className="overlay game-over" data-testid="game-over" role="dialog" aria-label="Game over">
      <div className="overlay-card">
        <p className="overlay-kicker">Game over after {moves} move(s)</p>
        <h2>{headline}</h2>
        <Standings vars={playerVars} winners={result.winners} />
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
};
