/**
 * Local autosave. Each edited file is kept under its own key so that a reload, or a crash of the
 * tab, loses nothing; game settings (house rules, seats) under the game's key. Storage can be full
 * or disabled (private windows): every access is guarded and a failure only loses the autosave.
 */
import type { Json, Move } from '../../engine/types.ts';

const PREFIX = 'houserules:v1:';
const fileKey = (file: string): string => `${PREFIX}file:${file}`;
const settingsKey = (gameId: string): string => `${PREFIX}settings:${gameId}`;
const playKey = (gameId: string): string => `${PREFIX}play:${gameId}`;

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null): boolean => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
};

/** The autosaved text of a file, or null when it was never edited (or was reverted). */
export const loadFileText = (file: string): string | null => read(fileKey(file));

export const saveFileText = (file: string, text: string): boolean => write(fileKey(file), text);

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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads settings defensively: an old or hand-edited entry must not break the studio. */
export const parseSettings = (text: string | null): GameSettings => {
  const settings = emptySettings();
  if (!text) return settings;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return settings;
  }
  if (!isRecord(raw)) return settings;
  if (Array.isArray(raw.variants)) settings.variants = raw.variants.filter((v): v is string => typeof v === 'string');
  if (isRecord(raw.params)) settings.params = raw.params as Record<string, Json>;
  // Earlier settings said 'bot' for the random bot.
  if (Array.isArray(raw.seats)) settings.seats = raw.seats.map((s) => (s === 'bot' ? 'random' : typeof s === 'string' && s ? s : 'human'));
  if (typeof raw.players === 'number') settings.players = raw.players;
  if (typeof raw.seed === 'number') settings.seed = raw.seed;
  return settings;
};

export const loadSettings = (gameId: string): GameSettings => parseSettings(read(settingsKey(gameId)));

export const saveSettings = (gameId: string, settings: GameSettings): boolean =>
  write(settingsKey(gameId), JSON.stringify(settings));

/** The game in progress: the engine is deterministic, so seed and moves bring it back exactly. */
export interface SavedPlay {
  seed: number;
  players: number;
  moves: Move[];
  /** How many of the moves are played; the rest can be redone. */
  cursor: number;
}

const isMove = (v: unknown): v is Move => isRecord(v) && typeof v.move === 'string' && typeof v.seat === 'number';

/** Reads a saved game defensively, like the settings: a bad entry is no saved game. */
export const parsePlay = (text: string | null): SavedPlay | null => {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw) || typeof raw.seed !== 'number' || typeof raw.players !== 'number' || !Array.isArray(raw.moves)) return null;
  const moves = raw.moves.filter(isMove);
  const cursor = typeof raw.cursor === 'number' ? Math.max(0, Math.min(raw.cursor, moves.length)) : moves.length;
  return { seed: raw.seed, players: raw.players, moves, cursor };
};

export const loadPlay = (gameId: string): SavedPlay | null => parsePlay(read(playKey(gameId)));

export const savePlay = (gameId: string, play: SavedPlay): boolean => write(playKey(gameId), JSON.stringify(play));
