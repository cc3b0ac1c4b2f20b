/**
 * A room of the game server, from this browser's seat (`#/room/<id>`): the board as the server
 * shows this seat, its legal moves as buttons, the log of everything that happened that this seat
 * may read, who is at the table, and for the host the invite links and the take-back. An invite
 * link (`?invite=`) is claimed once, its token kept in the browser and the invite taken out of the
 * address. The rules are the room's, compiled here only to name things; every move is the server's.
 */
import { useEffect, useMemo, useState } from 'react';
import { scoreOf, shownVars, winnersText } from '../../display/present.ts';
import { logText, readsLine } from '../../engine/index.ts';
import type { GameView, Move, Piece } from '../../engine/types.ts';
import type { RoomEvent, SeatInfo } from '../../server/protocol.ts';
import { useAnalysis, type AnalysisInput } from '../analysis/useAnalysis.ts';
import { replaceHash } from '../app/route.ts';
import { Board } from '../board/Board.tsx';
import { describeMove, visiblePieces } from '../board/describeMove.ts';
import { MoveBar } from '../board/MoveBar.tsx';
import { looksFromSpec } from '../board/pieceLook.ts';
import { analyseSelection, toggled } from '../board/selection.ts';
import { ErrorBoundary } from '../app/ErrorBoundary.tsx';
import { loadRoomPass, saveRoomPass, type RoomPass } from '../persist/storage.ts';
import { peopleOf, type People } from '../play/gameInfo.ts';
import { HUMAN } from '../play/seats.ts';
import { claimSeat, linkTo, readRoom, type RoomInfo } from './api.ts';
import { useRoom } from './useRoom.ts';
import { useT, type Translate } from '../i18n/index.ts';
import '../styles/online.css';

/** The studio's input for the room's rules, as the server keeps them. */
const inputOf = (info: RoomInfo): AnalysisInput => ({
  base: { file: 'game.yaml', text: info.files['game.yaml'] ?? '' },
  variants: info.variants.map((id) => ({ file: `variants/${id}.yaml`, text: info.files[`variants/${id}.yaml`] ?? '' })),
  params: { ...info.params },
});

/** Claims the invite in the address, if any, then gives this browser's pass for the room. */
const usePass = (room: string, invite: string | null): { pass: RoomPass | null; problem: string | null } => {
  const [pass, setPass] = useState<RoomPass | null>(invite ? null : loadRoomPass(room));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!invite) return;
    let live = true;
    void claimSeat(room, invite).then((answer) => {
      if (!live) return;
      replaceHash(`#/room/${encodeURIComponent(room)}`);
      const kept = loadRoomPass(room);
      if (answer.ok) {
        const next = { ...kept, seat: answer.value.seat, token: answer.value.token };
        saveRoomPass(room, next);
        setPass(next);
        return;
      }
      // Claimed already: by this browser (it has the seat's token) or by somebody else.
      if (answer.code !== 'invite-used' || !kept.token) setProblem(answer.message);
      setPass(kept);
    });
    return () => {
      live = false;
    };
  }, [room, invite]);
  return { pass, problem };
};

const presence = (t: Translate, seat: SeatInfo | undefined): string =>
  !seat
    ? ''
    : seat.bot
      ? t('board.bot', { name: seat.bot })
      : seat.connected > 0
        ? t('online.here')
        : seat.claimed
          ? t('online.away')
          : t('online.invited');

const EventLines = ({ event, reader }: { event: RoomEvent; reader: number | null }) => (
  <>
    {event.lines
      .filter((line) => readsLine(line, reader))
      .map((line, i) => (
        <span key={i} className={`log-line${typeof line === 'string' ? '' : ' log-private'}`}>
          {logText(line)}
        </span>
      ))}
  </>
);

