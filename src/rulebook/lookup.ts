/** A rule's text by game, id and language, falling back to English where a translation lacks it. */
import { REFERENCE_LANG, type GameRulebooks, type Lang, type Rule, type RuleChange, type RuleText, type Rulebook } from './types.ts';

const findIn = (book: Rulebook | undefined, id: string): { rule: Rule; itemText?: string } | undefined => {
  for (const section of book?.sections ?? []) {
    for (const rule of section.rules) {
      if (rule.id === id) return { rule };
      const item = rule.items.find((i) => i.id === id);
      if (item) return { rule, itemText: item.text };
    }
  }
  return undefined;
};

/** Changes a translation lacks are taken from English, so a rule never loses a house rule's change. */
const changesWithFallback = (own: readonly RuleChange[], english: readonly RuleChange[]): RuleChange[] =>
  english.map((c) => own.find((o) => o.variant === c.variant) ?? c);

export const ruleText = (rulebooks: GameRulebooks, id: string, lang: Lang): RuleText | undefined => {
  const english = findIn(rulebooks.books[REFERENCE_LANG], id);
  if (!english) return undefined;
  const own = lang === REFERENCE_LANG ? english : findIn(rulebooks.books[lang], id);
  const found = own ?? english;
  const { rule } = found;
  return {
    id,
    title: rule.title,
    text: found.itemText ?? rule.text,
    items: found.itemText === undefined ? rule.items : [],
    ...(rule.variant === undefined ? {} : { variant: rule.variant }),
    changes: found.itemText === undefined ? changesWithFallback(rule.changes, english.rule.changes) : [],
    lang: own ? lang : REFERENCE_LANG,
    fallback: !own && lang !== REFERENCE_LANG,
  };
};

/** Every rule id of the game, in the order of its English rulebook (items after their rule). */
export const ruleIds = (rulebooks: GameRulebooks): string[] =>
  (rulebooks.books[REFERENCE_LANG]?.sections ?? []).flatMap((s) => s.rules.flatMap((r) => [r.id, ...r.items.map((i) => i.id)]));

/** A house rule's name in a language: the rulebook's, else the English rulebook's, else the one given. */
export const variantTitle = (rulebooks: GameRulebooks, variant: string, lang: Lang, fallback: string): string =>
  rulebooks.books[lang]?.variantTitles[variant] ?? rulebooks.books[REFERENCE_LANG]?.variantTitles[variant] ?? fallback;
