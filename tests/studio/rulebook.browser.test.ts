/**
 * The rules where they are cited (issue 34, items 2 and 3): a rule id in the studio shows its rule
 * and opens the game's rulebook at it; the Rules panel is the house-rules sheet in the interface's
 * language with the switched-on house rules in place and marked, and it prints on one or two A4 pages.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeAudit } from '../browser/axe.ts';
import { useStudio } from '../browser/studio.ts';

const studio = useStudio();

const open = async (page: Page, lang: string, game: string, variants: string): Promise<void> => {
  await page.goto(`${studio.url}?lang=${lang}#/${game}?variants=${variants}`);
  await page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines', { timeout: 30_000, state: 'attached' });
  // Compiled: the board or, for a game with hidden hands, the hand-over screen in front of it.
  await page.waitForSelector('[data-testid=board] .board-table, [data-testid=handover]', { timeout: 30_000 });
};

/** The pages of a PDF: each page object is a dictionary of type /Page (the tree's root is /Pages). */
const pageCount = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;

describe('the rules in the studio', () => {
  it("a house rule's rule id shows its rule and opens the rulebook at it, marked as changed by the house rule (Russian)", async () => {
    const { page, errors } = await studio.newPage({ width: 1440, height: 900 });
    await open(page, 'ru', 'regicide', 'jester');
    const ref = page.locator('label:has([data-testid=variant-jester]) .rule-ref[data-rule="R-H2"]');
    // Its tooltip is the rule in Russian: the title from the Russian rulebook, then the text.
    expect(await ref.getAttribute('title')).toMatch(/^Шут: Шут всегда играется один/);
    await ref.click();
    const dialog = page.locator('[data-testid=rules-dialog]');
    await dialog.waitFor();
    // Clicking the id did not switch the house rule off.
    expect(await page.isChecked('[data-testid=variant-jester]')).toBe(true);
    await expect(dialog.locator('[data-testid="rule-R-H2"]').getAttribute('class')).resolves.toContain('focused');
    expect(await dialog.locator('[data-testid="rule-R-H2"]').isVisible()).toBe(true);
    expect(await dialog.locator('[data-testid=rules-in-play]').textContent()).toContain('Шут');
    // R-5 is the base rule the jester adds to: the addition is in place, marked with the house rule's name.
    const r5 = dialog.locator('[data-testid="rule-R-5"]');
    expect(await r5.locator('.rule-mark.added .mark').textContent()).toMatch(/Шут/);
    expect(await r5.textContent()).toContain('атакует на 0');
    // A rule of a house rule that is off is named, not played: immunity is not switched on.
    expect(await dialog.locator('#rule-R-H1').textContent()).toMatch(/не в игре|не действует|выключено/);
    // A rule cited inside the sheet moves the sheet to it.
    await r5.locator('.rule-ref[data-rule="R-6"]').first().click();
    await expect(dialog.locator('[data-testid="rule-R-6"]').getAttribute('class')).resolves.toContain('focused');
    expect(await axeAudit(page, '[data-testid=rules-dialog]')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the Rules button opens the sheet in English with the house rules in play, and it prints on one or two A4 pages', async () => {
    const { page, errors } = await studio.newPage({ width: 1440, height: 900 });
    await open(page, 'en', 'ten-thousand', 'full-house,entry-800');
    await page.click('[data-testid=rules-open]');
    const dialog = page.locator('[data-testid=rules-dialog]');
    await dialog.waitFor();
    expect(await dialog.locator('[data-testid=rules-in-play]').textContent()).toMatch(/Full house.*Entry at 800|Entry at 800.*Full house/);
    expect(await dialog.locator('[data-testid="rule-T-B9"] .rule-mark.changed').count()).toBe(1);
    // The link line opens the studio with the same house rules.
    expect(await dialog.locator('.rules-link a').getAttribute('href')).toMatch(/#\/ten-thousand\?variants=full-house,entry-800$/);
    await page.emulateMedia({ media: 'print' });
    // Printed, only the sheet shows: the studio behind it is not on paper.
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('root') as HTMLElement).display)).toBe('none');
    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
