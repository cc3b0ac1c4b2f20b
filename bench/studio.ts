/**
 * The studio's figures for `npm run bench` (issue 11 items 2 and 9), in Debian's chromium on a
 * built site: first load (playable board, editor ready, first diagram, from navigation start, in a
 * fresh context), and, in the largest spec with 50 moves in the playtest, keystroke to markers
 * (p50/p95 over 20 keys), the main thread's long tasks while typing 39 keys at 60 ms a key, and
 * those of the pause after it (the page building its playable game and replaying the moves).
 * Run alone with `npx tsx bench/studio.ts [site-dir]` (a dir measures an existing build, e.g. an
 * older commit's, for a before/after comparison).
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { buildAndServe, launchChromium, serveDir } from '../tests/browser/site.ts';
import { compileGame } from '../src/compile/index.ts';
import { actingSeats, applyLegal, legalMovesWithEvents, newGame } from '../src/engine/index.ts';
import { createBot, type Bot } from '../src/bots/index.ts';
import type { Move } from '../src/engine/types.ts';
import { Rng, seedRng } from '../src/runtime/rng.ts';

export interface StudioLoadFigures {
  game: string;
  boardMs: number[];
  editorMs: number[];
  diagramMs: number[];
}

export interface StudioTypingFigures {
  game: string;
  lines: number;
  moves: number;
  markerMs: number[];
  longTasks: number[];
  /** Long tasks once typing pauses: the page builds its playable game and replays the playtest. */
  settledTasks: number[];
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
export const p50 = (xs: readonly number[]): number => quantile(xs, 0.5);
export const p95 = (xs: readonly number[]): number => quantile(xs, 0.95);

/** Records, in the page, when each watched element first appears (ms from navigation start). */
const WATCH = `
  window.__marks = {};
  window.__longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  const watch = { board: '[data-testid=board] .board-table, [data-testid=handover]', editor: '[data-testid=editor] .monaco-editor .view-lines', diagram: '[data-testid=diagram] .state' };
  const check = () => { for (const [k, sel] of Object.entries(watch)) if (!(k in window.__marks) && document.querySelector(sel)) window.__marks[k] = performance.now(); };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
`;

