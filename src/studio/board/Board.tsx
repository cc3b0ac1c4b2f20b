/**
 * The table for any spec: the game's own zones and counters, then one panel per team and seat
 * with its counters and zones. Whose turn it is and who may act are marked on the seats.
 */
import type { GameView, ZoneView } from '../../engine/types.ts';
import { seatName, teamOfSeat, teamTitle, type GameInfo } from '../play/gameInfo.ts';
import { Counters } from './Counters.tsx';
import type { Looks } from './pieceLook.ts';
import { ZoneRow } from './ZoneRow.tsx';

import { HUMAN, type SeatKind } from '../play/seats.ts';

interface Props {
  view: GameView;
  game: GameInfo;
  looks: Looks;
  seats: readonly SeatKind[];
  /** The bots a seat can be given (from the engine, including the spec's own strategies). */
  botNames: readonly string[];
  onSeatKind: (seat: number, kind: SeatKind) => void;
  acting: ReadonlySet<number>;
  selectable: ReadonlySet<string>;
  picked: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

const descriptions = (vars: Record<string, { description?: string }> | undefined): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(vars ?? {}).map(([k, v]) => [k, v.description]));

export const Board = (props: Props) => {
  const { view, game, looks, seats, botNames, onSeatKind, acting } = props;
  const spec = game.spec;
  const ctx = view.context;
  const zoneRow = (zone: ZoneView) => (
    <ZoneRow
      key={`${zone.name}:${zone.ownerIndex ?? ''}`}
      zone={zone}
      title={zone.name}
      description={spec.zones?.[zone.name]?.description}
      looks={looks}
      selectable={props.selectable}
      picked={props.picked}
      onToggle={props.onToggle}
    />
  );
  const gameZones = view.zones.filter((z) => z.owner === 'game');
  const zonesOf = (owner: 'player' | 'team', index: number) => view.zones.filter((z) => z.owner === owner && z.ownerIndex === index);
  const seatPanel = (seat: number) => {
    const kind = seats[seat] ?? HUMAN;
    const team = teamOfSeat(game.spec, seat, ctx.numPlayers);
    return (
      <section
        key={seat}
        className={`seat ${ctx.active === seat ? 'is-active' : ''} ${acting.has(seat) ? 'is-acting' : ''} ${view.seat === seat ? 'is-viewer' : ''}`}
        data-seat={seat}
      >
        <header className="seat-head">
          <span className="seat-turn" aria-hidden>{ctx.active === seat ? '▶' : ''}</span>
          <span className="seat-name">{seatName(seat)}</span>
          {team !== null && <span className={`team-tag team-${team % 4}`}>{teamTitle(game.spec, team)}</span>}
          {view.seat === seat && <span className="seat-you" title="The board shows this seat's view">view</span>}
          <select
            className="seat-kind"
            data-testid={`seat-${seat}`}
            value={kind}
            onChange={(e) => onSeatKind(seat, e.target.value)}
            aria-label={`${seatName(seat)} is played by`}
          >
            <option value={HUMAN}>human</option>
            {botNames.map((name) => (
              <option key={name} value={name}>
                {name} bot
              </option>
            ))}
          </select>
        </header>
        <Counters vars={ctx.players[seat] ?? {}} descriptions={descriptions(spec.vars?.player)} />
        <div className="zones">{zonesOf('player', seat).map(zoneRow)}</div>
      </section>
    );
  };
  const seatsList = Array.from({ length: ctx.numPlayers }, (_, i) => i);
  const teamCount = game.spec.teams?.ids.length ?? 0;
  return (
    <div className="board-table">
      <section className="table-area">
        <header className="area-head">Table</header>
        <Counters vars={ctx.game} descriptions={descriptions(spec.vars?.game)} />
        <div className="zones">{gameZones.map(zoneRow)}</div>
      </section>
      {teamCount > 0 ? (
        <div className="teams">
          {Array.from({ length: teamCount }, (_, t) => (
            <section key={t} className={`team team-${t % 4}`} data-team={t}>
              <header className="area-head">{teamTitle(game.spec, t)}</header>
              <Counters vars={ctx.teams[t] ?? {}} descriptions={descriptions(spec.vars?.team)} />
              <div className="zones">{zonesOf('team', t).map(zoneRow)}</div>
              <div className="seats">{seatsList.filter((s) => teamOfSeat(game.spec, s, ctx.numPlayers) === t).map(seatPanel)}</div>
            </section>
          ))}
        </div>
      ) : (
        <div className="seats">{seatsList.map(seatPanel)}</div>
      )}
    </div>
  );
};
