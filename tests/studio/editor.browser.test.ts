/**
 * The editor and diagram in chromium: a schema error shows as a marker and a diagnostic and
 * survives a reload, a param edited in the text reaches the board, a diagram node reveals its
 * state in the text, export and import, share links (and a broken one says so).
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstLine, lineOf, openGame, replaceLine, typeAtStart, useStudio } from '../browser/studio.ts';

const games = readdirSync('games')
  .filter((d) => existsSync(`games/${d}/game.yaml`))
  .sort();

const studio = useStudio();

describe('the editor and diagram', () => {
  it('shows a schema error as a marker and a diagnostic, and keeps the edit after a reload', async () => {
    const id = games[0] ?? '';
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, id);
    const started = performance.now();
    await typeAtStart(page, 'bogusKey: 1\n');
    await page.waitForSelector('[data-testid=editor] .squiggly-error', { timeout: 10_000 });
    const latency = performance.now() - started;
    const diag = page.locator('[data-testid=diagnostics] .diagnostic.error', { hasText: 'bogusKey' });
    await diag.first().waitFor();
    expect(await diag.first().locator('.diag-where').textContent()).toBe('1:1');
    console.log(
      `keystrokes → marker (typing 12 keys included): ${latency.toFixed(0)} ms; ${await page.textContent('[data-testid=analysis-status]')}`,
    );

    // The last good version stays on the board while the text is broken.
    expect(await page.locator('[data-testid=board] .board-table').count()).toBe(1);

    await page.waitForTimeout(400); // past the autosave delay
    await page.reload();
    await page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines');
    await page.locator('[data-testid=diagnostics] .diagnostic.error', { hasText: 'bogusKey' }).first().waitFor({ timeout: 15_000 });
    expect(await firstLine(page)).toContain('bogusKey: 1');
    expect(errors).toEqual([]);

    // Revert brings the shipped text back.
    await page.click('[data-testid=revert]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=diagnostics]')?.textContent?.includes('bogusKey'));
    await page.context().close();
  });

  it('follows a param changed in the text, and a param changed in the house-rules panel', async () => {
    const id = 'ten-thousand';
    if (!games.includes(id)) return;
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, id);
    const pool = page.locator('[data-testid=board] [data-zone=pool] .piece');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 5);
    await replaceLine(page, lineOf(id, /^ {2}dice:/, /default:/), 'default: 6');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 6, null, {
      timeout: 10_000,
    });
    expect(await pool.count()).toBe(6);
    // The panel shows the value in force; overriding it restarts the game with it.
    expect(await page.inputValue('[data-testid=param-dice]')).toBe('6');
    await page.fill('[data-testid=param-dice]', '4');
    await page.press('[data-testid=param-dice]', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 4, null, {
      timeout: 10_000,
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reveals a state in the editor when its diagram node is clicked', async () => {
    const id = games[0] ?? '';
    const { page } = await studio.newPage();
    await openGame(page, studio.url, id);
    const node = page.locator('[data-testid=diagram] .state.leaf').last();
    await node.waitFor();
    const name = (await node.getAttribute('data-state')) ?? '';
    await node.click();
    await page.waitForFunction(
      (n) =>
        [...document.querySelectorAll('[data-testid=editor] .view-line')].some((l) =>
          l.textContent
            ?.replace(/\u00a0/g, ' ')
            .trim()
            .startsWith(`${n}:`),
        ),
      name,
      { timeout: 5_000 },
    );
    await page.context().close();
  });

  it('exports the open file and imports one in its place', async () => {
    const id = games[0] ?? '';
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, id);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    expect(download.suggestedFilename()).toBe(`${id}.yaml`);
    const exported = readFileSync((await download.path()) ?? '', 'utf8');
    expect(exported).toBe(readFileSync(`games/${id}/game.yaml`, 'utf8'));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid=import]')]);
    await chooser.setFiles({ name: 'mine.yaml', mimeType: 'text/yaml', buffer: Buffer.from(`importedKey: 1\n${exported}`) });
    await page.locator('[data-testid=diagnostics] .diagnostic.error', { hasText: 'importedKey' }).first().waitFor({ timeout: 10_000 });
    expect(await page.textContent('[data-testid=banner]')).toContain('mine.yaml');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('carries an edit in a share link, and says what is wrong with a broken one', async () => {
    const id = games[0] ?? '';
    const { page } = await studio.newPage();
    await openGame(page, studio.url, id);
    await typeAtStart(page, '# shared edit\n');
    await page.click('[data-testid=share]');
    const link = await page.inputValue('[data-testid=share-link]');
    expect(link).toContain(`#/${id}?share=`);
    await page.context().close();

    const other = await studio.newPage();
    await other.page.goto(link);
    await other.page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines');
    await other.page.waitForSelector('[data-testid=copy-banner]');
    expect(await firstLine(other.page)).toContain('# shared edit');

    await other.page.context().close();

    // A link cut short when copied.
    const broken = await studio.newPage();
    await broken.page.goto(link.slice(0, link.indexOf('share=') + 20));
    const banner = await broken.page.waitForSelector('[data-testid=banner]');
    expect(await banner.textContent()).toMatch(/share link is broken/);
    await broken.page.waitForSelector('[data-testid=editor] .monaco-editor');
    expect(broken.errors).toEqual([]);
    await broken.page.context().close();
  });
});
