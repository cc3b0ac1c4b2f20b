/**
 * A game's translation (games/<id>/locales/<lang>.yaml): every mistake in the file is a located
 * error, a text it leaves out falls back to the spec's own, plurals follow the language's rules,
 * and the translated game plays exactly as the English one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGame, type CompileOutput } from '../../src/compile/index.ts';
import { pluralFormat } from '../../src/locale/index.ts';
import { languagesOf, localizedInput, variantTextsIn } from '../../src/compile/localized.ts';
import { logText, newGame, step } from '../../src/engine/index.ts';
import { source } from '../helpers/games.ts';

const LOCALE = 'games/ten-thousand/locales/xx.yaml';

/** Ten-thousand compiled with a locale file of this text (header included unless `bare`). */
const withLocale = (body: string, { lang = 'ru', variants = [] as string[], bare = false } = {}): CompileOutput =>
  compileGame({
    base: source('ten-thousand'),
    variants: variants.map((v) => source('ten-thousand', v)),
    locale: { file: { file: LOCALE, text: bare ? body : `locale: ${lang}\ngame: ten-thousand\n${body}` } },
  });

const problems = (out: CompileOutput): string[] =>
  out.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);

describe('locale files: each mistake is a located error', () => {
  it('an unknown key, with a suggestion', () => {
    expect(problems(withLocale('moves:\n  bank: { titel: Записать }\n'))).toEqual([
      `${LOCALE}:4:11: error: unknown key 'titel': no text of the game is written there — did you mean 'title'?`,
    ]);
  });

  it('a key for a definition that the rules use is unknown: only text definitions translate', () => {
    const text =
      "locale: ru\ngame: regicide\ndefinitions:\n  maxHand:\n    body: '1'\n  label:\n    body: \"isJester(c) ? 'шут' : c.rank\"\n";
    const out = compileGame({ base: source('regicide'), locale: { file: { file: 'games/regicide/locales/xx.yaml', text } } });
    expect(problems(out)).toEqual([
      `games/regicide/locales/xx.yaml:4:3: error: unknown key 'maxHand': no text of the game is written there`,
    ]);
  });

  it('an empty translation', () => {
    expect(problems(withLocale("moves:\n  roll: { title: '' }\n"))).toEqual([
      `${LOCALE}:4:11: error: moves.roll.title: an empty translation: leave the key out to show the spec’s own text`,
    ]);
  });

  it('a value that is not a string', () => {
    expect(problems(withLocale('title: 10000\nmoves:\n  roll:\n    title: [a]\n'))).toEqual([
      `${LOCALE}:3:1: error: a translation is a string (found number): quote it`,
      `${LOCALE}:6:5: error: a translation is a string (found a list): quote it`,
    ]);
  });

  it('a placeholder missing from a log line, and one the original does not have, each at its place', () => {
    const out = withLocale(['log:', '  "Player {active + 1} scores nothing": "Игрок {active} ничего не набирает"', ''].join('\n'));
    expect(problems(out)).toEqual([
      `${LOCALE}:4:49: error: log: {active} is not a placeholder of the original (its placeholders: {active + 1})`,
      `${LOCALE}:4:3: error: log: the placeholder {active + 1} is missing`,
    ]);
  });

  it('a placeholder may be spaced differently and its quoted words translated', () => {
    const out = withLocale(
      `log:\n  "Player {active + 1} rolls {join(map(game.lastRoll, f => str(f)), ' ')}": "Игрок {active+1} бросает {join(map(game.lastRoll, f => str(f)), ', ')}"\n`,
    );
    expect(problems(out)).toEqual([]);
  });

  it('a broken plural, and a plural form the language does not have', () => {
    const broken = withLocale('log:\n  "Player {active + 1} scores nothing": "Игрок {active + 1, plural, one {# x} other {# y} ничего"\n');
    expect(problems(broken)).toEqual([`${LOCALE}:4:48: error: log: unclosed '{' in log text`]);
    const noOther = withLocale('log:\n  "Player {active + 1} scores nothing": "{active + 1, plural, one {Игрок #}} ничего"\n');
    expect(problems(noOther)).toEqual([`${LOCALE}:4:43: error: log: broken plural: MISSING_OTHER_CLAUSE`]);
    const two = withLocale(
      'log:\n  "Player {active + 1} scores nothing": "{active + 1, plural, one {a} two {b} few {c} many {d} other {e}}"\n',
    );
    expect(problems(two)).toEqual([`${LOCALE}:4:43: error: log: 'ru' has no 'two' plural form (its forms: few, many, one, other)`]);
  });

  it('a plural of something that is not a number is a type error in the locale file', () => {
    const out = withLocale(
      `log:\n  "Player {active + 1} rolls {join(map(game.lastRoll, f => str(f)), ' ')}": "{active + 1} {join(map(game.lastRoll, f => str(f)), ' '), plural, other {#}}"\n`,
    );
    expect(problems(out)).toContain(`${LOCALE}:4:78: error: expected number, found string`);
  });

  it('a display expression is checked like the spec: its type error points into the locale file', () => {
    const out = withLocale('display:\n  moves:\n    keep: "\'Оставить \' + dice"\n');
    expect(problems(out).join('\n')).toMatch(/^games\/ten-thousand\/locales\/xx\.yaml:5:\d+: error: /);
  });

  it('the header: the language, the game, and variants that exist', () => {
    expect(problems(withLocale('game: ten-thousand\n', { bare: true }))).toEqual([
      `${LOCALE}:1:1: error: 'locale' names the language, e.g. locale: ru`,
    ]);
    expect(problems(withLocale('locale: ru\ngame: regicide\n', { bare: true }))).toEqual([
      `${LOCALE}:2:1: error: this locale is for 'regicide', not for 'ten-thousand'`,
    ]);
    const unknown = compileGame({
      base: source('ten-thousand'),
      locale: {
        file: { file: LOCALE, text: 'locale: ru\ngame: ten-thousand\nvariants:\n  jokers: { title: Джокеры }\n' },
        knownVariants: ['joker'],
      },
    });
    expect(problems(unknown)).toEqual([`${LOCALE}:4:3: error: there is no variant 'jokers' — did you mean 'joker'?`]);
  });

  it("a variant's section is read against the game with the variant on", () => {
    const section = 'variants:\n  joker:\n    moves:\n      joker: { titel: Отложить как джокеры }\n';
    expect(problems(withLocale(section, { variants: ['joker'] }))).toEqual([
      `${LOCALE}:6:16: error: unknown key 'titel': no text of the game is written there — did you mean 'title'?`,
    ]);
    expect(problems(withLocale(section))).toEqual([]);
  });
});

