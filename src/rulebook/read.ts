/**
 * A game's rulebook files read together: each one parsed, then held to the game (its id and its
 * house rules), to its own citations, and each translation to the English reference. A missing
 * translation is a warning (the English text is shown); anything else wrong is an error.
 */
import type { Diagnostic, DocPath } from '../spec/diagnostics.ts';
import { parseRulebook, type Locate } from './parse.ts';
import { citationPattern, citationsIn, prefixOf } from './text.ts';
import { isLang, LANGUAGES, REFERENCE_LANG, type GameRulebooks, type Lang, type Rule, type Rulebook } from './types.ts';

export interface RulebookSource {
  /** Its path, for messages; the name before `.yaml` is its language. */
  readonly file: string;
  readonly text: string;
}

export interface GameFacts {
  readonly game: string;
  /** The ids of the game's variants (house rules) that a rulebook may name. */
  readonly variants: readonly string[];
}

interface Read {
  readonly book: Rulebook;
  readonly at: Locate;
}

/** Every text of a book with its place, for the citation check. */
const textsOf = (book: Rulebook): { path: DocPath; text: string }[] => [
  ...(book.intro === undefined ? [] : [{ path: ['intro'], text: book.intro }]),
  ...book.sections.flatMap((section, s) => [
    ...(section.intro === undefined ? [] : [{ path: ['sections', s, 'intro'], text: section.intro }]),
    ...section.rules.flatMap((rule, r) => {
      const at: DocPath = ['sections', s, 'rules', r];
      return [
        { path: [...at, 'text'], text: rule.text },
        ...rule.items.map((item, i) => ({ path: [...at, 'items', i, 'text'], text: item.text })),
        ...rule.changes.map((c) => ({ path: [...at, 'changes', c.variant, c.mode], text: c.text })),
      ];
    }),
  ]),
];

/** Each rule with its place in the file. */
const placedRules = (book: Rulebook): { rule: Rule; path: DocPath }[] =>
  book.sections.flatMap((section, s) => section.rules.map((rule, r) => ({ rule, path: ['sections', s, 'rules', r] as DocPath })));

export const idsOf = (book: Rulebook): string[] =>
  book.sections.flatMap((s) => s.rules.flatMap((r) => [r.id, ...r.items.map((i) => i.id)]));

const langOfFile = (file: string): string => (file.split(/[\\/]/).pop() ?? file).replace(/\.yaml$/, '');

const ownProblems = ({ book, at }: Read, facts: GameFacts, citable: ReadonlySet<string>): Diagnostic[] => {
  const problems: Diagnostic[] = [];
  const named = langOfFile(book.file);
  if (named !== book.lang)
    problems.push(at(['lang'], `this file is ${named}.yaml but says lang '${book.lang}': name a rulebook file by its language`, 'error'));
  if (book.game !== facts.game)
    problems.push(at(['rulebook'], `this rulebook is for '${book.game}', but it is in the folder of '${facts.game}'`, 'error'));
  const known = facts.variants.join(', ') || 'none';
  const unknownVariant = (variant: string, path: DocPath): void => {
    if (!facts.variants.includes(variant))
      problems.push(at(path, `there is no house rule '${variant}' in ${facts.game} (variants: ${known})`, 'error'));
  };
  for (const variant of Object.keys(book.variantTitles)) unknownVariant(variant, ['variants', variant]);
  for (const { rule, path } of placedRules(book)) {
    if (rule.variant !== undefined) unknownVariant(rule.variant, [...path, 'variant']);
    for (const change of rule.changes) unknownVariant(change.variant, [...path, 'changes', change.variant]);
  }
  const pattern = citationPattern([...citable].map(prefixOf));
  for (const { path, text } of textsOf(book)) {
    for (const c of citationsIn(text, pattern)) {
      if (!citable.has(c.id)) problems.push(at(path, `rule ${c.id} is cited here but is not in this rulebook`, 'error', c.offset));
    }
  }
  return problems;
};

