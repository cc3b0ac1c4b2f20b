import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseSpecText, type ParsedDoc } from '../../src/parse/index.ts';
import type { Diagnostic } from '../../src/spec/diagnostics.ts';
import { validateSpec } from '../../src/validate/index.ts';

/** The smallest complete spec: the studio's new-game template (it validates, compiles and plays). */
export const MINIMAL = readFileSync(join(import.meta.dirname, '../../templates/new-game.yaml'), 'utf8');

export const parseOk = (text: string): ParsedDoc => {
  const result = parseSpecText(text, 'game.yaml');
  expect(result.diagnostics).toEqual([]);
  if (!result.doc) throw new Error('expected a document');
  return result.doc;
};

/** Schema diagnostics for a spec text that is valid YAML. */
export const validateText = (text: string): Diagnostic[] => validateSpec(parseOk(text));

/** `line:column message`, the way a test reads best. */
export const lines = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);

/** A valid spec with `extra` YAML appended (top-level keys) or a replacement of part of it. */
export const minimalWith = (replace: [string, string][] = [], extra = ''): string => {
  let text = MINIMAL;
  for (const [from, to] of replace) {
    if (!text.includes(from)) throw new Error(`the template has no '${from}'`);
    text = text.replace(from, to);
  }
  return text + extra;
};
