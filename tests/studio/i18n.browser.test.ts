/**
 * The studio in Russian and in Bulgarian (issue 34, item 4): at a desktop's and a phone's size,
 * the gallery, a game's page and its playtest show no English word of the interface (a game's own
 * texts, which the game translates as data, and the spec in the editor aside), nothing is wider
 * than the window, and axe-core finds no serious or critical violation.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeAudit } from '../browser/axe.ts';
import { VIEWPORTS, useStudio } from '../browser/studio.ts';

const studio = useStudio();

/** Where a game's own texts are drawn (titles, descriptions, move, zone, state and piece names, log lines, the spec's reasons a move is refused). */
const GAME_TEXT = [
  '.brand',
  '.game-card h2',
  '.game-desc',
  '.variant-chips',
  '[data-testid=start-tour]',
  '.monaco-editor',
  '.tabs',
  '.topbar-file',
  '.game-title',
  '.diagram-svg',
  '.diag-message',
  '.variant-title',
  '.variant-rules',
  '.param-name',
  '.param select',
  '.counters',
  '.seat-name',
  '.team-tag',
  '.zone-name',
  '.zone-known',
  '.piece',
  '.die-with-props',
  '.btn.move',
  '.move-options',
  '.illegal-moves li',
  '.log-line',
  '.log-move',
  '[data-testid=turn-status]',
  '.seat-kind',
  '[data-testid=balance-bot-0]',
  '.standings',
  // The Balance panel: the bots by their spec names, the swept param, the metrics' titles, the parts never reached.
  '[data-testid^=balance-bot-]',
  '[data-testid=sweep-param]',
  '.balance-metric strong',
  '.coverage-list li',
  // The comparison: the merged specs, their statecharts, the changed lines and the rules' own names and ids.
  '.compare-text',
  '.compare-chart',
  '.compare-rules code',
  '.compare-rule-id',
  // The language reference's body is docs/LANGUAGE.md, written in English: only its frame is translated.
  '.reference-body',
  '.reference-contents',
].join(', ');

/** Elements whose tooltip is the spec's own description of a house rule, param or zone. */
const GAME_TITLES = '.param, .variant, .zone-head';

/** Names that are the same in every language: the product, file formats, keys, the engine's bot names, the language the rules are compiled to. */
const NAMES = new Set([
  'houserules',
  'YAML',
  'yaml',
  'JavaScript',
  'Ctrl',
  'Tab',
  'Shift',
  'Enter',
  'Esc',
  'Mac',
  'ismcts',
  'mcts',
  'kB',
  'MCTS',
  'ISMCTS',
  'seat',
]);

/** Latin words of the visible interface (or of the part under `root`), and of its titles and aria-labels, that are not the game's own. */
const latinWords = (page: Page, root = 'body'): Promise<string[]> =>
  page.evaluate(
    ([gameText, gameTitles, names, rootSelector]) => {
      const found = new Set<string>();
      // A game's own words may appear inside interface text too ("a copy of <title>"): they are allowed there.
      const own = new Set([...document.querySelectorAll(gameText)].flatMap((el) => el.textContent?.match(/[A-Za-z]{2,}/g) ?? []));
      const scan = (text: string | null, where: Element): void => {
        // A notation the rules quote as written on the score sheet («pp», „pp“) is the same in every language.
        const unquoted = (text ?? '').replace(/[«„][^»“”]*[»“”]/g, '');
        const words = (unquoted.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !names.includes(w) && !own.has(w));
        // Each word with where it is, so a failure points at its element.
        if (words.length > 0) found.add(`${where.tagName.toLowerCase()}.${[...where.classList].join('.')}: ${words.join(' ')}`);
      };
      const top = document.querySelector(rootSelector);
      if (!top) return [`nothing matches ${rootSelector}`];
      const walker = document.createTreeWalker(top, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node instanceof Element ? node : node.parentElement;
        if (!el || el.closest(gameText) || !el.checkVisibility()) continue;
        if (node instanceof Element) {
          if (!node.matches(gameTitles)) scan(node.getAttribute('title'), node);
          scan(node.getAttribute('aria-label'), node);
          scan(node.getAttribute('placeholder'), node);
        } else if (el.tagName !== 'OPTION' || (el as HTMLOptionElement).selected) scan(node.textContent, el);
      }
      return [...found].sort();
    },
    [GAME_TEXT, GAME_TITLES, [...NAMES], root] as const,
  );

const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** What the status says once the spec compiled, in each language checked. */
const COMPILED = { ru: 'скомпилировано', bg: 'компилирано' } as const;

/** The game's own texts in each language, from its locale files (games/ten-thousand/locales/): a move's and a house rule's name. */
const GAME_WORDS = {
  ru: { roll: 'Бросить', fullHouse: 'Фулл-хаус', cardTitle: 'Месть восьми мастеров' },
  bg: { roll: 'Хвърли', fullHouse: 'Фул', cardTitle: 'Отмъщението на осемте майстори' },
} as const;