const marks = async (page: Page): Promise<Record<string, number>> => {
  await page.waitForFunction(() => Object.keys((window as unknown as { __marks: object }).__marks).length === 3, null, { timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
};

export const measureLoad = async (browser: Browser, url: string, game: string, runs: number): Promise<StudioLoadFigures> => {
  const fig: StudioLoadFigures = { game, boardMs: [], editorMs: [], diagramMs: [] };
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    await page.goto(`${url}#/${game}`);
    const m = await marks(page);
    fig.boardMs.push(m.board ?? NaN);
    fig.editorMs.push(m.editor ?? NaN);
    fig.diagramMs.push(m.diagram ?? NaN);
    await context.close();
  }
  return fig;
};

/**
 * A game in progress of `n` moves (2 players), replayed by the studio on each compile: the first
 * seed whose play lasts that long, by seeded random choice or by one of the spec's own bots (a
 * cooperative game played at random is lost early), so it is repeatable; else the longest found.
 */
const gameOf = (game: string, n: number): { seed: number; moves: Move[] } => {
  const compiled = compileGame({ base: { file: `games/${game}/game.yaml`, text: readFileSync(`games/${game}/game.yaml`, 'utf8') } }).game;
  let best = { seed: 1, moves: [] as Move[] };
  if (!compiled) return best;
  const bots = ['random', ...Object.keys(compiled.bots)].map((name) => createBot(compiled, name)).filter((b): b is Bot => 'choose' in b);
  for (let seed = 1; seed <= 50; seed++) {
    for (const bot of bots) {
      const start = newGame(compiled, { players: 2, seed });
      if (!start.ok) return best;
      const rng = new Rng(seedRng(`bench:${seed}`));
      let state = start.state;
      const moves: Move[] = [];
      while (moves.length < n) {
        const seat = actingSeats(compiled, state)[0];
        const legal = seat === undefined ? [] : legalMovesWithEvents(compiled, state, seat);
        if (seat === undefined || legal.length === 0) break;
        const chosen = bot.choose(state, seat, legal, rng);
        const r = applyLegal(compiled, state, chosen);
        if (!r.ok) break;
        moves.push(chosen.move);
        state = r.state;
      }
      if (moves.length > best.moves.length) best = { seed, moves };
      if (moves.length >= n) return best;
    }
  }
  return best;
};

export const measureTyping = async (browser: Browser, url: string, game: string, keys = 20): Promise<StudioTypingFigures> => {
  const text = readFileSync(`games/${game}/game.yaml`, 'utf8');
  const { seed, moves } = gameOf(game, 50);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(WATCH);
  await context.addInitScript(
    ([key, play]) => localStorage.setItem(key, play),
    [`houserules:v1:play:${game}`, JSON.stringify({ seed, players: 2, moves, cursor: moves.length })] as const,
  );
  const page = await context.newPage();
  await page.goto(`${url}#/${game}`);
  await marks(page);
  await page.waitForTimeout(1500);
  const fig: StudioTypingFigures = { game, lines: text.split('\n').length, moves: moves.length, markerMs: [], longTasks: [], settledTasks: [] };
  await page.focus('[data-testid=editor] .monaco-editor textarea');
  await page.keyboard.press('Control+Home');
  for (let k = 0; k < keys; k++) {
    // "@" cannot start a YAML plain scalar: one key breaks the spec, Backspace mends it.
    const t0 = performance.now();
    await page.keyboard.type('@');
    await page.waitForSelector('[data-testid=editor] .squiggly-error', { timeout: 20_000 });
    fig.markerMs.push(performance.now() - t0);
    await page.keyboard.press('Backspace');
    await page.waitForSelector('[data-testid=editor] .squiggly-error', { state: 'detached', timeout: 20_000 });
    await page.waitForTimeout(100);
  }
  // Typing in a comment at 60 ms a key: the spec stays valid, as in ordinary editing.
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.waitForTimeout(1500);
  const from = await page.evaluate(() => performance.now());
  await page.keyboard.type(' typing at sixty ms a key, in a comment', { delay: 60 });
  const to = await page.evaluate(() => performance.now());
  const tasksIn = (a: number, b: number): Promise<number[]> =>
    page.evaluate(
      ([a, b]) => (window as unknown as { __longTasks: [number, number][] }).__longTasks.filter(([s]) => s >= a && s <= b).map(([, d]) => d),
      [a, b] as const,
    );
  fig.longTasks = await tasksIn(from, to);
  // A pause in typing: the page builds its own playable game from the new text and replays the moves.
  await page.waitForTimeout(2000);
  fig.settledTasks = await tasksIn(to, await page.evaluate(() => performance.now()));
  await context.close();
  return fig;
};

/** The largest shipped spec, by lines. */
export const largestGame = (): string => {
  const games = readdirSync('games').filter((d) => existsSync(`games/${d}/game.yaml`));
  return games.sort((a, b) => readFileSync(`games/${b}/game.yaml`, 'utf8').split('\n').length - readFileSync(`games/${a}/game.yaml`, 'utf8').split('\n').length)[0] ?? '';
};

export const measureStudioBench = async (siteDir?: string, runs = 3): Promise<{ load: StudioLoadFigures[]; typing: StudioTypingFigures }> => {
  const site = siteDir ? await serveDir(siteDir) : await buildAndServe();
  const browser = await launchChromium();
  try {
    const game = largestGame();
    const load = [await measureLoad(browser, site.url, game, runs)];
    const typing = await measureTyping(browser, site.url, game);
    return { load, typing };
  } finally {
    await browser.close();
    await site.close();
  }
};

/** Lines for the bench's report, with the goals of issue 11 and each figure's ratio to `baselineMs`. */
export const studioReport = (r: { load: StudioLoadFigures[]; typing: StudioTypingFigures }, baselineMs?: number): string[] => {
  const rows: [string, number, string][] = [];
  for (const l of r.load) {
    rows.push([`studio ${l.game}: first load to a playable board`, p50(l.boardMs), `goal ≤ 1500 ms; runs ${l.boardMs.map((x) => x.toFixed(0)).join(', ')}`]);
    rows.push([`studio ${l.game}: first load to the editor ready`, p50(l.editorMs), 'goal ≤ 3000 ms']);
    rows.push([`studio ${l.game}: first load to the first diagram`, p50(l.diagramMs), 'goal ≤ 1500 ms']);
  }
  const t = r.typing;
  const where = `${t.game} (${t.lines} lines, ${t.moves} moves in the playtest)`;
  rows.push([`studio ${where}: keystroke to markers p50`, p50(t.markerMs), 'seen from the test driver']);
  rows.push([`studio ${where}: keystroke to markers p95`, p95(t.markerMs), 'goal ≤ 100 ms']);
  rows.push([`studio ${where}: longest main-thread task while typing 39 keys at 60 ms a key`, t.longTasks.length ? Math.max(...t.longTasks) : 0, `${t.longTasks.length} long task(s); goal: none over 50 ms`]);
  rows.push([`studio ${where}: longest main-thread task when typing pauses (the page's playable game built, the playtest replayed)`, t.settledTasks.length ? Math.max(...t.settledTasks) : 0, `${t.settledTasks.length} long task(s): ${t.settledTasks.map((d) => d.toFixed(0)).join(', ') || 'none'}; goal: none over 50 ms`]);
  return rows.map(([name, ms, note]) => `${name}: ${ms.toFixed(0)} ms${baselineMs ? `   ratio ${(ms / baselineMs).toFixed(2)}` : ''}   ${note}`);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureStudioBench(process.argv[2], Number(process.env.RUNS ?? 3));
  for (const line of studioReport(r)) console.log(line);
}
