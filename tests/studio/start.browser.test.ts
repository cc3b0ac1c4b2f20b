/**
 * "Start here" (issue 12, item 5) in chromium: the gallery explains the three things to do and
 * takes the user through them in a game, ticking each step when it is really done; "New game"
 * makes a game of one's own from the template that compiles and plays; "Duplicate" copies a
 * shipped game (its house rules too) as one's own, and neither ever writes over anything.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { boardReady, useStudio } from '../browser/studio.ts';

const studio = useStudio();

const compiled = (page: Page) =>
  page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
    timeout: 30_000,
  });

const openGallery = async (page: Page): Promise<void> => {
  await page.goto(studio.url);
  await page.waitForSelector('[data-testid=gallery] .game-card');
};

/** Presses the first legal move (and its first option) and waits for it in the log. */
const playOneMove = async (page: Page): Promise<void> => {
  await boardReady(page);
  const before = await page.locator('[data-testid=log] .log-entry').count();
  await page.locator('[data-testid^=move-]:not([data-refused]):enabled').first().click();
  const option = page.locator('[data-testid^=option-]').first();
  if (await option.count()) await option.click();
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid=log] .log-entry').length > k, before, { timeout: 10_000 });
};

const errorMarkers = (page: Page) => page.locator('[data-testid=diagnostics] .diagnostic.error').count();

describe('start here', () => {
  it('the gallery names the three things to do; the first step walks through them, ticking each one done', async () => {
    const { page, errors } = await studio.newPage();
    await openGallery(page);
    const things = await page.locator('[data-testid=start-here] .start-things strong').allTextContents();
    expect(things).toEqual(['Tweak a house rule', 'Read the turn flow', 'Playtest']);
    await page.click('[data-testid=start-tour]');
    await compiled(page);
    await boardReady(page);
    await expect.poll(() => page.locator('[data-testid=tour-text]').textContent()).toMatch(/^Tweak a house rule\./);
    expect(await page.locator('.house-rules.tour-target').count()).toBe(1);
    expect(await page.locator('[data-testid=tour-done]').count()).toBe(0);
    await page.locator('[data-testid^=variant-]').first().click();
    await page.waitForSelector('[data-testid=tour-done]');

    await page.click('[data-testid=tour-next]');
    await expect.poll(() => page.locator('[data-testid=tour-text]').textContent()).toMatch(/^Read the turn flow\./);
    expect(await page.locator('.diagram-pane.tour-target').count()).toBe(1);
    expect(await page.locator('.house-rules.tour-target').count()).toBe(0);

    await page.click('[data-testid=tour-next]');
    await expect.poll(() => page.locator('[data-testid=tour-text]').textContent()).toMatch(/^Playtest\./);
    expect(await page.locator('[data-testid=tour-done]').count()).toBe(0);
    await playOneMove(page);
    await page.waitForSelector('[data-testid=tour-done]');
    await page.click('[data-testid=tour-finish]');
    expect(await page.locator('[data-testid=tour]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("New game: a game of one's own from the template, which compiles and plays, kept after a reload; the same name again gets a new id", async () => {
    const { page, errors } = await studio.newPage();
    await openGallery(page);
    await page.click('[data-testid=new-game]');
    await page.fill('[data-testid=new-game-title]', 'Dice Race!');
    await page.click('[data-testid=new-game-create]');
    await page.waitForFunction(() => window.location.hash === '#/dice-race');
    await compiled(page);
    // The worker's diagnostics arrive before the page has built the game the title is read from.
    await expect.poll(() => page.locator('[data-testid=game-title]').textContent(), { timeout: 10_000 }).toBe('Dice Race!');
    expect(await errorMarkers(page)).toBe(0);
    await playOneMove(page);
    expect(await page.locator('[data-testid=log]').textContent()).toMatch(/Player 1: Roll/);

    await openGallery(page);
    const card = page.locator('.game-card[data-game=dice-race]');
    expect(await card.locator('h2').textContent()).toBe('Dice Race!');
    expect(await card.locator('.badge').allTextContents()).toEqual(['yours']);
    await page.reload();
    await page.waitForSelector('.game-card[data-game=dice-race]');

    await page.click('[data-testid=new-game]');
    await page.fill('[data-testid=new-game-title]', 'Dice race');
    await page.click('[data-testid=new-game-create]');
    await page.waitForFunction(() => window.location.hash === '#/dice-race-2');
    await compiled(page);
    const first = await page.evaluate(() => localStorage.getItem('houserules:v1:file:games/dice-race/game.yaml'));
    expect(first).toMatch(/^title: "Dice Race!"$/m);
    expect(await page.evaluate(() => localStorage.getItem('houserules:v1:file:games/dice-race-2/game.yaml'))).toMatch(
      /^id: "dice-race-2"$/m,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("Duplicate: a shipped game with its house rules becomes one's own copy; the original and an earlier copy are untouched", async () => {
    const { page, errors } = await studio.newPage();
    await openGallery(page);
    const variants = await page.locator('.game-card[data-game=ten-thousand] .chip').count();
    await page.click('[data-testid=duplicate-ten-thousand]');
    await page.waitForFunction(() => window.location.hash === '#/ten-thousand-copy');
    await compiled(page);
    // The worker's diagnostics arrive before the page has built the game the title is read from.
    await expect.poll(() => page.locator('[data-testid=game-title]').textContent(), { timeout: 10_000 }).toBe('10,000 (copy)');
    expect(await errorMarkers(page)).toBe(0);
    expect(await page.locator('[data-testid^=variant-]').count()).toBe(variants);
    // A house rule of the copy switches on and compiles: its variant names the copy.
    const box = page.locator('[data-testid^=variant-]').first();
    const id = ((await box.getAttribute('data-testid')) ?? '').replace(/^variant-/, '');
    await box.click();
    // 'compiled' already stood before the click, so it cannot tell the rebuilt rules: a move made
    // before they arrive belongs to the game they replace. The address names the variant once it
    // is on, and a reload plays it from the start.
    await page.waitForFunction((v) => window.location.hash.endsWith(`?variants=${v}`), id);
    await page.reload();
    await compiled(page);
    expect(await page.isChecked(`[data-testid=variant-${id}]`)).toBe(true);
    expect(await errorMarkers(page)).toBe(0);
    await playOneMove(page);

    await openGallery(page);
    expect(await page.locator('.game-card[data-game=ten-thousand] .badge').count()).toBe(0);
    expect(await page.locator('.game-card[data-game=ten-thousand-copy] .badge').allTextContents()).toEqual(['yours']);
    await page.click('[data-testid=duplicate-ten-thousand]');
    await page.waitForFunction(() => window.location.hash === '#/ten-thousand-copy-2');
    await compiled(page);
    expect(await page.evaluate(() => localStorage.getItem('houserules:v1:file:games/ten-thousand/game.yaml'))).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
