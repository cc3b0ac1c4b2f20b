/**
 * A game's rulebook: its numbered rules in one language, read from `games/<id>/rules/<lang>.yaml`.
 * Plain data, so the CLI and the studio share it and neither parses text twice.
 */

/** The languages a rulebook is written in; English is the reference every translation follows. */
export const LANGUAGES = ['en', 'bg', 'ro', 'ru'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const REFERENCE_LANG: Lang = 'en';

export const isLang = (text: string): text is Lang => (LANGUAGES as readonly string[]).includes(text);

/** How a house rule changes a rule: its text in place of the rule's, or a paragraph after it. */
export type ChangeMode = 'replace' | 'add';

export interface RuleChange {
  readonly variant: string;
  readonly mode: ChangeMode;
  readonly text: string;
}

/** A numbered point of a rule (`C-6.1`), cited on its own. */
export interface RuleItem {
  readonly id: string;
  readonly text: string;
}

export interface Rule {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  readonly items: readonly RuleItem[];
  /** The house rule (variant id) without which this rule is not played; absent for a rule always in force. */
  readonly variant?: string;
  readonly changes: readonly RuleChange[];
}

export interface Section {
  readonly title: string;
  readonly intro?: string;
  readonly rules: readonly Rule[];
}

export interface Rulebook {
  /** The file it was read from, for messages. */
  readonly file: string;
  readonly game: string;
  readonly lang: Lang;
  readonly title: string;
  readonly intro?: string;
  /** House rules' names in this language, by variant id. */
  readonly variantTitles: Readonly<Record<string, string>>;
  readonly sections: readonly Section[];
}

/** A game's rulebooks by language; English is always there once read without errors. */
export interface GameRulebooks {
  readonly game: string;
  readonly books: Readonly<Partial<Record<Lang, Rulebook>>>;
}

/** A rule or a rule's item looked up by id (an item has its rule's title, no items and no changes). */
export interface RuleText extends Rule {
  /** The language of the text: the one asked for, or English when it has no translation. */
  readonly lang: Lang;
  readonly fallback: boolean;
}
