/**
 * Speed figures of the built studio, for `npm run bench` (not a test: timings on a shared machine
 * are too noisy to assert). Run alone with `npx tsx tests/studio/measure.ts`.
 *  - first load: navigation to a game until its editor, diagram and board are up;
 *  - keystroke → markers: one key that breaks the spec until its marker is drawn;
 *  - ELK: a re-layout of the diagram after an edit that changes the graph (worker already warm).
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { buildAndServe, launchChromium } from '../browser/site.ts';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export interface StudioFigures {
  game: string;
  lines: number;
  firstLoadMs: number[];
  keystrokeToMarkerMs: number[];
  inPageMarkerMs: number[];
  firstLayoutMs: number;
  relayoutMs: number[];
}

export const measureStudio = async (runs = 3): Promise<StudioFigures[]> => {
  const site = await buildAndServe();
  const browser = await launchChromium();
  const games = readdirSync('games').filter((d) => existsSync(`games/${d}/game.yaml`));
  const out: StudioFigures[] = [];
  try {
    for (const game of games) {
      const text = readFileSync(`games/${game}/game.yaml`, 'utf8');
      const fig: StudioFigures = { game, lines: text.split('\n').length, firstLoadMs: [], keystrokeToMarkerMs: [], inPageMarkerMs: [], firstLayoutMs: NaN, relayoutMs: [] };
      for (let r = 0; r < runs; r++) {
        const context = await browser.newContext({ viewport: { width: 1600, height: 950 } });
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(`${site.url}#/${game}`);
        await page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines');
        await page.waitForSelector('[data-testid=diagram] .state').catch(async (e: unknown) => {
          console.log(game, r, await page.textContent('[data-testid=diagram-status]'), (await page.textContent('[data-testid=diagnostics]'))?.slice(0, 300));
          throw e;
        });
        await page.waitForSelector('[data-testid=board] .board-table, [data-testid=handover]');
        fig.firstLoadMs.push(performance.now() - started);
        // The hot-seat hand-over screen covers the page: answer it before typing in the editor.
        await page.waitForTimeout(300);
        if (await page.locator('[data-testid=handover]').count()) await page.click('[data-testid=handover-ready]');
        if (r === 0) fig.firstLayoutMs = Number(await page.getAttribute('[data-testid=diagram]', 'data-layout-ms'));

        // One key at the start of the file: "@" cannot start a YAML plain scalar, so it breaks it.
        await page.focus('[data-testid=editor] .monaco-editor textarea');
        await page.keyboard.press('Control+Home');
        await page.waitForTimeout(300);
        const t0 = performance.now();
        await page.keyboard.type('@');
        await page.waitForSelector('[data-testid=editor] .squiggly-error', { timeout: 10_000 }).catch(async (e: unknown) => {
          await page.screenshot({ path: '/tmp/measure-fail.png' });
          console.log(game, await page.textContent('[data-testid=analysis-status]'), await page.textContent('[data-testid=diagnostics]'));
          throw e;
        });
        fig.keystrokeToMarkerMs.push(performance.now() - t0);
        const status = (await page.textContent('[data-testid=analysis-status]')) ?? '';
        const inPage = /markers (\d+) ms/.exec(status)?.[1];
        if (inPage) fig.inPageMarkerMs.push(Number(inPage));
        await page.keyboard.press('Backspace');
        await page.waitForSelector('[data-testid=editor] .squiggly-error', { state: 'detached', timeout: 10_000 });

        // A state's description is part of the graph: editing it lays the diagram out again.
        const before = await page.getAttribute('[data-testid=diagram]', 'data-layout-count');
        const descLine = text.split('\n').findIndex((l, i, all) => /^\s+description: [^>|"'\s]/.test(l) && all.slice(0, i).some((x) => /^flow:/.test(x)));
        if (descLine >= 0) {
          await page.keyboard.press('Control+g');
          await page.keyboard.type(String(descLine + 1));
          await page.keyboard.press('Enter');
          await page.keyboard.press('End');
          await page.keyboard.type(' (edited)');
          await page.waitForFunction((b) => document.querySelector('[data-testid=diagram]')?.getAttribute('data-layout-count') !== b, before, { timeout: 10_000 });
          fig.relayoutMs.push(Number(await page.getAttribute('[data-testid=diagram]', 'data-layout-ms')));
        }
        await context.close();
      }
      out.push(fig);
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return out;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureStudio(Number(process.env.RUNS ?? 3));
  for (const f of figures) {
    console.log(
      `${f.game} (${f.lines} lines): first load ${median(f.firstLoadMs).toFixed(0)} ms (runs ${f.firstLoadMs.map((x) => x.toFixed(0)).join(', ')}); ` +
        `keystroke→marker ${median(f.keystrokeToMarkerMs).toFixed(0)} ms (in page ${median(f.inPageMarkerMs).toFixed(0)} ms); ` +
        `ELK first ${f.firstLayoutMs} ms (worker start included), re-layout ${median(f.relayoutMs).toFixed(0)} ms`,
    );
  }
}
