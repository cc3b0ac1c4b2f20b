/**
 * Local autosave. Each edited file is kept under its own key so that a reload, or a crash of the
 * tab, loses nothing; game settings (house rules, seats), the game in progress, the last input
 * that compiled and the history of versions under the game's keys.
 *
 * Nothing is lost silently: an entry that cannot be read is set aside under a `corrupt:` key and
 * reported; a write refused because storage is full first frees room by dropping the oldest saved
 * versions beyond the ones every game keeps, and is reported if it still fails.
 */
import type { Json, Move } from '../../engine/types.ts';
import { isRecord } from '../../spec/own.ts';

export const PREFIX = 'houserules:v1:';
const fileKey = (file: string): string => `${PREFIX}file:${file}`;
const settingsKey = (gameId: string): string => `${PREFIX}settings:${gameId}`;
const playKey = (gameId: string): string => `${PREFIX}play:${gameId}`;
const lastGoodKey = (gameId: string): string => `${PREFIX}lastgood:${gameId}`;
export const historyKey = (gameId: string): string => `${PREFIX}history:${gameId}`;
const corruptKey = (key: string): string => `${PREFIX}corrupt:${key.slice(PREFIX.length)}`;

/** Something about the saved data the user must hear of. */
export type StorageProblem = { kind: 'corrupt' | 'full' | 'unavailable'; message: string };
type Listener = (problem: StorageProblem) => void;
const listeners = new Set<Listener>();
const reported: StorageProblem[] = [];

/** Listens to storage problems; problems reported before the listener came are replayed to it. */
export const onStorageProblem = (listener: Listener): (() => void) => {
  listeners.add(listener);
  for (const p of reported) listener(p);
  return () => listeners.delete(listener);
};

const report = (problem: StorageProblem): void => {
  reported.push(problem);
  for (const l of listeners) l(problem);
};

const store = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export const read = (key: string): string | null => {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

/** Frees room for a write: drops the oldest versions beyond `KEEP_VERSIONS` in every history. */
let makeRoom: () => boolean = () => false;
export const setRoomMaker = (f: () => boolean): void => {
  makeRoom = f;
};

const tryWrite = (s: Storage, key: string, value: string | null): boolean => {
  try {
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
};

/**
 * Writes `value` (null removes the key). On a full storage, frees room and tries again; `what`
 * names the data in the report when it still fails.
 */
export const write = (key: string, value: string | null, what = 'your changes'): boolean => {
  const s = store();
  if (!s) return false;
  if (tryWrite(s, key, value)) return true;
  if (makeRoom() && tryWrite(s, key, value)) return true;
  report({
    kind: 'full',
    message: `The browser's storage is full: ${what} could not be saved, and would be lost on reload. Export the file to keep it, or delete old versions in History.`,
  });
  return false;
};

/** Keeps an unreadable entry aside (never deleted) and says so. */
const setAside = (key: string, raw: string, what: string, why: string): void => {
  const aside = corruptKey(key);
  const s = store();
  if (s && read(aside) !== raw) tryWrite(s, aside, raw);
  report({
    kind: 'corrupt',
    message: `Saved ${what} could not be read (${why}); they were set aside under "${aside}" and defaults are used.`,
  });
};

/** Reads a JSON entry; a broken one is set aside and reported. `check` returns a problem or null. */
const readJson = <T>(key: string, what: string, parse: (raw: unknown) => { value: T } | { problem: string }): T | null => {
  const text = read(key);
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    setAside(key, text, what, 'not JSON');
    return null;
  }
  const r = parse(raw);
  if ('problem' in r) {
    setAside(key, text, what, r.problem);
    return null;
  }
  return r.value;
};

/** The autosaved text of a file, or null when it was never edited (or was reverted). */
export const loadFileText = (file: string): string | null => read(fileKey(file));

export const saveFileText = (file: string, text: string): boolean => write(fileKey(file), text, `your edit of ${file}`);

export const forgetFileText = (file: string): boolean => write(fileKey(file), null);

export interface GameSettings {
  variants: string[];
  params: Record<string, Json>;
  /** 'human' or a bot's name, per seat. */
  seats: string[];
  players?: number;
  seed?: number;
}

export const emptySettings = (): GameSettings => ({ variants: [], params: {}, seats: [] });

const isJson = (v: unknown): v is Json =>
  v === null ||
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v)) ||
  (Array.isArray(v) && v.every(isJson)) ||
  (isRecord(v) && Object.values(v).every(isJson));

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 1000;
const isSeed = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * Reads settings field by field: a field of the wrong kind is a problem named by its field (the
 * whole entry is then set aside), never a blank playtest.
 */
export const parseSettings = (raw: unknown): { value: GameSettings } | { problem: string } => {
  if (!isRecord(raw)) return { problem: 'not an object' };
  const settings = emptySettings();
  if (raw.variants !== undefined) {
    if (!Array.isArray(raw.variants) || !raw.variants.every((v) => typeof v === 'string'))
      return { problem: 'variants is not a list of names' };
    settings.variants = raw.variants;
  }
  if (raw.params !== undefined) {
    if (!isRecord(raw.params) || !isJson(raw.params)) return { problem: 'params is not a table of values' };
    settings.params = Object.assign(Object.create(null) as Record<string, Json>, raw.params);
  }
  if (raw.seats !== undefined) {
    if (!Array.isArray(raw.seats)) return { problem: 'seats is not a list' };
    // Earlier settings said 'bot' for the random bot.
    settings.seats = raw.seats.map((s) => (s === 'bot' ? 'random' : typeof s === 'string' && s ? s : 'human'));
  }
  if (raw.players !== undefined) {
    if (!isCount(raw.players)) return { problem: `players is ${JSON.stringify(raw.players)}, not a whole number of players` };
    settings.players = raw.players;
  }
  if (raw.seed !== undefined) {
    if (!isSeed(raw.seed)) return { problem: `seed is ${JSON.stringify(raw.seed)}, not a whole number ≥ 0` };
    settings.seed = raw.seed;
  }
  return { value: settings };
};

