/**
 * The studio in a real browser (Debian's chromium via playwright-core) on the built site: the
 * gallery finds every game, each game opens with its editor, diagram and board, a schema error
 * shows as a marker and a diagnostic, an edit survives a reload, share links work (and a broken
 * one says so), a param edited in the text reaches the board, bots play a game to its end, and the
 * Balance panel plays games in workers, draws its charts and can be cancelled.
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodeShare } from '../../src/studio/persist/share.ts';
import { buildAndServe, launchChromium, type Site } from './site.ts';

const games = readdirSync('games').filter((d) => existsSync(`games/${d}/game.yaml`)).sort();

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await buildAndServe();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const newPage = async (): Promise<{ page: Page; errors: string[] }> => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 950 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
};

const openGame = async (page: Page, id: string, query = ''): Promise<void> => {
  await page.goto(`${site.url}#/${id}${query}`);
  await page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines', { timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, { timeout: 30_000 });
};

/** The text of the editor's first visible line (Monaco draws spaces as no-break spaces). */
const firstLine = async (page: Page): Promise<string> =>
  ((await page.locator('[data-testid=editor] .view-line').first().textContent()) ?? '').replace(/\u00a0/g, ' ');

/**
 * Puts the keyboard in the editor. Monaco reads keys from its hidden textarea; focusing it does
 * not depend on where the page's layout has got to, as a click on the text would on a busy machine.
 */
const focusEditor = async (page: Page): Promise<void> => {
  await page.waitForSelector('[data-testid=editor] .monaco-editor textarea');
  await page.focus('[data-testid=editor] .monaco-editor textarea');
};

/** Replaces the whole text of line `line` (1-based) of the open file, keeping its indentation. */
const replaceLine = async (page: Page, line: number, text: string): Promise<void> => {
  await focusEditor(page);
  await page.keyboard.press('Control+g');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type(text);
};

/** The 1-based line of the first match of `pattern` after the first match of `after`. */
const lineOf = (id: string, after: RegExp, pattern: RegExp): number => {
  const lines = readFileSync(`games/${id}/game.yaml`, 'utf8').split('\n');
  const start = lines.findIndex((l) => after.test(l));
  const i = lines.findIndex((l, n) => n > start && pattern.test(l));
  if (start < 0 || i < 0) throw new Error(`no ${String(pattern)} after ${String(after)} in ${id}`);
  return i + 1;
};

/** Waits for the board; a hot-seat hand-over screen in the way is answered. */
const boardReady = async (page: Page): Promise<void> => {
  await page.waitForSelector('[data-testid=board] .board-table, [data-testid=handover]', { timeout: 15_000 });
  if (await page.locator('[data-testid=handover]').count()) await page.click('[data-testid=handover-ready]');
  await page.waitForSelector('[data-testid=board] .board-table', { timeout: 15_000 });
};

const logCount = (page: Page): Promise<number> => page.locator('[data-testid=log] .log-entry').count();

/**
 * Per game: house rules that make a random-bot game short (tests may name games; src/ may not).
 * A game not listed is played with its own defaults.
 */
const QUICK_END: Record<string, Record<string, string | boolean>> = {
  'ten-thousand': { target: '1000', exactTarget: false, entry: '0' },
};

/** Types at the very start of the open file. */
const typeAtStart = async (page: Page, text: string): Promise<void> => {
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(text);
};

