/**
 * The live playtest: a Session kept across recompiles (replayed on each new compile so an edit to
 * the rules keeps the game where it can), restarted when the house rules or the player count
 * change, and driven by bots for the seats set to bot.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GameState, GameView, Move } from '../../engine/types.ts';
import type { MoveOption } from '../../engine/whyNot.ts';
import { afterBotAnswer, nextBotTurn } from './botTurn.ts';
import { isBot, type SeatKind } from './seats.ts';
import { current, jumpTo, playMove, redo, replay, startSession, undo, type PlayEngine, type Session } from './session.ts';
import type { BotMover } from './useBotMoves.ts';
import type { SavedPlay } from '../persist/storage.ts';
import { t } from '../i18n/index.ts';

export interface ViewEngine<G> extends PlayEngine<G> {
  viewOf(game: G, state: GameState, seat: number | null): GameView;
  /** Every move the state offers `seat`, legal or refused with the reason ("why not?"). */
  moveOptions(game: G, state: GameState, seat: number): MoveOption[];
  /** The bots a seat can be given for this game. */
  botNames(game: G): string[];
}

export type { SeatKind } from './seats.ts';
export type BotSpeed = 'slow' | 'normal' | 'fast' | 'instant';
const BOT_DELAY: Record<BotSpeed, number> = { slow: 900, normal: 350, fast: 60, instant: 0 };
/** At 'instant' speed the board is drawn again after this long of bot moves, not after each. */
const FRAME_BUDGET_MS = 14;

export interface Playtest {
  session: Session | null;
  state: GameState | null;
  error: string | null;
  notice: string | null;
  legal: Move[];
  botSpeed: BotSpeed;
  setBotSpeed: (s: BotSpeed) => void;
  newGame: (seed: number) => void;
  play: (move: Move) => void;
  undo: () => void;
  redo: () => void;
  jump: (cursor: number) => void;
  dismissNotice: () => void;
}