export const loadSettings = (gameId: string): GameSettings =>
  readJson(settingsKey(gameId), `settings of '${gameId}'`, parseSettings) ?? emptySettings();

export const saveSettings = (gameId: string, settings: GameSettings): boolean =>
  write(settingsKey(gameId), JSON.stringify(settings), 'your house rules and seats');

/** The game in progress: the engine is deterministic, so seed and moves bring it back exactly. */
export interface SavedPlay {
  seed: number;
  players: number;
  moves: Move[];
  /** How many of the moves are played; the rest can be redone. */
  cursor: number;
}

const isMove = (v: unknown): v is Move =>
  isRecord(v) && typeof v.move === 'string' && typeof v.seat === 'number' && Number.isInteger(v.seat) && v.seat >= 0;

export const parsePlay = (raw: unknown): { value: SavedPlay } | { problem: string } => {
  if (!isRecord(raw)) return { problem: 'not an object' };
  if (!isSeed(raw.seed)) return { problem: 'no whole-number seed' };
  if (!isCount(raw.players)) return { problem: 'no whole number of players' };
  if (!Array.isArray(raw.moves) || !raw.moves.every(isMove)) return { problem: 'moves is not a list of moves' };
  const moves = raw.moves;
  const cursor =
    typeof raw.cursor === 'number' && Number.isInteger(raw.cursor) ? Math.max(0, Math.min(raw.cursor, moves.length)) : moves.length;
  return { value: { seed: raw.seed, players: raw.players, moves, cursor } };
};

export const loadPlay = (gameId: string): SavedPlay | null => readJson(playKey(gameId), `game in progress of '${gameId}'`, parsePlay);

export const savePlay = (gameId: string, play: SavedPlay): boolean => write(playKey(gameId), JSON.stringify(play), 'the game in progress');

/** The last input that compiled: what the board plays after a reload while the text is broken. */
export interface LastGood {
  base: { file: string; text: string };
  variants: { file: string; text: string }[];
  params: Record<string, Json>;
}

const isSource = (v: unknown): v is { file: string; text: string } =>
  isRecord(v) && typeof v.file === 'string' && typeof v.text === 'string';

export const parseLastGood = (raw: unknown): { value: LastGood } | { problem: string } =>
  isRecord(raw) &&
  isSource(raw.base) &&
  Array.isArray(raw.variants) &&
  raw.variants.every(isSource) &&
  isRecord(raw.params) &&
  isJson(raw.params)
    ? { value: { base: raw.base, variants: raw.variants, params: raw.params as Record<string, Json> } }
    : { problem: 'not a spec with its variants and params' };

export const loadLastGood = (gameId: string): LastGood | null =>
  readJson(lastGoodKey(gameId), `last good version of '${gameId}'`, parseLastGood);

export const saveLastGood = (gameId: string, good: LastGood): boolean =>
  write(lastGoodKey(gameId), JSON.stringify(good), 'the last version that compiled');

/** Reads a JSON entry of another module (the versions) with the same set-aside rule. */
export const loadJson = readJson;

/**
 * What this browser holds for a room of the game server: its seat's token (from a claimed invite
 * or the room it made) and the host's token. Kept here only: a token is never put in an address.
 */
export interface RoomPass {
  readonly seat?: number;
  readonly token?: string;
  readonly host?: string;
  /** The host's invite links of the room it made, to give out later. */
  readonly invites?: readonly { readonly seat: number; readonly path: string }[];
}

const roomKey = (room: string): string => `${PREFIX}room:${room}`;

const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

export const parseRoomPass = (raw: unknown): { value: RoomPass } | { problem: string } => {
  if (!isRecord(raw)) return { problem: 'not an object' };
  const { seat, token, host, invites } = raw;
  if (seat !== undefined && (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0))
    return { problem: 'a seat that is not a seat number' };
  if (token !== undefined && (typeof token !== 'string' || !TOKEN.test(token))) return { problem: 'a token that is not one' };
  if (host !== undefined && (typeof host !== 'string' || !TOKEN.test(host))) return { problem: 'a host token that is not one' };
  const isInvite = (i: unknown): i is { seat: number; path: string } =>
    isRecord(i) &&
    typeof i.seat === 'number' &&
    Number.isInteger(i.seat) &&
    i.seat >= 0 &&
    typeof i.path === 'string' &&
    /^\/#\/room\/[A-Za-z0-9_-]+\?invite=[A-Za-z0-9_-]+$/.test(i.path);
  if (invites !== undefined && (!Array.isArray(invites) || !invites.every(isInvite)))
    return { problem: 'invites that are not links of the room' };
  return {
    value: {
      ...(seat !== undefined ? { seat } : {}),
      ...(token !== undefined ? { token } : {}),
      ...(host !== undefined ? { host } : {}),
      ...(invites !== undefined ? { invites: invites.map(({ seat: s, path }) => ({ seat: s, path })) } : {}),
    },
  };
};

export const loadRoomPass = (room: string): RoomPass => readJson(roomKey(room), `seat of room ${room.slice(0, 8)}…`, parseRoomPass) ?? {};

export const saveRoomPass = (room: string, pass: RoomPass): boolean => write(roomKey(room), JSON.stringify(pass), 'your seat in the room');
