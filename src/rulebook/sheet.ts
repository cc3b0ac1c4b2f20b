/**
 * The house-rules sheet: the rules a table plays by. The base rulebook in one language with each
 * switched-on house rule's changes put in place and marked, the rules of house rules that are off
 * named in one line, the settings that differ from their defaults, and a link to the same rules in the studio.
 * Plain data: `render.ts` writes it as Markdown or HTML, the studio can draw it as elements.
 */
import { ruleText, variantTitle } from './lookup.ts';
import { blocksOf, type Block } from './text.ts';
import { REFERENCE_LANG, type GameRulebooks, type Lang, type Rule } from './types.ts';
import { fill, SHEET_WORDS, type SheetWords } from './words.ts';

export interface SheetParam {
  readonly title: string;
  readonly value: boolean | number | string;
  readonly default: boolean | number | string;
  /** The rule ids the param's declaration cites. */
  readonly rules: readonly string[];
}

export interface SheetInput {
  readonly lang: Lang;
  /** The switched-on house rules, those they require included, with their names from the variant files. */
  readonly variants: readonly { readonly id: string; readonly title: string }[];
  readonly params: readonly SheetParam[];
  /** From `studioLink`. */
  readonly link: string;
}

export interface SheetMark {
  readonly kind: 'changed' | 'added' | 'house-rule';
  readonly text: string;
}

export interface SheetPart {
  readonly blocks: readonly Block[];
  readonly mark?: SheetMark;
}

export interface SheetRule {
  readonly id: string;
  readonly title: string;
  readonly parts: readonly SheetPart[];
  readonly items: readonly { readonly id: string; readonly blocks: readonly Block[] }[];
  /** The rule is shown in English: its translation is missing. */
  readonly fallback: boolean;
  /** A house rule's own rule while that house rule is off: only its id and title are shown, with this note. */
  readonly notInPlay?: string;
}

export interface HouseRulesSheet {
  readonly lang: Lang;
  readonly words: SheetWords;
  readonly title: string;
  readonly intro: readonly Block[];
  readonly houseRules: readonly string[];
  readonly params: readonly {
    readonly title: string;
    readonly value: string;
    readonly default: string;
    readonly rules: readonly string[];
  }[];
  readonly link: string;
  readonly sections: readonly { readonly title: string; readonly intro: readonly Block[]; readonly rules: readonly SheetRule[] }[];
}

/** The studio's address of the game with these house rules; only an http(s) base is taken. */
export const studioLink = (base: string, game: string, variants: readonly string[]): { link: string } | { error: string } => {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return { error: `'${base}' is not an address (like http://localhost:5173/)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `'${base}' is not an http or https address` };
  const query = variants.length > 0 ? `?variants=${variants.map(encodeURIComponent).join(',')}` : '';
  return { link: `${url.origin}${url.pathname}${url.search}#/${encodeURIComponent(game)}${query}` };
};

const valueText = (value: boolean | number | string, lang: Lang, words: SheetWords): string => {
  if (typeof value === 'boolean') return value ? words.on : words.off;
  if (typeof value === 'number') return new Intl.NumberFormat(lang).format(value);
  return value;
};

const sheetRule = (
  rulebooks: GameRulebooks,
  english: Rule,
  input: SheetInput,
  words: SheetWords,
  names: ReadonlyMap<string, string>,
): SheetRule | undefined => {
  const rule = ruleText(rulebooks, english.id, input.lang);
  if (!rule) return undefined;
  if (english.variant !== undefined && !names.has(english.variant)) {
    const name = variantTitle(rulebooks, english.variant, input.lang, english.variant);
    return { id: rule.id, title: rule.title, parts: [], items: [], fallback: rule.fallback, notInPlay: fill(words.notInPlay, { name }) };
  }
  const on = rule.changes.filter((c) => names.has(c.variant));
  const replaced = on.filter((c) => c.mode === 'replace');
  const mark = (kind: SheetMark['kind'], template: string, variant: string): SheetMark => ({
    kind,
    text: fill(template, { name: names.get(variant) ?? variant }),
  });
  const base: SheetPart[] =
    replaced.length > 0
      ? []
      : [
          {
            blocks: blocksOf(rule.text),
            ...(english.variant === undefined ? {} : { mark: mark('house-rule', words.houseRule, english.variant) }),
          },
        ];
  const changes = on.map(
    (c): SheetPart => ({
      blocks: blocksOf(c.text),
      mark: mark(c.mode === 'replace' ? 'changed' : 'added', c.mode === 'replace' ? words.changedBy : words.addedBy, c.variant),
    }),
  );
  return {
    id: rule.id,
    title: rule.title,
    parts: [...base, ...changes],
    items: rule.items.map((i) => ({ id: i.id, blocks: blocksOf(i.text) })),
    fallback: rule.fallback,
  };
};

export const houseRulesSheet = (rulebooks: GameRulebooks, input: SheetInput): HouseRulesSheet | undefined => {
  const english = rulebooks.books[REFERENCE_LANG];
  if (!english) return undefined;
  const book = rulebooks.books[input.lang] ?? english;
  const words = SHEET_WORDS[input.lang];
  const names = new Map(input.variants.map((v) => [v.id, variantTitle(rulebooks, v.id, input.lang, v.title)]));
  const sections = english.sections
    .map((section, s) => ({
      title: book.sections[s]?.title ?? section.title,
      intro: blocksOf(book.sections[s]?.intro ?? section.intro ?? ''),
      rules: section.rules.flatMap((rule) => sheetRule(rulebooks, rule, input, words, names) ?? []),
    }))
    .filter((s) => s.rules.length > 0);
  return {
    lang: input.lang,
    words,
    title: book.title,
    intro: blocksOf(book.intro ?? ''),
    houseRules: [...names.values()],
    params: input.params.map((p) => ({
      title: p.title,
      value: valueText(p.value, input.lang, words),
      default: valueText(p.default, input.lang, words),
      rules: p.rules,
    })),
    link: input.link,
    sections,
  };
};
