/**
 * The files of the game being edited: the base spec and its variants, each with the text shipped
 * in `games/` (when there is one) and the text being edited, autosaved per file.
 */
import { findGame } from '../catalog/catalog.ts';
import { loadFileText, saveFileText } from '../persist/storage.ts';
import type { SharedSpec } from '../persist/share.ts';

export interface WorkFile {
  readonly file: string;
  readonly role: 'base' | 'variant';
  /** The variant id (its file name), for variant files. */
  readonly variantId?: string;
  /** The shipped text, or null for a file that came only from a share link. */
  readonly original: string | null;
  readonly text: string;
}

export type WorkspaceLoad = { ok: true; files: WorkFile[] } | { ok: false; error: string };

const variantIdOf = (file: string): string => file.replace(/^.*\//, '').replace(/\.ya?ml$/, '');

/** Loads a game's files; a share link's texts replace the local ones (and are saved as edits). */
export const loadWorkspace = async (gameId: string, shared: SharedSpec | null): Promise<WorkspaceLoad> => {
  const entry = findGame(gameId);
  const files: WorkFile[] = [];
  if (entry) {
    const [base, ...variants] = await Promise.all([entry.base.load(), ...entry.variants.map((v) => v.load())]);
    files.push({ file: entry.base.file, role: 'base', original: base ?? '', text: base ?? '' });
    entry.variants.forEach((v, i) => files.push({ file: v.file, role: 'variant', variantId: v.id, original: variants[i] ?? '', text: variants[i] ?? '' }));
  }
  for (const [file, text] of Object.entries(shared?.files ?? {})) {
    if (!files.some((f) => f.file === file)) {
      const role = /\/game\.ya?ml$/.test(file) ? 'base' : 'variant';
      files.push({ file, role, ...(role === 'variant' ? { variantId: variantIdOf(file) } : {}), original: null, text });
    }
  }
  if (!files.some((f) => f.role === 'base')) {
    return { ok: false, error: entry ? `the game '${gameId}' has no game.yaml` : `there is no game '${gameId}' in games/` };
  }
  return {
    ok: true,
    files: files.map((f) => {
      const sharedText = shared?.files[f.file];
      if (sharedText !== undefined) {
        saveFileText(f.file, sharedText);
        return { ...f, text: sharedText };
      }
      const saved = loadFileText(f.file);
      return saved !== null ? { ...f, text: saved } : f;
    }),
  };
};
