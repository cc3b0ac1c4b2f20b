/**
 * The locale stage: a game's texts in another language, from `games/<id>/locales/<lang>.yaml`.
 * A pure transform of the merged spec's texts (spec + locale → translated spec + diagnostics),
 * run after the variants and before the checks: only texts change, so the game plays the same.
 * A text without a translation keeps the spec's own and is listed as missing.
 */
import { locate, locateInScalar, parseSpecText, placeEdit, type ParsedDoc } from '../parse/index.ts';
import type { Diagnostic, DocPath } from '../spec/diagnostics.ts';
import { hasErrors } from '../spec/diagnostics.ts';
import type { GameSpec } from '../spec/types.ts';
import type { Locator } from '../check/locator.ts';
import { didYouMean } from '../lang/suggest.ts';
import { expressionShape, placeholders, pluralProblem, readTemplate } from './template.ts';
import { hasWords, keyText, textsOf, type SpecText } from './texts.ts';
import { isRecord } from '../spec/own.ts';

export { textsOf, textDefinitions, hasWords, keyText, type SpecText, type TextKind } from './texts.ts';
export { readTemplate, pluralFormat, pluralProblem, type TemplatePart } from './template.ts';

export interface LocaleSource {
  readonly file: string;
  readonly text: string;
}

/** A locale file read and its header checked. */
export interface LocaleFile {
  /** The language, a BCP 47 tag such as `ru`. */
  readonly lang: string;
  readonly game: string;
  readonly doc: ParsedDoc;
  readonly value: Readonly<Record<string, unknown>>;
}

