/**
 * The studio's layout at a desktop, a small laptop and a phone (issue 11 item 4): nothing overflows
 * the viewport, every top-bar control is on screen, on a phone each panel (edit, diagram, play) is
 * reachable through the panel tabs, and after a Balance run the playtest keeps its height.
 * Screenshots go to tests/.artifacts/ for a person to look at.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { boardReady, openGame, useStudio, VIEWPORTS } from '../browser/studio.ts';

const studio = useStudio();

/** How far the page reaches past the viewport, in px (0 when nothing overflows). */
const overflow = (page: Page): Promise<{ x: number; y: number }> =>
  page.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));

/** The controls (by test id) whose box is not wholly inside the viewport. */
const offScreen = (page: Page, ids: readonly string[]): Promise<string[]> =>
  page.evaluate((list) => {
    const out: string[] = [];
    for (const id of list) {
      const el = document.querySelector(`[data-testid=${id}]`);
      const r = el?.getBoundingClientRect();
      if (!r || r.width === 0 || r.left < 0 || r.top < 0 || r.right > window.innerWidth + 0.5 || r.bottom > window.innerHeight + 0.5)
        out.push(id);
    }
    return out;
  }, ids);

/** 'fitted' when the diagram's drawing is centred in its pane, or, wider than the pane, shows the current state; else what is wrong. */
const diagramFit = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const svg = document.querySelector('[data-testid=diagram] svg')?.getBoundingClientRect();
    const drawing = document.querySelector('[data-testid=diagram] svg > g')?.getBoundingClientRect();
    // The innermost current state: the view centres on it (its parents may be wider than the pane).
    const active = [...document.querySelectorAll('[data-testid=diagram] .state.leaf.active')].pop()?.getBoundingClientRect();
    if (!svg || !drawing) return 'no drawing';
    if (drawing.width <= svg.width + 1) {
      const gaps = [drawing.left - svg.left, svg.right - drawing.right];
      return Math.abs(gaps[0]! - gaps[1]!) < 2 ? 'fitted' : `not centred: ${gaps.map((g) => g.toFixed(0)).join(' vs ')} px`;
    }
    if (!active) return 'no current state';
    return active.left >= svg.left - 1 && active.right <= svg.right + 1
      ? 'fitted'
      : `current state out of view: ${active.left.toFixed(0)}..${active.right.toFixed(0)} in ${svg.left.toFixed(0)}..${svg.right.toFixed(0)}`;
  });

const TOP = ['import', 'export', 'revert', 'history', 'keys', 'share'];

describe('the layout', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`fits ${name} (${viewport.width}×${viewport.height}) with every control reachable`, async () => {
      const { page, errors } = await studio.newPage(viewport);
      await openGame(page, studio.url, 'ten-thousand');
      const narrow = viewport.width <= 900;
      if (narrow) await page.click('[data-testid=view-play]');
      await boardReady(page);
      expect(await overflow(page)).toEqual({ x: 0, y: 0 });
      expect(await offScreen(page, [...TOP, 'move-roll', 'new-game', 'undo'])).toEqual([]);
      await page.screenshot({ path: `tests/.artifacts/studio-${name}-play.png` });
      if (narrow) {
        await page.click('[data-testid=view-edit]');
        await page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines');
        expect(await page.locator('[data-testid=editor]').isVisible()).toBe(true);
        expect(await page.locator('[data-testid=board]').isVisible()).toBe(false);
        expect(await overflow(page)).toEqual({ x: 0, y: 0 });
        await page.screenshot({ path: `tests/.artifacts/studio-${name}-edit.png` });
        await page.click('[data-testid=view-diagram]');
        await page.waitForSelector('[data-testid=diagram] .state');
        expect(await page.locator('[data-testid=diagram]').isVisible()).toBe(true);
        // Laid out while its tab was hidden, the chart is fitted to the pane once shown: centred
        // when it fits, else with the current state in view.
        expect(await diagramFit(page)).toBe('fitted');
        expect(await overflow(page)).toEqual({ x: 0, y: 0 });
        await page.screenshot({ path: `tests/.artifacts/studio-${name}-diagram.png` });
        expect(await offScreen(page, TOP)).toEqual([]);
      } else {
        for (const id of ['editor', 'diagram', 'board']) expect(await page.locator(`[data-testid=${id}]`).isVisible(), id).toBe(true);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows every param's title whole at ${name} size (${viewport.width}×${viewport.height})`, async () => {
      const { page, errors } = await studio.newPage(viewport);
      // Regicide has the most params, and titles a phone cut short before ("Highest combo …", "Jesters choose who pl…").
      await openGame(page, studio.url, 'regicide');
      if (viewport.width <= 900) await page.click('[data-testid=view-play]');
      await page.waitForSelector('.param-name');
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('.param-name')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
          .map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
      expect(await page.locator('.param-name').count()).toBeGreaterThan(10);
      expect(await overflow(page)).toEqual({ x: 0, y: 0 });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('keeps the playtest usable after a Balance run', async () => {
    const { page, errors } = await studio.newPage(VIEWPORTS.laptop);
    await openGame(page, studio.url, 'ten-thousand');
    await boardReady(page);
    await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
    await page.fill('[data-testid=balance-games]', '20');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-result]', { timeout: 120_000 });
    const board = await page.locator('.board-pane').boundingBox();
    expect(board?.height ?? 0).toBeGreaterThanOrEqual(200);
    expect(await overflow(page)).toEqual({ x: 0, y: 0 });
    await page.screenshot({ path: 'tests/.artifacts/studio-laptop-balance.png' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
