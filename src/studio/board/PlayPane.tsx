/**
 * The playtest column: toolbar, the board for the viewing seat, the legal moves, the hot-seat
 * hand-over and game-over screens, and the log. The engine is passed in, so this view works for
 * whatever the compiler produces.
 */
import { actingName } from '../play/acting.ts';
import { memo, useEffect, useMemo, useState } from 'react';
import { scoreOf, shownVars, winnersText } from '../../display/present.ts';
import type { GameState, GameView, Move } from '../../engine/types.ts';
import type { DocPath } from '../../spec/diagnostics.ts';
import { peopleOf, type GameInfo } from '../play/gameInfo.ts';
import type { Trail } from '../diagram/Diagram.tsx';
import { activeStates as statesOf } from '../../engine/play.ts';
import type { SavedPlay } from '../persist/storage.ts';
import { freshSeed, usePlaytest, type ViewEngine } from '../play/usePlaytest.ts';
import { HUMAN, isBot, type SeatKind } from '../play/seats.ts';
import { ErrorBoundary } from '../app/ErrorBoundary.tsx';
import { Board } from './Board.tsx';
import { describeMove, loggedPieces, visiblePieces } from './describeMove.ts';
import { LogView } from './LogView.tsx';
import { MoveBar } from './MoveBar.tsx';
import { GameOver, HandOver } from './Overlays.tsx';
import { looksFromSpec } from './pieceLook.ts';
import { PlayToolbar, type ViewChoice } from './PlayToolbar.tsx';
import { analyseSelection, isReady, resolveChoice, toggled } from './selection.ts';
import { useShortcuts } from '../app/shortcuts.ts';
import type { AnalysisInput } from '../analysis/protocol.ts';
import { HintPanel } from '../hint/HintPanel.tsx';
import { useHint } from '../hint/useHint.ts';
import { useBotMoves } from '../play/useBotMoves.ts';
import { PlayWithFriends } from '../online/PlayWithFriends.tsx';
import { useT } from '../i18n/index.ts';

/** State names for people: the engine's own bookkeeping states (`__…`) are left out. */
const shownStates = (states: readonly string[] | undefined): string => (states ?? []).filter((s) => !s.startsWith('__')).join(' › ');

interface Props<G extends GameInfo> {
  engine: ViewEngine<G>;
  game: G | undefined;
  players: number;
  onPlayers: (n: number) => void;
  seats: readonly SeatKind[];
  onSeats: (seats: SeatKind[]) => void;
  /** Changes when the house rules change: the game restarts instead of replaying. */
  restartToken: string;
  initialSeed: number;
  onActiveStates: (states: readonly string[]) => void;
  stale: boolean;
  savedPlay: SavedPlay | null;
  onSavePlay: (play: SavedPlay) => void;
  /** Shows a refused move's guard in the editor. */
  onRevealGuard: (path: DocPath) => void;
  /** The states and moves of this game so far, for the diagram's path. */
  onTrail: (trail: Trail) => void;
  /** A move to make, asked for elsewhere (the diagram): played, or its options opened. */
  playRequest: { move: string; nonce: number } | null;
  /** The text `game` was compiled from, for the bots' workers (the bots' moves, the hint) to compile. */
  source: AnalysisInput | undefined;
}

/** Views of past states, per viewing seat, kept with the state: the log reads each move in its own position. */
const pastViews = new WeakMap<GameState, Map<string, GameView>>();