/** A translation against English: the same rules, house rules and changes; what it lacks falls back. */
const translationProblems = ({ book, at }: Read, reference: Rulebook): Diagnostic[] => {
  const problems: Diagnostic[] = [];
  const english = new Map(placedRules(reference).map(({ rule }) => [rule.id, rule]));
  const englishIds = new Set(idsOf(reference));
  const ownIds = new Set(idsOf(book));
  const missing = (what: string): void => {
    problems.push(at([], `${what} is not translated into ${book.lang}: the English text is shown`, 'warning'));
  };
  for (const { rule, path } of placedRules(book)) {
    const en = english.get(rule.id);
    if (!en) {
      problems.push(
        at([...path, 'id'], `rule ${rule.id} is not in the English rulebook (${reference.file}), which every translation follows`, 'error'),
      );
      continue;
    }
    for (const item of rule.items) {
      if (!englishIds.has(item.id))
        problems.push(at([...path, 'items'], `item ${item.id} is not in the English rulebook (${reference.file})`, 'error'));
    }
    if (rule.variant !== en.variant) {
      problems.push(
        at(
          [...path, 'id'],
          `rule ${rule.id} is played ${en.variant === undefined ? 'always' : `with '${en.variant}'`} in the English rulebook, not ${rule.variant === undefined ? 'always' : `with '${rule.variant}'`}`,
          'error',
        ),
      );
    }
    for (const change of rule.changes) {
      const same = en.changes.find((c) => c.variant === change.variant);
      if (!same)
        problems.push(
          at([...path, 'changes', change.variant], `the English rulebook has no change of ${rule.id} by '${change.variant}'`, 'error'),
        );
      else if (same.mode !== change.mode)
        problems.push(
          at(
            [...path, 'changes', change.variant],
            `the change of ${rule.id} by '${change.variant}' is '${same.mode}' in the English rulebook, not '${change.mode}'`,
            'error',
          ),
        );
    }
    for (const change of en.changes) {
      if (!rule.changes.some((c) => c.variant === change.variant)) missing(`the change of ${rule.id} by '${change.variant}'`);
    }
  }
  const own = new Map(placedRules(book).map(({ rule }) => [rule.id, rule]));
  for (const en of english.values()) {
    if (!own.has(en.id)) missing(`rule ${en.id}`);
    else for (const item of en.items) if (!ownIds.has(item.id)) missing(`item ${item.id}`);
  }
  if (book.sections.length !== reference.sections.length) {
    problems.push(
      at(
        ['sections'],
        `the English rulebook has ${reference.sections.length} sections and a translation keeps them: this one has ${book.sections.length}`,
        'error',
      ),
    );
  }
  const sectionOf = new Map(reference.sections.flatMap((section, s) => section.rules.map((rule) => [rule.id, s] as const)));
  for (const { rule, path } of placedRules(book)) {
    const s = sectionOf.get(rule.id);
    if (s !== undefined && s !== path[1])
      problems.push(
        at(
          [...path, 'id'],
          `rule ${rule.id} is in section ${s + 1} of the English rulebook, not in section ${Number(path[1]) + 1}`,
          'error',
        ),
      );
  }
  for (const variant of Object.keys(reference.variantTitles))
    if (!Object.hasOwn(book.variantTitles, variant)) missing(`the name of house rule '${variant}'`);
  return problems;
};

export interface RulebooksRead {
  /** Undefined when the game has no English rulebook that reads without errors. */
  readonly rulebooks: GameRulebooks | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** Reads a game's rulebook files (`<lang>.yaml`; any other file name is refused). */
export const readRulebooks = (facts: GameFacts, sources: readonly RulebookSource[]): RulebooksRead => {
  const diagnostics: Diagnostic[] = [];
  const read: Read[] = [];
  for (const source of sources) {
    const parsed = parseRulebook(source.file, source.text);
    diagnostics.push(...parsed.diagnostics);
    if (!isLang(langOfFile(source.file))) {
      diagnostics.push(parsed.at([], `a rulebook file is named by its language: ${LANGUAGES.map((l) => `${l}.yaml`).join(', ')}`, 'error'));
    } else if (parsed.rulebook) read.push({ book: parsed.rulebook, at: parsed.at });
  }
  const reference = read.find((r) => r.book.lang === REFERENCE_LANG && langOfFile(r.book.file) === REFERENCE_LANG);
  const citable = new Set(reference ? idsOf(reference.book) : []);
  const books: Partial<Record<Lang, Rulebook>> = {};
  for (const r of read) {
    const problems = [
      ...ownProblems(r, facts, reference ? citable : new Set(idsOf(r.book))),
      ...(reference && r !== reference ? translationProblems(r, reference.book) : []),
    ];
    diagnostics.push(...problems);
    if (!problems.some((p) => p.severity === 'error')) books[r.book.lang] = r.book;
  }
  if (!reference && read.length > 0) {
    const first = read[0] as Read;
    diagnostics.push(
      first.at(
        [],
        `${facts.game} has no English rulebook (${REFERENCE_LANG}.yaml) that reads without errors, and every translation follows it`,
        'error',
      ),
    );
  }
  return { rulebooks: books[REFERENCE_LANG] ? { game: facts.game, books } : undefined, diagnostics };
};
