/** docs/SECURITY.md lists every limit of src/limits.ts with its default (issue 16). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, formatLimit } from '../../src/limits.ts';

const doc = readFileSync(join(import.meta.dirname, '../../docs/SECURITY.md'), 'utf8');

describe('docs/SECURITY.md', () => {
  it.each(Object.entries(LIMITS))('lists %s with its default %d', (name, value) => {
    expect(doc).toContain(`| \`${name}\` | ${formatLimit(value)} |`);
  });
});
