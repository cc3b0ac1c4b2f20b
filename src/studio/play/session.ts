/**
 * A playtest as a value: the seed, the states reached and the moves between them, and a cursor for
 * undo/redo. The engine is pure and deterministic, so the whole game can be replayed on a freshly
 * compiled spec — that is how an edit to the rules keeps the game in progress when it can.
 */
import type { GameState, Move, StepResult } from '../../engine/types.ts';

/** The engine functions a playtest needs; the real engine module satisfies it. */
export interface PlayEngine<G> {
  newGame(game: G, opts: { players: number; seed: number }): StepResult;
  legalMoves(game: G, state: GameState, seat?: number): Move[];
  step(game: G, state: GameState, move: Move): StepResult;
}

export interface Session {
  readonly seed: number;
  readonly players: number;
  /** states[0] is the start; states[i + 1] follows moves[i]. Entries past `cursor` are the redo list. */
  readonly states: readonly GameState[];
  readonly moves: readonly Move[];
  readonly cursor: number;
}

export type Started = { ok: true; session: Session } | { ok: false; error: string };

export const startSession = <G>(engine: PlayEngine<G>, game: G, players: number, seed: number): Started => {
  const r = guard(() => engine.newGame(game, { players, seed }));
  return r.ok ? { ok: true, session: { seed, players, states: [r.state], moves: [], cursor: 0 } } : { ok: false, error: r.error };
};

export const current = (s: Session): GameState => {
  const state = s.states[s.cursor] ?? s.states[0];
  if (!state) throw new Error('a session always has a start state');
  return state;
};

export const playMove = <G>(
  engine: PlayEngine<G>,
  game: G,
  s: Session,
  move: Move,
): { ok: true; session: Session } | { ok: false; error: string } => {
  const r = guard(() => engine.step(game, current(s), move));
  if (!r.ok) return r;
  return {
    ok: true,
    session: {
      ...s,
      states: [...s.states.slice(0, s.cursor + 1), r.state],
      moves: [...s.moves.slice(0, s.cursor), move],
      cursor: s.cursor + 1,
    },
  };
};

/**
 * One step back, then further back past the moves of seats that `skip` (bots): undoing to a
 * state where a bot is to move would only make the bot move again.
 */
export const undo = (s: Session, skip: (move: Move) => boolean = () => false): Session => {
  if (s.cursor === 0) return s;
  let cursor = s.cursor - 1;
  // moves[cursor] is the move made from the state we land on: while a skipped seat made it, that
  // seat would be the one to move there, so keep going back.
  while (cursor > 0) {
    const made = s.moves[cursor];
    if (!made || !skip(made)) break;
    cursor -= 1;
  }
  return { ...s, cursor };
};

export const redo = (s: Session): Session => (s.cursor < s.moves.length ? { ...s, cursor: s.cursor + 1 } : s);

export const jumpTo = (s: Session, cursor: number): Session => ({ ...s, cursor: Math.max(0, Math.min(cursor, s.moves.length)) });

export interface Replayed {
  session: Session;
  /** How many of the old moves still applied to the new rules. */
  kept: number;
  /** How many were dropped because they were no longer legal (or the game ended sooner). */
  dropped: number;
}

/**
 * Replays the moves up to the cursor on a new compile of the game with the same seed and players.
 * A move is kept when it is still one of the legal moves; replay stops at the first one that
 * is not, so the board shows the game as far as the new rules allow.
 */
export const replay = <G>(
  engine: PlayEngine<G>,
  game: G,
  old: Pick<Session, 'seed' | 'players' | 'moves' | 'cursor'>,
): { ok: true; replayed: Replayed } | { ok: false; error: string } => {
  const started = startSession(engine, game, old.players, old.seed);
  if (!started.ok) return started;
  let session = started.session;
  const wanted = old.moves.slice(0, old.cursor);
  for (const move of wanted) {
    const state = current(session);
    if (state.context.result) break;
    const legal = guardList(() => engine.legalMoves(game, state));
    if (!legal.some((m) => sameMove(m, move))) break;
    const next = playMove(engine, game, session, move);
    if (!next.ok) break;
    session = next.session;
  }
  const kept = session.moves.length;
  return { ok: true, replayed: { session, kept, dropped: wanted.length - kept } };
};

/** Moves are plain JSON; two moves are the same when their JSON is (argument order aside). */
export const sameMove = (a: Move, b: Move): boolean => a.move === b.move && a.seat === b.seat && canonical(a.args) === canonical(b.args);

const canonical = (value: unknown): string => {
  if (value === undefined) return '{}';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

/** The engine promises not to throw on user input; a bug must still not take the page down. */
const guard = (run: () => StepResult): StepResult => {
  try {
    return run();
  } catch (err) {
    return { ok: false, error: `internal engine error: ${err instanceof Error ? err.message : String(err)}` };
  }
};

const guardList = (run: () => Move[]): Move[] => {
  try {
    return run();
  } catch {
    return [];
  }
};
