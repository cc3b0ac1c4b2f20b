/**
 * Issue 11 item 2: the editor's markers come from the compile worker, never from a compile on the
 * page, and a reply that arrives after a newer one is dropped. The page's Worker is wrapped so the
 * test can hold a reply back: while it is held no marker appears; a held reply released after the
 * reply to a newer edit changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { focusEditor, openGame, useStudio } from '../browser/studio.ts';

/** Wraps the compile worker: records requests and replies, and holds the next reply when asked (until the one after it is delivered). */
const HOLD = `
  window.__compile = { posted: [], replies: [], delivered: [], holdNext: false, held: null };
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(url, options) { super(url, options); this.isCompile = String(url).includes('compile.worker'); }
    postMessage(message, transfer) { if (this.isCompile) window.__compile.posted.push(message.seq); return super.postMessage(message, transfer); }
    get onmessage() { return super.onmessage; }
    set onmessage(deliver) {
      if (!this.isCompile || !deliver) { super.onmessage = deliver; return; }
      super.onmessage = (event) => {
        const c = window.__compile;
        c.replies.push(event.data.seq);
        const now = () => { c.delivered.push(event.data.seq); deliver(event); };
        if (c.holdNext) { c.holdNext = false; c.held = now; return; }
        now();
        const late = c.held;
        c.held = null;
        if (late) late();
      };
    }
  };
`;

interface CompileLog {
  posted: number[];
  replies: number[];
  delivered: number[];
  holdNext: boolean;
  held: (() => void) | null;
}
const log = (page: Page): Promise<{ posted: number[]; replies: number[]; delivered: number[]; holding: boolean }> =>
  page.evaluate(() => {
    const c = (window as unknown as { __compile: CompileLog }).__compile;
    return { posted: [...c.posted], replies: [...c.replies], delivered: [...c.delivered], holding: c.held !== null };
  });
const holdNextReply = (page: Page): Promise<void> =>
  page.evaluate(() => void ((window as unknown as { __compile: CompileLog }).__compile.holdNext = true));
const repliesAfter = (page: Page, n: number): Promise<unknown> =>
  page.waitForFunction((k) => (window as unknown as { __compile: CompileLog }).__compile.replies.length > k, n, { timeout: 15_000 });
const squiggles = (page: Page): Promise<number> => page.locator('[data-testid=editor] .squiggly-error').count();

const studio = useStudio();

describe('compile in the worker', () => {
  it('draws markers only from the worker, and drops a reply older than the newest', async () => {
    const { page, errors } = await studio.newPage();
    await page.context().addInitScript(HOLD);
    await openGame(page, studio.url, 'ten-thousand');
    await focusEditor(page);
    await page.keyboard.press('Control+Home');

    // "@" cannot start a YAML plain scalar: the spec breaks, but its reply is held.
    await holdNextReply(page);
    let before = (await log(page)).replies.length;
    await page.keyboard.type('@');
    await repliesAfter(page, before);
    await page.waitForTimeout(500);
    expect((await log(page)).holding).toBe(true);
    expect(await squiggles(page)).toBe(0);
    // Released, the worker's reply draws the marker.
    await page.evaluate(() => {
      const c = (window as unknown as { __compile: CompileLog }).__compile;
      const late = c.held;
      c.held = null;
      late?.();
    });
    await page.waitForSelector('[data-testid=editor] .squiggly-error', { timeout: 10_000 });

    // The mend's reply (no error) is held; the next break's reply comes first, then the stale one.
    await holdNextReply(page);
    before = (await log(page)).replies.length;
    await page.keyboard.press('Backspace');
    await repliesAfter(page, before);
    await page.keyboard.type('@');
    await page.waitForFunction(() => (window as unknown as { __compile: CompileLog }).__compile.held === null, null, { timeout: 15_000 });
    await page.waitForTimeout(500);
    const { posted, delivered } = await log(page);
    // Both replies reached the page, the older one last, and the markers are still the newest text's.
    const [newer, stale] = delivered.slice(-2) as [number, number];
    expect(newer).toBe(posted[posted.length - 1]);
    expect(stale).toBeLessThan(newer);
    expect(await squiggles(page)).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=diagnostics] .diagnostic.error').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
