/**
 * Issue 33: a spec edited in the studio runs generated code only in the isolated frame, an
 * opaque-origin, sandboxed page under its own policy, which hosts the Balance panel's workers on the
 * compiled tier. Served with the build's own `_headers`, as a static host sends them: the panel
 * plays on the compiled tier there and says so, its report is the interpreter's to the letter (the
 * engine's line aside), no policy is violated, and code in the frame, or in
 * a worker it starts, can read neither the studio's localStorage nor its IndexedDB, fetch nothing
 * and reach nothing of the studio's page.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { usePolicySite } from '../browser/policySite.ts';
import { openPanel } from '../browser/studio.ts';

const studio = usePolicySite();

/** What each attempt on the studio's storage, network and page gave: the value read, or the error's name. */
interface Reach {
  origin: string;
  localStorage: string;
  indexedDB: string;
  fetch: string;
  parentPage?: string;
}

/** The attempts, as a function's text: it runs in the frame and again in a worker the frame starts. */
const ATTEMPTS = async (studio: string): Promise<Reach> => {
  const attempt = async (reach: () => unknown): Promise<string> => {
    try {
      return `read ${JSON.stringify(await reach())}`;
    } catch (error) {
      return (error as Error).name;
    }
  };
  const g = globalThis as unknown as { localStorage?: Storage; indexedDB: IDBFactory; origin: string };
  return {
    origin: g.origin,
    localStorage: await attempt(() => (g.localStorage ? g.localStorage.getItem('secret') : 'no localStorage here')),
    indexedDB: await attempt(
      () =>
        new Promise((resolve, reject) => {
          const request = g.indexedDB.open('secret-db');
          request.onsuccess = () => resolve(request.result.objectStoreNames.length);
          request.onerror = () => reject(request.error);
        }),
    ),
    fetch: await attempt(async () => (await fetch(studio)).status),
  };
};

const inFrame = (frame: Frame, studio: string): Promise<Reach> =>
  frame.evaluate(
    async ([attempts, url]) => {
      const run = new Function(`return (${attempts})`)() as (studio: string) => Promise<Record<string, string>>;
      const reach = await run(url);
      let parentPage: string;
      try {
        parentPage = `read ${window.parent.document.title}`;
      } catch (error) {
        parentPage = (error as Error).name;
      }
      return { ...reach, parentPage } as unknown as Reach;
    },
    [ATTEMPTS.toString(), studio] as const,
  );

/** The same attempts in a worker the frame starts from a blob: URL, as it starts the Balance workers. */
const inFrameWorker = (frame: Frame, studio: string): Promise<Reach> =>
  frame.evaluate(
    ([attempts, url]) =>
      new Promise<Reach>((resolve, reject) => {
        const source = `const attempts = ${attempts};\nattempts(${JSON.stringify(url)}).then((r) => postMessage(r));`;
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        worker.onmessage = (event) => resolve(event.data as Reach);
        worker.onerror = (event) => reject(new Error(event.message));
      }),
    [ATTEMPTS.toString(), studio] as const,
  );

/** A game opened under the policies, with something of the studio's in its storage, its Balance panel unfolded. */
const openStudio = async (): Promise<{ page: Page; problems: string[] }> => {
  const { page, problems } = await studio.openUnderPolicy('ten-thousand');
  // What the studio keeps: a frame that could read it could read a user's saved drafts.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        localStorage.setItem('secret', 'the studio only');
        const request = indexedDB.open('secret-db');
        request.onupgradeneeded = () => request.result.createObjectStore('drafts');
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      }),
  );
  await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
  return { page, problems };
};

/** `games` games in the Balance panel, once it is open. */
const runBalance = async (page: Page, games: number): Promise<void> => {
  await page.fill('[data-testid=balance-games]', String(games));
  await page.click('[data-testid=balance-run]');
  await page.waitForSelector('[data-testid=balance-result]', { timeout: 120_000 });
};

