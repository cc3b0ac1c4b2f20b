/**
 * Accessibility (issue 11 item 8): an axe-core audit of the gallery, the studio and each of its
 * panels finds no serious or critical violation.
 */
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../browser/axe.ts';
import { boardReady, openGame, useStudio } from '../browser/studio.ts';

const studio = useStudio();

describe('accessibility', () => {
  it('the gallery has no serious or critical axe violation', async () => {
    const { page } = await studio.newPage();
    await page.goto(studio.url);
    await page.waitForSelector('[data-testid=gallery] .game-card');
    expect(await axeAudit(page)).toEqual([]);
    await page.context().close();
  });

  it('the studio and each panel have no serious or critical axe violation', async () => {
    const { page } = await studio.newPage();
    await openGame(page, studio.url, 'ten-thousand');
    await boardReady(page);
    await page.waitForSelector('[data-testid=diagram] .state');
    // The Balance panel starts folded: open it so its form is audited too.
    await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
    await page.waitForSelector('[data-testid=balance-run]');
    await page.getByRole('button', { name: 'Best play of a turn' }).click();
    const found: Record<string, unknown> = {};
    for (const [name, selector] of <const>[
      ['top bar', '.topbar'],
      ['editor', '.editor-pane'],
      ['diagram', '.diagram-pane'],
      ['house rules', '.house-rules'],
      ['playtest', '.play-column'],
      ['balance', '.balance-panel'],
      ['best play of a turn', '.exact-panel'],
      ['whole page', 'body'],
    ]) {
      const problems = await axeAudit(page, selector);
      if (problems.length) found[name] = problems;
    }
    // The dialogs: the keyboard shortcuts and the saved versions.
    for (const [name, button, dialog] of <const>[
      ['keys', 'keys', 'keys-dialog'],
      ['history', 'history', 'history-dialog'],
    ]) {
      await page.click(`[data-testid=${button}]`);
      await page.waitForSelector(`[data-testid=${dialog}]`);
      const problems = await axeAudit(page, `[data-testid=${dialog}]`);
      if (problems.length) found[name] = problems;
      await page.keyboard.press('Escape');
      await page.waitForSelector(`[data-testid=${dialog}]`, { state: 'detached' });
    }
    expect(found).toEqual({});
    await page.context().close();
  });
  it("a card game's board has no violation either, its cards named by what they show (Regicide; issue 35)", async () => {
    const { page } = await studio.newPage();
    await openGame(page, studio.url, 'regicide');
    await boardReady(page);
    const card = page.locator('.piece-card.selectable').first();
    await card.waitFor();
    // Its name is its face as shown ("4 hearts value 4"), never the piece's id; picking it is its pressed state.
    const value = (await card.locator('.card-extras').textContent()) ?? '';
    expect(await page.getByRole('button', { name: value, exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /card-\d/ }).count()).toBe(0);
    // Its words are spaced as they read: the rank and suit, then the value ("4 hearts value 4").
    expect(await page.getByRole('button', { name: new RegExp(`^\\S+ \\S+ ${value.trim()}$`) }).count()).toBeGreaterThan(0);
    expect(await card.getAttribute('aria-pressed')).toBe('false');
    await card.click();
    expect(await card.getAttribute('aria-pressed')).toBe('true');
    expect(await axeAudit(page, '.play-column')).toEqual([]);
    expect(await axeAudit(page)).toEqual([]);
    await page.context().close();
  });
});
