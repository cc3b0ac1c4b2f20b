/**
 * Messages between the server's main thread and its engine workers. The main thread keeps the
 * sockets and the store; rules are compiled and played only in workers, so a stranger's spec that
 * takes long holds up one worker for at most its time limit, never the sockets of other rooms.
 */
import type { Move } from '../engine/types.ts';
import type { Refusal, RoomEvent } from './protocol.ts';
import type { Frame } from './roomGame.ts';
import type { Engine } from '../lang/index.ts';
import type { RoomRequest } from './rules.ts';
import type { EventRecord, RoomRules } from './store.ts';

export type NewEvent = { readonly kind: 'move'; readonly move: Move } | { readonly kind: 'undo' };

export type EngineRequest =
  | { readonly op: 'check'; readonly request: RoomRequest }
  | {
      readonly op: 'open';
      readonly room: string;
      readonly rules: RoomRules;
      readonly seed: string;
      readonly events: readonly EventRecord[];
    }
  | { readonly op: 'apply'; readonly room: string; readonly seq: number; readonly event: NewEvent }
  | { readonly op: 'bot'; readonly room: string; readonly seat: number; readonly bot: string; readonly timeMs: number }
  | { readonly op: 'since'; readonly room: string; readonly since: number | undefined; readonly reader: number | null }
  | { readonly op: 'close'; readonly room: string };

/**
 * What every reader is sent after an event: `frames[s]` for seat s, and the spectators' last;
 * `events` likewise (none after an open).
 */
export interface Update {
  readonly seq: number;
  readonly frames: readonly Frame[];
  readonly events: readonly RoomEvent[] | null;
}

export type EngineReply =
  | { readonly ok: true; readonly kind: 'rules'; readonly rules: RoomRules }
  | { readonly ok: true; readonly kind: 'update'; readonly update: Update }
  | { readonly ok: true; readonly kind: 'move'; readonly move: Move }
  | { readonly ok: true; readonly kind: 'events'; readonly events: readonly RoomEvent[] }
  | { readonly ok: true; readonly kind: 'closed' }
  | ({ readonly ok: false } & Refusal);

export interface EngineCall {
  readonly id: number;
  readonly request: EngineRequest;
}

export interface EngineAnswer {
  readonly id: number;
  readonly reply: EngineReply;
}

/** A reader's index in an update's lists: a seat, or the spectators after the seats. */
export const readerIndex = (reader: number | null, players: number): number => reader ?? players;

/** What an engine worker is started with: the engine of the rules' expressions its pool chose. */
export interface EngineWorkerData {
  readonly engine: Engine;
}