/** The engine the Balance panel's result names, its line under the results, and the report's `engine:` line. */
const expectEngine = async (page: Page, engine: string, line: string, reported: string): Promise<void> => {
  const shown = page.locator('[data-testid=balance-engine]');
  expect(await shown.getAttribute('data-engine')).toBe(engine);
  expect(await shown.textContent()).toBe(line);
  expect(await page.locator('.balance-text').textContent()).toContain(reported);
};

describe('the isolated frame (issue 33)', () => {
  it("plays on the page's own workers, on the interpreter, where the site does not serve the frame, and says so", async () => {
    const context = await studio.browser().newContext({ viewport: { width: 1600, height: 950 } });
    await context.route('**/sandbox.html', (route) => route.fulfill({ status: 404, body: 'not found' }));
    const page = await context.newPage();
    await openPanel(page, studio.url(), 'ten-thousand', 'Balance');
    await runBalance(page, 10);
    await expectEngine(
      page,
      'interpreter',
      'The rules ran on the interpreter: this site does not serve the isolated frame that compiled rules run in.',
      'engine: interpreter',
    );
    expect(await page.locator('[data-testid=isolated-frame]').count()).toBe(0);
    await context.close();
  }, 240_000);

  it("plays the Balance panel's games on the compiled tier in the frame and says so, under both policies, with no violation", async () => {
    const { page, problems } = await openStudio();
    await runBalance(page, 20);
    await expectEngine(
      page,
      'compiled',
      "The rules ran compiled to JavaScript, in an isolated frame that reaches none of the studio's storage or network.",
      'engine: compiled (JavaScript generated from the checked rules)',
    );
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('gives the very report the interpreter gives: a house rule and a declared bot, the same seeds, on both sides of the frame', async () => {
    const report = async (frame: boolean): Promise<{ engine: string | null; text: string }> => {
      const context = await studio.browser().newContext({ viewport: { width: 1600, height: 950 } });
      if (!frame) await context.route('**/sandbox.html', (route) => route.fulfill({ status: 404, body: 'not found' }));
      const page = await context.newPage();
      await openPanel(page, studio.url(), 'ten-thousand', 'Balance');
      await page.check('[data-testid=variant-joker]');
      await page.selectOption('[data-testid=balance-bot-0]', 'careful');
      await runBalance(page, 30);
      const engine = await page.locator('[data-testid=balance-engine]').getAttribute('data-engine');
      const text = (await page.locator('.balance-text').textContent()) ?? '';
      await context.close();
      // Everything but the line that names the engine.
      return { engine, text: text.replace(/^\s*engine: .*$/m, '') };
    };
    const compiled = await report(true);
    const interpreted = await report(false);
    expect([compiled.engine, interpreted.engine]).toEqual(['compiled', 'interpreter']);
    expect(compiled.text).toMatch(/Balance of 10,000 \+ joker: 30 games/);
    expect(compiled.text).toBe(interpreted.text);
  }, 300_000);

  it("gives code in the frame, and in a worker the frame starts, no reach to the studio's storage, network or page", async () => {
    const { page } = await openStudio();
    await runBalance(page, 2);
    const frame = page.frames().find((f) => f.url().endsWith('/sandbox.html'));
    expect(frame).toBeDefined();
    const here = await inFrame(frame as Frame, studio.url());
    expect(here).toEqual({
      origin: 'null',
      localStorage: 'SecurityError',
      indexedDB: 'SecurityError',
      fetch: 'TypeError',
      parentPage: 'SecurityError',
    });
    const worker = await inFrameWorker(frame as Frame, studio.url());
    expect(worker.origin).toBe('null');
    expect(worker.localStorage).toBe('read "no localStorage here"');
    expect(worker.indexedDB).toBe('SecurityError');
    expect(worker.fetch).toBe('TypeError');
    await page.context().close();
  }, 240_000);
});
