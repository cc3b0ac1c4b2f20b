/**
 * The first diagram from the build's layouts (issue 11 item 9): a shipped game's diagram is drawn
 * from the layout made at build time, and the drawing is the one the layout worker makes when the
 * build's layouts are withheld; a graph the build does not hold (variants on) is laid out by the
 * worker, and after a reload it comes from the layout kept in storage.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { useStudio } from '../browser/studio.ts';

const studio = useStudio();
const games = readdirSync('games').filter((g) => existsSync(`games/${g}/game.yaml`));

/** Waits for the diagram laid out `count` times; gives where its layout came from and its drawing. */
const drawing = async (page: Page, count = 1): Promise<{ source: string | null; svg: string }> => {
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid=diagram]')?.getAttribute('data-layout-count') ?? 0) >= n,
    count,
    { timeout: 60_000 },
  );
  await page.waitForSelector('[data-testid=diagram] .state', { timeout: 10_000 });
  return page.evaluate(() => ({
    source: document.querySelector('[data-testid=diagram]')?.getAttribute('data-layout-source') ?? null,
    // Each element with its attributes in order of name: React may add one later on a re-render.
    svg: [...(document.querySelector('[data-testid=diagram] svg > g')?.querySelectorAll('*') ?? [])]
      .map(
        (el) =>
          `<${el.tagName} ${[...el.attributes]
            .map((a) => `${a.name}="${a.value}"`)
            .sort()
            .join(' ')}>${el.children.length === 0 ? (el.textContent ?? '') : ''}`,
      )
      .join('\n'),
  }));
};

describe('the first diagram from the build', () => {
  for (const id of games) {
    it(`${id}: drawn from the build's layout, the same as the worker's`, async () => {
      const built = await studio.newPage();
      await built.page.goto(`${studio.url}#/${id}`);
      const fromBuild = await drawing(built.page);
      expect(fromBuild.source).toBe('build');
      expect(await built.page.textContent('[data-testid=diagram-status]')).toContain('made at build time');

      const worker = await studio.newPage();
      // The build's layouts withheld: the page's own fetch answers empty (no service worker in between).
      await worker.page.addInitScript(() => {
        navigator.serviceWorker.register = () => new Promise(() => undefined);
      });
      await worker.page.route(/_virtual_diagram-layouts-[^/]*\.js$/, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'export default {};' }),
      );
      await worker.page.goto(`${studio.url}#/${id}`);
      const fromWorker = await drawing(worker.page);
      expect(fromWorker.source).toBe('worker');
      expect(fromWorker.svg.length).toBeGreaterThan(1000);
      expect(fromBuild.svg).toBe(fromWorker.svg);

      // Guards shown: also made at build time, and the same as the worker's.
      await built.page.click('[data-testid=diagram-guards]');
      await worker.page.click('[data-testid=diagram-guards]');
      const [a, b] = [await drawing(built.page, 2), await drawing(worker.page, 2)];
      expect([a.source, b.source]).toEqual(['build', 'worker']);
      expect(a.svg).toBe(b.svg);
      expect([...built.errors, ...worker.errors]).toEqual([]);
      await built.page.context().close();
      await worker.page.context().close();
    });
  }

  it('a variant switched on: laid out by the worker, then kept for the next visit', async () => {
    const id = games.find((g) => existsSync(`games/${g}/variants`) && readdirSync(`games/${g}/variants`).length > 0) ?? '';
    const variant = readdirSync(`games/${id}/variants`)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => f.replace(/\.yaml$/, ''));
    const { page, errors } = await studio.newPage();
    // The first variant whose flow differs from the base game's (one that only changes numbers draws the base layout).
    let found = false;
    for (const v of variant) {
      await page.goto(`${studio.url}#/${id}?variants=${v}`);
      await page.reload();
      const first = await drawing(page);
      if (first.source === 'build') continue;
      found = true;
      expect(['worker', 'kept']).toContain(first.source);
      await page.reload();
      const again = await drawing(page);
      expect(again.source).toBe('kept');
      expect(again.svg).toBe(first.svg);
      break;
    }
    expect(found).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
