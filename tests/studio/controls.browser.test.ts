/**
 * The studio's controls in chromium (issue 11 items 5-7): a param is checked at its control and an
 * invalid value is not applied; a move whose arguments are not chosen is not committed and says
 * what is missing; the status bar names the seat that must act, by the game's own names.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeShare } from '../../src/studio/persist/share.ts';
import { boardReady, logCount, openGame, useStudio } from '../browser/studio.ts';

const studio = useStudio();

describe('the controls', () => {
  it('checks a param against its min, max and step beside the control, and does not apply an invalid value', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, 'ten-thousand');
    await boardReady(page);
    await page.click('[data-testid=move-roll]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] .log-entry').length === 2);
    for (const [typed, message] of [
      ['99999', /At most 5000/],
      ['-5', /At least 0/],
      ['525', /In steps of 50 from 0/],
    ] as const) {
      await page.fill('[data-testid=param-entry]', typed);
      await page.press('[data-testid=param-entry]', 'Enter');
      const problem = page.locator('[data-testid=param-entry-problem]');
      await problem.waitFor();
      expect(await problem.textContent()).toMatch(message);
      expect(await page.getAttribute('[data-testid=param-entry]', 'aria-invalid')).toBe('true');
    }
    // Not applied: the game was not restarted, the param is not overridden.
    await page.waitForTimeout(800);
    expect(await logCount(page)).toBe(2);
    expect(await page.locator('.param.overridden').count()).toBe(0);
    // A valid value is applied.
    await page.fill('[data-testid=param-entry]', '550');
    await page.press('[data-testid=param-entry]', 'Enter');
    await page.waitForSelector('[data-testid=param-entry-problem]', { state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] .log-entry').length === 1, null, { timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('does not commit a move whose arguments are not chosen, and says what is missing', async () => {
    // A game where a card must be chosen to play (not in games/: opened from a share link).
    const text = readFileSync('tests/studio/fixtures/hidden-hands.yaml', 'utf8');
    const data = await encodeShare({ game: 'hidden-hands', files: { 'games/hidden-hands/game.yaml': text }, variants: [], params: {} });
    const { page, errors } = await studio.newPage();
    await page.goto(`${studio.url}#/hidden-hands?share=${data}`);
    await boardReady(page);
    const open = page.locator('[data-testid=move-play]');
    const move = open.first();
    const before = await logCount(page);
    expect(await move.getAttribute('class')).not.toMatch(/\bready\b/);
    await move.click();
    const missing = page.locator('[data-testid=move-missing]');
    await missing.waitFor();
    expect(await missing.textContent()).toMatch(/needs its .*nothing is picked yet/);
    expect(await logCount(page)).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('names the seat to act by its team (C-2) in the status bar', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, 'cetatea');
    await boardReady(page);
    await page.waitForFunction(() => /to act/.test(document.querySelector('[data-testid=turn-status]')?.textContent ?? ''));
    expect(await page.textContent('[data-testid=turn-status]')).toMatch(/Team [AD] \([a-z]+\) \(Players? [\d, and]+\) to act/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
