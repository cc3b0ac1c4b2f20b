/** Reading rulebook files: located errors with stable messages, translations held to English, lookup with fallback. */
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { blocksOf, parseRulebook, readRulebooks, ruleText, type GameRulebooks } from '../../src/rulebook/index.ts';

const EN = `rulebook: g
lang: en
title: A game
variants:
  fast: { title: Fast }
sections:
  - title: Play
    rules:
      - id: X-1
        title: Turn
        text: Roll, then move (X-2).
        changes:
          fast:
            replace: Roll twice.
      - id: X-2
        title: Move
        text: "Move as far as the die says:"
        items:
          - id: X-2.1
            text: forward.
  - title: House rules
    rules:
      - id: X-H1
        title: Fast
        variant: fast
        text: Everything is faster.
`;

const FACTS = { game: 'g', variants: ['fast'] };
const lines = (file: string, text: string): string[] => parseRulebook(file, text).diagnostics.map(formatDiagnostic);
const read = (files: Record<string, string>) =>
  readRulebooks(
    FACTS,
    Object.entries(files).map(([file, text]) => ({ file, text })),
  );

describe('parseRulebook', () => {
  it('reads rules, items, house rules and their changes', () => {
    const { rulebook, diagnostics } = parseRulebook('en.yaml', EN);
    expect(diagnostics).toEqual([]);
    expect(rulebook?.sections.map((s) => s.rules.map((r) => r.id))).toEqual([['X-1', 'X-2'], ['X-H1']]);
    expect(rulebook?.sections[0]?.rules[0]?.changes).toEqual([{ variant: 'fast', mode: 'replace', text: 'Roll twice.' }]);
    expect(rulebook?.sections[1]?.rules[0]?.variant).toBe('fast');
    expect(rulebook?.variantTitles).toEqual({ fast: 'Fast' });
  });

  it('a duplicate id is a located error naming the first', () => {
    expect(lines('en.yaml', EN.replace('id: X-H1', 'id: X-2'))).toEqual([
      "en.yaml:23:9: error: duplicate rule id 'X-2' (first at line 15)",
    ]);
  });

  it('an id that is not a rule id, and an item id outside its rule, are located errors', () => {
    expect(lines('en.yaml', EN.replace('id: X-1\n', 'id: x1\n'))).toEqual([
      "en.yaml:9:9: error: 'x1' is not a rule id: write capital letters, a dash and a number, like R-5 or T-B9",
    ]);
    expect(lines('en.yaml', EN.replace('id: X-2.1', 'id: X-3.1'))).toEqual([
      "en.yaml:19:13: error: item id 'X-3.1' must be its rule's id, a dot and a number, like X-2.1",
    ]);
  });

  it('unknown keys, missing text and a change that is neither replace nor add are located errors', () => {
    expect(lines('en.yaml', EN.replace('        title: Turn\n', '        titel: Turn\n'))).toEqual([
      "en.yaml:10:9: error: a rule: unknown key 'titel' (keys: id, title, text, items, variant, changes)",
      "en.yaml:9:9: error: rule X-1: 'title' is missing",
    ]);
    expect(lines('en.yaml', EN.replace('replace: Roll twice.', 'swap: Roll twice.'))).toEqual([
      "en.yaml:14:13: error: rule X-1, the change by 'fast': unknown key 'swap' (keys: replace, add)",
      "en.yaml:13:11: error: rule X-1, the change by 'fast' must give either 'replace' (text in place of the rule's) or 'add' (text after it)",
    ]);
    expect(lines('en.yaml', EN.replace('lang: en', 'lang: fr'))).toEqual(["en.yaml:2:1: error: lang 'fr' is not one of en, bg, ro, ru"]);
  });

  it('broken YAML is a located error, not an exception', () => {
    expect(lines('en.yaml', 'rulebook: [g\n')[0]).toMatch(/^en\.yaml:\d+:\d+: error: /);
  });
});

describe('readRulebooks', () => {
  it('a house rule the game does not have, and a citation of a rule that does not exist, are located errors', () => {
    expect(read({ 'en.yaml': EN.replace('variant: fast', 'variant: slow') }).diagnostics.map(formatDiagnostic)).toEqual([
      "en.yaml:25:9: error: there is no house rule 'slow' in g (variants: fast)",
    ]);
    expect(read({ 'en.yaml': EN.replace('(X-2)', '(X-9)') }).diagnostics.map(formatDiagnostic)).toEqual([
      'en.yaml:11:32: error: rule X-9 is cited here but is not in this rulebook',
    ]);
  });

  it('a translation with a rule English lacks is an error; one lacking a rule falls back with a warning', () => {
    const bg = EN.replace('lang: en', 'lang: bg').replace('title: Turn', 'title: Ход');
    expect(read({ 'en.yaml': EN, 'bg.yaml': bg.replace('id: X-H1', 'id: X-H7') }).diagnostics.map(formatDiagnostic)).toContain(
      'bg.yaml:23:9: error: rule X-H7 is not in the English rulebook (en.yaml), which every translation follows',
    );
    const short = bg.replace(/ {6}- id: X-2\n[\s\S]*?forward\.\n/, '');
    const result = read({ 'en.yaml': EN, 'bg.yaml': short });
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      'bg.yaml:1:1: warning: rule X-2 is not translated into bg: the English text is shown',
    ]);
    const books = result.rulebooks as GameRulebooks;
    expect(ruleText(books, 'X-1', 'bg')).toMatchObject({ title: 'Ход', lang: 'bg', fallback: false });
    expect(ruleText(books, 'X-2', 'bg')).toMatchObject({ title: 'Move', lang: 'en', fallback: true });
    expect(ruleText(books, 'X-2.1', 'ro')).toMatchObject({ title: 'Move', text: 'forward.', lang: 'en', fallback: true });
    expect(ruleText(books, 'X-5', 'en')).toBeUndefined();
  });

  it('a file named for another language than it says, and no English rulebook, are errors', () => {
    expect(read({ 'en.yaml': EN, 'ru.yaml': EN.replace('lang: en', 'lang: ro') }).diagnostics.map(formatDiagnostic)).toContain(
      "ru.yaml:2:1: error: this file is ru.yaml but says lang 'ro': name a rulebook file by its language",
    );
    const alone = read({ 'bg.yaml': EN.replace('lang: en', 'lang: bg') });
    expect(alone.rulebooks).toBeUndefined();
    expect(alone.diagnostics.map(formatDiagnostic)).toContain(
      'bg.yaml:1:1: error: g has no English rulebook (en.yaml) that reads without errors, and every translation follows it',
    );
  });
});

describe('blocksOf', () => {
  it('reads paragraphs and "- " lists, nothing else', () => {
    expect(blocksOf('One\ntwo.\n\nList:\n- a\n  more\n- <b>b</b>\n')).toEqual([
      { kind: 'paragraph', text: 'One two.' },
      { kind: 'paragraph', text: 'List:' },
      { kind: 'list', items: ['a more', '<b>b</b>'] },
    ]);
  });
});
