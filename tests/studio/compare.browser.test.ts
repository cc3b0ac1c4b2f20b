/**
 * Issue 13 item 7 in chromium: the studio shows what the house rules switched on change, side by
 * side, from the same diff the CLI prints: its rule lines, the base game's and the variant's
 * statecharts with the changed states and transitions coloured, and the two merged specs with the
 * changed lines marked. The comparison runs in a worker of the built site.
 */
import { describe, expect, it } from 'vitest';
import { openGame, useStudio } from '../browser/studio.ts';
import { runCli } from '../helpers/cli.ts';

const studio = useStudio();

describe('the comparison of a variant with the base game', () => {
  it('lists the changes as `houserules diff` does and colours them in both statecharts and both specs', async () => {
    const cli = await runCli(['diff', 'ten-thousand', '--variant', 'joker']);
    expect(cli.code).toBe(0);
    const printed = cli.out.split('\n').slice(3);
    const ruleLines = printed.filter((l) => /^[+~-] /.test(l));
    expect(ruleLines.length).toBeGreaterThan(5);

    const { page, errors } = await studio.newPage();
    await openGame(page, studio.url, 'ten-thousand');
    expect(await page.locator('[data-testid=compare-open]').count()).toBe(0);
    await page.check('[data-testid=variant-joker]');
    await page.click('[data-testid=compare-open]');
    await page.waitForSelector('[data-testid=compare-dialog] [data-testid=compare-rule]', { timeout: 60_000 });

    // The same rules, in the same order and words, as the CLI.
    expect(await page.locator('[data-testid=compare-rule] .compare-rule-name').allTextContents()).toEqual(ruleLines);
    const details = (await page.locator('[data-testid=compare-rule] li code').allTextContents()).map((t) => t.replace(/\s+\(.*\)$/, ''));
    expect(details).toEqual(printed.filter((l) => !/^[+~-] /.test(l)).map((l) => l.trim().replace(/\s+\(.*\)$/, '')));

    // The joker state is new: coloured as added on the variant's side, absent from the base game's.
    const after = '[data-testid=compare-after] [data-testid=compare-chart]';
    const before = '[data-testid=compare-before] [data-testid=compare-chart]';
    await page.waitForSelector(`${after} .state[data-state=jokerRoll]`, { timeout: 30_000 });
    await page.waitForSelector(`${before} .state[data-state=turn]`, { timeout: 30_000 });
    expect(await page.getAttribute(`${after} .state[data-state=jokerRoll]`, 'class')).toMatch(/mark-added/);
    expect(await page.locator(`${before} .state[data-state=jokerRoll]`).count()).toBe(0);
    // The turn state's entry effects changed: marked on both sides; an unchanged state is not.
    expect(await page.getAttribute(`${before} .state[data-state=turn]`, 'class')).toMatch(/mark-changed/);
    expect(await page.getAttribute(`${after} .state[data-state=turn]`, 'class')).toMatch(/mark-changed/);
    expect(await page.getAttribute(`${after} .state[data-state=ready]`, 'class')).not.toMatch(/mark-/);
    // Transitions: the three the joker adds, and the full-hand one whose effects it changes.
    expect(await page.locator(`${after} path.edge.mark-added`).count()).toBe(3);
    expect(await page.locator(`${after} path.edge.mark-changed`).count()).toBe(1);
    expect(await page.locator(`${before} path.edge.mark-changed`).count()).toBe(1);
    expect(await page.locator(`${before} path.edge.mark-added`).count()).toBe(0);

    // The merged specs: the jokers zone is added on the variant's side only.
    const marked = (side: string, mark: string) =>
      page.locator(`[data-testid=${side}] [data-testid=compare-text] [data-mark=${mark}]`).allTextContents();
    expect((await marked('compare-after', 'added')).join('\n')).toMatch(/jokers:[\s\S]*Scoring dice held as jokers/);
    expect(await marked('compare-before', 'added')).toEqual([]);
    expect((await marked('compare-before', 'changed')).length).toBeGreaterThan(0);

    // A change's source opens the variant file at its line in the editor.
    await page.locator('[data-testid=compare-rule]').first().getByRole('button', { name: 'edit' }).first().click();
    await page.waitForSelector('[data-testid=compare-dialog]', { state: 'detached' });
    await page.waitForFunction(() => document.querySelector('.tab.active')?.getAttribute('data-file')?.endsWith('joker.yaml'), null, {
      timeout: 10_000,
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
