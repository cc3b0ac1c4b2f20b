/**
 * Coverage in the studio: after a Balance run the statechart is shaded by how often the games
 * reached each state and transition, and the panel lists what they never reached and whether each
 * house rule in force fired — the same report the library computes for the same games.
 */
import { describe, expect, it } from 'vitest';
import { useStudio } from '../browser/studio.ts';
import { compileForCoverage, newCounts, playCounted } from '../../src/sim/coverage.ts';
import { coverageReport, coverageSummary, houseRuleChanges } from '../../src/sim/coverageReport.ts';
import { source } from '../helpers/games.ts';

const studio = useStudio();
const GAMES = 12;

/** The report of the same games, computed here (seed 1, two random bots, as the panel plays them). */
const expected = () => {
  const counts = newCounts();
  const base = source('ten-thousand');
  const variants = [source('ten-thousand', 'joker')];
  const { game } = compileForCoverage({ base, variants }, counts);
  if (!game) throw new Error('no game');
  playCounted(game, counts, { seed: 1, players: 2, bots: ['random', 'random'], maxTurns: 1000 }, 0, GAMES);
  return coverageReport(game, counts, houseRuleChanges(base, variants));
};

describe('coverage in the studio', () => {
  it('shades the statechart after a Balance run and lists what was never reached', async () => {
    const { page, errors } = await studio.newPage();
    await page.goto(`${studio.url}#/ten-thousand`);
    await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
      timeout: 60_000,
    });
    await page.check('[data-testid=variant-joker]');
    await page.waitForSelector('[data-testid=diagram] [data-state=jokers], [data-testid=diagram] .edge-label:has-text("rollJokers")', {
      timeout: 60_000,
    });
    await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
    await page.fill('[data-testid=balance-games]', String(GAMES));
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=coverage]', { timeout: 180_000 });

    const report = expected();
    const section = page.locator('[data-testid=coverage]');
    expect(await section.locator('pre').textContent()).toBe(coverageSummary(report).join('\n'));
    expect(await page.locator('[data-testid=coverage-rule-joker]').textContent()).toMatch(/^house rule joker: \d+ of \d+ changes fired$/);
    const never = section.locator('details', { hasText: 'Transitions never taken' });
    expect(await never.textContent()).toContain("rolled (stays) (automatic 'allAces')");

    // The diagram: every state shaded; the transition no game took marked as never taken.
    await page.waitForSelector('[data-testid=diagram-coverage]');
    const states = page.locator('[data-testid=diagram] g.state');
    const shaded = page.locator('[data-testid=diagram] g.state.cov');
    expect(await shaded.count()).toBe(await states.count());
    expect(await page.locator('[data-testid=diagram] [data-state=rolled]').getAttribute('class')).toMatch(/cov-[123]/);
    const allAces = page.locator('[data-testid=diagram] .edge-label', { hasText: 'allAces' });
    expect(await allAces.getAttribute('class')).toMatch(/cov-0/);
    expect(await page.locator('[data-testid=diagram] [data-state=rolled] title').textContent()).toMatch(
      new RegExp(`entered ${report.states.find((s) => s.name === 'rolled')?.entered} times in ${GAMES} games`),
    );

    // Switched off, the diagram is drawn as before.
    await page.uncheck('[data-testid=diagram-coverage]');
    expect(await page.locator('[data-testid=diagram] .cov').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);
});
