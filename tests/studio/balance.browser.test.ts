/**
 * The Balance panel in chromium: games in workers, charts, progress and cancel.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStudio } from '../browser/studio.ts';

const studio = useStudio();

/** The Balance panel of 10,000, opened (it starts folded). */
const openBalance = async (): Promise<{ page: Page; errors: string[] }> => {
  const { page, errors } = await studio.newPage();
  await page.goto(`${studio.url}#/ten-thousand`);
  await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, { timeout: 60_000 });
  await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
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

  it('shows progress and can be cancelled', async () => {
    const { page, errors } = await openBalance();
    await page.fill('[data-testid=balance-games]', '5000');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-progress]', { timeout: 30_000 });
    await page.waitForFunction(() => Number((document.querySelector('[data-testid=balance-progress]') as HTMLProgressElement | null)?.value ?? 0) > 0, null, { timeout: 60_000 });
    await page.click('[data-testid=balance-cancel]');
    await page.waitForSelector('text=Cancelled.', { timeout: 10_000 });
    expect(await page.locator('[data-testid=balance-progress]').count()).toBe(0);
    expect(await page.locator('[data-testid=balance-run]').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);
});
