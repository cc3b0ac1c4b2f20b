/**
 * The playtest's hint in chromium: at a person's decision in Regicide (hidden hands, hot seat),
 * Hint runs the ismcts bot in a worker and names its move as the board does — the marked button,
 * or its marked option, reads the same — with a table of the moves it weighed; the board stays
 * usable meanwhile, a hint can be cancelled, and a new position drops the old hint.
 */
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../browser/axe.ts';
import { boardReady, openGame, useStudio } from '../browser/studio.ts';

const studio = useStudio();

describe('the hint', () => {
  it("shows the bot's move for the seat to act as its button reads, with the moves it weighed", async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, 'regicide');
    await boardReady(page);

    // Asked by keyboard; while the bot thinks the moves stay pressable.
    await page.focus('[data-testid=hint]');
    const asked = performance.now();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=hint-cancel]');
    expect(await page.locator('[data-testid^=move-]:enabled').count()).toBeGreaterThan(0);
    await page.waitForSelector('[data-testid=hint-move]', { timeout: 30_000 });
    const took = performance.now() - asked;
    const best = (await page.textContent('[data-testid=hint-move]')) ?? '';
    const caption = (await page.textContent('[data-testid=hint-table] caption')) ?? '';
    console.log(
      `regicide hint: ${(took / 1000).toFixed(2)} s from the press; ${/in ([\d,]+) playouts/.exec(caption)?.[1] ?? '?'} playouts`,
    );

    expect(await page.locator('[data-testid=hint-table] th').allTextContents()).toEqual(['Move', 'Visits', 'Share', 'Mean result']);
    expect(caption).toMatch(/100% = a win/);
    const first = await page.locator('[data-testid=hint-table] tbody tr').first().locator('td').allTextContents();
    expect(first[0]).toBe(best);
    expect(Number((first[1] ?? '').replace(/,/g, ''))).toBeGreaterThan(0);
    expect(first[3]).toMatch(/^\d+%$/);
    // The bot thought in the isolated frame this site serves, on the compiled rules, and says so.
    const engine = page.locator('[data-testid=hint-engine]');
    expect(await engine.getAttribute('data-engine')).toBe('compiled');
    expect(await engine.textContent()).toMatch(/^The rules ran compiled to JavaScript, in an isolated frame/);
    expect(await axeAudit(page, '[data-testid=hint-panel]')).toEqual([]);

    // The hint's move is a legal move of the board: its button is marked, and it (or its marked option) reads the same.
    const marked = page.locator('.btn.move.hinted');
    expect(await marked.count()).toBe(1);
    const title = ((await marked.textContent()) ?? '').replace(/\d+$/, '');
    const before = await page.locator('[data-testid=log] .log-entry').count();
    await marked.click();
    const option = page.locator('.btn.option.hinted');
    if (await option.count()) {
      expect(await option.textContent()).toBe(best);
      await option.click();
    } else expect(title).toBe(best);

    // The move was played: the old hint is gone with its position.
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=log] .log-entry').length > n, before);
    expect(await page.locator('[data-testid=hint-move]').count()).toBe(0);
    expect(await page.locator('.btn.move.hinted').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('can be cancelled: no hint arrives after', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, 'regicide');
    await boardReady(page);
    await page.click('[data-testid=hint]');
    await page.click('[data-testid=hint-cancel]');
    await page.waitForSelector('[data-testid=hint]');
    await page.waitForTimeout(2000);
    expect(await page.locator('[data-testid=hint-move], [data-testid=hint-error]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
