/**
 * The game server's HTTP API as the studio uses it (docs/PROTOCOL.md): make a room from the game
 * as it is in the editor, read a room, claim a seat's invite. Every failure is a sentence for the
 * person, with the server's code when it gave one.
 */
import type { AnalysisInput } from '../analysis/protocol.ts';
import type { Json } from '../../engine/types.ts';
import type { ErrorCode, SeatInfo } from '../../server/protocol.ts';
import { t } from '../i18n/index.ts';

export type Answer<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: ErrorCode | 'no-server'; readonly message: string };

export interface MadeRoom {
  readonly room: string;
  readonly title: string;
  readonly players: number;
  readonly host: string;
  readonly seats: readonly { seat: number; bot: string | null; token?: string; invite?: string; path?: string }[];
  readonly spectate: string;
}

export interface RoomInfo {
  readonly room: string;
  readonly title: string;
  readonly players: number;
  readonly variants: readonly string[];
  readonly params: Readonly<Record<string, Json>>;
  readonly files: Readonly<Record<string, string>>;
  readonly seq: number;
  readonly seats: readonly SeatInfo[];
}

const call = async <T>(path: string, init?: RequestInit): Promise<Answer<T>> => {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { 'Content-Type': 'application/json' } });
  } catch {
    return { ok: false, code: 'no-server', message: t('online.noServer') };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, code: 'no-server', message: t('online.noServer') };
  }
  if (response.ok) return { ok: true, value: body as T };
  const { code, message } = (body ?? {}) as { code?: ErrorCode; message?: string };
  return code && message ? { ok: false, code, message } : { ok: false, code: 'no-server', message: t('online.noServer') };
};

/** A variant's id is its file's name, as in the studio's catalog. */
const stem = (file: string): string => file.replace(/^.*\//, '').replace(/\.yaml$/, '');

/** The room request for the game as the editor has it: its text, switched-on variants, params, seats. */
export const roomRequest = (source: AnalysisInput, players: number, bots: readonly (string | null)[]) => ({
  files: Object.fromEntries([['game.yaml', source.base.text], ...source.variants.map((v) => [`variants/${stem(v.file)}.yaml`, v.text])]),
  variants: source.variants.map((v) => stem(v.file)),
  params: source.params,
  players,
  bots,
});

export const createRoom = (request: ReturnType<typeof roomRequest>): Promise<Answer<MadeRoom>> =>
  call('api/rooms', { method: 'POST', body: JSON.stringify(request) });

export const readRoom = (room: string): Promise<Answer<RoomInfo>> => call(`api/rooms/${encodeURIComponent(room)}`);

export const claimSeat = (room: string, invite: string): Promise<Answer<{ seat: number; token: string }>> =>
  call(`api/rooms/${encodeURIComponent(room)}/claim`, { method: 'POST', body: JSON.stringify({ invite }) });

/** A link to give: the page's own address with the server's path. */
export const linkTo = (path: string): string => new URL(path.replace(/^\//, ''), new URL('./', window.location.href)).toString();
