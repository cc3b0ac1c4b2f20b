/**
 * No edit is ever lost (issue 11 item 1 and 3, issue 16's studio findings), in chromium: a share
 * link opens as a copy beside the user's own edits, every save is a version that can be restored,
 * the last good version plays after a reload of a broken spec, unreadable saved settings and a
 * full storage are reported, and a malformed address is explained.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encodeShare } from '../../src/studio/persist/share.ts';
import { readFileSync } from 'node:fs';
import { openGame, typeAtStart, useStudio } from '../browser/studio.ts';

const studio = useStudio();
const GAME = 'ten-thousand';
const BASE = `games/${GAME}/game.yaml`;

const editorReady = (page: Page): Promise<unknown> =>
  page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines', { timeout: 30_000 });

const firstLineIs = (page: Page, text: string): Promise<unknown> =>
  page.waitForFunction(
    (t) => (document.querySelector('[data-testid=editor] .view-line')?.textContent ?? '').replace(/\u00a0/g, ' ').includes(t),
    text,
    { timeout: 20_000 },
  );

/** A new page of the game with '# before import' typed at the top, then other.yaml imported over it. */
const importAfterTyping = async (): Promise<Awaited<ReturnType<typeof studio.newPage>>> => {
  const opened = await studio.newPage();
  const { page } = opened;
  await openGame(page, studio.url, GAME);
  await typeAtStart(page, '# before import\n');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid=import]')]);
  await chooser.setFiles({ name: 'other.yaml', mimeType: 'text/yaml', buffer: Buffer.from(`# imported\n${readFileSync(BASE, 'utf8')}`) });
  return opened;
};

describe('never losing work', () => {
  it('opens a share link as a copy: the own edits stay, and both are in History to restore', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, GAME);
    await typeAtStart(page, '# mine\n');
    await page.waitForTimeout(2600); // autosave and a version
    const shipped = readFileSync(BASE, 'utf8');
    const data = await encodeShare({ game: GAME, files: { [BASE]: `# shared\n${shipped}` }, variants: [], params: {} });
    await page.goto(`${studio.url}#/${GAME}?share=${data}`);
    await page.waitForSelector('[data-testid=copy-banner]');
    await editorReady(page);
    await firstLineIs(page, '# shared');
    // The own version is untouched: a reload opens it.
    await page.reload();
    await editorReady(page);
    await firstLineIs(page, '# mine');
    expect(await page.locator('[data-testid=copy-banner]').count()).toBe(0);
    // History lists the copy; restoring it keeps the own version as a version too.
    await page.click('[data-testid=history]');
    const copy = page.locator('[data-testid=version]', { hasText: 'opened from a share link' });
    await copy.first().waitFor();
    expect(await copy.first().textContent()).toMatch(/game\.yaml \+1 −1 from line 1/);
    await copy.first().locator('[data-testid=restore-version]').click();
    await editorReady(page);
    await firstLineIs(page, '# shared');
    await page.click('[data-testid=history]');
    const versions = await page.locator('[data-testid=version]').allTextContents();
    expect(versions.some((v) => /before restoring/.test(v))).toBe(true);
    // Back to the own text from the version kept before the restore.
    await page.locator('[data-testid=version]', { hasText: 'before restoring' }).first().locator('[data-testid=restore-version]').click();
    await editorReady(page);
    await firstLineIs(page, '# mine');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps playing the last good version after a reload of a broken spec', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, GAME);
    await page.waitForSelector('[data-testid=board] .board-table', { timeout: 20_000 });
    await page.waitForTimeout(600); // the last good input is saved once compiled in the page
    await typeAtStart(page, '@');
    await page.waitForSelector('[data-testid=editor] .squiggly-error', { timeout: 20_000 });
    await page.waitForTimeout(500);
    await page.reload();
    await editorReady(page);
    await page.waitForSelector('[data-testid=editor] .squiggly-error', { timeout: 20_000 });
    await page.waitForSelector('[data-testid=board] .board-table', { timeout: 20_000 });
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('playing the last good version'),
    );
    // The diagram is laid out in a worker after the page is playable.
    await page.waitForSelector('[data-testid=diagram] .state', { timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reports unreadable saved settings (players: 3.5), sets them aside and still plays', async () => {
    const { page, errors } = await studio.newPage();
    await page.goto(studio.url);
    await page.evaluate(
      (g) => localStorage.setItem(`houserules:v1:settings:${g}`, JSON.stringify({ variants: [], params: {}, seats: [], players: 3.5 })),
      GAME,
    );
    await openGame(page, studio.url, GAME);
    const problem = page.locator('[data-testid=storage-problem]');
    await problem.first().waitFor();
    expect(await problem.first().textContent()).toMatch(/players is 3\.5/);
    expect(await page.evaluate((g) => localStorage.getItem(`houserules:v1:corrupt:settings:${g}`), GAME)).toContain('3.5');
    await page.waitForSelector('[data-testid=board] .board-table', { timeout: 20_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says so when the storage is full and an edit cannot be saved', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, GAME);
    // Fill the origin's storage to the brim.
    await page.evaluate(() => {
      let chunk = 'x'.repeat(1 << 20);
      let i = 0;
      while (chunk.length > 16) {
        try {
          localStorage.setItem(`filler-${i++}`, chunk);
        } catch {
          chunk = chunk.slice(0, chunk.length >> 1);
        }
      }
    });
    await typeAtStart(page, '# x\n');
    const problem = page.locator('[data-testid=storage-problem]');
    await problem.first().waitFor({ timeout: 20_000 });
    expect(await problem.first().textContent()).toMatch(/storage is full/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the text an import replaced in History', async () => {
    const { page, errors } = await importAfterTyping();
    await firstLineIs(page, '# imported');
    await page.click('[data-testid=history]');
    const kept = page.locator('[data-testid=version]', { hasText: 'before importing other.yaml' });
    await kept.first().waitFor();
    await kept.first().locator('[data-testid=restore-version]').click();
    await editorReady(page);
    await firstLineIs(page, '# before import');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('restores a version the moment after an import: the restored text stays, after a reload too', async () => {
    const { page, errors } = await importAfterTyping();
    // Faster than any person, inside the page: the import's autosave is still waiting, and the
    // editor is thrown away mid-work.
    await page.evaluate(async () => {
      const until = async (find: () => HTMLElement | null | undefined): Promise<HTMLElement> => {
        for (;;) {
          const found = find();
          if (found) return found;
          await new Promise((r) => requestAnimationFrame(r));
        }
      };
      (await until(() => document.querySelector<HTMLElement>('[data-testid=history]'))).click();
      const version = await until(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid=version]')].find((v) =>
          v.textContent?.includes('before importing other.yaml'),
        ),
      );
      version.querySelector<HTMLElement>('[data-testid=restore-version]')?.click();
    });
    await editorReady(page);
    await firstLineIs(page, '# before import');
    await page.waitForTimeout(400); // past the autosave's delay
    await page.reload();
    await editorReady(page);
    await firstLineIs(page, '# before import');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('explains a malformed address (#/%) over the gallery instead of failing', async () => {
    const { page, errors } = await studio.newPage();
    await page.goto(`${studio.url}#/%`);
    await page.waitForSelector('[data-testid=route-problem]');
    await page.waitForSelector('[data-testid=gallery] .game-card');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
