/**
 * Issue 13 item 1: hovering an item of a patchable list in the editor shows the key a variant uses
 * for it. In 10,000 the roll move's first effect has no id: its hover says `roll#1` and where a
 * variant would write it.
 */
import { describe, expect, it } from 'vitest';
import { focusEditor, lineOf, openGame, useStudio } from '../browser/studio.ts';

const studio = useStudio();

describe('list item keys in the editor', () => {
  it("shows roll#1 on 10,000's first roll effect, with the variant's path", async () => {
    const id = 'ten-thousand';
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, id);
    await focusEditor(page);
    // Go to the line so that Monaco draws it, then point at it.
    await page.keyboard.press('Control+g');
    await page.keyboard.type(String(lineOf(id, /^ {2}roll:/, /- roll: zones\.pool/)));
    await page.keyboard.press('Enter');
    // Over "zones.pool", well inside the item; Playwright's hover waits until the scrolled line stands still.
    const token = page
      .locator('[data-testid=editor] .view-line', { hasText: 'roll: zones.pool' })
      .locator('span span', { hasText: 'zones' })
      .last();
    await token.hover({ timeout: 10_000 });
    const hover = page.locator('.monaco-hover', { hasText: 'roll#1' });
    await hover.first().waitFor({ timeout: 10_000 });
    expect(await hover.first().textContent()).toContain('$after: roll#1');
    expect(await hover.first().textContent()).toContain('moves.roll.effects');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
