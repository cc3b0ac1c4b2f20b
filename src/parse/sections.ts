/**
 * A spec parsed section by section, so that a keystroke re-reads only the top-level section it
 * changed. A spec is a mapping whose keys start at column 0 (`flow:`, `moves:`, …); each such key
 * with the indented lines under it is a section, read by YAML exactly as it is inside the whole
 * file. Unchanged sections come from a cache keyed by their text; the document is assembled from
 * copies of their nodes shifted to where they now stand, so nothing handed out is ever changed.
 *
 * A line at column 0 that is not such a key (`- item`, a half-typed key) belongs to the section
 * above it, and so does the key line right after it. A section with YAML errors is still read
 * alone when yaml reads on past it as it does past a clean one (see brokenSection): its errors,
 * moved to where it stands, are then the whole text's, so a keystroke that breaks one section is
 * reported without reading the rest.
 *
 * Anything this does not model (a document marker, a section whose one key is not a plain name,
 * a section with only warnings, a key written twice) returns undefined and the caller reads the
 * whole text, which gives the exact diagnostics; tests/parse/sections.test.ts holds both readings
 * equal.
 */
import {
  Alias,
  Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Lexer,
  LineCounter,
  Pair,
  Scalar,
  YAMLMap,
  YAMLSeq,
  type Node,
} from 'yaml';
import type { YamlIssue } from './yamlProblems.ts';
import { LruCache } from '../lang/cache.ts';

/** One top-level section read on its own: its pair with ranges from the section's start. */
export interface Section {
  readonly pair: Pair;
  /** Line starts inside the section (0 is its first line). */
  readonly lineStarts: readonly number[];
  /**
   * The section's plain value, deep-frozen: every spec assembled from this text shares it, so an
   * unchanged section is the same object from keystroke to keystroke (later stages may key their
   * own caches on it) and is never converted again.
   */
  readonly value: unknown;
}

/** A section with YAML errors that yaml reads on past as past a clean one: its mapping's pairs, as read alone, and what yaml said. */
export interface BrokenSection {
  readonly pairs: readonly Pair[];
  readonly lineStarts: readonly number[];
  readonly errors: readonly YamlIssue[];
  readonly warnings: readonly YamlIssue[];
}

/** A section's text read alone: its only pair, its errors, or undefined when only the whole text can tell. */
export type ReadSection = (text: string) => Section | BrokenSection | undefined;

const isBroken = (section: Section | BrokenSection): section is BrokenSection => 'errors' in section;

/** A line that starts a section: a plain name at column 0 followed by a colon and a space or the end of the line. */
const SECTION_KEY = /^[A-Za-z_][A-Za-z0-9_-]*:(?: |\r?\n|$)/;

/** A line at column 0 that speaks of the whole document (`---`, `...`, a `%` directive). */
const DOCUMENT_LINE = /^(?:---|\.\.\.|%)/;

/** Where each top-level section starts, or undefined when a line at column 0 speaks of the whole document. */
export const sectionStarts = (text: string): number[] | undefined => {
  const starts: number[] = [];
  // A line at column 0 that is not a key may run on into the next key line (`flo` then `flow:`
  // is one key, 'flo flow'): that key line does not start a section.
  let runsOn = false;
  for (let at = 0; at < text.length; ) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline + 1;
    const first = text[at];
    if (first !== ' ' && first !== '#' && first !== '\n' && first !== '\r') {
      const line = text.slice(at, end);
      if (DOCUMENT_LINE.test(line)) return undefined;
      const key = SECTION_KEY.test(line);
      if (key && !runsOn) starts.push(at);
      runsOn = !key;
    }
    at = end;
  }
  // Comments and blank lines before the first key belong to the first section.
  if (starts.length > 0) starts[0] = 0;
  return starts;
};

/**
 * A deep copy of a node with every range moved by `by` characters: each node is made by its own
 * class (so yaml still knows its kind) and given the original's fields. yaml's `clone()` copies
 * property descriptors one by one, several times slower on a whole section.
 */
