/**
 * Issue 11's smaller findings, in chromium: the tab title names the game; switching a house rule
 * on puts it in the address (`?variants=`, as the README documents) and a reload keeps it; a rule
 * change that restarts the game in progress says so; a deleted `}` is reported at its `{`.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { boardReady, openGame, replaceLine, useStudio } from '../browser/studio.ts';

const studio = useStudio();
const GAME = 'ten-thousand';

describe('the smaller findings', () => {
  it('names the game in the tab, keeps the switched-on house rules in the address, and says when a rule change restarts the game', async () => {
    const title = String((parse(readFileSync(`games/${GAME}/game.yaml`, 'utf8')) as { title: unknown }).title);
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, GAME);
    await boardReady(page);
    expect(await page.title()).toBe(`${title} · houserules`);

    await page.click('[data-testid=move-roll]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] .log-entry').length === 2);
    const box = page.locator('[data-testid^=variant-]:not([disabled])').first();
    const id = ((await box.getAttribute('data-testid')) ?? '').replace(/^variant-/, '');
    await box.check();
    await page.waitForFunction((v) => window.location.hash.endsWith(`?variants=${v}`), id);
    const notice = page.locator('[data-testid=notice]');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      /The house rules changed, so a new game started: the game in progress \(1 move\(s\)\) was left/,
    );

    await page.reload();
    await boardReady(page);
    expect(await page.isChecked(`[data-testid=variant-${id}]`)).toBe(true);
    await page.uncheck(`[data-testid=variant-${id}]`);
    await page.waitForFunction((g) => window.location.hash === `#/${g}`, GAME);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("reports a deleted '}' at the '{' left open", async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, GAME);
    const lines = readFileSync(`games/${GAME}/game.yaml`, 'utf8').split('\n');
    const line = lines.findIndex((l) => /^players: \{.*\}$/.test(l)) + 1;
    expect(line).toBeGreaterThan(0);
    // Typing would have Monaco close the bracket itself: delete the '}' at the line's end instead.
    await replaceLine(page, line, lines[line - 1] ?? '');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    const problem = page.locator('[data-testid=diagnostics] .diagnostic.error').first();
    await problem.waitFor({ timeout: 30_000 });
    // The line is replaced key by key: a state half typed may be checked first, and its error
    // shown until the last edit's check lands.
    await expect
      .poll(async () => await problem.textContent(), { timeout: 30_000 })
      .toContain(`${line}:10unclosed '{': this mapping has no closing '}'`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
