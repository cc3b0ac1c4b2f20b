/**
 * Which files the server checks, and how: `<folder>/game.yaml` is a game, a YAML file in a
 * `variants/` folder is a variant of the game beside that folder (`../game.yaml`). Any other file
 * (a rulebook, a locale, a workflow) is not a spec and is left alone.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LIMITS } from '../limits.ts';

export type Role =
  | { readonly kind: 'game'; readonly game: string }
  | { readonly kind: 'variant'; readonly game: string; readonly variant: string };

export const roleOf = (path: string): Role | null => {
  if (basename(path) === 'game.yaml') return { kind: 'game', game: path };
  if (basename(dirname(path)) === 'variants' && /\.ya?ml$/.test(path))
    return { kind: 'variant', game: join(dirname(dirname(path)), 'game.yaml'), variant: path };
  return null;
};

/** A file: URI's path; null for any other scheme (an unsaved buffer has no game beside it). */
export const pathOf = (uri: string): string | null => {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
};

export const uriOf = (path: string): string => pathToFileURL(path).href;

/** A file's text: an open document's when there is one, else the disk's; undefined when neither has it. */
export type Reader = (path: string) => string | undefined;

/**
 * UTF-8 takes at most 4 bytes a character, so this many bytes surely pass the parser's limit; a
 * larger file is read that far only, and parsing refuses it with its located message.
 */
const ENOUGH_BYTES = 4 * (LIMITS.yamlChars + 1);

export const diskText = (path: string): string | undefined => {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const bytes = Buffer.alloc(ENOUGH_BYTES);
    const read = readSync(fd, bytes, 0, ENOUGH_BYTES, 0);
    return bytes.subarray(0, read).toString('utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
};
