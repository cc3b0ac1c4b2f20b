/**
 * The user's own games: "New game" from the template and "Duplicate" of any game. Each is a new
 * game id whose files are kept in this browser like any edit (autosaved, with a first version in
 * History). A new id is never one in use — a shipped game, an own game, or any id something is
 * saved under — so nothing is ever written over.
 */
import { isMap, isScalar, parseDocument } from 'yaml';
import template from '../../../templates/new-game.yaml?raw';
import { loadFileText, PREFIX } from '../persist/storage.ts';
import { addVersion } from '../persist/versions.ts';
import { adoptFiles, ownGameFiles, ownGameIds } from '../workbench/workspace.ts';
import { findGame, type CatalogGame } from './catalog.ts';
import { t } from '../i18n/index.ts';

/** A game id as the language wants it (lower-case letters, digits and dashes), from a title. */
export const idOf = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s_-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '') || 'game';

const storedKeys = (): string[] => {
  const keys: string[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i += 1) keys.push(window.localStorage.key(i) ?? '');
  } catch {
    // No storage: nothing is saved under any id.
  }
  return keys.filter((k) => k.startsWith(PREFIX));
};

const inUse = (id: string, keys: readonly string[]): boolean =>
  findGame(id) !== undefined || keys.some((k) => k.endsWith(`:${id}`) || k.includes(`games/${id}/`));

/** `wanted`, or `wanted-2`, `wanted-3`… : the first id nothing uses. */
export const freeId = (wanted: string): string => {
  const keys = storedKeys();
  if (!inUse(wanted, keys)) return wanted;
  for (let n = 2; ; n += 1) if (!inUse(`${wanted}-${n}`, keys)) return `${wanted}-${n}`;
};

/**
 * `text` with top-level scalar fields set (`id`, `title`, a variant's `game`), every other
 * character kept as written: only each field's value is replaced, a missing field is added on
 * top. A text that is not valid YAML is returned as it is (the copy then shows its problem).
 */
export const withFields = (text: string, fields: Readonly<Record<string, string>>): string => {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return text;
  const edits: { from: number; to: number; text: string }[] = [];
  const missing: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key);
    const range = pair && isScalar(pair.value) ? pair.value.range : undefined;
    if (range) edits.push({ from: range[0], to: range[1], text: JSON.stringify(value) });
    else missing.push(`${key}: ${JSON.stringify(value)}\n`);
  }
  const first = doc.contents.items[0];
  const top = first && isScalar(first.key) ? (first.key.range?.[0] ?? 0) : 0;
  edits.push({ from: top, to: top, text: missing.join('') });
  return edits.sort((a, b) => b.from - a.from).reduce((out, e) => out.slice(0, e.from) + e.text + out.slice(e.to), text);
};

const titleOf = (text: string): string | null => {
  const title: unknown = parseDocument(text).get('title');
  return typeof title === 'string' && title.trim() ? title.trim() : null;
};

/** Saves `files` as game `id`, the user's own, with a first version in its History. */
const createGame = (id: string, files: Readonly<Record<string, string>>, note: string): void => {
  adoptFiles(
    id,
    Object.entries(files).map(([file, text]) => ({ file, role: file.endsWith('/game.yaml') ? 'base' : 'variant', original: null, text })),
  );
  addVersion(id, { ...files }, note);
};

/** A new game from the template, titled `title`; its id. */
export const newGameFromTemplate = (title: string): string => {
  const name = title.trim() || t('start.newGame');
  const id = freeId(idOf(name));
  createGame(id, { [`games/${id}/game.yaml`]: withFields(template, { id, title: name }) }, 'created from the template');
  return id;
};

/** The texts of a game as the user has them now: their edits, else the shipped texts. */
const currentFiles = async (gameId: string): Promise<Record<string, string>> => {
  const shipped: CatalogGame | undefined = findGame(gameId);
  if (!shipped) return ownGameFiles(gameId);
  const entries = [shipped.base, ...shipped.variants];
  const texts = await Promise.all(entries.map(async (f) => loadFileText(f.file) ?? (await f.load())));
  return Object.fromEntries(entries.map((f, i) => [f.file, texts[i] ?? '']));
};

/** A copy of `gameId` (the user's edits included) as a new own game: "<title> (copy)"; its id. */
export const duplicateGame = async (gameId: string): Promise<string> => {
  const files = await currentFiles(gameId);
  const base = files[`games/${gameId}/game.yaml`] ?? '';
  const id = freeId(`${gameId}-copy`);
  const title = `${titleOf(base) ?? gameId} (copy)`;
  const copied = Object.fromEntries(
    Object.entries(files).map(([file, text]) => {
      const to = `games/${id}/${file.slice(`games/${gameId}/`.length)}`;
      return [to, file.endsWith('/game.yaml') ? withFields(text, { id, title }) : withFields(text, { game: id })];
    }),
  );
  createGame(id, copied, `duplicated from ${titleOf(base) ?? gameId}`);
  return id;
};

/** Own games as catalog entries, their texts read from this browser's storage. */
export const ownCatalog = (): CatalogGame[] =>
  ownGameIds().map((id) => {
    const files = ownGameFiles(id);
    const load = (file: string) => () => Promise.resolve(files[file] ?? '');
    const variants = Object.keys(files)
      .filter((f) => f.includes('/variants/'))
      .sort()
      .map((file) => ({ id: file.replace(/^.*\//, '').replace(/\.ya?ml$/, ''), file, load: load(file) }));
    // A game made here has its spec's words only: no translations, no rulebook.
    return { id, base: { file: `games/${id}/game.yaml`, load: load(`games/${id}/game.yaml`) }, variants, locales: [], rulebooks: [] };
  });