const shifted = <T>(node: T, by: number): T => {
  if (isPair(node)) return new Pair(shifted(node.key, by), shifted(node.value, by)) as T;
  let copy: Node;
  if (isScalar(node)) copy = Object.assign(new Scalar(node.value), node);
  else if (isAlias(node)) copy = Object.assign(new Alias(node.source), node);
  else if (isMap(node) || isSeq(node)) {
    const collection = Object.assign(isMap(node) ? new YAMLMap() : new YAMLSeq(), node);
    collection.items = node.items.map((item: unknown) => shifted(item, by));
    copy = collection;
  } else return node;
  const range = (node as Node).range;
  if (range) copy.range = [range[0] + by, range[1] + by, range[2] + by];
  return copy as T;
};

/** Whether an offset is at column 0. */
const atLineStart = (text: string, offset: number | undefined): boolean =>
  offset === 0 || (offset !== undefined && text[offset - 1] === '\n');

/** A key no spec has, put after a broken section to see how the rest of the text would be read. */
const PROBE = 'houserules-probe';

const sameIssues = (a: readonly YamlIssue[], b: readonly YamlIssue[]): boolean =>
  a.length === b.length &&
  a.every((x, i) => x.code === b[i]?.code && x.message === b[i]?.message && x.pos[0] === b[i]?.pos[0] && x.pos[1] === b[i]?.pos[1]);

/**
 * Whether a key line after this broken section is read as the next key of the top-level mapping,
 * with the section's errors unchanged: then the parser leaves the section as it leaves a clean
 * one, and the sections after it read as they do alone. yaml recovers from most errors by the
 * next key at column 0, but not from all: a quoted key at column 0 can put what follows inside it,
 * a half-typed key runs on into the next line.
 */
const leavesCleanly = (text: string, document: Document.Parsed, read: (text: string) => Document.Parsed | undefined): boolean => {
  if (text.includes(PROBE)) return false;
  const at = text.endsWith('\n') ? text.length : text.length + 1;
  const probed = read(`${text.endsWith('\n') ? text : `${text}\n`}${PROBE}: 0\n`);
  const contents = probed?.contents;
  if (!probed || !isMap(contents) || contents.flow) return false;
  const last = contents.items[contents.items.length - 1];
  if (
    !last ||
    !isScalar(last.key) ||
    last.key.value !== PROBE ||
    last.key.range?.[0] !== at ||
    !isScalar(last.value) ||
    last.value.value !== 0
  )
    return false;
  return sameIssues(probed.errors, document.errors) && sameIssues(probed.warnings, document.warnings);
};

/**
 * A section read alone that has YAML errors, kept when they are the whole text's errors there:
 * it is a block mapping of plain keys at column 0, it has no anchor or alias (which may refer to
 * another section) and no byte-order mark, and the text after it reads as it would after a clean
 * one (leavesCleanly). Undefined otherwise: the whole text must be read.
 */
export const brokenSection = (
  text: string,
  document: Document.Parsed,
  lineCounter: LineCounter,
  read: (text: string) => Document.Parsed | undefined,
): BrokenSection | undefined => {
  const contents = document.contents;
  if (document.errors.length === 0 || !isMap(contents) || contents.flow || text.includes('\ufeff')) return undefined;
  if (!contents.items.every((pair) => isScalar(pair.key) && atLineStart(text, pair.key.range?.[0]))) return undefined;
  for (const token of new Lexer().lex(text)) if (token[0] === '&' || token[0] === '*') return undefined;
  if (!leavesCleanly(text, document, read)) return undefined;
  return { pairs: contents.items as Pair[], lineStarts: lineCounter.lineStarts, errors: document.errors, warnings: document.warnings };
};

