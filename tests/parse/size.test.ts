/**
 * The size limits of one YAML file, checked before yaml reads it: a 2,000,000-item list took over
 * 15 s to be refused by `validate`, all of it in yaml's parser.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, formatLimit } from '../../src/limits.ts';
import { parseSpecText } from '../../src/parse/index.ts';
import { runCli } from '../helpers/cli.ts';
import { where } from './helpers.ts';

const TOO_LONG = `more than ${formatLimit(LIMITS.yamlChars)} characters (the limit for one YAML file)`;
const TOO_MANY = `more than ${formatLimit(LIMITS.yamlValues)} values and list items (the limit for one YAML file)`;

const blockList = (n: number): string => `id: big\nitems:\n${'  - 0\n'.repeat(n)}`;

describe('YAML size limits', () => {
  it('validate refuses a 2,000,000-item list at once, naming the limit where the file passes it', async () => {
    // A game folder of its own: the catalog of the folder around it reads its `game.yaml` too.
    const dir = join(mkdtempSync(join(tmpdir(), 'hr-size-')), 'big');
    mkdirSync(dir);
    const file = join(dir, 'game.yaml');
    writeFileSync(file, blockList(2_000_000));
    const started = performance.now();
    const { code, err } = await runCli(['validate', file]);
    const ms = performance.now() - started;
    expect(code).toBe(1);
    // 15 characters, then 6 a line: the 1,000,001st character is the second of line 166,667.
    expect(err).toMatch(
      /^[^\n]*big\/game\.yaml:166667:2: error: the file has more than 1,000,000 characters \(the limit for one YAML file\): split it or shorten it$/,
    );
    expect(err).toContain(TOO_LONG);
    // It took over 15 s; now about 0.1 s. Generous for a loaded machine.
    expect(ms).toBeLessThan(3_000);
  });

  it('a file under the character limit with too many values is refused at the value past the limit', () => {
    const text = blockList(LIMITS.yamlValues);
    expect(text.length).toBeLessThan(LIMITS.yamlChars);
    const { doc, diagnostics } = parseSpecText(text, 'big.yaml');
    expect(doc).toBeUndefined();
    // `id`, `big` and `items`, then a `-` and a value an item: the 49,999th item's value is the 100,001st, on line 50,001.
    expect(diagnostics).toEqual([
      expect.objectContaining({ file: 'big.yaml', line: 50_001, column: 5, message: expect.stringContaining(TOO_MANY) }),
    ]);
  });

  it('counts the values of flow lists, quoted strings and aliases too', () => {
    const flow = `id: big\nitems: [${Array.from({ length: LIMITS.yamlValues }, (_, i) => (i % 2 ? `"${i}"` : `*a${i}`)).join(',')}]\n`;
    const { diagnostics } = parseSpecText(flow, 'flow.yaml');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.message).toContain(TOO_MANY);
    // The keys `id`, `items`, the value `big` and `[` come first: the limit is passed at the list's 99,997th item.
    const passed = where(flow, `*a${LIMITS.yamlValues - 4}`);
    expect(diagnostics[0]).toMatchObject(passed);
  });

  it('a file just under the limits reads as before', () => {
    const text = blockList(LIMITS.yamlValues / 2 - 2);
    const { doc, diagnostics } = parseSpecText(text, 'ok.yaml');
    expect(diagnostics).toEqual([]);
    expect((doc?.value as { items: unknown[] }).items).toHaveLength(LIMITS.yamlValues / 2 - 2);
  });

  it('the games read as before', () => {
    for (const id of ['regicide', 'cetatea', 'ten-thousand', 'eight-masters-revenge']) {
      const text = readFileSync(join(import.meta.dirname, `../../games/${id}/game.yaml`), 'utf8');
      expect(parseSpecText(text, 'game.yaml').diagnostics).toEqual([]);
    }
  });
});
