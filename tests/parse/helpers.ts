import { expect } from 'vitest';
import { parseSpecText, type ParsedDoc } from '../../src/parse/index.ts';

/** Parses text that must be valid YAML. */
export const parsed = (text: string, file = 'test.yaml'): ParsedDoc => {
  const result = parseSpecText(text, file);
  expect(result.diagnostics).toEqual([]);
  if (!result.doc) throw new Error('expected a document');
  return result.doc;
};

/** The 1-based line and column where `needle` occurs in `text` (its `nth` occurrence, from 0). */
export const where = (text: string, needle: string, nth = 0): { line: number; column: number } => {
  let offset = -1;
  for (let i = 0; i <= nth; i += 1) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`'${needle}' not found`);
  }
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
};
