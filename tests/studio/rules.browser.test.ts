/**
 * The house-rules panel in chromium: variants switch on and off, conflicts are disabled with a reason.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { logCount, openGame, useStudio } from '../browser/studio.ts';

const studio = useStudio();

describe('the house-rules panel', () => {
  it('switches a variant on, disables the ones it conflicts with, and restarts the game', async () => {
    const id = 'ten-thousand';
    if (!existsSync(`games/${id}/variants/six-dice.yaml`)) return;
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, id);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 5);
    await page.click('[data-testid=move-roll]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] .log-entry').length === 2);
    await page.check('[data-testid=variant-six-dice]');
    // The variant sets six dice; the game restarts (the log is back to its start).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 6, null, { timeout: 10_000 });
    expect(await logCount(page)).toBe(1);
    // A variant that conflicts with it cannot be switched on, and says why.
    expect(await page.isDisabled('[data-testid=variant-charentaise]')).toBe(true);
    expect(await page.locator('.variant', { has: page.locator('[data-testid=variant-charentaise]') }).textContent()).toMatch(/cannot be combined/);
    // The variant file's tab is marked as switched on.
    expect(await page.locator('.tab[data-file$="six-dice.yaml"] .tab-dot.on').count()).toBe(1);
    await page.uncheck('[data-testid=variant-six-dice]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 5, null, { timeout: 10_000 });
    expect(await page.isDisabled('[data-testid=variant-charentaise]')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
