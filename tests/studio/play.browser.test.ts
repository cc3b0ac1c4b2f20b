/**
 * The playtest in chromium: every game opens and takes a move, bots play each to its end, the game
 * in progress survives a reload, a fixed seed replays the same game, hands are hidden in hot seat.
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeShare } from '../../src/studio/persist/share.ts';
import { boardReady, logCount, openGame, setParams, useStudio } from '../browser/studio.ts';

const games = readdirSync('games')
  .filter((d) => existsSync(`games/${d}/game.yaml`))
  .sort();

/**
 * Per game: house rules that make a random-bot game short (tests may name games; src/ may not).
 * A game not listed is played with its own defaults.
 */
const QUICK_END: Record<string, Record<string, string | boolean>> = {
  'ten-thousand': { target: '1000', exactTarget: false, entry: '0' },
};

const studio = useStudio();

describe('the playtest', () => {
  it.each(games)('opens %s with its editor, diagram and board', async (id) => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, id);
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
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid=log] .log-entry').length > n || !!document.querySelector('[data-testid=game-over]'),
      before,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each(games)('lets the engine bots play %s to its end', async (id) => {
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, id);
    await boardReady(page);
    const quick = QUICK_END[id];
    if (quick) await setParams(page, id, quick);
    await page.selectOption('[data-testid=bot-speed]', 'instant');
    const seats = await page.locator('[data-testid^=seat-]').count();
    // The engine's bots: a greedy one in the first seat, random ones elsewhere.
    for (let i = 0; i < seats; i++) await page.selectOption(`[data-testid=seat-${i}]`, i === 0 ? 'greedy' : 'random');
    const started = performance.now();
    await page.waitForSelector('[data-testid=game-over]', { timeout: 90_000 });
    const moves = await logCount(page);
    const notices = await page.locator('[data-testid=notice]').allTextContents();
    expect(notices).toEqual([]);
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

  it('resumes the game in progress after a reload, move for move', async () => {
    // Moves without arguments, so a click plays them.
    const id = 'ten-thousand';
    if (!games.includes(id)) return;
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, id);
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

  it('starts a new game from a fixed seed, the same way every time', async () => {
    const id = games[0] ?? '';
    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, id);
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

  it('hides hands in hot seat, draws cards, and hands over between players', async () => {
    // A game that is not in games/, opened from a share link as a user would receive it.
    const text = readFileSync('tests/studio/fixtures/hidden-hands.yaml', 'utf8');
    const data = await encodeShare({ game: 'hidden-hands', files: { 'games/hidden-hands/game.yaml': text }, variants: [], params: {} });
    const { page, errors } = await studio.newPage();
    await page.goto(`${studio.url}#/hidden-hands?share=${data}`);
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
