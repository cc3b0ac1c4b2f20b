/**
 * A spec parsed section by section, so that a keystroke re-reads only the top-level section it
 * changed. A spec is a mapping whose keys start at column 0 (`flow:`, `moves:`, …); each such key
 * with the indented lines under it is a section, read by YAML exactly as it is inside the whole
 * file. Unchanged sections come from a cache keyed by their text; the document is assembled from
 * copies of their nodes shifted to where they now stand, so nothing handed out is ever changed.
 *
 * Anything this does not model (a document marker, a key that is not a plain name, a section with
 * any error or warning, a key written twice) returns undefined and the caller reads the whole
 * text, which gives the exact diagnostics; tests/parse/sections.test.ts holds both readings equal.
 */
import { Alias, Document, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';

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

/** A section's text read alone: its only pair, or undefined when reading it alone found anything wrong. */
export type ReadSection = (text: string) => Section | undefined;

/** A line that starts a section: a plain name at column 0 followed by a colon and a space or the end of the line. */
const SECTION_KEY = /^[A-Za-z_][A-Za-z0-9_-]*:(?: |\r?\n|$)/;

/** Where each top-level section starts, or undefined when a line at column 0 is not a plain key (or a comment). */
export const sectionStarts = (text: string): number[] | undefined => {
  const starts: number[] = [];
  for (let at = 0; at < text.length; ) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline + 1;
    const first = text[at];
    if (first !== ' ' && first !== '#' && first !== '\n' && first !== '\r') {
      if (!SECTION_KEY.test(text.slice(at, end))) return undefined;
      starts.push(at);
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

/** A section placed at `start`, copied at most once per place it has stood in recently. */
interface Cached {
  readonly section: Section | undefined;
  readonly placed: Map<number, Pair>;
}

/** Sections read alone, by text; enough for a few files open at once, bounded so memory stays flat. */
const CACHE_SIZE = 512;
const PLACES_KEPT = 4;
const cache = new Map<string, Cached>();

const cached = (text: string, read: ReadSection): Cached => {
  const hit = cache.get(text);
  if (hit) {
    // Most recently used last, so the oldest entry is the first one dropped.
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const entry: Cached = { section: read(text), placed: new Map() };
  cache.set(text, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return entry;
};

const placedAt = (entry: Cached, section: Section, start: number): Pair => {
  if (start === 0) return section.pair;
  const hit = entry.placed.get(start);
  if (hit) return hit;
  const pair = shifted(section.pair, start);
  if (entry.placed.size >= PLACES_KEPT) entry.placed.delete(entry.placed.keys().next().value as number);
  entry.placed.set(start, pair);
  return pair;
};

export interface Assembled {
  readonly document: Document.Parsed;
  readonly lineCounter: LineCounter;
  /** The document's plain value, made of the sections' shared values. */
  readonly value: Readonly<Record<string, unknown>>;
}

/**
 * The document of `text` assembled from its sections, each read by `read` (or found in the cache),
 * or undefined when the text has to be read whole.
 */
export const assembleSections = (text: string, read: ReadSection): Assembled | undefined => {
  const starts = sectionStarts(text);
  if (starts === undefined || starts.length < 2) return undefined;
  const pairs: Pair[] = [];
  const values: [string, unknown][] = [];
  const keys = new Set<string>();
  const lineCounter = new LineCounter();
  for (let i = 0; i < starts.length; i += 1) {
    const start = starts[i] as number;
    const entry = cached(text.slice(start, starts[i + 1] ?? text.length), read);
    const section = entry.section;
    if (!section) return undefined;
    const key = String((section.pair.key as { value?: unknown }).value);
    if (keys.has(key)) return undefined;
    keys.add(key);
    values.push([key, section.value]);
    pairs.push(placedAt(entry, section, start));
    for (const lineStart of section.lineStarts) {
      const at = lineStart + start;
      if (at !== lineCounter.lineStarts[lineCounter.lineStarts.length - 1]) lineCounter.addNewLine(at);
    }
  }
  const map = new YAMLMap();
  map.items = pairs;
  const first = pairs[0]?.key as Node | undefined;
  map.range = [first?.range?.[0] ?? 0, text.length, text.length];
  const document = new Document() as Document.Parsed;
  document.contents = map as Document.Parsed['contents'];
  document.range = [map.range[0], text.length, text.length];
  // fromEntries defines own properties, as yaml's toJS does, so a key like `__proto__` stays data.
  return { document, lineCounter, value: Object.freeze(Object.fromEntries(values)) };
};
