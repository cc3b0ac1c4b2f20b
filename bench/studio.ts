/**
 * The studio's figures for `npm run bench` (issue 11 items 2 and 9), in Debian's chromium on a
 * built site: first load (playable board, editor ready, first diagram, from navigation start, in a
 * fresh context) and second load (a reload in that context); and, in the largest spec with 50
 * moves in the playtest, keystroke to markers (p50/p95 over 40 keys, so that the p95 is not
 * simply the slowest key: in the page, from the key event to the marker in the editor's DOM, and
 * as seen from the test driver, which adds its own round trips), the main thread's long tasks while typing 39 keys at 60 ms a key, and those of the
 * pause after it (the page building its playable game and replaying the moves); and the Balance
 * panel's wall time for 1,000 random games of 10,000 in the isolated frame (the compiled tier)
 * and in the page's own workers (the interpreter), alternated (issue 33's goal: 10× faster).
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
import { quantile, sortedNumbers } from '../src/sim/stats.ts';

export interface StudioLoadFigures {
  game: string;
  boardMs: number[];
  editorMs: number[];
  diagramMs: number[];
  /** A reload in the same context once the first load has settled: the service worker's cache, else the HTTP cache. */
  secondBoardMs: number[];
  secondEditorMs: number[];
}

export interface StudioTypingFigures {
  game: string;
  lines: number;
  moves: number;
  players: number;
  /** In the page: the key event's time to the marker's arrival in the editor's DOM. */
  markerMs: number[];
  /** The same, as seen from the test driver (its input and polling round trips included). */
  driverMs: number[];
  longTasks: number[];
  /** Long tasks once typing pauses: the page builds its playable game and replays the playtest. */
  settledTasks: number[];
}

/** NaN for no samples: a figure that was not measured must not read as 0 ms. */
const quantileOf = (xs: readonly number[], q: number): number => (xs.length === 0 ? NaN : quantile(sortedNumbers(xs), q));
export const p50 = (xs: readonly number[]): number => quantileOf(xs, 0.5);
export const p95 = (xs: readonly number[]): number => quantileOf(xs, 0.95);

/** Records, in the page, when each watched element first appears (ms from navigation start). */
const WATCH = `
  window.__marks = {};
  window.__longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  const watch = { board: '[data-testid=board] .board-table, [data-testid=handover]', editor: '[data-testid=editor] .monaco-editor .view-lines', diagram: '[data-testid=diagram] .state' };
  const check = () => { for (const [k, sel] of Object.entries(watch)) if (!(k in window.__marks) && document.querySelector(sel)) window.__marks[k] = performance.now(); };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  window.__keyAt = 0;
  window.__markerAt = 0;
  addEventListener('keydown', (e) => { if (e.key === '@') { window.__keyAt = e.timeStamp; window.__markerAt = 0; } }, true);
  new MutationObserver(() => { if (window.__keyAt && !window.__markerAt && document.querySelector('[data-testid=editor] .squiggly-error')) window.__markerAt = performance.now(); }).observe(document, { childList: true, subtree: true });
`;

