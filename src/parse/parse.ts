import { isCollection, isMap, isPair, isSeq, LineCounter, parseDocument, type Document, type Pair, type YAMLMap } from 'yaml';
import { sizeProblem } from './size.ts';
import { assembleSections, brokenSection, type ReadSection } from './sections.ts';
import { LIMITS } from '../limits.ts';
import type { Diagnostic } from '../spec/diagnostics.ts';
import { atFileStart, hasErrors } from '../spec/diagnostics.ts';
import { complexKeyProblems, unresolvedAliasProblems, yamlProblem, type YamlContext, type YamlIssue } from './yamlProblems.ts';
import type { ParsedDoc, ParseResult } from './types.ts';
import { LruCache } from '../lang/cache.ts';

/**
 * One error per line: a single slip in YAML often makes the parser report two or three errors on
 * the same spot, and only the first one means anything to the reader.
 */
const firstPerLine = (diagnostics: readonly Diagnostic[]): Diagnostic[] => {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.severity}:${d.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const describeTop = (document: Document): string => {
  if (isSeq(document.contents)) return 'a list';
  return 'a single value';
};

const topLevelProblem = (ctx: YamlContext): Diagnostic | undefined => {
  const contents = ctx.document.contents;
  if (contents === null || contents === undefined) {
    return atFileStart(ctx.file, 'wrong-type', 'the file is empty: a spec is a mapping of keys to values (key: value lines)');
  }
  if (isMap(contents)) return undefined;
  const range = (contents as { range?: [number, number, number] | null }).range;
  const start = range?.[0] ?? 0;
  const { line, col } = ctx.lineCounter.linePos(start);
  return {
    ...atFileStart(
      ctx.file,
      'wrong-type',
      `the top level of a spec must be a mapping of keys to values (key: value lines), found ${describeTop(ctx.document)}`,
    ),
    line: Math.max(1, line),
    column: line === 0 ? start + 1 : col,
    endLine: Math.max(1, line),
    endColumn: (line === 0 ? start + 1 : col) + 1,
  };
};

const TOO_DEEP = `the YAML is nested too deeply (more than ${LIMITS.yamlDepth} levels of mappings and lists inside each other)`;

/**
 * The first node nested deeper than the limit, found without recursion (the document may be
 * thousands of levels deep, which is what this guards every later, recursive stage against).
 */
const tooDeep = (ctx: YamlContext): Diagnostic | undefined => {
  const stack: { node: unknown; depth: number }[] = [{ node: ctx.document.contents, depth: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { node, depth } = top;
    if (!isCollection(node)) continue;
    if (depth >= LIMITS.yamlDepth) {
      const start = (node as { range?: [number, number, number] | null }).range?.[0] ?? 0;
      const { line, col } = ctx.lineCounter.linePos(start);
      return { ...atFileStart(ctx.file, 'too-large', TOO_DEEP), line, column: col, endLine: line, endColumn: col + 1 };
    }
    for (const item of node.items as unknown[]) {
      if (isPair(item)) {
        stack.push({ node: item.key, depth: depth + 1 });
        stack.push({ node: item.value, depth: depth + 1 });
      } else stack.push({ node: item, depth: depth + 1 });
    }
  }
  return undefined;
};

/** yaml's own parser runs out of stack on thousands of levels; say so in the user's words. */
const deepNesting = (d: Diagnostic): Diagnostic => (/call stack/i.test(d.message) ? { ...d, message: TOO_DEEP } : d);

/** The whole text read by yaml: the document, or undefined if yaml threw (it does not on bad input; this guards the "no stage throws" rule all the same). */
const readYaml = (text: string): { document: Document.Parsed; lineCounter: LineCounter } | { error: unknown } => {
  const lineCounter = new LineCounter();
  try {
    const document = parseDocument(text, {
      lineCounter,
      prettyErrors: false,
      uniqueKeys: true,
      // Problems are reported as diagnostics; yaml must not also print them on the console.
      logLevel: 'error',
    });
    return { document, lineCounter };
  } catch (error) {
    return { error };
  }
};

/** Reads one top-level section alone: its pair, when reading it found nothing to report; its errors, when they are the whole text's. */
const readSection: ReadSection = (text) => {
  const read = readYaml(text);
  if ('error' in read) return undefined;
  const { document, lineCounter } = read;
  if (document.errors.length > 0)
    return brokenSection(text, document, lineCounter, (probe) => {
      const again = readYaml(probe);
      return 'error' in again ? undefined : again.document;
    });
  if (document.warnings.length > 0) return undefined;
  const ctx: YamlContext = { file: '', text, document, lineCounter };
  if (topLevelProblem(ctx) ?? tooDeep(ctx)) return undefined;
  if (complexKeyProblems(ctx).length > 0 || unresolvedAliasProblems(ctx).length > 0) return undefined;
  const items = (document.contents as YAMLMap).items;
  if (items.length !== 1) return undefined;
  const value = documentValue(document, '');
  if ('problem' in value) return undefined;
  const [[key, sectionValue]] = Object.entries(value.value as Record<string, unknown>) as [[string, unknown]];
  return { pair: items[0] as Pair, lineStarts: lineCounter.lineStarts, value: interned(key, sectionValue) };
};

/**
 * The last value read for each section key. A section re-read because a comment, a blank line or
 * the layout changed has the same value: it gets the same frozen object back, so the caches keyed
 * by section values (the compile's piece-count check) still hold. Bounded: a text may have any keys.
 */
const latest = new LruCache<string, unknown>(64);

const interned = (key: string, value: unknown): unknown => {
  const before = latest.get(key);
  if (before !== undefined && sameValue(before, value)) return before;
  latest.set(key, deepFrozen(value));
  return value;
};

/** Plain values equal all the way down (Object.is at the leaves: YAML has .nan, .inf and -0). */
const sameValue = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  // The same keys in the same order: the order of moves, states and effects is meaningful.
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  return keys.every((k, i) => others[i] === k && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
};

/** `value` and everything in it made read-only, so that sharing it between specs is safe. */
const deepFrozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFrozen(child);
    Object.freeze(value);
  }
  return value;
};

