/**
 * Issue 16, end to end in chromium: a share link whose spec asks for far too much work when it is
 * merely opened (a die's faces computed at compile time by a fold that builds quadratic lists,
 * about 2·10¹⁰ list items without the budget) is compiled in the worker under the budget. The tab
 * stays responsive, the user is told where and why, nothing of the link is stored over the user's
 * own edits of that game, and a reload opens the user's own version.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Page } from 'playwright-core';
import { encodeShare } from '../../src/studio/persist/share.ts';
import { historyKey, PREFIX } from '../../src/studio/persist/storage.ts';
import { openGame, typeAtStart, useStudio } from '../browser/studio.ts';

const studio = useStudio();
const GAME = 'ten-thousand';
const BASE = `games/${GAME}/game.yaml`;
const HEAVY = 'map(range(0, 6), f => f + 1 + 0 * len(fold(range(0, 200000), [], (a, x) => a + [x])))';

/** The shipped spec with its first die's faces computed by HEAVY, and the line of those faces. */
const heavySpec = (): { text: string; line: number } => {
  const spec = parse(readFileSync(BASE, 'utf8')) as { components: { dice: Record<string, { faces: unknown }> } };
  const die = Object.values(spec.components.dice)[0];
  if (!die) throw new Error(`${GAME} has no dice`);
  die.faces = HEAVY;
  const text = `# shared\n${stringify(spec, { lineWidth: 0 })}`;
  const line = text.split('\n').findIndex((l) => l.includes('fold(range(0, 200000)')) + 1;
  return { text, line };
};

const firstLineIs = (page: Page, text: string): Promise<unknown> =>
  page.waitForFunction(
    (t) => (document.querySelector('[data-testid=editor] .view-line')?.textContent ?? '').replace(/\u00a0/g, ' ').includes(t),
    text,
    { timeout: 20_000 },
  );

/** Every value the page keeps in localStorage, by key. */
const stored = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? ''])));

describe('a share link that asks for far too much work', () => {
  it('is refused at its place, in the worker, with the tab responsive and the own edits kept', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, GAME);
    await typeAtStart(page, '# mine\n');
    await page.waitForTimeout(2600); // the autosave and a version
    const { text, line } = heavySpec();
    expect(line).toBeGreaterThan(1);
    const data = await encodeShare({ game: GAME, files: { [BASE]: text }, variants: [], params: {} });

    // The longest the page's main thread goes without running a 50 ms timer, from now on (the
    // link opens in the same document: only the address's fragment changes).
    await page.evaluate(() => {
      const w = window as unknown as { __gap: number };
      w.__gap = 0;
      let last = performance.now();
      setInterval(() => {
        const now = performance.now();
        w.__gap = Math.max(w.__gap, now - last);
        last = now;
      }, 50);
    });
    await page.goto(`${studio.url}#/${GAME}?share=${data}`);
    await page.waitForSelector('[data-testid=copy-banner]');
    await firstLineIs(page, '# shared');

    // A located message naming the limit, at the faces' line.
    const problem = page.locator('[data-testid=diagnostics] .diagnostic.error', { hasText: 'in one calculation' });
    await problem.first().waitFor({ timeout: 30_000 });
    expect(await problem.first().locator('.diag-message').textContent()).toMatch(
      /^more than 10,000,000 list items and characters built in one calculation/,
    );
    expect(await problem.first().locator('.diag-where').textContent()).toMatch(new RegExp(`^${line}:\\d+$`));

    // Responsive throughout: the work ran in the worker and stopped at the budget. The bound is
    // loose for a loaded machine; the freeze this guards against lasted 45 s and more.
    const gap = await page.evaluate(() => (window as unknown as { __gap: number }).__gap);
    expect(gap).toBeLessThan(3_000);
    expect(await page.evaluate(() => 1 + 1)).toBe(2);

    // Nothing of the link is stored over the own edits: the autosave holds them, and the last
    // good version (what a reload plays) is not the link's. History may list the copy, as a
    // version opened from a share link, to restore by the user's choice only.
    await page.waitForTimeout(2600);
    const saved = await stored(page);
    const heavy = 'fold(range(0, 200000)';
    expect(saved[`${PREFIX}file:${BASE}`]).toContain('# mine');
    const elsewhere = Object.entries(saved).filter(([k, v]) => v.includes(heavy) && !k.startsWith(historyKey(GAME)));
    expect(elsewhere.map(([k]) => k)).toEqual([]);

    // A reload opens the own version, with no banner and no problem.
    await page.reload();
    await firstLineIs(page, '# mine');
    expect(await page.locator('[data-testid=copy-banner]').count()).toBe(0);
    await page.waitForSelector('[data-testid=diagnostics] .diagnostic.none', { timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
