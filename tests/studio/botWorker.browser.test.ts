/**
 * The playtest's bots think in a worker (the isolated frame's, on the compiled tier, where the
 * site serves the frame): with search bots in every seat of Regicide (mcts and
 * ismcts, which search for 400 ms a move), the bots play on while the page's main thread never
 * runs a task over 50 ms, and the board still answers meanwhile. An answer that comes after its
 * position or its bot is gone (a new game started, the seat given to a person, while the bot
 * thought) is dropped.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { boardReady, logCount, openGame, useStudio } from '../browser/studio.ts';

const studio = useStudio();

/** Every long task of the page (start, duration), from its first moment. */
const WATCH = `
  window.__longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
`;

/** Wraps the bots' worker: records the jobs posted and holds the first reply back until released. */
const HOLD = `
  window.__bots = { posted: [], held: null, delivered: 0 };
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(url, options) { super(url, options); this.isBots = String(url).includes('bot.worker'); }
    postMessage(message, transfer) { if (this.isBots) window.__bots.posted.push(message.body.kind); return super.postMessage(message, transfer); }
    get onmessage() { return super.onmessage; }
    set onmessage(deliver) {
      if (!this.isBots || !deliver) { super.onmessage = deliver; return; }
      super.onmessage = (event) => {
        const b = window.__bots;
        const now = () => { b.delivered += 1; deliver(event); };
        if (b.posted.length === 1 && !b.held) { b.held = now; return; }
        now();
      };
    }
  };
`;

interface BotsLog {
  posted: string[];
  held: (() => void) | null;
  delivered: number;
}
const bots = (page: Page): Promise<{ posted: string[]; delivered: number }> =>
  page.evaluate(() => {
    const b = (window as unknown as { __bots: BotsLog }).__bots;
    return { posted: [...b.posted], delivered: b.delivered };
  });

/**
 * Opens Regicide with Player 1 played by mcts, and waits until the bot's first answer is held back.
 * The page's own bots' worker answers (the isolated frame's page is not served), so that HOLD can
 * hold its reply; what drops a late answer is the page's, whichever worker gave it.
 */
const heldFirstMove = async (): Promise<{ page: Page; errors: string[]; before: number }> => {
  const { page, errors } = await studio.newPage();
  await page.context().route('**/sandbox.html', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.context().addInitScript(HOLD);
  await openGame(page, studio.url, 'regicide');
  await boardReady(page);
  await page.selectOption('[data-testid=bot-speed]', 'fast');
  const before = await logCount(page);
  await page.selectOption('[data-testid=seat-0]', 'mcts');
  await page.waitForFunction(() => (window as unknown as { __bots: BotsLog }).__bots.held !== null, null, { timeout: 30_000 });
  return { page, errors, before };
};

const release = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const b = (window as unknown as { __bots: BotsLog }).__bots;
    const late = b.held;
    b.held = null;
    late?.();
  });

const longTasksSince = (page: Page, since: number): Promise<number[]> =>
  page.evaluate(
    (t) => (window as unknown as { __longTasks: [number, number][] }).__longTasks.filter(([start]) => start >= t).map(([, d]) => d),
    since,
  );

describe('bots in a worker', () => {
  it('play mcts and ismcts moves with no long task on the main thread', async () => {
    const { page, errors } = await studio.newPage();
    await page.context().addInitScript(WATCH);
    await openGame(page, studio.url, 'regicide');
    await boardReady(page);
    // Whatever loading left running settles before the bots start.
    await page.waitForTimeout(1500);
    await page.selectOption('[data-testid=bot-speed]', 'fast');
    const seats = await page.locator('[data-testid^=seat-]').count();
    const since = await page.evaluate(() => performance.now());
    for (let i = 0; i < seats; i++) await page.selectOption(`[data-testid=seat-${i}]`, i % 2 === 0 ? 'mcts' : 'ismcts');

    // Each bot move is a 400 ms search: eight of them take a few seconds.
    const before = await logCount(page);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=log] .log-entry').length >= n + 8, before, {
      timeout: 60_000,
    });
    // Meanwhile the page answers at once: the speed menu changes while a bot is thinking.
    await page.selectOption('[data-testid=bot-speed]', 'normal');
    expect(await page.inputValue('[data-testid=bot-speed]')).toBe('normal');

    const tasks = await longTasksSince(page, since);
    console.log(
      `bots in a worker: ${(await logCount(page)) - before} moves; main-thread long tasks: ${tasks.length}, longest ${Math.round(Math.max(0, ...tasks))} ms`,
    );
    expect(tasks.filter((d) => d > 50)).toEqual([]);
    // The isolated frame is what thought: it was opened for the bots.
    expect(page.frames().some((f) => f.url().endsWith('/sandbox.html'))).toBe(true);
    expect(await page.locator('[data-testid=notice]').allTextContents()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('drops the answer to a position that is gone: a new game started while the bot thought plays on from its own start', async () => {
    const { page, errors } = await heldFirstMove();
    // The bot's answer for this game's first move is held back; meanwhile a new game, seed 77, starts.
    await page.fill('[data-testid=seed]', '77');
    await page.click('[data-testid=new-game]');
    await page.waitForFunction(() => document.querySelector('[data-testid=turn-status]')?.textContent?.includes('seed 77'));
    await page.waitForFunction(() => (window as unknown as { __bots: BotsLog }).__bots.posted.length >= 2, null, { timeout: 30_000 });
    const before = await logCount(page);
    await release(page);
    // The bot plays its move of the new game, and only that.
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=log] .log-entry').length > n, before, { timeout: 30_000 });
    await page.waitForTimeout(1000);
    const log = await bots(page);
    expect(log.posted.slice(0, 2)).toEqual(['move', 'move']);
    expect(log.delivered).toBeGreaterThanOrEqual(2);
    expect(await page.textContent('[data-testid=turn-status]')).toContain('seed 77');
    expect(await page.locator('[data-testid=notice]').allTextContents()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('drops the answer of a bot whose seat was given to a person while it thought', async () => {
    const { page, errors, before } = await heldFirstMove();
    await page.selectOption('[data-testid=seat-0]', 'human');
    await release(page);
    await page.waitForTimeout(1000);
    // Delivered to the page, and not played: the person decides.
    expect((await bots(page)).delivered).toBe(1);
    expect(await logCount(page)).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