describe.each(['ru', 'bg'] as const)('the studio in %s', (lang) => {
  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const)(
    'at the %s size: no English interface word, no overflow, axe clean',
    async (_, viewport) => {
      const { page, errors } = await studio.newPage(viewport);
      const csp: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
      });

      await page.goto(`${studio.url}?lang=${lang}#/`);
      await page.waitForSelector('[data-testid=gallery] .game-card');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.locator('[data-testid=language-picker]').inputValue()).toBe(lang);
      await expect(page.locator('.game-card[data-game=eight-masters-revenge] h2').textContent()).resolves.toBe(GAME_WORDS[lang].cardTitle);
      expect(await latinWords(page)).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await axeAudit(page)).toEqual([]);

      // The choice is remembered: the game's page, opened without ?lang=, speaks it too.
      await page.goto(`${studio.url}#/ten-thousand`);
      await page.waitForFunction(
        (word) => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes(word),
        COMPILED[lang],
        { timeout: 30_000 },
      );
      await page.waitForSelector('[data-testid=board] .board-table', { timeout: 15_000 });
      if (viewport === VIEWPORTS.desktop) await page.waitForSelector('[data-testid=diagram] .state');
      // The game itself speaks the language too: its moves and house rules come from its locale file.
      await expect(page.locator('.move-bar .btn.move').first().textContent()).resolves.toContain(GAME_WORDS[lang].roll);
      if (viewport === VIEWPORTS.desktop)
        await expect(page.locator('label:has([data-testid=variant-full-house]) .variant-title').textContent()).resolves.toBe(
          GAME_WORDS[lang].fullHouse,
        );
      expect(await latinWords(page)).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await axeAudit(page)).toEqual([]);

      // The playtest after a move: the log, the turn status and the moves still speak the language.
      await page.locator('.move-bar .btn.move:not([disabled]):not([data-refused])').first().click();
      await page.waitForSelector('[data-testid=log] .log-entry:nth-child(2)');
      // The pointer leaves the pressed button and its colours ease back (a CSS transition): audit what stays.
      await page.mouse.move(0, 0);
      await page.waitForTimeout(500);
      expect(await latinWords(page)).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await axeAudit(page, '.play-column')).toEqual([]);
      expect(csp).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    120_000,
  );
});

/** The titles the panels are found by, in each language checked (the catalogs' balance.title and lab.title). */
const PANELS = {
  ru: { balance: 'Баланс', exact: 'Лучшая игра за ход' },
  bg: { balance: 'Баланс', exact: 'Най-добрата игра в един ход' },
} as const;

describe.each(['ru', 'bg'] as const)('the analysis panels in %s', (lang) => {
  it('Balance after a run (report, coverage, sweep), the exact-turn panel, the comparison of a house rule and the language reference: no English interface word', async () => {
    const { page, errors } = await studio.newPage(VIEWPORTS.desktop);
    await page.goto(`${studio.url}?lang=${lang}#/ten-thousand`);
    await page.waitForFunction(
      (word) => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes(word),
      COMPILED[lang],
      { timeout: 60_000 },
    );

    const balance = page.getByRole('region', { name: PANELS[lang].balance, exact: true });
    await balance.locator('.pane-head').click();
    await page.fill('[data-testid=balance-games]', '6');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-result] [data-testid=coverage]', { timeout: 90_000 });
    expect(await page.locator('.balance-text').textContent()).toMatch(
      lang === 'ru' ? /Баланс игры .+: 6 партий, 2 игрока/ : /Баланс на .+: 6 игри, 2 играчи/,
    );
    expect(await latinWords(page)).toEqual([]);

    await page.getByRole('region', { name: PANELS[lang].exact, exact: true }).locator('.pane-head').click();
    await page.waitForSelector('[data-testid=exact-run]');
    expect(await latinWords(page)).toEqual([]);

    await page.check('[data-testid=variant-joker]');
    await page.click('[data-testid=compare-open]');
    await page.waitForSelector('[data-testid=compare-dialog] [data-testid=compare-rule]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid=compare-after] [data-testid=compare-chart]', { timeout: 30_000 });
    // The dialog only: the house-rules panel behind it is checked by the tests above, without a rule switched on.
    expect(await latinWords(page, '[data-testid=compare-dialog]')).toEqual([]);
    await page.click('[data-testid=compare-close]');
    await page.waitForSelector('[data-testid=compare-dialog]', { state: 'detached' });

    await page.click('[data-testid=language-reference]');
    await page.fill('[data-testid=reference-search]', 'nextTurn');
    await page.waitForFunction(() => (document.querySelector('[data-testid=reference-count]')?.textContent ?? '') !== '');
    expect(await latinWords(page, '[data-testid=reference]')).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

it('English stays the default for an en-US browser, and the picker switches the language in place', async () => {
  const { page } = await studio.newPage(VIEWPORTS.desktop);
  await page.goto(studio.url);
  await page.waitForSelector('[data-testid=gallery] .game-card');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await expect(page.locator('h1#start-here-title').textContent()).resolves.toBe('Start here');
  await page.locator('[data-testid=language-picker]').selectOption('ro');
  await page.waitForFunction(() => document.querySelector('h1#start-here-title')?.textContent === 'Începe de aici');
  expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('houserules:v1:language')])).toEqual(['ro', 'ro']);
  await page.context().close();
});