/** A section placed at `start`, copied at most once per place it has stood in recently. */
interface Cached {
  readonly section: Section | BrokenSection | undefined;
  readonly placed: LruCache<number, Pair>;
}

/** Sections read alone, by text; enough for a few files open at once, bounded so memory stays flat. */
const cache = new LruCache<string, Cached>(512);

const cached = (text: string, read: ReadSection): Cached => cache.getOrSet(text, () => ({ section: read(text), placed: new LruCache(4) }));

const placedAt = (entry: Cached, section: Section, start: number): Pair => {
  if (start === 0) return section.pair;
  return entry.placed.getOrSet(start, () => shifted(section.pair, start));
};

export interface Assembled {
  readonly document: Document.Parsed;
  readonly lineCounter: LineCounter;
  /** The document's plain value, made of the sections' shared values. */
  readonly value: Readonly<Record<string, unknown>>;
}

/** A text with YAML errors, assembled from its sections: the errors and warnings at their places in the text. */
export interface AssembledWithErrors {
  readonly document: Document.Parsed;
  readonly lineCounter: LineCounter;
  readonly errors: readonly YamlIssue[];
  readonly warnings: readonly YamlIssue[];
}

const keyOf = (pair: Pair): string => String((pair.key as { value?: unknown }).value);

const movedBy =
  (by: number) =>
  (issue: YamlIssue): YamlIssue => ({ code: issue.code, message: issue.message, pos: [issue.pos[0] + by, issue.pos[1] + by] });

/**
 * The document of `text` assembled from its sections, each read by `read` (or found in the cache),
 * with the errors of its broken sections if it has any; undefined when the text has to be read whole.
 */
export const assembleSections = (text: string, read: ReadSection): Assembled | AssembledWithErrors | undefined => {
  const starts = sectionStarts(text);
  if (starts === undefined || starts.length < 2) return undefined;
  const pairs: Pair[] = [];
  const values: [string, unknown][] = [];
  const errors: YamlIssue[] = [];
  const warnings: YamlIssue[] = [];
  const keys = new Set<string>();
  const lineCounter = new LineCounter();
  for (let i = 0; i < starts.length; i += 1) {
    const start = starts[i] as number;
    const entry = cached(text.slice(start, starts[i + 1] ?? text.length), read);
    const section = entry.section;
    if (!section) return undefined;
    const placed = isBroken(section) ? section.pairs.map((pair) => shifted(pair, start)) : [placedAt(entry, section, start)];
    for (const pair of placed) {
      const key = keyOf(pair);
      if (keys.has(key)) return undefined;
      keys.add(key);
      pairs.push(pair);
    }
    if (isBroken(section)) {
      errors.push(...section.errors.map(movedBy(start)));
      warnings.push(...section.warnings.map(movedBy(start)));
    } else values.push([keyOf(section.pair), section.value]);
    for (const lineStart of section.lineStarts) {
      const at = lineStart + start;
      if (at !== lineCounter.lineStarts[lineCounter.lineStarts.length - 1]) lineCounter.addNewLine(at);
    }
  }
  const map = new YAMLMap();
  map.items = pairs;
  const first = pairs[0]?.key as Node | undefined;
  // The mapping ends where its last value does, as yaml ends it reading the whole text: a comment
  // after the last value is the document's, not the mapping's.
  const last = pairs[pairs.length - 1];
  const end = ((last?.value as Node | null | undefined)?.range ?? (last?.key as Node | undefined)?.range)?.[1] ?? text.length;
  map.range = [first?.range?.[0] ?? 0, end, end];
  const document = new Document() as Document.Parsed;
  document.contents = map as Document.Parsed['contents'];
  document.range = [map.range[0], text.length, text.length];
  if (errors.length > 0) return { document, lineCounter, errors, warnings };
  // fromEntries defines own properties, as yaml's toJS does, so a key like `__proto__` stays data.
  return { document, lineCounter, value: Object.freeze(Object.fromEntries(values)) };
};
