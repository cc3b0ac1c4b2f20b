/**
 * The Balance panel in chromium: games in workers, charts (the spec's metrics too), progress and
 * cancel.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPanel, useStudio } from '../browser/studio.ts';

const studio = useStudio();

/** The Balance panel of a game (10,000 unless told), opened (it starts folded). */
const openBalance = async (id = 'ten-thousand'): Promise<{ page: Page; errors: string[] }> => {
  const { page, errors } = await studio.newPage();
  await openPanel(page, studio.url, id, 'Balance');
  return { page, errors };
};

describe('the Balance panel', () => {
  it('plays the games in workers and draws the results', async () => {
    const { page, errors } = await openBalance();
    await page.fill('[data-testid=balance-games]', '40');
    await page.selectOption('[data-testid=balance-bot-0]', 'careful');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-result]', { timeout: 120_000 });
    expect(await page.locator('[data-testid=balance-rates]').count()).toBe(1);
    expect(await page.locator('[data-testid=balance-lengths]').count()).toBe(1);
    const text = (await page.locator('.balance-text').textContent()) ?? '';
    expect(text).toMatch(/Balance of 10,000: 40 games, 2 player\(s\), seed 1, bots careful, random/);
    expect(text).toMatch(/95% CI/);
    expect(errors).toEqual([]);
  }, 180_000);

  it('names what a searching bot spent beside the bots (issue 39), so two reports are read like with like', async () => {
    const { page, errors } = await openBalance();
    await page.fill('[data-testid=balance-games]', '2');
    await page.selectOption('[data-testid=balance-bot-0]', 'mcts');
    await page.fill('[data-testid=balance-iterations]', '4');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-result]', { timeout: 120_000 });
    const text = (await page.locator('.balance-text').textContent()) ?? '';
    expect(text).toMatch(/bots mcts, random\s+search: 4 iterations a move, playouts of 1 turn, learning [a-z, ]+\s/);
    expect(errors).toEqual([]);
  }, 180_000);

  it("charts the spec's metrics: Regicide's enemies defeated with its mean, 95% interval and median (R-1)", async () => {
    const { page, errors } = await openBalance('regicide');
    await page.fill('[data-testid=balance-games]', '30');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-result]', { timeout: 120_000 });
    const figure = page.locator('[data-testid=balance-metric-defeated]');
    expect(await figure.locator('figcaption').textContent()).toMatch(
      /^Enemies defeatedrules: mean \d+\.\d\d \[\d+\.\d\d, \d+\.\d\d\], median \d+\.\d\d over 30 games$/,
    );
    expect(await page.locator('[data-testid=balance-metric-handAtTurnEnd]').count()).toBe(1);
    // The chart is drawn: its canvas has painted pixels.
    const painted = await page.locator('[data-testid=balance-metric-chart-defeated]').evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(500);
    const text = (await page.locator('.balance-text').textContent()) ?? '';
    expect(text).toMatch(/Enemies defeated\s+\d+\.\d\d \[\d+\.\d\d, \d+\.\d\d\], median \d+\.\d\d \(enemies; 30 games\)/);
    expect(errors).toEqual([]);
  }, 180_000);

  it('shows progress and can be cancelled', async () => {
    const { page, errors } = await openBalance();
    await page.fill('[data-testid=balance-games]', '5000');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-progress]', { timeout: 30_000 });
    await page.waitForFunction(
      () => Number((document.querySelector('[data-testid=balance-progress]') as HTMLProgressElement | null)?.value ?? 0) > 0,
      null,
      { timeout: 60_000 },
    );
    await page.click('[data-testid=balance-cancel]');
    await page.waitForSelector('text=Cancelled.', { timeout: 10_000 });
    expect(await page.locator('[data-testid=balance-progress]').count()).toBe(0);
    expect(await page.locator('[data-testid=balance-run]').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);
});
