/** Which files the server checks and how: a game alone, a variant with the game beside it and the variants it requires. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFile, withRequired } from '../../src/lsp/check.ts';
import { diskText, pathOf, roleOf, uriOf } from '../../src/lsp/workspace.ts';
import { LIMITS } from '../../src/limits.ts';

const GAMES = join(import.meta.dirname, '../../games');
const TEN = join(GAMES, 'ten-thousand');

describe('the files checked', () => {
  it('takes game.yaml as a game and a YAML file in variants/ as a variant of the game beside that folder', () => {
    expect(roleOf('/g/x/game.yaml')).toEqual({ kind: 'game', game: '/g/x/game.yaml' });
    expect(roleOf('/g/x/variants/v.yaml')).toEqual({ kind: 'variant', game: '/g/x/game.yaml', variant: '/g/x/variants/v.yaml' });
    expect(roleOf('/g/x/rules/en.yaml')).toBeNull();
    expect(roleOf('/g/x/variants/notes.md')).toBeNull();
  });

  it('reads file URIs as paths and no other scheme', () => {
    expect(pathOf(uriOf('/g/x/game.yaml'))).toBe('/g/x/game.yaml');
    expect(pathOf('untitled:Untitled-1')).toBeNull();
  });

  const dir = mkdtempSync(join(tmpdir(), 'houserules-lsp-disk-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads a file from disk, undefined for a missing one, and a huge one only past the parser's limit", () => {
    writeFileSync(join(dir, 'a.yaml'), 'id: a\n');
    expect(diskText(join(dir, 'a.yaml'))).toBe('id: a\n');
    expect(diskText(join(dir, 'none.yaml'))).toBeUndefined();
    writeFileSync(join(dir, 'big.yaml'), 'x'.repeat(4 * (LIMITS.yamlChars + 1) + 10));
    const big = diskText(join(dir, 'big.yaml'));
    expect(big?.length).toBeGreaterThan(LIMITS.yamlChars);
    expect(big?.length).toBeLessThan(4 * (LIMITS.yamlChars + 1) + 10);
  });
});

describe('a check', () => {
  const game = join(TEN, 'game.yaml');
  const variant = join(TEN, 'variants', 'broken.yaml');
  const broken = 'variant: broken\ngame: ten-thousand\ntitle: B\ndescription: B\nparams:\n  nosuch: 1\n';

  it('compiles a game alone, and gives it an entry even when it has no problems', () => {
    const checked = checkFile({ kind: 'game', game }, diskText);
    expect(checked.game?.id).toBe('ten-thousand');
    expect(checked.diagnostics.get(game)?.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it("compiles a variant with the game beside it, the editor's text first, and places its problems in its file", () => {
    const read = (path: string) => (path === variant ? broken : diskText(path));
    const checked = checkFile({ kind: 'variant', game, variant }, read);
    expect(checked.game).toBeUndefined();
    expect(checked.diagnostics.get(variant)?.map((d) => [d.code, d.line])).toEqual([['variant', 6]]);
  });

  it('says on a variant that the errors of the game beside it stopped its check first', () => {
    const read = (path: string) => (path === game ? 'id: g\nflwo: 1\n' : path === variant ? broken : diskText(path));
    const checked = checkFile({ kind: 'variant', game, variant }, read);
    expect(checked.diagnostics.get(game)?.map((d) => d.code)).toContain('unknown-property');
    expect(checked.diagnostics.get(variant)).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'variant', line: 1, message: expect.stringMatching(/^not checked: \d+ error/) }),
    ]);
  });

  it('says so on the variant when there is no game beside it', () => {
    const missing = join(GAMES, 'nowhere', 'game.yaml');
    const checked = checkFile({ kind: 'variant', game: missing, variant }, () => undefined);
    expect(checked.diagnostics.get(variant)).toEqual([expect.objectContaining({ code: 'variant', line: 1, column: 1 })]);
  });

  it('applies the variants a variant requires, first, as validate --variant does', () => {
    const folder = join(GAMES, 'regicide', 'variants');
    const standard = { file: join(folder, 'standard.yaml'), text: diskText(join(folder, 'standard.yaml')) ?? '' };
    const files = withRequired(standard, diskText).map((f) => f.file.slice(folder.length + 1));
    expect(files.at(-1)).toBe('standard.yaml');
    expect(files).toEqual(expect.arrayContaining(['immunity.yaml', 'jester.yaml', 'combos.yaml']));
    const checked = checkFile({ kind: 'variant', game: join(GAMES, 'regicide', 'game.yaml'), variant: standard.file }, diskText);
    expect(checked.diagnostics.get(standard.file)?.filter((d) => d.severity === 'error')).toEqual([]);
    expect(checked.game).toBeDefined();
  });

  it('applies a variant that requires nothing alone', () => {
    const file = { file: variant, text: broken };
    expect(withRequired(file, diskText)).toEqual([file]);
  });
});