describe('studio in chromium', () => {
  it('lists every game in games/ in the gallery', async () => {
    const { page, errors } = await newPage();
    const started = performance.now();
    await page.goto(site.url);
    await page.waitForSelector('[data-testid=gallery] .game-card');
    const loadMs = performance.now() - started;
    const ids = await page.$$eval('.game-card', (cards) => cards.map((c) => c.getAttribute('data-game')));
    expect(ids).toEqual(games);
    expect(errors).toEqual([]);
    console.log(`first load of the built gallery: ${loadMs.toFixed(0)} ms`);
    await page.context().close();
  });

  it.each(games)('opens %s with its editor, diagram and board', async (id) => {
    const { page, errors } = await newPage();
    await openGame(page, id);
    for (const testId of ['editor', 'diagnostics', 'diagram', 'board', 'log']) {
      expect(await page.locator(`[data-testid=${testId}]`).count(), testId).toBe(1);
    }
    const problems = await page.locator('[data-testid=diagnostics] .diagnostic.error').allTextContents();
    // A shipped game compiles: its statechart is drawn and the board offers moves or plays.
    expect(problems).toEqual([]);
    await page.waitForSelector('[data-testid=diagram] .state', { timeout: 15_000 });
    await boardReady(page);

    // A person can make a move with a button: the log grows (or the game ends).
    const before = await logCount(page);
    const move = page.locator('[data-testid^=move-]:enabled').first();
    await move.click();
    const option = page.locator('[data-testid^=option-]').first();
    if (await option.count()) await option.click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=log] .log-entry').length > n || !!document.querySelector('[data-testid=game-over]'), before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each(games)('lets the engine bots play %s to its end', async (id) => {
    const { page, errors } = await newPage();
    await openGame(page, id);
    await boardReady(page);
    for (const [name, value] of Object.entries(QUICK_END[id] ?? {})) {
      const control = page.locator(`[data-testid=param-${name}]`);
      if (typeof value === 'boolean') await control.setChecked(value);
      else {
        await control.fill(value);
        await control.press('Enter');
      }
    }
    await page.selectOption('[data-testid=bot-speed]', 'instant');
    const seats = await page.locator('[data-testid^=seat-]').count();
    // The engine's bots: a greedy one in the first seat, random ones elsewhere.
    for (let i = 0; i < seats; i++) await page.selectOption(`[data-testid=seat-${i}]`, i === 0 ? 'greedy' : 'random');
    const started = performance.now();
    await page.waitForSelector('[data-testid=game-over]', { timeout: 90_000 });
    const moves = await logCount(page);
    expect(await page.locator('[data-testid=notice]').count()).toBe(0);
    console.log(`${id}: bots finished a game in ${moves - 1} moves, ${(performance.now() - started).toFixed(0)} ms`);
    expect(await page.textContent('[data-testid=game-over]')).toMatch(/won|lost/);
    // Undo goes back into the game; redo returns to the end.
    await page.selectOption(`[data-testid=seat-0]`, 'human');
    await page.click('[data-testid=undo]');
    await page.waitForSelector('[data-testid=game-over]', { state: 'detached' });
    await page.click('[data-testid=redo]');
    await page.waitForSelector('[data-testid=game-over]');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a schema error as a marker and a diagnostic, and keeps the edit after a reload', async () => {
    const id = games[0] ?? '';
    const { page, errors } = await newPage();
    await openGame(page, id);
    const started = performance.now();
    await typeAtStart(page, 'bogusKey: 1\n');
    await page.waitForSelector('[data-testid=editor] .squiggly-error', { timeout: 10_000 });
    const latency = performance.now() - started;
    const diag = page.locator('[data-testid=diagnostics] .diagnostic.error', { hasText: 'bogusKey' });
    await diag.first().waitFor();
    expect(await diag.first().locator('.diag-where').textContent()).toBe('1:1');
    console.log(`keystrokes → marker (typing 12 keys included): ${latency.toFixed(0)} ms; ${await page.textContent('[data-testid=analysis-status]')}`);

    // The last good version stays on the board while the text is broken.
    expect(await page.locator('[data-testid=board] .board-table').count()).toBe(1);

    await page.waitForTimeout(400); // past the autosave delay
    await page.reload();
    await page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines');
    await page.locator('[data-testid=diagnostics] .diagnostic.error', { hasText: 'bogusKey' }).first().waitFor({ timeout: 15_000 });
    expect(await firstLine(page)).toContain('bogusKey: 1');
    expect(errors).toEqual([]);

    // Revert brings the shipped text back.
    await page.click('[data-testid=revert]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=diagnostics]')?.textContent?.includes('bogusKey'));
    await page.context().close();
  });

  it('resumes the game in progress after a reload, move for move', async () => {
    // Moves without arguments, so a click plays them.
    const id = 'ten-thousand';
    if (!games.includes(id)) return;
    const { page, errors } = await newPage();
    await openGame(page, id);
    await boardReady(page);
    for (let i = 0; i < 3; i++) {
      const before = await logCount(page);
      const button = page.locator('[data-testid^=move-]').first();
      if ((await button.count()) === 0) break;
      await button.click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=log] .log-entry').length > n, before);
    }
    const played = await page.textContent('[data-testid=log]');
    await page.reload();
    await boardReady(page);
    await page.waitForFunction((text) => document.querySelector('[data-testid=log]')?.textContent === text, played, { timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('follows a param changed in the text, and a param changed in the house-rules panel', async () => {
    const id = 'ten-thousand';
    if (!games.includes(id)) return;
    const { page, errors } = await newPage();
    await openGame(page, id);
    const pool = page.locator('[data-testid=board] [data-zone=pool] .piece');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 5);
    await replaceLine(page, lineOf(id, /^  dice:/, /default:/), 'default: 6');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 6, null, { timeout: 10_000 });
    expect(await pool.count()).toBe(6);
    // The panel shows the value in force; overriding it restarts the game with it.
    expect(await page.inputValue('[data-testid=param-dice]')).toBe('6');
    await page.fill('[data-testid=param-dice]', '4');
    await page.press('[data-testid=param-dice]', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 4, null, { timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('starts a new game from a fixed seed, the same way every time', async () => {
    const id = games[0] ?? '';
    const { page, errors } = await newPage();
    await openGame(page, id);
    await boardReady(page);
    const playOnce = async (): Promise<string> => {
      await page.fill('[data-testid=seed]', '4242');
      await page.click('[data-testid=new-game]');
      await page.waitForFunction(() => document.querySelector('[data-testid=turn-status]')?.textContent?.includes('seed 4242'));
      if (await page.locator('[data-testid=handover]').count()) await page.click('[data-testid=handover-ready]');
      const before = await logCount(page);
      await page.locator('[data-testid^=move-]:enabled').first().click();
      const option = page.locator('[data-testid^=option-]').first();
      if (await option.count()) await option.click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=log] .log-entry').length > n, before);
      return (await page.textContent('[data-testid=log]')) ?? '';
    };
    const first = await playOnce();
    expect(await playOnce()).toBe(first);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('switches a variant on, disables the ones it conflicts with, and restarts the game', async () => {
    const id = 'ten-thousand';
    if (!existsSync(`games/${id}/variants/six-dice.yaml`)) return;
    const { page, errors } = await newPage();
    await openGame(page, id);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 5);
    await page.click('[data-testid=move-roll]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=log] .log-entry').length === 2);
    await page.check('[data-testid=variant-six-dice]');
    // The variant sets six dice; the game restarts (the log is back to its start).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 6, null, { timeout: 10_000 });
    expect(await logCount(page)).toBe(1);
    // A variant that conflicts with it cannot be switched on, and says why.
    expect(await page.isDisabled('[data-testid=variant-charentaise]')).toBe(true);
    expect(await page.locator('.variant', { has: page.locator('[data-testid=variant-charentaise]') }).textContent()).toMatch(/cannot be combined/);
    // The variant file's tab is marked as switched on.
    expect(await page.locator('.tab[data-file$="six-dice.yaml"] .tab-dot.on').count()).toBe(1);
    await page.uncheck('[data-testid=variant-six-dice]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] [data-zone=pool] .piece').length === 5, null, { timeout: 10_000 });
    expect(await page.isDisabled('[data-testid=variant-charentaise]')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reveals a state in the editor when its diagram node is clicked', async () => {
    const id = games[0] ?? '';
    const { page } = await newPage();
    await openGame(page, id);
    const node = page.locator('[data-testid=diagram] .state.leaf').last();
    await node.waitFor();
    const name = (await node.getAttribute('data-state')) ?? '';
    await node.click();
    await page.waitForFunction(
      (n) => [...document.querySelectorAll('[data-testid=editor] .view-line')].some((l) => l.textContent?.replace(/\u00a0/g, ' ').trim().startsWith(`${n}:`)),
      name,
      { timeout: 5_000 },
    );
    await page.context().close();
  });

  it('exports the open file and imports one in its place', async () => {
    const id = games[0] ?? '';
    const { page, errors } = await newPage();
    await openGame(page, id);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export]')]);
    expect(download.suggestedFilename()).toBe(`${id}.yaml`);
    const exported = readFileSync((await download.path()) ?? '', 'utf8');
    expect(exported).toBe(readFileSync(`games/${id}/game.yaml`, 'utf8'));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-testid=import]')]);
    await chooser.setFiles({ name: 'mine.yaml', mimeType: 'text/yaml', buffer: Buffer.from(`importedKey: 1\n${exported}`) });
    await page.locator('[data-testid=diagnostics] .diagnostic.error', { hasText: 'importedKey' }).first().waitFor({ timeout: 10_000 });
    expect(await page.textContent('[data-testid=banner]')).toContain('mine.yaml');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('carries an edit in a share link, and says what is wrong with a broken one', async () => {
    const id = games[0] ?? '';
    const { page } = await newPage();
    await openGame(page, id);
    await typeAtStart(page, '# shared edit\n');
    await page.click('[data-testid=share]');
    const link = await page.inputValue('[data-testid=share-link]');
    expect(link).toContain(`#/${id}?share=`);
    await page.context().close();

    const other = await newPage();
    await other.page.goto(link);
    await other.page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines');
    await other.page.waitForSelector('[data-testid=banner]');
    expect(await firstLine(other.page)).toContain('# shared edit');

    await other.page.context().close();

    // A link cut short when copied.
    const broken = await newPage();
    await broken.page.goto(link.slice(0, link.indexOf('share=') + 20));
    const banner = await broken.page.waitForSelector('[data-testid=banner]');
    expect(await banner.textContent()).toMatch(/share link is broken/);
    await broken.page.waitForSelector('[data-testid=editor] .monaco-editor');
    expect(broken.errors).toEqual([]);
    await broken.page.context().close();
  });

  it('hides hands in hot seat, draws cards, and hands over between players', async () => {
    // A game that is not in games/, opened from a share link as a user would receive it.
    const text = readFileSync('tests/studio/fixtures/hidden-hands.yaml', 'utf8');
    const data = await encodeShare({ game: 'hidden-hands', files: { 'games/hidden-hands/game.yaml': text }, variants: [], params: {} });
    const { page, errors } = await newPage();
    await page.goto(`${site.url}#/hidden-hands?share=${data}`);
    const handover = page.locator('[data-testid=handover]');
    await handover.waitFor({ timeout: 30_000 });
    expect(await handover.textContent()).toContain('Player 1');
    // Nothing of the board shows behind the hand-over screen.
    expect(await page.locator('[data-testid=board] .piece').count()).toBe(0);
    await page.click('[data-testid=handover-ready]');
    const myHand = page.locator('[data-testid=board] [data-zone=hand][data-owner="0"] .piece');
    const theirHand = page.locator('[data-testid=board] [data-zone=hand][data-owner="1"] .piece');
    await myHand.first().waitFor();
    expect(await myHand.evaluateAll((els) => els.map((e) => e.className.includes('piece-card')))).toEqual([true, true]);
    expect(await theirHand.evaluateAll((els) => els.map((e) => e.className.includes('piece-hidden')))).toEqual([true, true]);
    // Pick a card, then play it.
    await myHand.first().click();
    await page.click('[data-testid=move-play]');
    await handover.waitFor();
    expect(await handover.textContent()).toContain('Player 2');
    await page.click('[data-testid=handover-ready]');
    expect(await page.locator('[data-testid=board] [data-zone=table] .piece-card').count()).toBe(1);
    expect(await page.locator('[data-testid=board] [data-zone=hand][data-owner="0"] .piece-hidden').count()).toBe(1);
    // Three more cards end the game.
    for (let i = 0; i < 3; i++) {
      if (i > 0) await page.click('[data-testid=handover-ready]');
      await page.locator('[data-testid=board] .piece.selectable').first().click();
      await page.click('[data-testid=move-play]');
    }
    await page.waitForSelector('[data-testid=game-over]');
    expect(await page.textContent('[data-testid=log]')).toMatch(/Player 2 plays/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** The Balance panel of 10,000, opened (it starts folded). */
const openBalance = async (): Promise<{ page: Page; errors: string[] }> => {
  const { page, errors } = await newPage();
  await page.goto(`${site.url}#/ten-thousand`);
  await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, { timeout: 60_000 });
  await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
  return { page, errors };
};

describe('the Balance panel', () => {
  it('plays the games in workers and draws the results', async () => {
    const { page, errors } = await openBalance();
    await page.fill('[data-testid=balance-games]', '40');
    await page.selectOption('[data-testid=balance-bot-0]', 'careful');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-result]', { timeout: 120_000 });
    expect(await page.locator('[data-testid=balance-rates]').count()).toBe(1);
    expect(await page.locator('[data-testid=balance-lengths]').count()).toBe(1);
    const text = (await page.locator('.balance-text').textContent()) ?? '';
    expect(text).toMatch(/Balance of 10,000: 40 games, 2 player\(s\), seed 1, bots careful, random/);
    expect(text).toMatch(/95% CI/);
    expect(errors).toEqual([]);
  }, 180_000);

  it('shows progress and can be cancelled', async () => {
    const { page, errors } = await openBalance();
    await page.fill('[data-testid=balance-games]', '5000');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-progress]', { timeout: 30_000 });
    await page.waitForFunction(() => Number((document.querySelector('[data-testid=balance-progress]') as HTMLProgressElement | null)?.value ?? 0) > 0, null, { timeout: 60_000 });
    await page.click('[data-testid=balance-cancel]');
    await page.waitForSelector('text=Cancelled.', { timeout: 10_000 });
    expect(await page.locator('[data-testid=balance-progress]').count()).toBe(0);
    expect(await page.locator('[data-testid=balance-run]').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);
});
