/**
 * The game server's JSON protocol (docs/PROTOCOL.md): what a client may send on a room's socket,
 * what the server sends back, and the closed set of error codes. Pure: the studio's client and any
 * other client read the same types; the server reads every message from outside through
 * `readClientMessage`, which never throws.
 */
import type { RunProblem } from '../errors.ts';
import type { GameView, Json, LogLine, Move } from '../engine/types.ts';
import { readMove } from '../engine/moveLog.ts';
import { isRecord } from '../spec/own.ts';

/** Every error a client can be sent, on the socket or from the HTTP API. Stable: clients branch on them. */
export const ERROR_CODES = [
  'bad-json',
  'bad-message',
  'too-large',
  'rate-limited',
  'hello-first',
  'bad-token',
  'no-room',
  'bad-request',
  'bad-rules',
  'rules-timeout',
  'not-seated',
  'not-your-seat',
  'not-host',
  'stale',
  'illegal',
  'rules-failed',
  'game-over',
  'nothing-to-undo',
  'invite-used',
  'server-busy',
  'server-error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Why a request was refused. A move the rules themselves failed on (`rules-failed`: an index past
 * a list's end, a limit of work) also carries the spec's run-time error as data, with its code
 * from the spec's closed set and its place in the spec, so a client can point at the rule.
 */
export interface Refusal {
  readonly code: ErrorCode;
  readonly message: string;
  readonly problem?: RunProblem;
}

/** A move as a client sends it: the seat is the socket's own. */
export interface MoveRequest {
  readonly move: string;
  readonly args?: Readonly<Record<string, Json>>;
  /** A client may say which seat it moves for; it must be the socket's own (`not-your-seat`). */
  readonly seat?: number;
}

export type ClientMessage =
  /** The first message on a socket: a seat's token (none: a spectator), the host's token, the last `seq` the client has seen. */
  | { readonly type: 'hello'; readonly token?: string; readonly host?: string; readonly seq?: number }
  /** A move made on the state numbered `seq`; refused as `stale` on any other. */
  | { readonly type: 'move'; readonly seq: number; readonly move: MoveRequest }
  /** The host takes back the last move made on the state numbered `seq`. */
  | { readonly type: 'undo'; readonly seq: number }
  | { readonly type: 'ping' };

/** Who sits where, for every client of the room. */
export interface SeatInfo {
  readonly seat: number;
  /** The bot that plays this seat on the server, or null for a person. */
  readonly bot: string | null;
  /** Whether somebody has claimed the seat's invite (or the room was made with the seat's token in hand). */
  readonly claimed: boolean;
  /** Sockets open for this seat now. */
  readonly connected: number;
}

/** Something that happened in the room, as one reader may know it. */
export type RoomEvent =
  | {
      readonly seq: number;
      readonly kind: 'move';
      /** The move as made; a piece the reader cannot see after it is given as null. */
      readonly move: Move;
      /** The log lines the reader may read. */
      readonly lines: readonly LogLine[];
    }
  | { readonly seq: number; readonly kind: 'undo'; readonly lines: readonly LogLine[] }
  /** Event 0: what the game said as it began. */
  | { readonly seq: 0; readonly kind: 'start'; readonly lines: readonly LogLine[] };

export type ServerMessage =
  | {
      readonly type: 'welcome';
      readonly room: string;
      /** The socket's seat (0-based, as in move logs), or null for a spectator. */
      readonly seat: number | null;
      readonly host: boolean;
      readonly seats: readonly SeatInfo[];
    }
  | {
      readonly type: 'state';
      /** Number of events so far: a move must name it to be accepted. */
      readonly seq: number;
      readonly view: GameView;
      /** This seat's legal moves now, in the move-log form `replay` reads (empty for a spectator). */
      readonly legal: readonly Move[];
      /** The events after the `seq` the client last saw (every event, from the start's, on a hello without `seq`). */
      readonly events: readonly RoomEvent[];
      readonly over: boolean;
    }
  | { readonly type: 'seats'; readonly seats: readonly SeatInfo[] }
  | ({ readonly type: 'error' } & Refusal)
  | { readonly type: 'pong' };

export type ReadResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

const fail = <T>(code: ErrorCode, message: string): ReadResult<T> => ({ ok: false, code, message });
const isSeq = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

const onlyFields = (message: Record<string, unknown>, fields: readonly string[]): string | undefined => {
  const extra = Object.keys(message).find((k) => !fields.includes(k));
  return extra === undefined
    ? undefined
    : `a '${String(message.type)}' message has no field '${extra.slice(0, 40)}' (fields: ${fields.join(', ')})`;
};

const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

const readHello = (m: Record<string, unknown>): ReadResult<ClientMessage> => {
  const extra = onlyFields(m, ['type', 'token', 'host', 'seq']);
  if (extra) return fail('bad-message', extra);
  for (const key of ['token', 'host'] as const) {
    const v = m[key];
    if (v !== undefined && (typeof v !== 'string' || !TOKEN.test(v)))
      return fail('bad-token', `'${key}' must be a token as the server gave it`);
  }
  if (m.seq !== undefined && !isSeq(m.seq)) return fail('bad-message', "'seq' must be a whole number from 0");
  return {
    ok: true,
    value: {
      type: 'hello',
      ...(m.token !== undefined ? { token: m.token as string } : {}),
      ...(m.host !== undefined ? { host: m.host as string } : {}),
      ...(m.seq !== undefined ? { seq: m.seq } : {}),
    },
  };
};

const readMoveMessage = (m: Record<string, unknown>): ReadResult<ClientMessage> => {
  const extra = onlyFields(m, ['type', 'seq', 'move']);
  if (extra) return fail('bad-message', extra);
  if (!isSeq(m.seq)) return fail('bad-message', "a move needs 'seq': the number of the state it was made on");
  if (!isRecord(m.move)) return fail('bad-message', `'move' must be an object like {"move": "roll", "args": {}}`);
  // The seat is the socket's: a client may repeat it (checked by the room), and readMove checks the shape.
  const claimed = m.move.seat;
  const read = readMove({ ...m.move, seat: claimed ?? 0 }, "'move'");
  if (typeof read === 'string') return fail('bad-message', read);
  const move: MoveRequest = {
    move: read.move,
    ...(read.args ? { args: read.args } : {}),
    ...(claimed !== undefined ? { seat: read.seat } : {}),
  };
  return { ok: true, value: { type: 'move', seq: m.seq, move } };
};

/** A message from a client, read from its text; every way it can be wrong is a code and a sentence. */
export const readClientMessage = (text: string): ReadResult<ClientMessage> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail('bad-json', 'a message must be one JSON object');
  }
  if (!isRecord(parsed)) return fail('bad-message', 'a message must be a JSON object with a "type"');
  switch (parsed.type) {
    case 'hello':
      return readHello(parsed);
    case 'move':
      return readMoveMessage(parsed);
    case 'undo': {
      const extra = onlyFields(parsed, ['type', 'seq']);
      if (extra) return fail('bad-message', extra);
      return isSeq(parsed.seq)
        ? { ok: true, value: { type: 'undo', seq: parsed.seq } }
        : fail('bad-message', "an undo needs 'seq': the number of the state it takes back from");
    }
    case 'ping':
      return { ok: true, value: { type: 'ping' } };
    default:
      return fail(
        'bad-message',
        `unknown message type ${JSON.stringify(String(parsed.type)).slice(0, 40)} (types: hello, move, undo, ping)`,
      );
  }
};
