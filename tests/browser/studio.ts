/**
 * What every browser test file needs: the shared build of the site (see global-setup.ts), one
 * chromium per file, fresh pages, and the studio's common gestures. A browser test file is named
 * `*.browser.test.ts` and starts with `const studio = useStudio();`.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './site.ts';

export interface Viewport {
  width: number;
  height: number;
}

/** The three sizes the studio is checked at: a desktop, a small laptop, a phone. */
export const VIEWPORTS: Record<'desktop' | 'laptop' | 'phone', Viewport> = {
  desktop: { width: 1440, height: 900 },
  laptop: { width: 1024, height: 700 },
  phone: { width: 390, height: 844 },
};

export interface OpenedPage {
  page: Page;
  /** Uncaught errors of the page, in order. */
  errors: string[];
}

export interface Studio {
  /** The served site, ending in '/'. */
  readonly url: string;
  /** A page in a fresh browser context (its own storage), 1600×950 unless told. */
  newPage(viewport?: Viewport): Promise<OpenedPage>;
}

/** Launches chromium for this file's tests and closes it after them. */
export const useStudio = (): Studio => {
  let browser: Browser | undefined;
  const url = inject('studioUrl');
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    url,
    newPage: async (viewport = { width: 1600, height: 950 }) => {
      if (!browser) throw new Error('chromium is not running: call useStudio() at the top of the test file');
      const context = await browser.newContext({ viewport, acceptDownloads: true });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      return { page, errors };
    },
  };
};

/** Opens a game (`#/id` plus `query`) and waits until its editor is up and the spec compiled. */
export const openGame = async (page: Page, url: string, id: string, query = ''): Promise<void> => {
  await page.goto(`${url}#/${id}${query}`);
  // Attached, not visible: on a phone the editor is behind its panel tab.
  await page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines', { timeout: 30_000, state: 'attached' });
  await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
    timeout: 30_000,
  });
};

/** Opens a game (`#/id`), waits until its spec compiled, and unfolds a panel (they start folded), named by its region. */
export const openPanel = async (page: Page, url: string, id: string, region: string): Promise<void> => {
  await page.goto(`${url}#/${id}`);
  await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
    timeout: 60_000,
  });
  await page.getByRole('region', { name: region }).locator('.pane-head').click();
};

/** The text of the editor's first visible line (Monaco draws spaces as no-break spaces). */
export const firstLine = async (page: Page): Promise<string> =>
  ((await page.locator('[data-testid=editor] .view-line').first().textContent()) ?? '').replace(/\u00a0/g, ' ');

/**
 * Puts the keyboard in the editor. Monaco reads keys from its hidden textarea; focusing it does
 * not depend on where the page's layout has got to, as a click on the text would on a busy machine.
 */
export const focusEditor = async (page: Page): Promise<void> => {
  await page.waitForSelector('[data-testid=editor] .monaco-editor textarea');
  await page.focus('[data-testid=editor] .monaco-editor textarea');
};

/** Types at the very start of the open file. */
export const typeAtStart = async (page: Page, text: string): Promise<void> => {
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(text);
};

/** Replaces the whole text of line `line` (1-based) of the open file, keeping its indentation. */
export const replaceLine = async (page: Page, line: number, text: string): Promise<void> => {
  await focusEditor(page);
  await page.keyboard.press('Control+g');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type(text);
};

/** The 1-based line of the first match of `pattern` after the first match of `after` in a shipped game. */
export const lineOf = (id: string, after: RegExp, pattern: RegExp): number => {
  const lines = readFileSync(`games/${id}/game.yaml`, 'utf8').split('\n');
  const start = lines.findIndex((l) => after.test(l));
  const i = lines.findIndex((l, n) => n > start && pattern.test(l));
  if (start < 0 || i < 0) throw new Error(`no ${String(pattern)} after ${String(after)} in ${id}`);
  return i + 1;
};

/** Waits for the board; a hot-seat hand-over screen in the way is answered. */
export const boardReady = async (page: Page): Promise<void> => {
  await page.waitForSelector('[data-testid=board] .board-table, [data-testid=handover]', { timeout: 15_000 });
  if (await page.locator('[data-testid=handover]').count()) await page.click('[data-testid=handover-ready]');
  await page.waitForSelector('[data-testid=board] .board-table', { timeout: 15_000 });
};

/**
 * Sets house-rule params at their controls, waits until the settings hold them, and reloads, so
 * the board plays the new rules from the start: the rules are rebuilt only after a change settles,
 * and a game begun before that would be replayed under them.
 */
export const setParams = async (page: Page, gameId: string, params: Record<string, string | boolean>): Promise<void> => {
  for (const [name, value] of Object.entries(params)) {
    const control = page.locator(`[data-testid=param-${name}]`);
    if (typeof value === 'boolean') await control.setChecked(value);
    else {
      await control.fill(value);
      await control.press('Enter');
    }
  }
  await page.waitForFunction(
    ([key, wanted]) => {
      const saved = (JSON.parse(localStorage.getItem(key) ?? '{}') as { params?: Record<string, unknown> }).params ?? {};
      return Object.entries(wanted).every(([k, v]) => String(saved[k]) === String(v));
    },
    [`houserules:v1:settings:${gameId}`, params] as const,
  );
  await page.reload();
  await boardReady(page);
};

export const logCount = (page: Page): Promise<number> => page.locator('[data-testid=log] .log-entry').count();