/** A text of the spec with no translation: the spec's own is shown. */
export interface MissingText {
  /** Its key in the locale file, dotted (`moves.play.title`, `log.<the English line>`, `variants.<id>.title`). */
  readonly key: string;
  readonly english: string;
  /** Where the English text is written. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

const HEADER = new Set(['locale', 'game', 'variants']);
const VARIANT_OWN = ['title', 'description'];

type Plain = unknown;

const errorAt = (doc: ParsedDoc, path: DocPath, message: string, offset?: number): Diagnostic => ({
  severity: 'error',
  code: 'locale',
  message,
  path,
  file: doc.file,
  ...(offset === undefined ? locate(doc, path, 'head') : locateInScalar(doc, path, offset)),
});

const isLanguageTag = (tag: string): boolean => {
  try {
    return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag) && Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};

/** Parses a locale file (YAML with positions, as specs are) and checks its header: `locale: ru`, `game: <id>`. */
export const readLocale = (source: LocaleSource): { locale?: LocaleFile; diagnostics: Diagnostic[] } => {
  const parsed = parseSpecText(source.text, source.file);
  if (!parsed.doc) return { diagnostics: parsed.diagnostics };
  const doc = parsed.doc;
  const value = doc.value;
  const diagnostics = [...parsed.diagnostics];
  if (!isRecord(value))
    return { diagnostics: [...diagnostics, errorAt(doc, [], 'a locale file is a mapping: locale, game, then the translations')] };
  const lang = value.locale;
  if (typeof lang !== 'string' || !isLanguageTag(lang))
    diagnostics.push(errorAt(doc, lang === undefined ? [] : ['locale'], "'locale' names the language, e.g. locale: ru"));
  if (typeof value.game !== 'string')
    diagnostics.push(errorAt(doc, value.game === undefined ? [] : ['game'], "'game' names the game's id, e.g. game: my-game"));
  if (hasErrors(diagnostics)) return { diagnostics };
  return { locale: { lang: lang as string, game: value.game as string, doc, value }, diagnostics };
};

/** One translation found in the locale file: its value and its place there. */
interface Found {
  readonly value: string;
  readonly at: DocPath;
}

/** The keys a section may hold, as a tree whose leaves are the spec's texts. */
type KeyTree = Map<string, KeyTree | SpecText>;

const keyTree = (texts: Iterable<SpecText>, extra: readonly string[] = []): KeyTree => {
  // Keys of the file's own (a header, a variant's title): keyed apart from every text of the spec.
  const root: KeyTree = new Map(extra.map((k) => [k, { key: ['own', k], kind: 'text', english: '', places: [] } satisfies SpecText]));
  for (const t of texts) {
    let node = root;
    t.key.forEach((segment, i) => {
      const k = String(segment);
      if (i === t.key.length - 1) node.set(k, t);
      else {
        const next = node.get(k);
        const tree = next instanceof Map ? next : new Map();
        node.set(k, tree);
        node = tree;
      }
    });
  }
  return root;
};

/** What is wrong with `value` as a translation of `text`, each problem at its offset in the value. */
const translationProblems = (text: SpecText, value: string, lang: string): { message: string; offset?: number }[] => {
  if (value.trim() === '') return [{ message: 'an empty translation: leave the key out to show the spec’s own text' }];
  if (text.kind !== 'template') return [];
  const read = readTemplate(value);
  if (!read.ok) return [{ message: read.message, offset: read.offset }];
  const original = readTemplate(text.english);
  const wanted = original.ok ? placeholders(original.parts).map((p) => ({ source: p.source.trim(), key: expressionShape(p.source) })) : [];
  const problems: { message: string; offset?: number }[] = [];
  const given = placeholders(read.parts);
  for (const p of given) {
    const key = expressionShape(p.source);
    if (!wanted.some((w) => w.key === key)) {
      problems.push({
        message: `{${p.source.trim()}} is not a placeholder of the original (its placeholders: ${wanted.map((w) => `{${w.source}}`).join(', ') || 'none'})`,
        offset: p.start,
      });
    }
    if (p.kind !== 'plural') continue;
    const problem = pluralProblem(p.message, lang);
    if (problem) problems.push({ message: problem, offset: p.start });
  }
  for (const w of wanted) {
    if (!given.some((p) => expressionShape(p.source) === w.key)) problems.push({ message: `the placeholder {${w.source}} is missing` });
  }
  return problems;
};

/**
 * Reads one section of the locale file against the texts it may translate: an unknown key, a value
 * that is not a string and a translation that does not fit its text are located errors.
 */
const readSection = (
  locale: LocaleFile,
  value: Plain,
  at: DocPath,
  tree: KeyTree,
  found: Map<string, Found>,
  diagnostics: Diagnostic[],
  skip: ReadonlySet<string> = new Set(),
): void => {
  if (!isRecord(value)) {
    diagnostics.push(
      errorAt(
        locale.doc,
        at,
        `expected a mapping of translations here${tree.size > 0 ? ` (keys: ${[...tree.keys()].slice(0, 8).join(', ')}${tree.size > 8 ? ', …' : ''})` : ''}`,
      ),
    );
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (skip.has(k)) continue;
    const path = [...at, k];
    const node = tree.get(k);
    if (!node) {
      diagnostics.push(errorAt(locale.doc, path, `unknown key '${k}': no text of the game is written there${didYouMean(k, tree.keys())}`));
      continue;
    }
    if (node instanceof Map) {
      readSection(locale, v, path, node, found, diagnostics);
      continue;
    }
    if (typeof v !== 'string') {
      diagnostics.push(
        errorAt(
          locale.doc,
          path,
          `a translation is a string (found ${v === null ? 'nothing' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : typeof v}): quote it`,
        ),
      );
      continue;
    }
    for (const p of translationProblems(node, v, locale.lang))
      diagnostics.push(
        errorAt(locale.doc, path, node.kind === 'template' ? `log: ${p.message}` : `${keyText(node.key)}: ${p.message}`, p.offset),
      );
    found.set(JSON.stringify(node.key), { value: v, at: path });
  }
};

export interface LocalizeInput {
  /** The game as written, without variants: the locale's top level translates it. */
  readonly base: GameSpec;
  /** The game with the variants switched on, merged: the spec to translate. */
  readonly spec: GameSpec;
  /** The ids of the variants switched on, in the order applied: their sections of the locale apply. */
  readonly variants: readonly string[];
  /** Every variant of the game, when known: a section for another id is an error. */
  readonly knownVariants?: readonly string[];
  readonly locator: Locator;
}

export interface Localized {
  readonly spec: GameSpec;
  /** Points a translated place into the locale file, every other place where it pointed before. */
  readonly locator: Locator;
  readonly lang: string;
  readonly diagnostics: Diagnostic[];
  readonly missing: MissingText[];
}

const setAt = (root: Record<string, Plain>, path: DocPath, value: string): void => {
  let node: Plain = root;
  path.slice(0, -1).forEach((segment) => {
    node = (node as Record<string | number, Plain>)[segment];
  });
  (node as Record<string | number, Plain>)[path[path.length - 1] as string | number] = value;
};

/** The translated places of the spec, by the place's JSON, with their places in the locale file. */
const translatedLocator = (base: Locator, locale: LocaleFile, places: ReadonlyMap<string, DocPath>): Locator => {
  /** The place in the locale file of `path` (or of the translated text it is in), and how much of `path` it stands for. */
  const translated = (path: DocPath): { inLocale: DocPath; whole: boolean } | undefined => {
    for (let n = path.length; n > 0; n -= 1) {
      const at = places.get(JSON.stringify(path.slice(0, n)));
      if (at) return { inLocale: [...at, ...path.slice(n)], whole: n === path.length };
    }
    return undefined;
  };
  return {
    locate: (path, offset) => {
      const found = translated(path);
      if (!found) return base.locate(path, offset);
      const { inLocale, whole } = found;
      return {
        file: locale.doc.file,
        ...(offset === undefined || !whole ? locate(locale.doc, inLocale) : locateInScalar(locale.doc, inLocale, offset)),
      };
    },
    place: (edit) => {
      const found = translated(edit.path);
      if (!found) return base.place(edit);
      const placed = placeEdit(locale.doc, { ...edit, path: found.inLocale });
      return placed && { file: locale.doc.file, edit: placed };
    },
  };
};

/**
 * Translates the merged spec with the locale: the top level's translations where the text is the
 * base game's own, each switched-on variant's section (`variants: { <id>: … }`) for the texts it
 * adds or changes, the spec's own text elsewhere (listed in `missing`).
 */
export const localize = (locale: LocaleFile, input: LocalizeInput): Localized => {
  const diagnostics: Diagnostic[] = [];
  if (locale.game !== input.base.id)
    diagnostics.push(errorAt(locale.doc, ['game'], `this locale is for '${locale.game}', not for '${input.base.id}'`));
  const baseTexts = textsOf(input.base);
  const texts = textsOf(input.spec);
  const top = new Map<string, Found>();
  readSection(locale, locale.value, [], keyTree(baseTexts.values(), [...HEADER]), top, diagnostics, HEADER);

  const sections = isRecord(locale.value.variants) ? locale.value.variants : {};
  if (locale.value.variants !== undefined && !isRecord(locale.value.variants))
    diagnostics.push(errorAt(locale.doc, ['variants'], 'variants: a mapping of variant ids to their translations'));
  const byVariant = new Map<string, Map<string, Found>>();
  for (const [id, section] of Object.entries(sections)) {
    if (input.knownVariants && !input.knownVariants.includes(id)) {
      diagnostics.push(errorAt(locale.doc, ['variants', id], `there is no variant '${id}'${didYouMean(id, input.knownVariants)}`));
      continue;
    }
    const found = new Map<string, Found>();
    // A variant's section is checked against the spec it changes when it is on; its own title and description always.
    // Its `title` and `description` are the variant's own, never the game's.
    const changed = [...texts.values()].filter((t) => !(t.key.length === 1 && VARIANT_OWN.includes(String(t.key[0]))));
    const tree = keyTree(input.variants.includes(id) ? changed : [], VARIANT_OWN);
    const skip =
      input.variants.includes(id) || !isRecord(section)
        ? new Set<string>()
        : new Set(Object.keys(section).filter((k) => !VARIANT_OWN.includes(k)));
    readSection(locale, section, ['variants', id], tree, found, diagnostics, skip);
    byVariant.set(id, found);
  }

  const spec = structuredClone(input.spec) as unknown as Record<string, Plain>;
  const places = new Map<string, DocPath>();
  const missing: MissingText[] = [];
  for (const [id, text] of texts) {
    const fromVariant = [...input.variants]
      .reverse()
      .map((v) => byVariant.get(v)?.get(id))
      .find((f) => f !== undefined);
    const fromTop = baseTexts.get(id)?.english === text.english ? top.get(id) : undefined;
    const chosen = fromVariant ?? fromTop;
    if (!chosen) {
      if (!hasWords(text)) continue;
      const where = input.locator.locate(text.places[0] ?? text.key);
      missing.push({ key: keyText(text.key), english: text.english, file: where.file, line: where.line, column: where.column });
      continue;
    }
    for (const place of text.places) {
      setAt(spec, place, chosen.value);
      places.set(JSON.stringify(place), chosen.at);
    }
  }
  return {
    spec: spec as unknown as GameSpec,
    locator: translatedLocator(input.locator, locale, places),
    lang: locale.lang,
    diagnostics,
    missing,
  };
};

/** A variant's title and description in the locale's language, where it gives them. */
export const variantTexts = (locale: LocaleFile, variant: string): { title?: string; description?: string } => {
  const section = isRecord(locale.value.variants) ? locale.value.variants[variant] : undefined;
  if (!isRecord(section)) return {};
  return {
    ...(typeof section.title === 'string' ? { title: section.title } : {}),
    ...(typeof section.description === 'string' ? { description: section.description } : {}),
  };
};
