import { isScalar, type Scalar } from 'yaml';
import type { DocPath } from '../spec/diagnostics.ts';
import { locate, nodeAt, positionOf, spanOf } from './locate.ts';
import { scalarOffsetMap } from './scalarMap.ts';
import type { ParsedDoc, ScalarRange, SourcePosition, SourceSpan } from './types.ts';

// Expression errors come in bursts (one per keystroke, several per scalar): keep each scalar's map.
// Nodes belong to exactly one parsed text, so the node alone is a sound key.
const maps = new WeakMap<Scalar, number[] | null>();

const offsetMap = (parsed: ParsedDoc, node: Scalar): number[] | null => {
  let map = maps.get(node);
  if (map === undefined) {
    map = scalarOffsetMap(parsed.text, node) ?? null;
    maps.set(node, map);
  }
  return map;
};

const scalarAt = (parsed: ParsedDoc, path: DocPath): Scalar | undefined => {
  const node = nodeAt(parsed, path);
  return isScalar(node) && node.range ? node : undefined;
};

const sourceOffset = (map: readonly number[], index: number): number => {
  const clamped = Math.max(0, Math.min(Math.trunc(index), map.length - 1));
  return map[clamped] ?? 0;
};

/**
 * The line and column of character `offset` of the string value at `path` (0-based, in the value
 * as the expression parser saw it). Falls back to the scalar's start, or to `locate`, when the
 * path is not a scalar or its source could not be mapped.
 */
export const locateInScalar = (parsed: ParsedDoc, path: DocPath, offset: number): SourcePosition => {
  const node = scalarAt(parsed, path);
  if (!node?.range) {
    const span = locate(parsed, path);
    return { line: span.line, column: span.column };
  }
  const map = offsetMap(parsed, node);
  return positionOf(parsed, map ? sourceOffset(map, offset) : node.range[0]);
};

/** The span of characters `range.start` to `range.end` (exclusive) of the string value at `path`. */
export const locateRangeInScalar = (parsed: ParsedDoc, path: DocPath, range: ScalarRange): SourceSpan => {
  const node = scalarAt(parsed, path);
  if (!node?.range) return locate(parsed, path);
  const map = offsetMap(parsed, node);
  if (!map) return locate(parsed, path);
  const start = sourceOffset(map, range.start);
  // The end is just after the last character, so a range never spills over a folded line break.
  const end = range.end > range.start ? sourceOffset(map, range.end - 1) + 1 : start + 1;
  return spanOf(parsed, start, Math.min(Math.max(end, start), Math.max(node.range[1], start + 1)));
};