const PlayPaneInner = <G extends GameInfo>(props: Props<G>) => {
  const { engine, game, players, seats } = props;
  const t = useT();
  const bots = useBotMoves<G>(props.source);
  const pt = usePlaytest(engine, game, players, seats, bots, props.restartToken, props.initialSeed, props.savedPlay, props.onSavePlay);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [viewChoice, setViewChoice] = useState<ViewChoice>('auto');
  const [revealed, setRevealed] = useState<number | null>(null);
  const [overClosed, setOverClosed] = useState(false);
  const [friends, setFriends] = useState(false);
  const looks = useMemo(() => looksFromSpec(game?.spec), [game?.spec]);
  const state = pt.state;

  // Picks belong to one position.
  useEffect(() => {
    setPicked(new Set());
  }, [state]);
  useEffect(() => {
    setOverClosed(false);
  }, [pt.session?.seed, pt.session?.states[0]]);

  const humanActing = [...new Set(pt.legal.map((m) => m.seat))].filter((s) => !isBot(seats[s])).sort((a, b) => a - b);
  const humans = seats
    .map((k, i) => (isBot(k) ? -1 : i))
    .filter((i) => i >= 0)
    .slice(0, players);
  const autoSeat = humanActing[0] ?? (revealed !== null && humans.includes(revealed) ? revealed : (humans[0] ?? null));
  const viewSeat = viewChoice === 'auto' ? autoSeat : viewChoice === 'spectator' ? null : viewChoice;

  const { view, viewError } = useMemo(() => {
    if (!game || !state) return { view: null, viewError: null };
    try {
      return { view: engine.viewOf(game, state, viewSeat), viewError: null };
    } catch (err) {
      return { view: null, viewError: err instanceof Error ? err.message : String(err) };
    }
  }, [engine, game, state, viewSeat]);
  const activeStates = view?.states;
  const { onActiveStates, onTrail } = props;
  useEffect(() => {
    onActiveStates(activeStates ?? []);
  }, [activeStates?.join('/'), onActiveStates]);
  const session = pt.session;
  useEffect(() => {
    if (!session) return;
    const reached = session.states.slice(0, session.cursor + 1);
    onTrail({
      visited: [...new Set(reached.flatMap((s) => statesOf(s.value)))],
      moves: session.moves.slice(0, session.cursor).map((m, i) => ({ move: m.move, from: statesOf(session.states[i]?.value ?? '') })),
    });
  }, [session, onTrail]);

  // Hot seat: with hidden hands and more than one human, the next human must confirm first.
  const hasPrivate = view?.zones.some((z) => z.visibility === 'owner' && z.owner !== 'game') ?? false;
  const needHandOver = viewChoice === 'auto' && hasPrivate && humans.length > 1 && viewSeat !== null && revealed !== viewSeat;
  useEffect(() => {
    // With one human (or none) there is nobody to hide from.
    if (humans.length <= 1 && viewSeat !== null && revealed !== viewSeat) setRevealed(viewSeat);
  }, [humans.length, viewSeat, revealed]);

  const pieces = useMemo(() => visiblePieces(view), [view]);
  const pieceIds = useMemo(() => new Set(pieces.keys()), [pieces]);
  // The moves this screen offers: the viewing seat's (hot seat), or every human's when the view
  // is chosen by hand. Computed once per position: a subset argument can mean thousands of moves.
  const humanMoves = useMemo(
    () => pt.legal.filter((m) => m.seat === viewSeat || (viewChoice !== 'auto' && !isBot(seats[m.seat]))),
    [pt.legal, viewSeat, viewChoice, seats],
  );
  const selection = useMemo(() => analyseSelection(humanMoves, picked, pieceIds), [humanMoves, picked, pieceIds]);
  const describe = (m: Move) => (game && state ? describeMove(game, state.context, m, pieces, looks) : m.move);
  const people = game && view ? peopleOf(game, view.context) : null;
  const viewAt = (s: GameState): GameView | null => {
    if (!game) return null;
    const key = String(viewSeat);
    const known = pastViews.get(s)?.get(key);
    if (known) return known;
    try {
      const v = engine.viewOf(game, s, viewSeat);
      pastViews.set(s, (pastViews.get(s) ?? new Map()).set(key, v));
      return v;
    } catch {
      return null;
    }
  };
  const describeLogged = (m: Move, i: number): string => {
    const before = pt.session?.states[i];
    const after = pt.session?.states[i + 1];
    if (!game || !before) return m.move;
    return describeMove(
      game,
      before.context,
      m,
      loggedPieces(game.spec, viewAt(before), after ? viewAt(after) : null, after?.context ?? null),
      looks,
    );
  };
  // Every move offered to the seat whose moves this screen shows, legal or not ("why not?").
  const refused = useMemo(
    () =>
      game && state && viewSeat !== null && !isBot(seats[viewSeat])
        ? engine.moveOptions(game, state, viewSeat).filter((o) => o.refusal !== null)
        : [],
    [engine, game, state, viewSeat, seats],
  );
  const result = state?.context.result ?? null;
  const toAct =
    game && state
      ? actingName(
          game.spec,
          pt.legal.map((m) => m.seat),
          state.context.numPlayers,
          people ?? undefined,
        )
      : null;
  const botToAct = pt.legal.some((m) => isBot(seats[m.seat]));
  const botNames = useMemo(() => (game ? engine.botNames(game) : []), [engine, game]);
  const waiting = result
    ? t('play.over')
    : pt.legal.length === 0 && state
      ? t('play.stuck', { states: shownStates(view?.states) || t('play.thisState') })
      : humanMoves.length === 0 && botToAct
        ? t('play.botsThinking')
        : null;

  // A hint is for the seat this screen shows, when it is that person's decision.
  const hintSeat = !waiting && !needHandOver && viewSeat !== null && humanActing.includes(viewSeat) ? viewSeat : null;
  const hint = useHint(props.source, state, hintSeat, session ? `${session.seed}:${session.cursor}` : '');
  const hinted = hint.status.kind === 'done' ? (hint.status.hint.rows[0]?.move ?? null) : null;

  const newGame = (seed: number | null): void => {
    setRevealed(null);
    pt.newGame(seed ?? freshSeed());
  };
  // The first move one press would play: never one whose arguments are still to be picked.
  const firstReady = (): Move | null => {
    if (waiting || needHandOver) return null;
    const choice = selection.choices.find((c) => isReady(c, picked.size));
    const r = choice ? resolveChoice(choice, picked.size) : null;
    return r && 'play' in r ? r.play : null;
  };
  useShortcuts({
    undo: pt.undo,
    redo: pt.redo,
    newGame: () => newGame(null),
    firstMove: () => {
      const move = firstReady();
      if (move) pt.play(move);
    },
  });

  return (
    <div className="play-column">
      <section className="pane board-pane" aria-label={t('play.board')}>
        <header className="pane-head">
          <span className="pane-title">{t('start.playtest')}</span>
          <button
            type="button"
            className="btn small"
            onClick={() => setFriends(true)}
            disabled={!props.source || !game}
            data-testid="play-with-friends"
            title={t('online.playWithFriendsTitle')}
          >
            {t('online.playWithFriends')}
          </button>
          <span className="pane-meta" data-testid="turn-status">
            {state
              ? [
                  t('play.turn', { turn: state.context.turn }),
                  shownStates(view?.states),
                  result ? t('play.gameOver') : toAct ? t('play.toAct', { who: toAct }) : '',
                  t('play.seed', { seed: String(pt.session?.seed ?? '') }),
                ]
                  .filter(Boolean)
                  .join(' · ')
              : ''}
            {props.stale ? ` · ${t('play.lastGood')}` : ''}
          </span>
        </header>
        {game && (
          <PlayToolbar
            players={players}
            minPlayers={game.players.min}
            maxPlayers={game.players.max}
            onPlayers={props.onPlayers}
            seed={pt.session?.seed ?? null}
            onNewGame={newGame}
            canUndo={(pt.session?.cursor ?? 0) > 0}
            canRedo={(pt.session?.cursor ?? 0) < (pt.session?.moves.length ?? 0)}
            onUndo={pt.undo}
            onRedo={pt.redo}
            botSpeed={pt.botSpeed}
            onBotSpeed={pt.setBotSpeed}
            viewChoice={viewChoice}
            onViewChoice={setViewChoice}
            people={people}
          />
        )}
        {pt.notice && (
          <div className="notice" role="status" data-testid="notice">
            {pt.notice}
            <button type="button" className="btn ghost small" onClick={pt.dismissNotice} aria-label={t('common.dismiss')}>
              ✕
            </button>
          </div>
        )}
        <div className="board-body" data-testid="board">
          {!game && <p className="empty-note">{t('play.noBoard')}</p>}
          {(pt.error ?? viewError) && <div className="error-box">{pt.error ?? viewError}</div>}
          {game && view && (
            <ErrorBoundary where={t('where.board')} resetKey={state}>
              {needHandOver && viewSeat !== null ? (
                <HandOver
                  seat={viewSeat}
                  name={actingName(game.spec, [viewSeat], players, people ?? peopleOf(game, view.context)) ?? ''}
                  people={people ?? peopleOf(game, view.context)}
                  onReady={() => setRevealed(viewSeat)}
                />
              ) : (
                <>
                  <MoveBar
                    game={game}
                    people={people ?? peopleOf(game, view.context)}
                    choices={selection.choices}
                    picked={picked}
                    onPlay={pt.play}
                    onClearPicked={() => setPicked(new Set())}
                    describe={describe}
                    waiting={waiting}
                    refused={waiting ? [] : refused}
                    onRevealGuard={props.onRevealGuard}
                    request={props.playRequest}
                    hinted={hinted}
                  />
                  {hintSeat !== null && <HintPanel hint={hint} seatName={(people ?? peopleOf(game, view.context)).seat(hintSeat)} />}
                  <Board
                    view={view}
                    game={game}
                    people={people ?? peopleOf(game, view.context)}
                    looks={looks}
                    seats={seats}
                    botNames={botNames}
                    onSeatKind={(seat, kind) => {
                      const next = Array.from({ length: players }, (_, i) => seats[i] ?? HUMAN);
                      next[seat] = kind;
                      props.onSeats(next);
                    }}
                    acting={new Set(pt.legal.map((m) => m.seat))}
                    selectable={selection.selectable}
                    picked={picked}
                    onToggle={(id) => setPicked((p) => toggled(p, id))}
                  />
                </>
              )}
              {result && !overClosed && (
                <GameOver
                  headline={winnersText(game, view.context, result.winners)}
                  winners={result.winners}
                  people={people ?? peopleOf(game, view.context)}
                  standings={view.context.players.map((_, seat) => {
                    const score = scoreOf(game, view.context, seat);
                    return [...(score ? [score] : []), ...shownVars(game, view.context, 'player', seat)];
                  })}
                  moves={pt.session?.cursor ?? 0}
                  onNewGame={() => newGame(null)}
                  onClose={() => setOverClosed(true)}
                />
              )}
            </ErrorBoundary>
          )}
        </div>
      </section>
      <LogView session={pt.session} people={people} describe={describeLogged} onJump={pt.jump} reader={viewSeat} />
      {friends && props.source && (
        <PlayWithFriends source={props.source} players={players} seats={seats} people={people} onClose={() => setFriends(false)} />
      )}
    </div>
  );
};

/** Memoised: typing in the editor re-renders the workbench, and the board need not follow. */
export const PlayPane = memo(PlayPaneInner) as typeof PlayPaneInner;
