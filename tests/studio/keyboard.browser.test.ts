/**
 * The studio by keyboard alone (issue 11 item 8), in chromium: the folding panel headers, the
 * splitters, the log, the problems, the diagram's states and the board's pieces are reached with
 * Tab-able elements and pressed with Enter or Space; the editor's Tab trap has its documented way
 * out (Ctrl+M, then Tab); the shortcuts listed in the help overlay (?) undo, redo, play the first
 * ready move and start a new game.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { boardReady, focusEditor, logCount, openGame, typeAtStart, useStudio } from '../browser/studio.ts';

const studio = useStudio();
const GAME = 'ten-thousand';

/** Whether the focused element is inside `selector`. */
const focusIn = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate((s) => document.activeElement?.closest(s) !== null, selector);

/** Takes the keyboard out of any field, as a person clicking the page's background would. */
const blur = (page: Page): Promise<void> => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

describe('the keyboard', () => {
  it('opens a folded panel, moves a splitter, and leaves the editor with Ctrl+M then Tab', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, GAME);
    await boardReady(page);
    const balance = page.getByRole('button', { name: 'Balance' });
    expect(await balance.getAttribute('aria-expanded')).toBe('false');
    await balance.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=balance-run]');
    expect(await balance.getAttribute('aria-expanded')).toBe('true');

    const editorWidth = async (): Promise<number> => (await page.locator('.editor-pane').boundingBox())?.width ?? 0;
    const before = await editorWidth();
    await page.locator('[data-testid=splitter]').first().focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction((w) => (document.querySelector('.editor-pane')?.getBoundingClientRect().width ?? 0) > w + 40, before);

    await focusEditor(page);
    await page.keyboard.press('Tab');
    expect(await focusIn(page, '.monaco-editor')).toBe(true); // Tab indents
    await page.keyboard.press('Control+m');
    await page.keyboard.press('Tab');
    expect(await focusIn(page, '.monaco-editor')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lists the shortcuts with ? and plays, undoes, redoes and restarts with them', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, GAME);
    await boardReady(page);
    await blur(page);
    await page.keyboard.press('?');
    const dialog = page.locator('[data-testid=keys-dialog]');
    await dialog.waitFor();
    const listed = (await dialog.textContent()) ?? '';
    for (const text of ['Undo', 'Redo', 'first move', 'New game', 'Ctrl+M']) expect(listed).toContain(text);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const logIs = (n: number): Promise<unknown> =>
      page.waitForFunction((k) => document.querySelectorAll('[data-testid=log] .log-entry').length === k, n);
    const future = (): Promise<number> => page.locator('[data-testid=log] .log-entry.future').count();
    await blur(page);
    await page.keyboard.press('m'); // Roll
    await logIs(2);
    await page.keyboard.press('z');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] .log-entry.future').length === 1);
    await page.keyboard.press('y');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] .log-entry.future').length === 0);
    const seed = await page.textContent('[data-testid=turn-status]');
    await page.keyboard.press('n');
    await logIs(1);
    expect(await page.textContent('[data-testid=turn-status]')).not.toBe(seed);
    expect(await future()).toBe(0);
    // Typing the same letters in the editor types them: no shortcut fires there.
    await typeAtStart(page, 'nmz');
    await page.waitForTimeout(300);
    expect(await logCount(page)).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('picks a piece with Space', async () => {
    // Cetatea's attack is chosen by picking soldiers on the board.
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, 'cetatea');
    await boardReady(page);
    const piece = page.locator('[data-testid=board] .piece.selectable').first();
    expect(await piece.getAttribute('aria-pressed')).toBe('false');
    await piece.focus();
    await page.keyboard.press(' ');
    await page.waitForFunction(() => document.querySelector('[data-testid=board] .piece.selectable[aria-pressed=true]') !== null);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('presses a log entry, a problem and a diagram state with the keyboard', async () => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, GAME);
    await boardReady(page);
    await page.click('[data-testid=move-roll]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] .log-entry').length === 2);

    // The log's start entry: Enter goes back to the start.
    await page.locator('[data-testid=log] .log-entry .log-move').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] .log-entry.future').length === 1);

    // A diagram state: Enter shows it in the spec.
    const node = page.locator('[data-testid=diagram] .state.leaf').last();
    await node.waitFor();
    const name = (await node.getAttribute('data-state')) ?? '';
    expect(await node.getAttribute('aria-label')).toContain(name);
    await node.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (n) =>
        [...document.querySelectorAll('[data-testid=editor] .view-line')].some((l) =>
          l.textContent
            ?.replace(/\u00a0/g, ' ')
            .trim()
            .startsWith(`${n}:`),
        ),
      name,
    );

    // A problem: Enter puts the editor's cursor at it.
    await typeAtStart(page, 'bogusKey: 1\n');
    // The problem of the finished line, not one of the text half typed (each key is compiled).
    const problem = page.locator('[data-testid=diagnostics] .diagnostic.error button', { hasText: "unknown property 'bogusKey'" }).first();
    await problem.waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+End');
    await problem.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.monaco-editor') !== null);
    // The problem's range (the key) is selected, so what is typed replaces it.
    await page.keyboard.type('#');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=editor] .view-line')].some((l) => l.textContent?.replace(/\u00a0/g, ' ') === '#: 1'),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