export const freshSeed = (): number => Math.floor(Math.random() * 2 ** 31);

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export const usePlaytest = <G>(
  engine: ViewEngine<G>,
  game: G | undefined,
  players: number,
  seats: readonly SeatKind[],
  /** Chooses the bots' moves, off the page's thread. */
  bots: BotMover<G>,
  restartToken: string,
  initialSeed: number,
  /** A game saved by an earlier visit, resumed when the studio opens; and where to save it. */
  saved: SavedPlay | null = null,
  onSave: (play: SavedPlay) => void = () => undefined,
): Playtest => {
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [botSpeed, setBotSpeed] = useState<BotSpeed>('normal');
  const last = useRef<{ game: G | undefined; token: string; players: number }>({ game: undefined, token: '', players: 0 });
  const sessionRef = useRef<Session | null>(null);
  sessionRef.current = session;
  const resume = useRef(saved);

  const start = useCallback(
    (g: G, seed: number) => {
      const started = startSession(engine, g, players, seed);
      if (started.ok) {
        setSession(started.session);
        setError(null);
      } else {
        setSession(null);
        setError(t('play.cannotStart', { error: started.error }));
      }
    },
    [engine, players],
  );

  // A new compile, new house rules or a new player count.
  useEffect(() => {
    if (!game) return;
    const prev = last.current;
    last.current = { game, token: restartToken, players };
    const old = sessionRef.current;
    if (old && prev.game && prev.token === restartToken && prev.players === players) {
      if (prev.game === game) return;
      const r = replay(engine, game, old);
      if (!r.ok) {
        setSession(null);
        setError(t('play.editedCannotStart', { error: r.error }));
        return;
      }
      setSession(r.replayed.session);
      setError(null);
      if (r.replayed.dropped > 0) setNotice(t('play.replayed', { kept: r.replayed.kept, dropped: r.replayed.dropped }));
      return;
    }
    // The first compile of a visit resumes the game saved by the last one, as far as it replays.
    const earlier = resume.current;
    resume.current = null;
    if (!old && earlier && earlier.players === players) {
      const r = replay(engine, game, earlier);
      if (r.ok) {
        setSession(r.replayed.session);
        setError(null);
        if (r.replayed.dropped > 0) setNotice(t('play.resumed', { dropped: r.replayed.dropped }));
        return;
      }
    }
    start(game, old?.seed ?? initialSeed);
    // Never silently: say why the game in progress was left.
    if (old && old.cursor > 0) {
      setNotice(
        prev.token !== restartToken ? t('play.rulesRestart', { moves: old.cursor }) : t('play.playersRestart', { moves: old.cursor }),
      );
    }
  }, [game, restartToken, players, engine, start, initialSeed]);

  const save = useRef(onSave);
  save.current = onSave;
  useEffect(() => {
    if (session) save.current({ seed: session.seed, players: session.players, moves: [...session.moves], cursor: session.cursor });
  }, [session]);

  const state = session ? current(session) : null;
  // Listing moves enumerates every argument choice: do it once per position, not per render.
  const { legal, legalError } = useMemo(() => {
    if (!game || !state || state.context.result) return { legal: [] as Move[], legalError: null };
    try {
      return { legal: engine.legalMoves(game, state), legalError: null };
    } catch (err) {
      return { legal: [] as Move[], legalError: `The engine failed listing moves: ${errorText(err)}` };
    }
  }, [engine, game, state]);

  const play = useCallback(
    (move: Move) => {
      const s = sessionRef.current;
      if (!game || !s) return;
      const r = playMove(engine, game, s, move);
      if (r.ok) setSession(r.session);
      else setNotice(t('play.refused', { error: r.error }));
    },
    [engine, game],
  );

  // Bots: when a bot seat has a legal move, it plays after a short delay (so people can follow).
  // At 'instant' speed bots play the moves that fit in a frame before the board is drawn again.
  // Each move is awaited from the bots' worker; a new position (a move, undo, a new game, a
  // replay on edited rules), game, seat list or speed meanwhile ends this run, and its late
  // answer is dropped.
  const seatsKey = seats.join(',');
  const botToMove = legal.some((m) => isBot(seats[m.seat]));
  const botPosition = botToMove ? state : null;
  useEffect(() => {
    if (!botPosition || !game) return;
    let live = true;
    const run = async (): Promise<void> => {
      const first = sessionRef.current;
      if (!first) return;
      let s: Session = first;
      const deadline = performance.now() + (botSpeed === 'instant' ? FRAME_BUDGET_MS : 0);
      do {
        const turn = nextBotTurn(engine, game, s, seats);
        if ('stop' in turn) {
          if (turn.stop) setNotice(turn.stop);
          break;
        }
        const { state, seat, bot, seed } = turn.ask;
        const answer = await bots(game, state, seat, bot, seed);
        if (!live) return;
        const next = afterBotAnswer(engine, game, s, answer);
        if ('stop' in next) {
          if (next.stop) setNotice(next.stop);
          break;
        }
        s = next.session;
      } while (performance.now() < deadline);
      setSession(s);
    };
    const timer = setTimeout(() => void run(), BOT_DELAY[botSpeed]);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The position, the seats (by their names) and the game say when to play; the engine and the bots are fixed.
  }, [botPosition, seatsKey, botSpeed, game]);

  const isBotMove = useCallback((m: Move) => isBot(seats[m.seat]), [seats]);

  return {
    session,
    state,
    error: error ?? legalError,
    notice,
    legal,
    botSpeed,
    setBotSpeed,
    newGame: (seed: number) => {
      if (game) start(game, seed);
      setNotice(null);
    },
    play,
    undo: () => setSession((s) => (s ? undo(s, isBotMove) : s)),
    redo: () => setSession((s) => (s ? redo(s) : s)),
    jump: (cursor: number) => setSession((s) => (s ? jumpTo(s, cursor) : s)),
    dismissNotice: () => setNotice(null),
  };
};
