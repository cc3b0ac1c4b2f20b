/**
 * The table for any spec, in its players' words: the table's zones and the values the spec shows
 * (display:), then one panel per team and seat with its name, score, values and zones. Whose turn
 * it is and who may act are marked on the seats. The engine's own variables are in the inspect
 * view, for spec authors, never on the table itself.
 */
import { useState } from 'react';
import { pieceName, scoreOf, shownProp, shownVars, zoneLabel, zoneShown } from '../../display/present.ts';
import type { GameView, ZoneView } from '../../engine/types.ts';
import { teamOfSeat, type GameInfo, type People } from '../play/gameInfo.ts';
import { Counters, Shown } from './Counters.tsx';
import type { Looks } from './pieceLook.ts';
import { ZoneRow } from './ZoneRow.tsx';

import { HUMAN, type SeatKind } from '../play/seats.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  view: GameView;
  game: GameInfo;
  people: People;
  looks: Looks;
  seats: readonly SeatKind[];
  /** The bots a seat can be given (from the engine, including the spec's own strategies). */
  botNames: readonly string[];
  /** Lets the seat's kind be changed here (the playtest); without it, `seatLabel` says who plays it. */
  onSeatKind?: (seat: number, kind: SeatKind) => void;
  seatLabel?: (seat: number) => string;
  acting: ReadonlySet<number>;
  selectable: ReadonlySet<string>;
  picked: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

const descriptions = (vars: Record<string, { description?: string }> | undefined): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(vars ?? {}).map(([k, v]) => [k, v.description]));

export const Board = (props: Props) => {
  const { view, game, people, looks, seats, botNames, onSeatKind, acting } = props;
  const t = useT();
  const [inspect, setInspect] = useState(false);
  const spec = game.spec;
  const ctx = view.context;
  const faceLooks: Looks = { ...looks, prop: (name, value) => shownProp(game, ctx, name, value) };
  const zoneRow = (zone: ZoneView) => (
    <ZoneRow
      key={`${zone.name}:${zone.ownerIndex ?? ''}`}
      zone={zone}
      title={zoneLabel(game, zone.name)}
      description={spec.zones?.[zone.name]?.description}
      looks={faceLooks}
      nameOf={(piece) => pieceName(game, ctx, piece)}
      selectable={props.selectable}
      picked={props.picked}
      onToggle={props.onToggle}
    />
  );
  const onTable = view.zones.filter((z) => zoneShown(game, z.name));
  const gameZones = onTable.filter((z) => z.owner === 'game');
  const zonesOf = (owner: 'player' | 'team', index: number) => onTable.filter((z) => z.owner === owner && z.ownerIndex === index);
  const seatPanel = (seat: number) => {
    const kind = seats[seat] ?? HUMAN;
    const team = teamOfSeat(game.spec, seat, ctx.numPlayers);
    const score = scoreOf(game, ctx, seat);
    return (
      <section
        key={seat}
        className={`seat ${ctx.active === seat ? 'is-active' : ''} ${acting.has(seat) ? 'is-acting' : ''} ${view.seat === seat ? 'is-viewer' : ''}`}
        data-seat={seat}
      >
        <header className="seat-head">
          <span className="seat-turn" aria-hidden>
            {ctx.active === seat ? '▶' : ''}
          </span>
          <span className="seat-name">{people.seat(seat)}</span>
          {team !== null && <span className={`team-tag team-${team % 4}`}>{people.team(team)}</span>}
          {view.seat === seat && (
            <span className="seat-you" title={t('board.viewTitle')}>
              {t('board.view')}
            </span>
          )}
          {onSeatKind ? (
            <select
              className="seat-kind"
              data-testid={`seat-${seat}`}
              value={kind}
              onChange={(e) => onSeatKind(seat, e.target.value)}
              aria-label={t('board.playedBy', { name: people.seat(seat) })}
            >
              <option value={HUMAN}>{t('board.human')}</option>
              {botNames.map((name) => (
                <option key={name} value={name}>
                  {t('board.bot', { name })}
                </option>
              ))}
            </select>
          ) : (
            <span className="seat-kind" data-testid={`seat-${seat}`}>
              {props.seatLabel?.(seat) ?? kind}
            </span>
          )}
        </header>
        <Shown values={[...(score ? [score] : []), ...shownVars(game, ctx, 'player', seat)]} score={score !== null} />
        {inspect && <Counters vars={ctx.players[seat] ?? {}} descriptions={descriptions(spec.vars?.player)} />}
        <div className="zones">{zonesOf('player', seat).map(zoneRow)}</div>
      </section>
    );
  };
  const seatsList = Array.from({ length: ctx.numPlayers }, (_, i) => i);
  const teamCount = game.spec.teams?.ids.length ?? 0;
  return (
    <div className="board-table">
      <section className="table-area">
        <header className="area-head">
          {t('board.table')}
          <label className="inspect-toggle" title={t('board.inspectTitle')}>
            <input type="checkbox" checked={inspect} onChange={(e) => setInspect(e.target.checked)} data-testid="inspect" />{' '}
            {t('board.inspect')}
          </label>
        </header>
        <Shown values={shownVars(game, ctx, 'game')} />
        {inspect && (
          <div className="inspect" data-testid="inspect-vars">
            <Counters vars={ctx.game} descriptions={descriptions(spec.vars?.game)} />
          </div>
        )}
        <div className="zones">{gameZones.map(zoneRow)}</div>
      </section>
      {teamCount > 0 ? (
        <div className="teams">
          {Array.from({ length: teamCount }, (_, t) => (
            <section key={t} className={`team team-${t % 4}`} data-team={t}>
              <header className="area-head">{people.team(t)}</header>
              <Shown values={shownVars(game, ctx, 'team', t)} />
              {inspect && <Counters vars={ctx.teams[t] ?? {}} descriptions={descriptions(spec.vars?.team)} />}
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
