/**
 * Issue 11 item 9: the built studio loads the board before Monaco, and keeps what it loaded in a
 * service worker's cache, so a second visit is served by it and a visited studio opens offline;
 * the page itself comes from the network whenever there is one, so a new build is never hidden
 * behind the cache. Served from a copy of the shared build, which the last test changes.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, serveDir, type Served } from '../browser/site.ts';
import { boardReady } from '../browser/studio.ts';

const dir = mkdtempSync(join(tmpdir(), 'houserules-offline-'));
let site: Served;
let browser: Browser;

beforeAll(async () => {
  cpSync(join(process.cwd(), 'dist'), dir, { recursive: true });
  site = await serveDir(dir);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** When the board was first drawn and when the editor's chunk was asked for, ms from navigation. */
const ORDER = `
  window.__order = {};
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (/SpecEditor-[^/]*\\.js$/.test(e.name)) window.__order.editorChunk ??= e.startTime; }).observe({ type: 'resource', buffered: true });
  new MutationObserver(() => { if (document.querySelector('[data-testid=board] .board-table, [data-testid=handover]')) window.__order.board ??= performance.now(); }).observe(document, { childList: true, subtree: true });
`;

/** Waits until the service worker controls the page and keeps the page and the editor's chunk. */
const cached = (page: Page): Promise<unknown> =>
  page.waitForFunction(
    async () => {
      if (!navigator.serviceWorker.controller) return false;
      const keys = (await (await caches.open('houserules-studio')).keys()).map((r) => r.url);
      return (
        keys.some((u) => u.endsWith('/')) &&
        keys.some((u) => /SpecEditor-[^/]*\.js$/.test(u)) &&
        keys.some((u) => /StudioPage-[^/]*\.js$/.test(u))
      );
    },
    null,
    { timeout: 30_000, polling: 250 },
  );

const editorReady = (page: Page): Promise<unknown> =>
  page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines', { timeout: 30_000 });

describe('first load and the offline copy', () => {
  it('draws the board before it asks for Monaco', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(ORDER);
    const page = await context.newPage();
    await page.goto(`${site.url}#/regicide`);
    await editorReady(page);
    const order = await page.evaluate(() => (window as unknown as { __order: { board?: number; editorChunk?: number } }).__order);
    expect(order.board).toBeGreaterThan(0);
    expect(order.editorChunk).toBeGreaterThan(order.board ?? Infinity);
    await context.close();
  });

  it('serves a second visit from the service worker, and opens offline', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.url}#/ten-thousand`);
    await editorReady(page);
    await cached(page);

    const responses: { url: string; fromWorker: boolean }[] = [];
    page.on('response', (r) => responses.push({ url: r.url(), fromWorker: r.fromServiceWorker() }));
    await page.reload();
    await boardReady(page);
    await editorReady(page);
    const unserved = responses.filter((r) => r.url.startsWith(site.url) && !r.fromWorker).map((r) => r.url);
    expect(responses.length).toBeGreaterThan(10);
    expect(unserved).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await boardReady(page);
    await editorReady(page);
    await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
      timeout: 30_000,
    });
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("runs the Balance panel offline on the page's interpreter, says the frame cannot load offline, and is compiled again back online", async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 950 } });
    // The first visit's site serves no frame: the panel's own workers run, and the service worker keeps their files.
    await context.route('**/sandbox.html', (route) => route.fulfill({ status: 404, body: 'not found' }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const engine = page.locator('[data-testid=balance-engine]');
    const run = async (engineAfter: string): Promise<string> => {
      if ((await page.locator('[data-testid=balance-run]').count()) === 0)
        await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
      await page.fill('[data-testid=balance-games]', '10');
      await page.click('[data-testid=balance-run]');
      await page.waitForFunction(
        (want) => document.querySelector('[data-testid=balance-engine]')?.getAttribute('data-engine') === want,
        engineAfter,
        { timeout: 120_000 },
      );
      return (await engine.textContent()) ?? '';
    };
    await page.goto(`${site.url}#/ten-thousand`);
    await editorReady(page);
    await cached(page);
    expect(await run('interpreter')).toMatch(/this site does not serve the isolated frame/);

    // Routing stops the service worker answering from its cache: the site now serves the frame, offline.
    await context.unroute('**/sandbox.html');
    await context.setOffline(true);
    await page.reload();
    await boardReady(page);
    expect(await run('interpreter')).toBe(
      'The rules ran on the interpreter: the isolated frame that compiled rules run in cannot load offline. Back online, the next run is compiled again.',
    );

    // Back online, the frame is tried again, without a reload.
    await context.setOffline(false);
    expect(await run('compiled')).toMatch(/^The rules ran compiled to JavaScript, in an isolated frame/);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('shows a new build on the next load, not the cached one', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}#/ten-thousand`);
    await editorReady(page);
    await cached(page);
    // A new build: another page, and a new service worker with it.
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    writeFileSync(join(dir, 'index.html'), html.replace('<div id="root"></div>', '<div id="root"></div><p id="new-build" hidden>new</p>'));
    writeFileSync(join(dir, 'sw.js'), `${readFileSync(join(dir, 'sw.js'), 'utf8')}\n// the next build\n`);
    await page.reload();
    await boardReady(page);
    expect(await page.locator('#new-build').count()).toBe(1);
    await context.close();
  });
});
