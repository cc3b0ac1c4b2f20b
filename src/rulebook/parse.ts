/**
 * Reads one rulebook file (`games/<id>/rules/<lang>.yaml`) into a `Rulebook`, or says where it is
 * wrong: every problem is a diagnostic at its file:line:col, never an exception.
 */
import { diagnosticAt, diagnosticAtPart, parseSpecText, type ParsedDoc } from '../parse/index.ts';
import type { Diagnostic, DocPath, Severity } from '../spec/diagnostics.ts';
import { isRecord } from '../spec/own.ts';
import { isLang, LANGUAGES, type ChangeMode, type Rule, type RuleChange, type RuleItem, type Rulebook, type Section } from './types.ts';

/** A rule's id: letters, a dash, optional letters and a number (`R-5`, `T-B9`, `R-H2`). */
export const RULE_ID = /^[A-Z]+-[A-Z]*[0-9]+$/;

interface Reader {
  readonly doc: ParsedDoc;
  readonly problems: Diagnostic[];
}

type Table = Readonly<Record<string, unknown>>;

const report = (r: Reader, path: DocPath, message: string): undefined => {
  r.problems.push(diagnosticAtPart(r.doc, 'rulebook', path, message, 'head'));
  return undefined;
};

const isTable = (value: unknown): value is Table => isRecord(value);

/** A mapping with only the keys allowed; the unknown ones are reported and skipped. */
const table = (r: Reader, value: unknown, path: DocPath, what: string, keys: readonly string[]): Table | undefined => {
  if (!isTable(value)) return report(r, path, `${what} must be a mapping of keys to values`);
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) report(r, [...path, key], `${what}: unknown key '${key}' (keys: ${keys.join(', ')})`);
  }
  return value;
};

const text = (r: Reader, t: Table, key: string, path: DocPath, what: string): string | undefined => {
  if (!Object.hasOwn(t, key)) return report(r, path, `${what}: '${key}' is missing`);
  const value = t[key];
  if (typeof value !== 'string' || value.trim() === '') return report(r, [...path, key], `${what}: '${key}' must be text`);
  return value;
};

const optionalText = (r: Reader, t: Table, key: string, path: DocPath, what: string): string | undefined =>
  Object.hasOwn(t, key) ? text(r, t, key, path, what) : undefined;

const list = (r: Reader, t: Table, key: string, path: DocPath, what: string): readonly unknown[] | undefined => {
  if (!Object.hasOwn(t, key)) return report(r, path, `${what}: '${key}' is missing`);
  const value = t[key];
  if (!Array.isArray(value) || value.length === 0)
    return report(r, [...path, key], `${what}: '${key}' must be a list of one or more entries`);
  return value;
};

/** Ids seen so far with where, so a second one names the line of the first. */
type Seen = Map<string, number>;

const claimId = (r: Reader, seen: Seen, id: string, path: DocPath): boolean => {
  const first = seen.get(id);
  if (first !== undefined) {
    report(r, path, `duplicate rule id '${id}' (first at line ${first})`);
    return false;
  }
  seen.set(id, diagnosticAtPart(r.doc, 'rulebook', path, '', 'node').line);
  return true;
};

const readItem = (r: Reader, seen: Seen, rule: string, value: unknown, path: DocPath): RuleItem | undefined => {
  const t = table(r, value, path, `an item of rule ${rule}`, ['id', 'text']);
  if (!t) return undefined;
  const id = text(r, t, 'id', path, `an item of rule ${rule}`);
  const body = text(r, t, 'text', path, `item ${id ?? `of rule ${rule}`}`);
  if (id === undefined || body === undefined) return undefined;
  if (!new RegExp(`^${rule}\\.[0-9]+$`).test(id)) {
    return report(r, [...path, 'id'], `item id '${id}' must be its rule's id, a dot and a number, like ${rule}.1`);
  }
  return claimId(r, seen, id, [...path, 'id']) ? { id, text: body } : undefined;
};

const MODES: readonly ChangeMode[] = ['replace', 'add'];

const readChanges = (r: Reader, rule: string, value: unknown, path: DocPath): RuleChange[] => {
  if (!isTable(value)) return report(r, path, `rule ${rule}: 'changes' must map house rules (variant ids) to their text`) ?? [];
  return Object.entries(value).flatMap(([variant, change]): RuleChange[] => {
    const at = [...path, variant];
    const what = `rule ${rule}, the change by '${variant}'`;
    const t = table(r, change, at, what, MODES);
    const modes = t ? MODES.filter((m) => Object.hasOwn(t, m)) : [];
    if (!t) return [];
    if (modes.length !== 1)
      return report(r, at, `${what} must give either 'replace' (text in place of the rule's) or 'add' (text after it)`) ?? [];
    const mode = modes[0] as ChangeMode;
    const body = text(r, t, mode, at, what);
    return body === undefined ? [] : [{ variant, mode, text: body }];
  });
};

const RULE_KEYS = ['id', 'title', 'text', 'items', 'variant', 'changes'];

