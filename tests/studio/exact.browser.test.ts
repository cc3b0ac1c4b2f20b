/**
 * The exact-turn panel in chromium: 10,000's first turn analysed in a worker, with its expected
 * value (235.4 under the base rules, as tests/analyze/ten-thousand.test.ts checks against an
 * independent solution) and the policy as a table; a game with hidden information is refused.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPanel, useStudio } from '../browser/studio.ts';

const studio = useStudio();

const openExact = async (id: string): Promise<{ page: Page; errors: string[] }> => {
  const { page, errors } = await studio.newPage();
  await openPanel(page, studio.url, id, 'Best play of a turn');
  return { page, errors };
};

describe('the exact-turn panel', () => {
  it("shows the expected value of 10,000's first turn and the policy as a table", async () => {
    const { page, errors } = await openExact('ten-thousand');
    // The objective starts as the spec's displayed score.
    expect(await page.inputValue('[data-testid=exact-objective]')).toBe('level(seat)');
    await page.click('[data-testid=exact-run]');
    await page.waitForSelector('[data-testid=exact-result], [data-testid=exact-refused]', { timeout: 240_000 });
    expect(await page.locator('[data-testid=exact-refused]').count()).toBe(0);
    expect(await page.textContent('[data-testid=exact-expected]')).toBe('235.4');
    expect(await page.textContent('[data-testid=exact-result]')).toMatch(/Player 1's first turn: expected 235\.4 of level\(seat\)/);
    const headers = await page.locator('[data-testid=exact-policy] th').allTextContents();
    // The columns read as the display labels them, not by the engine's variable names.
    expect(headers).toEqual(expect.arrayContaining(['Turn points', 'Dice to roll', 'reach', 'best']));
    expect(headers).not.toContain('turnPoints');
    // The CLI's caption (tests/analyze/cli.test.ts): reach is expected visits, not a probability.
    expect(await page.textContent('[data-testid=exact-policy] caption')).toMatch(
      /^Decisions reached 0\.10% of the time or more \(reach: expected visits a turn/,
    );
    expect(await page.textContent('[data-testid=exact-result]')).not.toMatch(/turnPoints|in pool/);
    expect(await page.textContent('.exact-rules')).toMatch(/with Dice to roll 4: Bank at Turn points 500–/);
    const rows = page.locator('[data-testid=exact-policy] tbody tr');
    expect(await rows.count()).toBeGreaterThan(3);
    // Bank as soon as the turn may be banked: from 500 with four dice left, bank (500) beats a roll.
    expect(
      await page.locator('[data-testid=exact-policy] tbody tr', { hasText: 'Bank 500.0, Roll 453.0' }).first().textContent(),
    ).toContain('Bank');
    expect(errors).toEqual([]);
  }, 300_000);

  it('refuses a game with hidden information, saying why', async () => {
    const { page, errors } = await openExact('regicide');
    await page.fill('[data-testid=exact-objective]', 'len(zones.discard)');
    await page.click('[data-testid=exact-run]');
    await page.waitForSelector('[data-testid=exact-refused]', { timeout: 120_000 });
    expect(await page.textContent('[data-testid=exact-refused]')).toMatch(
      /^No exact answer: Regicide has hidden information \(zones '.+' \(\w+\)/,
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