describe('a missing translation falls back to the spec’s own text', () => {
  it('translated texts change, the others stay English and are listed', () => {
    const out = withLocale('moves:\n  roll: { title: Бросить }\n');
    expect(out.game?.moves.roll?.title).toBe('Бросить');
    expect(out.game?.moves.bank?.title).toBe('Bank');
    expect(out.missing?.find((m) => m.key === 'moves.bank.title')).toEqual({
      key: 'moves.bank.title',
      english: 'Bank',
      file: expect.stringMatching(/games\/ten-thousand\/game\.yaml$/),
      line: expect.any(Number),
      column: expect.any(Number),
    });
    expect(out.missing?.some((m) => m.key === 'moves.roll.title')).toBe(false);
  });

  it('a text with nothing to translate (the title "10,000", an expression quoting no word) is never missing', () => {
    const keys = withLocale('').missing?.map((m) => m.key) ?? [];
    expect(keys).toContain('moves.roll.title');
    expect(keys).not.toContain('title');
    expect(keys).not.toContain('display.pieces.d6');
    expect(keys).not.toContain('display.score.value');
  });

  it("a base translation is not used for a text a variant changed: the variant's own section gives it", () => {
    const base = source('ten-thousand');
    const changed = {
      file: 'games/ten-thousand/variants/renamed.yaml',
      text: 'variant: renamed\ngame: ten-thousand\ntitle: R\ndescription: D\npatch:\n  moves:\n    bank: { title: Bank it }\n',
    };
    const run = (body: string) =>
      compileGame({ base, variants: [changed], locale: { file: { file: LOCALE, text: `locale: ru\ngame: ten-thousand\n${body}` } } });
    expect(run('moves:\n  bank: { title: Записать }\n').game?.moves.bank?.title).toBe('Bank it');
    expect(
      run('moves:\n  bank: { title: Записать }\nvariants:\n  renamed:\n    moves:\n      bank: { title: Записать всё }\n').game?.moves.bank
        ?.title,
    ).toBe('Записать всё');
  });
});