const readRule = (r: Reader, seen: Seen, value: unknown, path: DocPath): Rule | undefined => {
  const t = table(r, value, path, 'a rule', RULE_KEYS);
  if (!t) return undefined;
  const id = text(r, t, 'id', path, 'a rule');
  if (id !== undefined && !RULE_ID.test(id)) {
    return report(r, [...path, 'id'], `'${id}' is not a rule id: write capital letters, a dash and a number, like R-5 or T-B9`);
  }
  const what = `rule ${id ?? `at ${path.join('.')}`}`;
  const title = text(r, t, 'title', path, what);
  const body = text(r, t, 'text', path, what);
  const fresh = id !== undefined && claimId(r, seen, id, [...path, 'id']);
  const items =
    Object.hasOwn(t, 'items') && id !== undefined
      ? (list(r, t, 'items', path, what) ?? []).map((item, i) => readItem(r, seen, id, item, [...path, 'items', i]))
      : [];
  const variant = optionalText(r, t, 'variant', path, what);
  const changes = Object.hasOwn(t, 'changes') && id !== undefined ? readChanges(r, id, t.changes, [...path, 'changes']) : [];
  if (!fresh || id === undefined || title === undefined || body === undefined || items.includes(undefined)) return undefined;
  return { id, title, text: body, items: items as RuleItem[], ...(variant === undefined ? {} : { variant }), changes };
};

const readSection = (r: Reader, seen: Seen, value: unknown, path: DocPath): Section | undefined => {
  const what = `section ${Number(path[path.length - 1]) + 1}`;
  const t = table(r, value, path, what, ['title', 'intro', 'rules']);
  if (!t) return undefined;
  const title = text(r, t, 'title', path, what);
  const intro = optionalText(r, t, 'intro', path, what);
  const rules = (list(r, t, 'rules', path, what) ?? []).map((rule, i) => readRule(r, seen, rule, [...path, 'rules', i]));
  if (title === undefined || rules.length === 0 || rules.includes(undefined)) return undefined;
  return { title, ...(intro === undefined ? {} : { intro }), rules: rules as Rule[] };
};

const readVariantTitles = (r: Reader, value: unknown, path: DocPath): Record<string, string> => {
  if (value === undefined) return {};
  if (!isTable(value)) return report(r, path, "'variants' must map house rules (variant ids) to their names in this language") ?? {};
  const titles: Record<string, string> = {};
  for (const [variant, entry] of Object.entries(value)) {
    const t = table(r, entry, [...path, variant], `house rule '${variant}'`, ['title']);
    const title = t && text(r, t, 'title', [...path, variant], `house rule '${variant}'`);
    if (title !== undefined) titles[variant] = title;
  }
  return titles;
};

const TOP_KEYS = ['rulebook', 'lang', 'title', 'intro', 'variants', 'sections'];

const readBook = (r: Reader): Rulebook | undefined => {
  const top = table(r, r.doc.value, [], 'a rulebook', TOP_KEYS);
  if (!top) return undefined;
  const game = text(r, top, 'rulebook', [], 'the rulebook');
  const lang = text(r, top, 'lang', [], 'the rulebook');
  if (lang !== undefined && !isLang(lang)) report(r, ['lang'], `lang '${lang}' is not one of ${LANGUAGES.join(', ')}`);
  const title = text(r, top, 'title', [], 'the rulebook');
  const intro = optionalText(r, top, 'intro', [], 'the rulebook');
  const variantTitles = readVariantTitles(r, top.variants, ['variants']);
  const seen: Seen = new Map();
  const sections = (list(r, top, 'sections', [], 'the rulebook') ?? []).map((s, i) => readSection(r, seen, s, ['sections', i]));
  if (
    game === undefined ||
    lang === undefined ||
    !isLang(lang) ||
    title === undefined ||
    sections.length === 0 ||
    sections.includes(undefined)
  )
    return undefined;
  return { file: r.doc.file, game, lang, title, ...(intro === undefined ? {} : { intro }), variantTitles, sections: sections as Section[] };
};

/** A diagnostic at a place of the file, for checks made after reading it (against the other files of the game). */
export type Locate = (path: DocPath, message: string, severity: Severity, offset?: number) => Diagnostic;

export interface RulebookParse {
  /** Undefined exactly when `diagnostics` holds an error. */
  readonly rulebook: Rulebook | undefined;
  readonly diagnostics: readonly Diagnostic[];
  readonly at: Locate;
}

const locator =
  (doc: ParsedDoc): Locate =>
  (path, message, severity, offset) =>
    offset === undefined
      ? diagnosticAtPart(doc, 'rulebook', path, message, 'head', severity)
      : diagnosticAt(doc, 'rulebook', path, message, severity, offset);

/** Without a document (the YAML did not parse) a later check can only point at the file's start. */
const atStart =
  (file: string): Locate =>
  (path, message, severity) => ({ severity, code: 'rulebook', message, file, path: [...path], line: 1, column: 1 });

export const parseRulebook = (file: string, source: string): RulebookParse => {
  const parsed = parseSpecText(source, file);
  if (!parsed.doc) return { rulebook: undefined, diagnostics: parsed.diagnostics, at: atStart(file) };
  const r: Reader = { doc: parsed.doc, problems: [] };
  const rulebook = readBook(r);
  const at = locator(parsed.doc);
  return r.problems.length > 0 || !rulebook ? { rulebook: undefined, diagnostics: r.problems, at } : { rulebook, diagnostics: [], at };
};
