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
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 6, null, {
      timeout: 10_000,
    });
    expect(await logCount(page)).toBe(1);
    // A variant that conflicts with it cannot be switched on, and says why.
    expect(await page.isDisabled('[data-testid=variant-charentaise]')).toBe(true);
    expect(await page.locator('.variant', { has: page.locator('[data-testid=variant-charentaise]') }).textContent()).toMatch(
      /cannot be combined/,
    );
    // The variant file's tab is marked as switched on.
    expect(await page.locator('.tab[data-file$="six-dice.yaml"] .tab-dot.on').count()).toBe(1);
    await page.uncheck('[data-testid=variant-six-dice]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 5, null, {
      timeout: 10_000,
    });
    expect(await page.isDisabled('[data-testid=variant-charentaise]')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows each disputed reading as a param control whose help names its rule, including those a variant declares (issue 17)', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, 'ten-thousand');
    const help = async (name: string): Promise<string> =>
      (await page.locator('.param', { has: page.locator(`[data-testid=param-${name}]`) }).getAttribute('title')) ?? '';
    await page.waitForSelector('[data-testid=param-bankResetsTicks]');
    expect(await help('bankResetsTicks')).toMatch(/Disputed reading of T-B3[\s\S]*Rules: T-B3/);
    expect(await help('lastRoundEnds')).toMatch(/everyOther[\s\S]*tableOrder[\s\S]*Rules: T-B15/);
    expect(await page.locator('[data-testid=param-fullHouseFactor]').count()).toBe(0);
    await page.check('[data-testid=variant-charentaise]');
    await page.waitForSelector('[data-testid=param-fullHouseFactor]', { timeout: 10_000 });
    expect(await help('fullHouseFactor')).toMatch(/T-V6[\s\S]*Rules: T-V6/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
