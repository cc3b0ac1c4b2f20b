/**
 * What the game server keeps, whatever keeps it (SQLite by default): rooms with the rules they
 * started with, each room's events in order, and the hashes of its secrets. Every method is
 * asynchronous so that a database server can stand behind the same interface.
 */
import type { Json, Move } from '../engine/types.ts';

/** The rules a room plays by, fixed when it is made: an edit in the studio never changes them. */
export interface RoomRules {
  readonly title: string;
  /** The game's files as text: `game.yaml` and `variants/<file>.yaml`. */
  readonly files: Readonly<Record<string, string>>;
  /** The variants switched on, by id, with those they require. */
  readonly variants: readonly string[];
  readonly params: Readonly<Record<string, Json>>;
  readonly players: number;
  /** The bot of each seat, or null where a person sits. */
  readonly bots: readonly (string | null)[];
}

export interface RoomRecord {
  readonly id: string;
  readonly rules: RoomRules;
  /** The game's seed: never leaves the server. */
  readonly seed: string;
  /** The number of events so far. */
  readonly seq: number;
  readonly created: number;
}

/** A move, or the host taking back the last move. Event `seq` n is the room's n-th, from 1. */
export type EventRecord =
  | { readonly seq: number; readonly kind: 'move'; readonly move: Move }
  | { readonly seq: number; readonly kind: 'undo' };

/** A stored secret: a seat's token, the host's token, or a seat's invite (spent once claimed). */
export interface SecretRecord {
  readonly kind: 'seat' | 'host' | 'invite';
  readonly seat: number | null;
  readonly hash: string;
  readonly used: boolean;
}

export type ClaimResult = { readonly seat: number } | 'used' | 'unknown';

export interface RoomStore {
  createRoom(room: RoomRecord, secrets: readonly SecretRecord[]): Promise<void>;
  room(id: string): Promise<RoomRecord | undefined>;
  /** The room's events after the `after`-th (all of them by default), in order. */
  events(id: string, after?: number): Promise<EventRecord[]>;
  secrets(id: string): Promise<SecretRecord[]>;
  /**
   * Appends `event` as the room's event `expected + 1` if the room still has `expected` events, in
   * one transaction; false (nothing written) if another event came first.
   */
  append(id: string, expected: number, event: EventRecord): Promise<boolean>;
  /** Spends the invite with this hash and stores a new seat token's hash in the same transaction. */
  claim(id: string, inviteHash: string, tokenHash: string): Promise<ClaimResult>;
  /**
   * Tells `listener` of every event appended by any process sharing the store (this one's too),
   * where the store can: a store of one process has nothing to tell.
   */
  subscribe?(listener: (room: string, seq: number) => void): void;
  close(): Promise<void>;
}

/** An event as both databases keep it: the move as JSON text. */
export interface EventRow {
  readonly seq: number;
  readonly kind: string;
  readonly move: string | null;
}

export const eventOf = (row: EventRow): EventRecord =>
  row.kind === 'move'
    ? { seq: Number(row.seq), kind: 'move', move: JSON.parse(row.move ?? 'null') as Move }
    : { seq: Number(row.seq), kind: 'undo' };
