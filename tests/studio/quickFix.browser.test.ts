/**
 * Issue 37: a problem's fix in the studio. A variant of 10,000 broken by a misspelt function:
 * Ctrl+. offers the fix and Enter applies it, the problem goes; Ctrl+Z brings the misspelling and
 * the problem back; the Problems list's "Fix all" applies it too, as one undo step.
 */
import { describe, expect, it } from 'vitest';
import { focusEditor, openGame, replaceLine, useStudio } from '../browser/studio.ts';

const studio = useStudio();

const LINE = 16;
const BROKEN = 'points: tripel(faces[0]) + 50 * faces[1]';
const FIXED = 'points: triple(faces[0]) + 50 * faces[1]';

describe('quick fixes in the editor', () => {
  it('Ctrl+. fixes a misspelt name in a variant, Ctrl+Z brings it back, and Fix all fixes it again', async () => {
    const { page, errors } = await studio.newPage();
    // Switched on, so the variant is compiled with the game and its problems shown.
    await openGame(page, studio.url, 'ten-thousand', '?variants=full-house');
    await page.locator('[data-testid=editor] .monaco-editor').waitFor();
    await page.locator('button[role=tab]', { hasText: 'full-house.yaml' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=editor] .view-line')].some((l) => l.textContent?.includes('fullHouse')),
    );
    await replaceLine(page, LINE, BROKEN);
    const problem = page.locator('[data-testid=diagnostics] .diagnostic.error', { hasText: "unknown function 'tripel'" });
    await problem.first().waitFor({ timeout: 15_000 });
    const line = page.locator('[data-testid=editor] .view-line', { hasText: 'faces[1]' });
    const lineText = async (): Promise<string> => ((await line.first().textContent()) ?? '').replace(/\u00a0/g, ' ');

    // The cursor inside the misspelt name, then the quick fix menu; its first (preferred) entry.
    await focusEditor(page);
    await page.keyboard.press('End');
    for (let i = 0; i < BROKEN.length - 'points: tri'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+.');
    const menu = page.locator('.action-widget', { hasText: "Change 'tripel' to 'triple'" });
    await menu.first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid=editor] .view-line')].some((l) => l.textContent?.includes('triple(faces[0])')),
      null,
      { timeout: 10_000 },
    );
    expect(await lineText()).toContain(FIXED);
    await problem.first().waitFor({ state: 'detached', timeout: 15_000 });

    // Ctrl+Z undoes the fix in one step: the misspelling and its problem are back.
    await focusEditor(page);
    await page.keyboard.press('Control+z');
    await problem.first().waitFor({ timeout: 15_000 });
    expect(await lineText()).toContain(BROKEN);

    // The Problems list's Fix all, with a count of what it fixes.
    const fixAll = page.locator('[data-testid=fix-all]');
    await fixAll.waitFor({ timeout: 15_000 });
    expect(await fixAll.textContent()).toBe('Fix 1 problem');
    await fixAll.click();
    await problem.first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await lineText()).toContain(FIXED);
    expect(await fixAll.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
