/**
 * The gallery in chromium: it lists every game of games/.
 */
import { readdirSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useStudio } from '../browser/studio.ts';

const games = readdirSync('games')
  .filter((d) => existsSync(`games/${d}/game.yaml`))
  .sort();

const studio = useStudio();

describe('the gallery', () => {
  it('lists every game in games/ in the gallery', async () => {
    const { page, errors } = await studio.newPage();
    const started = performance.now();
    await page.goto(studio.url);
    await page.waitForSelector('[data-testid=gallery] .game-card');
    const loadMs = performance.now() - started;
    const ids = await page.$$eval('.game-card', (cards) => cards.map((c) => c.getAttribute('data-game')));
    expect(ids).toEqual(games);
    expect(errors).toEqual([]);
    console.log(`first load of the built gallery: ${loadMs.toFixed(0)} ms`);
    await page.context().close();
  });
});