const RoomLog = ({
  events,
  reader,
  describe,
  people,
}: {
  events: readonly RoomEvent[];
  reader: number | null;
  describe: (m: Move) => string;
  people: People;
}) => {
  const t = useT();
  return (
    <section className="pane log-pane" aria-label={t('log.title')}>
      <header className="pane-head">
        <span className="pane-title">{t('log.title')}</span>
        <span className="pane-meta">{t('log.moves', { count: events.filter((e) => e.kind === 'move').length })}</span>
      </header>
      <ol className="log" data-testid="room-log">
        {events.map((event) => (
          <li key={event.seq} className="log-entry">
            {event.kind === 'move' && (
              <span className="log-move">
                <span className="log-num">{event.seq}.</span> {people.seat(event.move.seat)}: {describe(event.move)}
              </span>
            )}
            <EventLines event={event} reader={reader} />
          </li>
        ))}
      </ol>
    </section>
  );
};

const HostPanel = ({
  pass,
  seats,
  onUndo,
  canUndo,
}: {
  pass: RoomPass;
  seats: readonly SeatInfo[];
  onUndo: () => void;
  canUndo: boolean;
}) => {
  const t = useT();
  const open = (pass.invites ?? []).filter((i) => !(seats[i.seat]?.claimed ?? false));
  const name = (seat: number): string => t('online.player', { n: seat + 1 });
  return (
    <section className="room-host" aria-label={t('online.host')}>
      <h3>{t('online.host')}</h3>
      {open.length > 0 ? (
        <ul className="invites">
          {open.map((i) => (
            <li key={i.seat}>
              {name(i.seat)}:{' '}
              <input
                readOnly
                value={linkTo(i.path)}
                aria-label={t('online.inviteFor', { name: name(i.seat) })}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button type="button" className="btn small" onClick={() => void navigator.clipboard?.writeText(linkTo(i.path))}>
                {t('online.copy')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-note">{t('online.allTaken')}</p>
      )}
      <button type="button" className="btn" onClick={onUndo} disabled={!canUndo} data-testid="room-undo">
        {t('online.undo')}
      </button>
    </section>
  );
};

export const RoomPage = ({ room, invite }: { room: string; invite: string | null }) => {
  const t = useT();
  const { pass, problem: claimProblem } = usePass(room, invite);
  const [info, setInfo] = useState<RoomInfo | null>(null);
  const [infoProblem, setInfoProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void readRoom(room).then((answer) => {
      if (!live) return;
      if (answer.ok) setInfo(answer.value);
      else setInfoProblem(answer.message);
    });
    return () => {
      live = false;
    };
  }, [room]);
  const input = useMemo(() => (info ? inputOf(info) : null), [info]);
  const analysis = useAnalysis(input);
  const game = analysis.game;
  const live = useRoom(room, info ? pass : null);
  const view: GameView | null = live.state?.view ?? null;
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [seen, setSeen] = useState<ReadonlyMap<string, Piece>>(new Map());
  useEffect(() => {
    setPicked(new Set());
    // Pieces keep their names in the log after they are out of sight.
    if (view) setSeen((known) => new Map([...known, ...visiblePieces(view)]));
  }, [view]);
  const looks = useMemo(() => looksFromSpec(game?.spec), [game?.spec]);
  const pieceIds = useMemo(() => new Set(visiblePieces(view).keys()), [view]);
  const legal = live.state?.legal ?? [];
  const selection = useMemo(() => analyseSelection(legal, picked, pieceIds), [legal, picked, pieceIds]);
  useEffect(() => {
    document.title = info ? t('online.roomTitle', { title: info.title }) : t('online.roomTitle', { title: t('online.room') });
  }, [info, t]);

  const problem = claimProblem ?? infoProblem;
  const people = game && view ? peopleOf(game, view.context) : null;
  // The view's context with no PRNG: what describing a move reads (a hidden piece stays unnamed).
  const describe = (m: Move): string =>
    game && view ? describeMove(game, { ...view.context, rng: [0, 0, 0, 0], rigged: [] }, m, seen, looks) : m.move;
  const seatKinds = live.seats.map((s) => s.bot ?? HUMAN);
  const result = view?.context.result ?? null;
  const you =
    live.seat === null
      ? t('online.watching')
      : t('online.youAre', { name: people?.seat(live.seat) ?? t('online.player', { n: live.seat + 1 }) });
  const waiting = result ? t('play.over') : legal.length === 0 ? (live.state ? t('online.waiting') : t('online.joining')) : null;

  return (
    <div className="room-page" data-testid="room-page">
      <header className="room-top">
        <a className="btn ghost" href="#/">
          {t('online.gallery')}
        </a>
        <h1>{info?.title ?? t('online.room')}</h1>
        <span className="room-you" data-testid="room-you">
          {you}
        </span>
        <span className={`room-status ${live.status}`} data-testid="room-status">
          {live.status === 'open'
            ? t('online.connected')
            : live.status === 'lost'
              ? t('online.lost')
              : live.status === 'refused'
                ? t('online.refused')
                : t('online.connecting')}
        </span>
      </header>
      {problem && (
        <div className="banner error" role="alert">
          {problem}
        </div>
      )}
      {live.problem && (
        <div className="notice" role="status" data-testid="room-problem">
          {live.problem}
          <button type="button" className="btn ghost small" onClick={live.dismiss} aria-label={t('online.dismiss')}>
            ✕
          </button>
        </div>
      )}
      <div className="room-body">
        <div className="play-column">
          <section className="pane board-pane" aria-label={t('play.board')}>
            <header className="pane-head">
              <span className="pane-title">{t('online.table')}</span>
              <span className="pane-meta" data-testid="room-turn">
                {view
                  ? `${t('play.turn', { turn: view.context.turn })}${result && game ? ` · ${winnersText(game, view.context, result.winners)}` : ''}`
                  : ''}
              </span>
            </header>
            <div className="board-body" data-testid="board">
              {!game && !problem && (
                <p className="empty-note">
                  {analysis.diagnostics.length > 0 && !analysis.ok ? t('online.rulesBroken') : t('online.loadingRules')}
                </p>
              )}
              {game && view && people && (
                <ErrorBoundary where={t('app.whereBoard')} resetKey={view}>
                  {result && (
                    <div className="room-result" data-testid="room-result">
                      <strong>{winnersText(game, view.context, result.winners)}</strong>
                      {' · '}
                      {view.context.players
                        .map((_, seat) =>
                          [
                            people.seat(seat),
                            ...[scoreOf(game, view.context, seat), ...shownVars(game, view.context, 'player', seat)]
                              .filter((v) => v !== null)
                              .map((v) => `${v?.label} ${v?.text}`),
                          ].join(' '),
                        )
                        .join(' · ')}
                    </div>
                  )}
                  <MoveBar
                    game={game}
                    people={people}
                    choices={selection.choices}
                    picked={picked}
                    onPlay={live.move}
                    onClearPicked={() => setPicked(new Set())}
                    describe={describe}
                    waiting={waiting}
                    refused={[]}
                    onRevealGuard={() => undefined}
                    request={null}
                    hinted={null}
                  />
                  <Board
                    view={view}
                    game={game}
                    people={people}
                    looks={looks}
                    seats={seatKinds}
                    botNames={[]}
                    seatLabel={(seat) => presence(t, live.seats[seat])}
                    acting={new Set(legal.map((m) => m.seat))}
                    selectable={selection.selectable}
                    picked={picked}
                    onToggle={(id) => setPicked((p) => toggled(p, id))}
                  />
                </ErrorBoundary>
              )}
            </div>
          </section>
          {people && <RoomLog events={live.events} reader={live.seat} describe={describe} people={people} />}
        </div>
        {live.host && pass && (
          <HostPanel
            pass={pass}
            seats={live.seats}
            onUndo={live.undo}
            canUndo={(live.state?.seq ?? 0) > 0 && live.events.some((e) => e.kind === 'move')}
          />
        )}
      </div>
    </div>
  );
};

export default RoomPage;
