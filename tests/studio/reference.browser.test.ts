/**
 * The language reference one click away (issue 12, item 5), in chromium: docs/LANGUAGE.md rendered
 * in the studio and the gallery, searchable, its in-page links scrolling the reference without
 * leaving the game, closed by Escape.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openGame, useStudio } from '../browser/studio.ts';

const studio = useStudio();

const headings = readFileSync('docs/LANGUAGE.md', 'utf8')
  .split('\n')
  .filter((l) => /^## /.test(l))
  .map((l) => l.slice(3).trim());

describe('the language reference', () => {
  it("opens from a game's top bar, rendered: every section of docs/LANGUAGE.md, its tables and code", async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, 'regicide');
    await page.click('[data-testid=language-reference]');
    await page.waitForSelector('[data-testid=reference] h2');
    const shown = (await page.locator('[data-testid=reference-body] h3').allTextContents()).map((t) => t.trim());
    expect(shown).toEqual(headings);
    expect(await page.locator('[data-testid=reference-body] table').count()).toBeGreaterThan(20);
    expect(await page.locator('[data-testid=reference-body] pre code').count()).toBeGreaterThan(20);
    // The Markdown is never raw HTML: no asterisk or backtick of the markup shows as text in a heading or table.
    expect(await page.locator('[data-testid=reference-body] th').allTextContents()).not.toContain('`key`');

    await page.click('[data-testid=reference] .reference-contents a:has-text("Display")');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const body = document.querySelector('[data-testid=reference-body]') as HTMLElement;
          const target = document.getElementById('ref-display') as HTMLElement;
          return Math.abs(target.getBoundingClientRect().top - body.getBoundingClientRect().top) < 40;
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => window.location.hash)).toBe('#/regicide');

    await page.keyboard.press('Escape');
    expect(await page.locator('[data-testid=reference]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('searches: only the sections holding the words stay, each with the words marked; nothing found says so', async () => {
    const { page, errors } = await studio.newPage();
    await page.goto(studio.url);
    await page.click('[data-testid=language-reference]');
    await page.waitForSelector('[data-testid=reference] h2');
    const all = await page.locator('[data-testid=reference-body] section').count();
    await page.fill('[data-testid=reference-search]', 'nextTurn');
    await expect.poll(() => page.locator('[data-testid=reference-body] section').count()).toBeLessThan(all);
    const sections = await page.locator('[data-testid=reference-body] section').allTextContents();
    expect(sections.length).toBeGreaterThan(0);
    for (const s of sections) expect(s.toLowerCase()).toContain('nextturn');
    expect(await page.locator('[data-testid=reference-body] section[data-section=effects]').count()).toBe(1);
    expect(await page.locator('[data-testid=reference-body] mark').first().textContent()).toBe('nextTurn');
    expect(await page.locator('[data-testid=reference-count]').textContent()).toBe(
      `${sections.length} section${sections.length === 1 ? '' : 's'}`,
    );

    await page.fill('[data-testid=reference-search]', 'qwxzv');
    await page.waitForSelector('[data-testid=reference-body] .empty-note');
    expect(await page.locator('[data-testid=reference-body] section').count()).toBe(0);
    await page.click('[data-testid=reference-close]');
    expect(await page.locator('[data-testid=reference]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
