/**
 * The history of saved versions of a game: a snapshot of every file's text at each save (after
 * edits settle, before a restore or an import replaces anything, when a shared copy opens), with
 * its time and a one-line summary of what changed since the version before. Any version can be
 * restored; the newest `KEEP_VERSIONS` of every game survive a full storage.
 */
import { historyKey, loadJson, PREFIX, read, setRoomMaker, write } from './storage.ts';

export const KEEP_VERSIONS = 20;
export const MAX_VERSIONS = 40;

/** File name → text, for every file of the game (what a restore puts back). */
export type Snapshot = Record<string, string>;

export interface Version {
  id: string;
  /** Epoch ms. */
  at: number;
  files: Snapshot;
  /** What changed since the previous version, in one line. */
  summary: string;
  /** Why it was saved: 'edit', 'before restoring …', 'shared copy', … */
  note: string;
}

const isVersion = (v: unknown): v is Version => {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.id === 'string' &&
    typeof r.at === 'number' &&
    typeof r.summary === 'string' &&
    typeof r.note === 'string' &&
    typeof r.files === 'object' &&
    r.files !== null &&
    Object.values(r.files).every((t) => typeof t === 'string')
  );
};

const parseVersions = (raw: unknown): { value: Version[] } | { problem: string } =>
  Array.isArray(raw) && raw.every(isVersion) ? { value: raw } : { problem: 'not a list of versions' };

/** Oldest first. */
export const loadVersions = (gameId: string): Version[] => loadJson(historyKey(gameId), `versions of '${gameId}'`, parseVersions) ?? [];

const shortName = (file: string): string => file.replace(/^.*\//, '');

/** Lines added and removed between two texts, and the first line (1-based, in `after`) that differs. */
export const lineChanges = (before: string, after: string): { added: number; removed: number; from: number } => {
  const a = before.split('\n');
  const b = after.split('\n');
  const counts = new Map<string, number>();
  for (const l of a) counts.set(l, (counts.get(l) ?? 0) + 1);
  let added = 0;
  for (const l of b) {
    const n = counts.get(l) ?? 0;
    if (n > 0) counts.set(l, n - 1);
    else added += 1;
  }
  let removed = 0;
  for (const n of counts.values()) removed += n;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return { added, removed, from: i + 1 };
};

/** "game.yaml +3 −1 from line 12; six-dice.yaml +1 −0 from line 4", or "no change". */
export const diffSummary = (before: Snapshot, after: Snapshot): string => {
  const files = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const parts: string[] = [];
  for (const f of files) {
    const x = before[f];
    const y = after[f];
    if (x === y) continue;
    if (x === undefined) parts.push(`${shortName(f)} added`);
    else if (y === undefined) parts.push(`${shortName(f)} removed`);
    else {
      const c = lineChanges(x, y);
      parts.push(`${shortName(f)} +${c.added} −${c.removed} from line ${c.from}`);
    }
  }
  return parts.length ? parts.join('; ') : 'no change';
};

const sameSnapshot = (a: Snapshot, b: Snapshot): boolean => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

const withNote = (notes: string, note: string): string => (notes.split('; ').includes(note) ? notes : `${notes}; ${note}`);

/**
 * Saves `files` as the newest version and returns the history, oldest first. When the newest saved
 * version already holds these texts (the edits settled just before an import or a restore), it
 * takes the new reason too, so History still says why the text was kept. A history that cannot be
 * saved is reported by the storage layer.
 */
export const addVersion = (gameId: string, files: Snapshot, note: string, now = Date.now()): Version[] => {
  const history = loadVersions(gameId);
  const newest = history[history.length - 1];
  if (newest && sameSnapshot(newest.files, files)) {
    const notes = withNote(newest.note, note);
    if (notes === newest.note) return history;
    const next = [...history.slice(0, -1), { ...newest, note: notes }];
    write(historyKey(gameId), JSON.stringify(next), 'the history of versions');
    return next;
  }
  const version: Version = {
    id: `${now.toString(36)}-${history.length}`,
    at: now,
    files,
    summary: newest ? diffSummary(newest.files, files) : 'first saved version',
    note,
  };
  const next = [...history, version].slice(-MAX_VERSIONS);
  write(historyKey(gameId), JSON.stringify(next), 'the history of versions');
  return next;
};

/** Drops the oldest versions beyond `KEEP_VERSIONS` in every game's history; true when it freed any. */
export const trimHistories = (): boolean => {
  let freed = false;
  let s: Storage;
  try {
    s = window.localStorage;
  } catch {
    return false;
  }
  const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => !!k && k.startsWith(`${PREFIX}history:`));
  for (const key of keys) {
    const text = read(key);
    if (!text) continue;
    let list: unknown;
    try {
      list = JSON.parse(text);
    } catch {
      continue;
    }
    if (!Array.isArray(list) || list.length <= KEEP_VERSIONS) continue;
    try {
      s.setItem(key, JSON.stringify(list.slice(-KEEP_VERSIONS)));
      freed = true;
    } catch {
      // Even the shorter list does not fit: leave it as it was.
    }
  }
  return freed;
};

setRoomMaker(trimHistories);
