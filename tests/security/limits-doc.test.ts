/** docs/SECURITY.md lists every limit of src/limits.ts with its default, and no other (issue 16). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, formatLimit } from '../../src/limits.ts';

const doc = readFileSync(join(import.meta.dirname, '../../docs/SECURITY.md'), 'utf8');

/** The rows of the "Limits and their defaults" table, as [name, default as written]. */
const rows = (): [string, string][] => {
  const section = doc.split(/^## /m).find((s) => s.startsWith('Limits and their defaults')) ?? '';
  return [...section.matchAll(/^\| `([A-Za-z]+)` \| ([^|]+) \|/gm)].map((m) => [m[1] as string, (m[2] as string).trim()]);
};

describe('docs/SECURITY.md', () => {
  it.each(Object.entries(LIMITS))('lists %s with its default %d', (name, value) => {
    expect(new Map(rows()).get(name)).toBe(formatLimit(value));
  });

  it('lists no limit that src/limits.ts does not have, and none twice', () => {
    expect(
      rows()
        .map(([name]) => name)
        .sort(),
    ).toEqual(Object.keys(LIMITS).sort());
  });
});