/** The plain value of a well-formed document; the alias limit stops "billion laughs" documents from blowing up memory in the studio. */
const documentValue = (document: Document, file: string): { value: unknown } | { problem: Diagnostic } => {
  try {
    return { value: document.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { problem: atFileStart(file, 'yaml-syntax', `could not read the YAML: ${reason}`) };
  }
};

/** What yaml said of a text, in the designer's words: one problem per line. */
const yamlDiagnostics = (ctx: YamlContext, errors: readonly YamlIssue[], warnings: readonly YamlIssue[]): Diagnostic[] =>
  firstPerLine([
    ...errors.map((error) => deepNesting(yamlProblem(ctx, error, 'error'))),
    ...warnings.map((warning) => yamlProblem(ctx, warning, 'warning')),
  ]);

/** The text read in one piece, with every diagnostic; what parseSpecText returns for any text. */
export const parseWhole = (text: string, file: string): ParseResult => {
  const read = readYaml(text);
  if ('error' in read)
    return { doc: undefined, diagnostics: [atFileStart(file, 'yaml-syntax', `could not read the YAML: ${String(read.error)}`)] };
  const { document, lineCounter } = read;
  const ctx: YamlContext = { file, text, document, lineCounter };
  const diagnostics = yamlDiagnostics(ctx, document.errors, document.warnings);
  if (hasErrors(diagnostics)) return { doc: undefined, diagnostics };

  const top = topLevelProblem(ctx) ?? tooDeep(ctx);
  if (top) return { doc: undefined, diagnostics: [...diagnostics, top] };
  const structural = [...complexKeyProblems(ctx), ...unresolvedAliasProblems(ctx)];
  if (structural.length > 0) return { doc: undefined, diagnostics: [...diagnostics, ...structural] };

  const value = documentValue(document, file);
  if ('problem' in value) return { doc: undefined, diagnostics: [...diagnostics, value.problem] };
  const doc: ParsedDoc = { file, text, value: value.value, document, lineCounter };
  return { doc, diagnostics };
};

/** The text read by sections (sections.ts), or undefined when it must be read whole. */
export const readBySections = (text: string): ReturnType<typeof assembleSections> => assembleSections(text, readSection);

/**
 * Parses the YAML text of a spec. Never throws: a text past a size limit (size.ts), YAML errors
 * and warnings, duplicate keys and a top level that is not a mapping come back as diagnostics, with `doc` undefined whenever one of
 * them is an error, so that later stages only ever see a well-formed document. A text whose
 * top-level sections read alone (sections.ts) is assembled from them, or has its errors from the
 * broken ones, re-reading only the sections that changed since they were last read.
 */
export const parseSpecText = (text: string, file: string): ParseResult => {
  const tooLarge = sizeProblem(text, file);
  if (tooLarge) return { doc: undefined, diagnostics: [tooLarge] };
  const assembled = readBySections(text);
  if (!assembled) return parseWhole(text, file);
  const { document, lineCounter } = assembled;
  if ('errors' in assembled)
    return { doc: undefined, diagnostics: yamlDiagnostics({ file, text, document, lineCounter }, assembled.errors, assembled.warnings) };
  return { doc: { file, text, document, lineCounter, value: assembled.value }, diagnostics: [] };
};