describe('plurals in log lines follow the language', () => {
  it('Russian one/few/many: 1, 2, 5, 21 cards', () => {
    const cards = pluralFormat('{n, plural, one {# карта} few {# карты} many {# карт} other {# карты}}', 'ru');
    expect([1, 2, 5, 21].map(cards)).toEqual(['1 карта', '2 карты', '5 карт', '21 карта']);
  });

  it('Romanian one/few/other: 1, 2, 20 cards', () => {
    const cards = pluralFormat('{n, plural, one {# carte} few {# cărți} other {# de cărți}}', 'ro');
    expect([1, 2, 20].map(cards)).toEqual(['1 carte', '2 cărți', '20 de cărți']);
  });

  it('a plural in a translated log line reads the count the game gives', () => {
    const text = [
      'locale: ru',
      'game: eight-masters-revenge',
      'log:',
      '  "{name(seat)} draws {min(n, len(zones.hand[seat]))} card(s)": "{name(seat)} берёт {min(n, len(zones.hand[seat])), plural, one {# карту} few {# карты} many {# карт} other {# карты}}"',
      '',
    ].join('\n');
    const { game, diagnostics } = compileGame({
      base: source('eight-masters-revenge'),
      locale: { file: { file: 'games/eight-masters-revenge/locales/xx.yaml', text } },
    });
    expect(diagnostics).toEqual([]);
    const s = newGame(game!, { players: 2, seed: 1 });
    if (!s.ok) throw new Error(s.error);
    const r = step(game!, s.state, { move: 'draw', seat: 0 });
    if (!r.ok) throw new Error(r.error);
    expect(r.state.context.log).toContain('Player 1 берёт 2 карты');
  });

  it('a spec may write a plural in its own log lines (English rules)', () => {
    const file = 'templates/new-game.yaml';
    const text = readFileSync(file, 'utf8').replace(
      '      - roll: zones.pool\n',
      '      - roll: zones.pool\n      - log: "rolled {len(zones.pool), plural, one {# die} other {# dice}}"\n',
    );
    const { game, diagnostics } = compileGame({ base: { file, text } });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const s = newGame(game!, { players: 2, seed: 1 });
    if (!s.ok) throw new Error(s.error);
    const r = step(game!, s.state, { move: 'roll', seat: 0 });
    if (!r.ok) throw new Error(r.error);
    expect(r.state.context.log.map(logText).find((l) => l.startsWith('rolled'))).toMatch(/^rolled (1 die|\d+ dice)$/);
  });
});

describe('the studio’s entry: a game folder’s files, the variants on and a language', () => {
  const folder = (game: string): Record<string, string> => {
    const dir = `games/${game}`;
    const paths = [
      `${dir}/game.yaml`,
      ...['variants', 'locales'].flatMap((sub) => readdirSync(`${dir}/${sub}`).map((f) => `${dir}/${sub}/${f}`)),
    ];
    return Object.fromEntries(paths.map((p) => [p, readFileSync(p, 'utf8')]));
  };

  it('compiles the game in the language picked, with its variants, and lists the languages', () => {
    const files = folder('regicide');
    expect(languagesOf(files)).toEqual(['en', 'bg', 'ro', 'ru']);
    const made = localizedInput(files, ['jester'], 'ru');
    if ('error' in made) throw new Error(made.error);
    expect(made.fallback).toBe(false);
    const out = compileGame(made.input);
    expect(out.diagnostics).toEqual([]);
    expect(out.game?.title).toBe('Цареубийство');
    expect(out.missing).toEqual([]);
    expect(variantTextsIn(files, 'ru', 'jester').title).toBe('Шут');
  });

  it('English, or a language the game has no file for, is the spec’s own text; an unknown variant is an error', () => {
    const files = folder('regicide');
    const english = localizedInput(files, [], 'en');
    const german = localizedInput(files, [], 'de');
    if ('error' in english || 'error' in german) throw new Error('no input');
    expect([english.fallback, german.fallback]).toEqual([false, true]);
    expect(compileGame(german.input).game?.title).toBe('Regicide');
    expect(localizedInput(files, ['jesters'], 'ru')).toEqual({
      error: expect.stringMatching(/^no variant 'jesters' \(variants: .*jester/),
    });
  });
});