const marks = async (page: Page): Promise<Record<string, number>> => {
  await page.waitForFunction(() => Object.keys((window as unknown as { __marks: object }).__marks).length === 3, null, { timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
};

export const measureLoad = async (browser: Browser, url: string, game: string, runs: number): Promise<StudioLoadFigures> => {
  const fig: StudioLoadFigures = { game, boardMs: [], editorMs: [], diagramMs: [], secondBoardMs: [], secondEditorMs: [] };
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    await page.goto(`${url}#/${game}`);
    const m = await marks(page);
    fig.boardMs.push(m.board ?? NaN);
    fig.editorMs.push(m.editor ?? NaN);
    fig.diagramMs.push(m.diagram ?? NaN);
    // A build without a service worker (an older one) is reloaded after the same wait.
    await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(1500);
    await page.reload();
    const again = await marks(page);
    fig.secondBoardMs.push(again.board ?? NaN);
    fig.secondEditorMs.push(again.editor ?? NaN);
    await context.close();
  }
  return fig;
};

/**
 * A game in progress of `n` moves, replayed by the studio on each compile: the first seed whose
 * play lasts that long, so it is repeatable; else the longest found. Two players first, then each
 * larger table the spec allows; seeded random choice and the spec's own bots first (a cooperative
 * game played at random is lost early), then MCTS over those bots, slower but a better player:
 * Regicide's games by its 'steady' bot end before 50 moves at any table; MCTS over it reaches 50
 * at 4 players (seed 4), found in about 50 s.
 */
const gameOf = (game: string, n: number): { seed: number; players: number; moves: Move[] } => {
  const compiled = compileGame({ base: { file: `games/${game}/game.yaml`, text: readFileSync(`games/${game}/game.yaml`, 'utf8') } }).game;
  let best = { seed: 1, players: 2, moves: [] as Move[] };
  if (!compiled) return best;
  const strategies = Object.keys(compiled.bots);
  const players = Array.from({ length: compiled.players.max - compiled.players.min + 1 }, (_, i) => compiled.players.min + i).filter(
    (p) => p >= 2,
  );
  const tries: { bots: string[]; seeds: number }[] = [
    { bots: ['random', ...strategies], seeds: 50 },
    { bots: strategies.map((s) => `mcts:${s}`), seeds: 5 },
  ];
  for (const table of players)
    for (const { bots: names, seeds } of tries) {
      const bots = names.map((name) => createBot(compiled, name)).filter((b): b is Bot => 'choose' in b);
      for (let seed = 1; seed <= seeds; seed++)
        for (const bot of bots) {
          const start = newGame(compiled, { players: table, seed });
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
          if (moves.length > best.moves.length) best = { seed, players: table, moves };
          if (moves.length >= n) return best;
        }
    }
  return best;
};

export const measureTyping = async (browser: Browser, url: string, game: string, keys = 40): Promise<StudioTypingFigures> => {
  const text = readFileSync(`games/${game}/game.yaml`, 'utf8');
  const { seed, players, moves } = gameOf(game, 50);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(WATCH);
  await context.addInitScript(
    ([play, settings]) => {
      localStorage.setItem(play[0], play[1]);
      localStorage.setItem(settings[0], settings[1]);
    },
    [
      [`houserules:v1:play:${game}`, JSON.stringify({ seed, players, moves, cursor: moves.length })],
      [`houserules:v1:settings:${game}`, JSON.stringify({ variants: [], params: {}, seats: [], players })],
    ] as const,
  );
  const page = await context.newPage();
  await page.goto(`${url}#/${game}`);
  await marks(page);
  await page.waitForTimeout(1500);
  // The moves the studio's playtest holds: the game it saved after resuming the one given.
  const resumed = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { cursor?: number }).cursor ?? 0,
    `houserules:v1:play:${game}`,
  );
  const fig: StudioTypingFigures = {
    game,
    lines: text.split('\n').length,
    moves: resumed,
    players,
    markerMs: [],
    driverMs: [],
    longTasks: [],
    settledTasks: [],
  };
  await page.focus('[data-testid=editor] .monaco-editor textarea');
  await page.keyboard.press('Control+Home');
  for (let k = 0; k < keys; k++) {
    // "@" cannot start a YAML plain scalar: one key breaks the spec, Backspace mends it.
    const t0 = performance.now();
    await page.keyboard.type('@');
    await page.waitForSelector('[data-testid=editor] .squiggly-error', { timeout: 20_000 });
    fig.driverMs.push(performance.now() - t0);
    await page.waitForFunction(() => (window as unknown as { __markerAt: number }).__markerAt > 0);
    fig.markerMs.push(
      await page.evaluate(() => {
        const w = window as unknown as { __markerAt: number; __keyAt: number };
        return w.__markerAt - w.__keyAt;
      }),
    );
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
      ([a, b]) =>
        (window as unknown as { __longTasks: [number, number][] }).__longTasks.filter(([s]) => s >= a && s <= b).map(([, d]) => d),
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
  return (
    games.sort(
      (a, b) =>
        readFileSync(`games/${b}/game.yaml`, 'utf8').split('\n').length - readFileSync(`games/${a}/game.yaml`, 'utf8').split('\n').length,
    )[0] ?? ''
  );
};

/** The Balance panel's wall time for one run, on each side of the isolated frame (issue 33). */
export interface BalancePanelFigures {
  game: string;
  games: number;
  /** Seconds of each run, as the panel reports them (from Run to the results), round by round. */
  frameS: number[];
  pageS: number[];
  /** What the panel said ran the rules on each side. */
  frameEngine: string;
  pageEngine: string;
}

/** One run of `games` random games in the panel, in a fresh page; `frame` false answers the frame's page 404, so the page's own workers play. */
const balanceRun = async (
  browser: Browser,
  url: string,
  game: string,
  games: number,
  frame: boolean,
): Promise<{ s: number; engine: string }> => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 950 } });
  try {
    if (!frame) await context.route('**/sandbox.html', (route) => route.fulfill({ status: 404, body: 'not found' }));
    const page = await context.newPage();
    await page.goto(`${url}#/${game}`);
    await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
      timeout: 60_000,
    });
    await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
    await page.fill('[data-testid=balance-games]', String(games));
    const t0 = Date.now();
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-result]', { timeout: 600_000 });
    const s = (Date.now() - t0) / 1000;
    return { s, engine: (await page.locator('[data-testid=balance-engine]').getAttribute('data-engine')) ?? '?' };
  } finally {
    await context.close();
  }
};

/**
 * The Balance panel playing `games` random games: in the isolated frame (the compiled tier) and in
 * the page's own workers (the interpreter, as before the frame), alternated round by round so both
 * see the same load. Each run opens a fresh page: the frame's load is part of its first run, as a user meets it.
 */
