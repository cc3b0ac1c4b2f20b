import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { LIMITS } from '../limits.ts';

/** Bytes that surely hold more than `LIMITS.yamlChars` characters: UTF-8 takes at most 4 bytes a character. */
const ENOUGH_BYTES = 4 * (LIMITS.yamlChars + 1);

/**
 * A YAML file's text, or for a file too large for any YAML input its first `ENOUGH_BYTES`: that
 * prefix is past the character limit too, so parsing refuses it with the same located message,
 * without reading (twice, with the catalog) tens of megabytes it would not use.
 */
export const readYamlText = (path: string): string => {
  if (statSync(path).size <= ENOUGH_BYTES) return readFileSync(path, 'utf8');
  const bytes = Buffer.alloc(ENOUGH_BYTES);
  const fd = openSync(path, 'r');
  try {
    const read = readSync(fd, bytes, 0, ENOUGH_BYTES, 0);
    return bytes.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
};
