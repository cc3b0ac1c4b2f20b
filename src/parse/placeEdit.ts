/**
 * A fix's edits, named by places in the document, placed in the file's text: which characters
 * change and to what. Only what can be written without changing anything else is placed: a key
 * keeps its quotes, a name inside a string is changed only where the source spells it character
 * for character (no escapes, no folded line in it), a new key goes before a mapping's first key
 * at its indentation. Anything else is not placed, and the fix is not offered.
 */
import { isMap, isScalar, isSeq, Scalar } from 'yaml';
import type { PathEdit, TextEdit } from '../spec/diagnostics.ts';
import { contentEnd, hasRange, nodeAt, positionOf, walkPath } from './locate.ts';
import { scalarOffsetMap } from './scalarMap.ts';
import type { ParsedDoc } from './types.ts';

const textEdit = (parsed: ParsedDoc, start: number, end: number, text: string): TextEdit => {
  const from = positionOf(parsed, start);
  const to = positionOf(parsed, end);
  return {
    start,
    end,
    replaces: parsed.text.slice(start, end),
    line: from.line,
    column: from.column,
    endLine: to.line,
    endColumn: to.column,
    text,
  };
};

/** A key or a name that reads the same written plain: no quoting needed, none added. */
const PLAIN_KEY = /^[+$A-Za-z_][\w#.+-]*$/;
/** A name inside an expression: the only text an edit puts inside a string. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `text` as a key written in `key`'s style. */
const keyText = (text: string, key: Scalar): string | undefined => {
  if (key.type === Scalar.QUOTE_DOUBLE) return JSON.stringify(text);
  if (key.type === Scalar.QUOTE_SINGLE) return `'${text.replaceAll("'", "''")}'`;
  return key.type === Scalar.PLAIN && PLAIN_KEY.test(text) ? text : undefined;
};

const placeKey = (parsed: ParsedDoc, path: PathEdit['path'], text: string): TextEdit | undefined => {
  const steps = walkPath(parsed.document, path);
  const key = steps.length === path.length + 1 ? steps[steps.length - 1]?.key : undefined;
  if (!isScalar(key) || !hasRange(key)) return undefined;
  const written = keyText(text, key);
  return written === undefined ? undefined : textEdit(parsed, key.range[0], key.range[1], written);
};

const placeInScalar = (parsed: ParsedDoc, path: PathEdit['path'], from: number, to: number, text: string): TextEdit | undefined => {
  if (!NAME.test(text) || to <= from) return undefined;
  const node = nodeAt(parsed, path);
  if (!isScalar(node) || !hasRange(node)) return undefined;
  const map = scalarOffsetMap(parsed.text, node);
  const start = map?.[from];
  const last = map?.[to - 1];
  if (start === undefined || last === undefined || last - start !== to - 1 - from) return undefined;
  return textEdit(parsed, start, last + 1, text);
};

const placeNewKey = (parsed: ParsedDoc, path: PathEdit['path'], key: string, value: string): TextEdit | undefined => {
  const node = nodeAt(parsed, path);
  const first = isMap(node) ? node.items[0]?.key : undefined;
  if (!isMap(node) || !isScalar(first) || !hasRange(first) || !PLAIN_KEY.test(key) || !/^[\w.-]+$/.test(value)) return undefined;
  const at = first.range[0];
  if (node.flow) return textEdit(parsed, at, at, `${key}: ${value}, `);
  const lineStart = parsed.text.lastIndexOf('\n', at - 1) + 1;
  // The new key's line takes the first key's indentation; whatever stands before that key on its
  // line (a list's dash) stays on the first line, before the new key.
  return textEdit(parsed, at, at, `${key}: ${value}\n${' '.repeat(at - lineStart)}`);
};

const placeValue = (parsed: ParsedDoc, path: PathEdit['path'], text: string): TextEdit | undefined => {
  const node = nodeAt(parsed, path);
  if (!isScalar(node) || !hasRange(node) || node.type !== Scalar.PLAIN || !/^[\w.-]+$/.test(text)) return undefined;
  return textEdit(parsed, node.range[0], node.range[1], text);
};

/**
 * A block collection that is a mapping's value becomes `key:` with the collection one level
 * deeper under it: every line of it moved right, comments and blank lines with it; a flow
 * collection or a plain or quoted scalar is wrapped where it stands, `{ key: ... }`. A block
 * scalar (`|`, `>`) is not wrapped: its lines' indentation is its text.
 */
const placeWrap = (parsed: ParsedDoc, path: PathEdit['path'], key: string): TextEdit | undefined => {
  const steps = walkPath(parsed.document, path);
  const last = steps[steps.length - 1];
  const node = steps.length === path.length + 1 ? last?.node : undefined;
  if (!hasRange(node) || !PLAIN_KEY.test(key)) return undefined;
  const end = contentEnd(parsed, node);
  const flow = (isMap(node) || isSeq(node)) && node.flow;
  if (isScalar(node) || flow) {
    if (isScalar(node) && node.type !== Scalar.PLAIN && node.type !== Scalar.QUOTE_DOUBLE && node.type !== Scalar.QUOTE_SINGLE)
      return undefined;
    return textEdit(parsed, node.range[0], end, `{ ${key}: ${parsed.text.slice(node.range[0], end)} }`);
  }
  if (!isMap(node) && !isSeq(node)) return undefined;
  const owner = last?.key;
  if (!hasRange(owner)) return undefined;
  const columnOf = (offset: number): number => offset - (parsed.text.lastIndexOf('\n', offset - 1) + 1);
  const start = parsed.text.lastIndexOf('\n', node.range[0] - 1) + 1;
  const indent = columnOf(node.range[0]);
  const keyColumn = Math.max(columnOf(owner.range[0]) + 2, indent - 2);
  const shift = Math.max(0, keyColumn + 2 - indent);
  const lines = parsed.text
    .slice(start, end)
    .split('\n')
    .map((line) => (line.trim() === '' ? line : ' '.repeat(shift) + line));
  return textEdit(parsed, start, end, `${' '.repeat(keyColumn)}${key}:\n${lines.join('\n')}`);
};

/** `edit` in the text of `parsed`, or undefined when it cannot be written there without changing anything else. */
export const placeEdit = (parsed: ParsedDoc, edit: PathEdit): TextEdit | undefined => {
  switch (edit.kind) {
    case 'key':
      return placeKey(parsed, edit.path, edit.text);
    case 'inScalar':
      return placeInScalar(parsed, edit.path, edit.from, edit.to, edit.text);
    case 'addKey':
      return placeNewKey(parsed, edit.path, edit.key, edit.value);
    case 'value':
      return placeValue(parsed, edit.path, edit.text);
    case 'wrap':
      return placeWrap(parsed, edit.path, edit.key);
  }
};