export const measureBalancePanel = async (
  browser: Browser,
  url: string,
  game: string,
  games: number,
  rounds: number,
): Promise<BalancePanelFigures> => {
  const figures: BalancePanelFigures = { game, games, frameS: [], pageS: [], frameEngine: '', pageEngine: '' };
  for (let round = 0; round < rounds; round++) {
    for (const frame of round % 2 === 0 ? [true, false] : [false, true]) {
      const { s, engine } = await balanceRun(browser, url, game, games, frame);
      (frame ? figures.frameS : figures.pageS).push(s);
      if (frame) figures.frameEngine = engine;
      else figures.pageEngine = engine;
    }
  }
  return figures;
};

export const balancePanelReport = (b: BalancePanelFigures): string[] => {
  const frame = p50(b.frameS);
  const page = p50(b.pageS);
  return [
    `studio Balance panel, ${b.games} random games of ${b.game}: ${frame.toFixed(1)} s in the isolated frame (${b.frameEngine}), ${page.toFixed(1)} s in the page's workers (${b.pageEngine}); speed-up ${(page / frame).toFixed(2)}×   goal (issue 33) 10×; runs ${b.frameS.map((x) => x.toFixed(1)).join(', ')} and ${b.pageS.map((x) => x.toFixed(1)).join(', ')}`,
  ];
};

export const measureStudioBench = async (
  siteDir?: string,
  runs = 3,
): Promise<{ load: StudioLoadFigures[]; typing: StudioTypingFigures; balance: BalancePanelFigures }> => {
  const site = siteDir ? await serveDir(siteDir) : await buildAndServe();
  const browser = await launchChromium();
  try {
    const game = largestGame();
    const load = [await measureLoad(browser, site.url, game, runs)];
    const typing = await measureTyping(browser, site.url, game);
    const balance = await measureBalancePanel(browser, site.url, 'ten-thousand', 1000, runs);
    return { load, typing, balance };
  } finally {
    await browser.close();
    await site.close();
  }
};

/** Lines for the bench's report, with the goals of issue 11 and each figure's ratio to `baselineMs`. */
export const studioReport = (
  r: { load: StudioLoadFigures[]; typing: StudioTypingFigures; balance: BalancePanelFigures },
  baselineMs?: number,
): string[] => {
  const rows: [string, number, string][] = [];
  for (const l of r.load) {
    rows.push([
      `studio ${l.game}: first load to a playable board`,
      p50(l.boardMs),
      `goal ≤ 1500 ms; runs ${l.boardMs.map((x) => x.toFixed(0)).join(', ')}`,
    ]);
    rows.push([
      `studio ${l.game}: first load to the editor ready`,
      p50(l.editorMs),
      `goal ≤ 3000 ms; runs ${l.editorMs.map((x) => x.toFixed(0)).join(', ')}`,
    ]);
    rows.push([
      `studio ${l.game}: first load to the first diagram`,
      p50(l.diagramMs),
      `goal ≤ 1500 ms; runs ${l.diagramMs.map((x) => x.toFixed(0)).join(', ')}`,
    ]);
    rows.push([
      `studio ${l.game}: second load to a playable board`,
      p50(l.secondBoardMs),
      `a reload: files from the service worker's cache (a build without one: the HTTP cache); runs ${l.secondBoardMs.map((x) => x.toFixed(0)).join(', ')}`,
    ]);
    rows.push([`studio ${l.game}: second load to the editor ready`, p50(l.secondEditorMs), 'a reload']);
  }
  const t = r.typing;
  const where = `${t.game} (${t.lines} lines, ${t.players} players, ${t.moves} moves in the playtest)`;
  rows.push([
    `studio ${where}: keystroke to markers p50`,
    p50(t.markerMs),
    `in the page, key event to marker; seen from the test driver ${p50(t.driverMs).toFixed(0)} ms`,
  ]);
  rows.push([
    `studio ${where}: keystroke to markers p95`,
    p95(t.markerMs),
    `goal ≤ 100 ms; seen from the test driver ${p95(t.driverMs).toFixed(0)} ms`,
  ]);
  rows.push([
    `studio ${where}: longest main-thread task while typing 39 keys at 60 ms a key`,
    t.longTasks.length ? Math.max(...t.longTasks) : 0,
    `${t.longTasks.length} long task(s); goal: none over 50 ms`,
  ]);
  rows.push([
    `studio ${where}: longest main-thread task when typing pauses (the page's playable game built, the playtest replayed)`,
    t.settledTasks.length ? Math.max(...t.settledTasks) : 0,
    `${t.settledTasks.length} long task(s): ${t.settledTasks.map((d) => d.toFixed(0)).join(', ') || 'none'}; goal: none over 50 ms`,
  ]);
  return [
    ...rows.map(
      ([name, ms, note]) => `${name}: ${ms.toFixed(0)} ms${baselineMs ? `   ratio ${(ms / baselineMs).toFixed(2)}` : ''}   ${note}`,
    ),
    ...balancePanelReport(r.balance),
  ];
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureStudioBench(process.argv[2], Number(process.env.RUNS ?? 3));
  for (const line of studioReport(r)) console.log(line);
}
