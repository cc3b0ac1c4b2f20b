/**
 * The files of the game being edited: the base spec and its variants, each with the text shipped
 * in `games/` (when there is one) and the text being edited. The user's own edits come from the
 * autosave; a share link's texts or a restored version are shown in their place without being
 * written over them (see Workbench for how a copy becomes the user's version).
 */
import { findGame } from '../catalog/catalog.ts';
import { forgetFileText, loadFileText, saveFileText } from '../persist/storage.ts';
import type { Snapshot } from '../persist/versions.ts';
import { loadGameTexts, type GameTexts } from './gameTexts.ts';

export interface WorkFile {
  readonly file: string;
  readonly role: 'base' | 'variant';
  /** The variant id (its file name), for variant files. */
  readonly variantId?: string;
  /** The shipped text, or null for a file that came only from a share link. */
  readonly original: string | null;
  readonly text: string;
}

/** The game's own file, or the first file when none is marked as the base (a share link of variants only). */
export const baseOf = (files: readonly WorkFile[]): WorkFile | undefined => files.find((f) => f.role === 'base') ?? files[0];

export type WorkspaceLoad = { ok: true; files: WorkFile[]; texts: GameTexts } | { ok: false; error: string };

const variantIdOf = (file: string): string => file.replace(/^.*\//, '').replace(/\.ya?ml$/, '');

/** The files a version keeps: the edited ones and those that exist only here. */
export const snapshotOf = (files: readonly WorkFile[]): Snapshot =>
  Object.fromEntries(files.filter((f) => f.original === null || f.text !== f.original).map((f) => [f.file, f.text]));

/** Whether `file` may belong to game `gameId`: its base or one of its variants, nothing else. */
export const belongsTo = (gameId: string, file: string): boolean => {
  const prefix = `games/${gameId}/`;
  return file.startsWith(prefix) && /^(game|variants\/[A-Za-z0-9_-]+)\.ya?ml$/.test(file.slice(prefix.length));
};

/**
 * Loads a game's files with the user's autosaved edits, or with the texts of `copy` (a share
 * link's files, a version) in their place; files not in `copy` keep their shipped text.
 */
export const loadWorkspace = async (gameId: string, copy: Snapshot | null): Promise<WorkspaceLoad> => {
  const entry = findGame(gameId);
  const files: WorkFile[] = [];
  const texts = loadGameTexts(entry);
  if (entry) {
    const [base, ...variants] = await Promise.all([entry.base.load(), ...entry.variants.map((v) => v.load())]);
    files.push({ file: entry.base.file, role: 'base', original: base ?? '', text: base ?? '' });
    entry.variants.forEach((v, i) =>
      files.push({ file: v.file, role: 'variant', variantId: v.id, original: variants[i] ?? '', text: variants[i] ?? '' }),
    );
  }
  const extra = copy ?? ownGameFiles(gameId);
  for (const file of Object.keys(extra)) {
    if (!files.some((f) => f.file === file) && belongsTo(gameId, file)) {
      const role = /\/game\.ya?ml$/.test(file) ? 'base' : 'variant';
      files.push({ file, role, ...(role === 'variant' ? { variantId: variantIdOf(file) } : {}), original: null, text: extra[file] ?? '' });
    }
  }
  if (!files.some((f) => f.role === 'base')) {
    return { ok: false, error: entry ? `the game '${gameId}' has no game.yaml` : `there is no game '${gameId}' in games/` };
  }
  return {
    ok: true,
    texts: await texts,
    files: files.map((f) => {
      const text = copy ? (copy[f.file] ?? f.original) : loadFileText(f.file);
      return text !== null && text !== undefined ? { ...f, text } : f;
    }),
  };
};

/** Files of a game kept in the autosave that are not shipped (a shared game taken as one's own). */
const EXTRA_PREFIX = 'houserules:v1:extra:';
const EXTRA_KEY = (gameId: string): string => `${EXTRA_PREFIX}${gameId}`;
const extraFiles = (gameId: string): string[] => {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(EXTRA_KEY(gameId)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((f): f is string => typeof f === 'string' && belongsTo(gameId, f)) : [];
  } catch {
    return [];
  }
};

/**
 * Games that exist only in this browser (made with "New game" or "Duplicate", or a shared game
 * taken as one's own): those whose base file is one of their kept extra files.
 */
export const ownGameIds = (): string[] => {
  const ids: string[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i) ?? '';
      const id = key.startsWith(EXTRA_PREFIX) ? key.slice(EXTRA_PREFIX.length) : '';
      if (id && !findGame(id) && extraFiles(id).some((f) => f === `games/${id}/game.yaml`)) ids.push(id);
    }
  } catch {
    // No storage (a locked-down browser): there are no own games to list.
  }
  return ids.sort();
};

/** The files of a game kept only in this browser, with their saved texts. */
export const ownGameFiles = (gameId: string): Snapshot =>
  Object.fromEntries(extraFiles(gameId).map((file) => [file, loadFileText(file) ?? '']));

/**
 * Makes `files` the user's own version of the game: every edited file autosaved, the others'
 * autosave dropped (they follow the shipped text).
 */
export const adoptFiles = (gameId: string, files: readonly WorkFile[]): void => {
  for (const f of files) {
    if (f.original !== null && f.text === f.original) forgetFileText(f.file);
    else saveFileText(f.file, f.text);
  }
  const extra = files.filter((f) => f.original === null).map((f) => f.file);
  try {
    window.localStorage.setItem(EXTRA_KEY(gameId), JSON.stringify(extra));
  } catch {
    // Reported through saveFileText's own failure above when storage is full.
  }
};

/** The user's own autosaved version of `files`' game, as a snapshot (the shared copy aside). */
export const ownSnapshot = (gameId: string, files: readonly WorkFile[]): Snapshot => {
  const out: Snapshot = {};
  for (const file of new Set([...files.map((f) => f.file), ...extraFiles(gameId)])) {
    const text = loadFileText(file);
    if (text !== null) out[file] = text;
  }
  return out;
};
