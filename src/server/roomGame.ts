/**
 * A room's game on the server: the compiled rules, the states after each move still standing, and
 * every event in order. What a reader (a seat, or null for a spectator) is sent is computed here
 * from that reader's own view only: `frameOf` and `eventFor` are the only ways out of a room, so
 * the full state, other seats' hidden pieces, the deck order and the PRNG never leave it.
 */
import type { CompiledGame } from '../compile/index.ts';
import {
  everyPiece,
  isOver,
  legalMoves,
  newGame,
  step,
  viewOf,
  type GameState,
  type GameView,
  type Json,
  type Move,
} from '../engine/index.ts';
import { seatName } from '../engine/people.ts';
import type { EventRecord } from './store.ts';
import type { Refusal, RoomEvent } from './protocol.ts';

type Happened =
  | { readonly kind: 'move'; readonly move: Move; readonly after: GameState }
  | { readonly kind: 'undo'; readonly undone: Move; readonly ply: number; readonly at: GameState };

export interface RoomGame {
  readonly game: CompiledGame;
  /** The state the game began in. */
  readonly start: GameState;
  /** `states[k]` is the state after the first k moves that still stand. */
  readonly states: GameState[];
  readonly moves: Move[];
  /** Event n (from 1) is `history[n - 1]`. */
  readonly history: Happened[];
}

export interface Frame {
  readonly view: GameView;
  readonly legal: readonly Move[];
  readonly over: boolean;
}

export type Applied = { readonly ok: true } | ({ readonly ok: false } & Refusal);

const current = (room: RoomGame): GameState => room.states[room.states.length - 1] as GameState;

export const seqOf = (room: RoomGame): number => room.history.length;

/** Applies a move or takes the last one back; refused with a code, the room left as it was. */
export const applyEvent = (room: RoomGame, event: { readonly kind: 'move'; readonly move: Move } | { readonly kind: 'undo' }): Applied => {
  if (event.kind === 'undo') {
    const undone = room.moves.pop();
    if (undone === undefined) return { ok: false, code: 'nothing-to-undo', message: 'no move has been made yet' };
    room.states.pop();
    room.history.push({ kind: 'undo', undone, ply: room.moves.length + 1, at: current(room) });
    return { ok: true };
  }
  const before = current(room);
  if (isOver(before)) return { ok: false, code: 'game-over', message: 'the game is over' };
  const result = step(room.game, before, event.move);
  if (!result.ok) {
    return result.problem
      ? { ok: false, code: 'rules-failed', message: result.error, problem: result.problem }
      : { ok: false, code: 'illegal', message: result.error };
  }
  room.states.push(result.state);
  room.moves.push(event.move);
  room.history.push({ kind: 'move', move: event.move, after: result.state });
  return { ok: true };
};

/** A room's game from its seed and stored events; a stored event that no longer applies is an error. */
export const openRoomGame = (
  game: CompiledGame,
  seed: string,
  players: number,
  events: readonly EventRecord[],
): { room: RoomGame } | { error: string } => {
  const start = newGame(game, { seed, players });
  if (!start.ok) return { error: start.error };
  const room: RoomGame = { game, start: start.state, states: [start.state], moves: [], history: [] };
  for (const event of events) {
    const applied = applyEvent(room, event);
    if (!applied.ok) return { error: `event ${event.seq} of the room no longer applies: ${applied.message}` };
  }
  return { room };
};

export const frameOf = (room: RoomGame, reader: number | null): Frame => {
  const state = current(room);
  return {
    view: viewOf(room.game, state, reader),
    legal: reader === null ? [] : legalMoves(room.game, state, reader),
    over: isOver(state),
  };
};

/** Every piece id of a state, in every zone. */
const pieceIds = (state: GameState): Set<string> => new Set(everyPiece(state.context.zones).map((p) => p.id));

/** The pieces a view shows face up, or lists as lying in a zone of known contents. */
const shownIds = (view: GameView): Set<string> => {
  const ids = new Set<string>();
  for (const zone of view.zones) {
    for (const p of zone.pieces) if (p.hidden !== true) ids.add(p.id);
    for (const p of zone.contents ?? []) ids.add(p.id);
  }
  return ids;
};

/**
 * A move as `reader` may know it: another seat's argument that names a piece the reader does not
 * see after the move (a card put face down) is given as null.
 */
const maskedMove = (after: GameState, view: GameView, move: Move, reader: number | null): Move => {
  if (reader === move.seat || move.args === undefined) return move;
  const ids = pieceIds(after);
  const shown = shownIds(view);
  const mask = (value: Json): Json =>
    typeof value === 'string' && ids.has(value) && !shown.has(value) ? null : Array.isArray(value) ? value.map(mask) : value;
  return { ...move, args: Object.fromEntries(Object.entries(move.args).map(([name, value]) => [name, mask(value)])) };
};

/** Event `seq` (from 1) as `reader` may know it. */
export const eventFor = (room: RoomGame, seq: number, reader: number | null): RoomEvent => {
  const happened = room.history[seq - 1];
  if (happened === undefined) throw new Error(`no event ${seq} in a room of ${room.history.length}`);
  if (happened.kind === 'undo') {
    const who = seatName(room.game, happened.at.context, happened.undone.seat);
    return { seq, kind: 'undo', lines: [`The host took back move ${happened.ply} (${who})`] };
  }
  const view = viewOf(room.game, happened.after, reader);
  return { seq, kind: 'move', move: maskedMove(happened.after, view, happened.move, reader), lines: view.context.log.slice() };
};

/**
 * The events after `since`, as `reader` may know them; with no `since`, from the game's start
 * (event 0: the lines the game wrote as it began).
 */
export const eventsSince = (room: RoomGame, since: number | undefined, reader: number | null): RoomEvent[] => {
  const out: RoomEvent[] = [];
  if (since === undefined) out.push({ seq: 0, kind: 'start', lines: viewOf(room.game, room.start, reader).context.log.slice() });
  for (let seq = (since ?? 0) + 1; seq <= room.history.length; seq++) out.push(eventFor(room, seq, reader));
  return out;
};
