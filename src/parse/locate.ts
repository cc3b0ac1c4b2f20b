import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';
import type { DocPath } from '../spec/diagnostics.ts';
import type { ParsedDoc, SourcePosition, SourceSpan } from './types.ts';

/** One step of a walk down a document: the node reached and the key node that led to it, if any. */
interface Step {
  /** The value node; null when a key has no value (`flow:` followed by nothing). */
  readonly node: Node | null;
  /** The key node when the step went through a mapping pair. */
  readonly key: Node | null;
}

/**
 * Which part of a node to point at. `node` is the whole value (what the brief calls "the node");
 * `head` is its key when it has one, or else the first line of the value, so that a marker for a
 * problem with a whole block (a missing property, an unknown key) does not cover fifty lines.
 */
export type LocatePart = 'node' | 'head';

export const hasRange = (node: unknown): node is Node & { range: [number, number, number] } =>
  typeof node === 'object' && node !== null && Array.isArray((node as Node).range);

/** Aliases (`*name`) are followed so that a path through them still finds the anchored node. */
const resolveAlias = (doc: Document, node: Node | null): Node | null => {
  if (node === null || !isAlias(node)) return node;
  return node.resolve(doc) ?? null;
};

const keyMatches = (key: unknown, segment: string | number): boolean => {
  // Keys like `1:` or `true:` are scalars whose JS value is not a string, while paths (from ajv) name
  // them as strings; the plain-object conversion stringifies them the same way.
  if (!isScalar(key)) return false;
  return String(key.value) === String(segment);
};

/** Walks `path` as far as it exists; the first step is the document's root. */
export const walkPath = (doc: Document, path: DocPath): Step[] => {
  const steps: Step[] = [{ node: (doc.contents as Node | null) ?? null, key: null }];
  let current = resolveAlias(doc, steps[0]?.node ?? null);
  for (const segment of path) {
    if (isMap(current)) {
      const pair = current.items.find((p) => isPair(p) && keyMatches(p.key, segment));
      if (!pair) break;
      const value = (pair.value as Node | null) ?? null;
      steps.push({ node: value, key: (pair.key as Node | null) ?? null });
      current = resolveAlias(doc, value);
    } else if (isSeq(current)) {
      const index = typeof segment === 'number' ? segment : Number(segment);
      if (!Number.isInteger(index)) break;
      const item = current.items[index];
      if (item === undefined) break;
      const node = (item as Node | null) ?? null;
      steps.push({ node, key: null });
      current = resolveAlias(doc, node);
    } else {
      break;
    }
  }
  return steps;
};

/** The node at `path`, aliases followed, or undefined when the path does not exist. */
export const nodeAt = (parsed: ParsedDoc, path: DocPath): Node | undefined => {
  const steps = walkPath(parsed.document, path);
  if (steps.length !== path.length + 1) return undefined;
  return resolveAlias(parsed.document, steps[steps.length - 1]?.node ?? null) ?? undefined;
};

/** 1-based line and column of a source offset (clamped to the text). */
export const positionOf = (parsed: ParsedDoc, offset: number): SourcePosition => {
  const clamped = Math.max(0, Math.min(offset, parsed.text.length));
  const { line, col } = parsed.lineCounter.linePos(clamped);
  // linePos reports line 0 before the first recorded line start; the file's first line is line 1.
  return line === 0 ? { line: 1, column: clamped + 1 } : { line, column: col };
};

/** The span between two source offsets. */
export const spanOf = (parsed: ParsedDoc, start: number, end: number): SourceSpan => {
  const from = positionOf(parsed, start);
  const to = positionOf(parsed, Math.max(start, end));
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
};

/** From `start` to the end of its line, or to `end` if that comes first. */
const firstLineSpan = (parsed: ParsedDoc, start: number, end: number): SourceSpan => {
  const newline = parsed.text.indexOf('\n', start);
  const lineEnd = newline < 0 ? parsed.text.length : newline;
  let stop = Math.min(end, lineEnd);
  if (stop > start && parsed.text[stop - 1] === '\r') stop -= 1;
  return spanOf(parsed, start, Math.max(start, stop));
};

const headSpan = (parsed: ParsedDoc, step: Step | undefined): SourceSpan => {
  if (step && hasRange(step.key)) return spanOf(parsed, step.key.range[0], step.key.range[1]);
  if (step && hasRange(step.node)) return firstLineSpan(parsed, step.node.range[0], step.node.range[1]);
  return firstLineSpan(parsed, 0, parsed.text.length);
};

/**
 * The source span of the node at `path`. When the value is missing (`key:` with nothing after it)
 * the key is returned; when the path does not exist, the head (key) of the nearest existing
 * ancestor. `part: 'head'` asks for the key (or first line) even when the value exists.
 */
export const locate = (parsed: ParsedDoc, path: DocPath, part: LocatePart = 'node'): SourceSpan => {
  const steps = walkPath(parsed.document, path);
  const last = steps[steps.length - 1];
  if (steps.length !== path.length + 1 || part === 'head') return headSpan(parsed, last);
  const node = last?.node ?? null;
  // An empty value is a zero-width null scalar right after the colon: the key is more useful.
  const empty = !hasRange(node) || node.range[1] <= node.range[0];
  if (empty) return headSpan(parsed, last);
  return spanOf(parsed, node.range[0], contentEnd(parsed, node));
};

/** Just past a node's last character: block collections and block scalars end after their last line break. */
export const contentEnd = (parsed: ParsedDoc, node: Node & { range: [number, number, number] }): number => {
  let end = node.range[1];
  while (end > node.range[0] + 1 && /\s/.test(parsed.text[end - 1] ?? '')) end -= 1;
  return end;
};

const contains = (node: Node | null, offset: number): boolean =>
  hasRange(node) && node.range[0] <= offset && offset < Math.max(node.range[1], node.range[0] + 1);

/**
 * The path of the innermost node (or key) that covers a source offset, so that YAML syntax errors,
 * which come with offsets only, still carry a path like every other diagnostic.
 */
export const pathAtOffset = (doc: Document, offset: number): (string | number)[] => {
  const path: (string | number)[] = [];
  let current: Node | null = (doc.contents as Node | null) ?? null;
  // Bounded by the document's depth: each turn descends one level or stops.
  for (;;) {
    if (isMap(current)) {
      let next: Node | null = null;
      for (const pair of current.items) {
        const key = (pair.key as Node | null) ?? null;
        const value = (pair.value as Node | null) ?? null;
        const name = isScalar(key) ? String(key.value) : undefined;
        if (name === undefined) continue;
        if (contains(key, offset)) return [...path, name];
        if (contains(value, offset)) {
          path.push(name);
          next = value;
          break;
        }
      }
      if (next === null) return path;
      current = next;
    } else if (isSeq(current)) {
      const index = current.items.findIndex((item) => contains((item as Node | null) ?? null, offset));
      if (index < 0) return path;
      path.push(index);
      current = (current.items[index] as Node | null) ?? null;
    } else {
      return path;
    }
  }
};
