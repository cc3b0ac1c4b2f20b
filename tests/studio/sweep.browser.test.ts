/**
 * The sweep in the Balance panel, in chromium: a param stepped over a range, the games played
 * in workers for each value, the curves drawn and the values where the first player's
 * advantage cannot be told from zero named.
 */
import { describe, expect, it } from 'vitest';
import { useStudio } from '../browser/studio.ts';

const studio = useStudio();

describe('the sweep in the Balance panel', () => {
  it('sweeps entry over three values and draws win rates, advantage and length', async () => {
    const { page, errors } = await studio.newPage();
    await page.goto(`${studio.url}#/ten-thousand`);
    await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
      timeout: 60_000,
    });
    await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
    await page.fill('[data-testid=balance-games]', '12');
    await page.selectOption('[data-testid=sweep-param]', 'entry');
    await page.fill('[data-testid=sweep-from]', '0');
    await page.fill('[data-testid=sweep-to]', '1000');
    await page.fill('[data-testid=sweep-step]', '500');
    expect(await page.locator('[data-testid=sweep-run]').textContent()).toBe('Sweep entry=0..1000:500');
    await page.click('[data-testid=sweep-run]');
    await page.waitForSelector('[data-testid=sweep-result]', { timeout: 240_000 });
    for (const id of ['sweep-wins', 'sweep-advantage', 'sweep-turns']) expect(await page.locator(`[data-testid=${id}]`).count()).toBe(1);
    // 12 games a value cannot tell a first-player advantage from zero anywhere.
    expect(await page.locator('[data-testid=sweep-even]').textContent()).toBe(
      'No first-player advantage can be told from zero at entry = 0, 500, 1000 (95% intervals).',
    );
    // Played in the isolated frame's workers, as the panel's own runs are (issue 33).
    expect(await page.locator('[data-testid=sweep-engine]').getAttribute('data-engine')).toBe('compiled');
    expect(errors).toEqual([]);
  }, 300_000);
});
