/**
 * The interface's messages in every language: the same ids as English, the same placeholders,
 * each one parses and puts its values in, and counts take each language's plural forms.
 */
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGS, formatMessage } from '../../src/studio/i18n/translate.ts';
import { asLanguage, LANGUAGES, languageInAddress, preferredLanguage } from '../../src/studio/i18n/languages.ts';
import type { MessageId } from '../../src/studio/i18n/messages/en.ts';

interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
  children?: AstNode[];
}

/** Literal (0) and `#` (7) are text; every other element names a value. Simple `{x}` is type 1. */
const placeholders = (nodes: readonly AstNode[], into = new Map<string, number>()): Map<string, number> => {
  for (const n of nodes) {
    if (n.type !== 0 && n.type !== 7 && typeof n.value === 'string') into.set(n.value, Math.min(into.get(n.value) ?? n.type, n.type));
    for (const option of Object.values(n.options ?? {})) placeholders(option.value, into);
    placeholders(n.children ?? [], into);
  }
  return into;
};

const astOf = (text: string, lang: string): AstNode[] => new IntlMessageFormat(text, lang).getAst() as unknown as AstNode[];

const english = CATALOGS.en;
const ids = Object.keys(english).sort() as MessageId[];

describe('interface messages', () => {
  for (const lang of LANGUAGES) {
    describe(lang, () => {
      const catalog = CATALOGS[lang];
      it('has exactly the message ids of English', () => {
        expect(Object.keys(catalog).sort()).toEqual(ids);
      });
      it('gives each message the placeholders of its English message, and each parses', () => {
        const wrong = ids.flatMap((id) => {
          const mine = [...placeholders(astOf(catalog[id], lang)).keys()].sort();
          const theirs = [...placeholders(astOf(english[id], 'en')).keys()].sort();
          return JSON.stringify(mine) === JSON.stringify(theirs) ? [] : [`${id}: ${mine.join(',')} ≠ ${theirs.join(',')}`];
        });
        expect(wrong).toEqual([]);
      });
      it('puts every plain value into the text (no placeholder swallowed by ICU quoting)', () => {
        const lost = ids.flatMap((id) => {
          // A value may be plain in one language and counted in another (a plural): typed by this language's message.
          const names = placeholders(astOf(catalog[id], lang));
          const values = Object.fromEntries([...names].map(([name, type]) => [name, type === 1 ? `⟦${name}⟧` : 3]));
          const text = formatMessage(lang, id, values);
          const missing = [...names].filter(([name, type]) => type === 1 && !text.includes(`⟦${name}⟧`));
          return missing.length > 0 || /[{}]/.test(text) ? [`${id}: ${text}`] : [];
        });
        expect(lost).toEqual([]);
      });
    });
  }
});

describe('plural forms', () => {
  const counts = (lang: 'en' | 'bg' | 'ro' | 'ru', ns: number[]): string[] =>
    ns.map((count) => formatMessage(lang, 'log.moves', { count }));
  it('Russian: one, few, many (1, 2, 5, 21 moves; 11 and 12 are many)', () => {
    expect(counts('ru', [1, 2, 5, 21, 11, 12, 22])).toEqual(['1 ход', '2 хода', '5 ходов', '21 ход', '11 ходов', '12 ходов', '22 хода']);
    expect(formatMessage('ru', 'zone.pieces', { count: 21 })).toBe('21 фишка');
    expect(formatMessage('ru', 'zone.pieces', { count: 5 })).toBe('5 фишек');
  });
  it('Romanian: one, few, other with "de" (1, 2, 20 moves)', () => {
    expect(counts('ro', [1, 2, 19, 20, 101])).toEqual(['1 mutare', '2 mutări', '19 mutări', '20 de mutări', '101 mutări']);
  });
  it('Bulgarian: one and other (1, 2 moves)', () => {
    expect(counts('bg', [1, 2, 5])).toEqual(['1 ход', '2 хода', '5 хода']);
  });
  it('English: one and other', () => {
    expect(counts('en', [1, 2])).toEqual(['1 move', '2 moves']);
  });
  it("numbers are written the language's way", () => {
    expect(formatMessage('en', 'hint.caption', { playouts: 12345, name: 'A', win: '100%', loss: '0%', noWinner: '40%' })).toContain(
      '12,345 playouts',
    );
    expect(formatMessage('ru', 'hint.caption', { playouts: 12345, name: 'A', win: '100 %', loss: '0 %', noWinner: '40 %' })).toContain(
      '12\u00a0345 симуляций',
    );
  });
});

describe('choosing the language', () => {
  it('reads a BCP 47 tag by its primary subtag', () => {
    expect([asLanguage('ru-RU'), asLanguage('BG'), asLanguage('ro_MD'), asLanguage('de'), asLanguage('')]).toEqual([
      'ru',
      'bg',
      'ro',
      null,
      null,
    ]);
  });
  it('takes the first browser language the studio speaks, English otherwise', () => {
    expect(preferredLanguage(['en-US', 'ru'])).toBe('en');
    expect(preferredLanguage(['de-DE', 'ru-RU', 'en'])).toBe('ru');
    expect(preferredLanguage(['de', 'fr'])).toBe('en');
    expect(preferredLanguage([])).toBe('en');
  });
  it('finds lang= in the hash route or before the hash; the hash wins', () => {
    expect(languageInAddress('', '#/some-game?lang=ru')).toBe('ru');
    expect(languageInAddress('?lang=bg', '#/some-game')).toBe('bg');
    expect(languageInAddress('?lang=bg', '#/?variants=a&lang=ro')).toBe('ro');
    expect(languageInAddress('?lang=xx', '#/')).toBe(null);
  });
});
