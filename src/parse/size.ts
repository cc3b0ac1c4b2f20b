/**
 * The size limits of one YAML text, checked before yaml reads it: yaml takes about ten seconds
 * per million values (a 2,000,000-item list took over 15 s to be refused), so a text past a limit
 * must be refused before that work, not after.
 */
import { CST, Lexer } from 'yaml';
import { LIMITS, formatLimit } from '../limits.ts';
import type { Diagnostic } from '../spec/diagnostics.ts';

/** The lexer's tokens that stand for a value or a list item: each is at least one character of the text. */
const VALUE_TOKENS: ReadonlySet<string> = new Set([
  'scalar',
  'single-quoted-scalar',
  'double-quoted-scalar',
  'alias',
  'flow-map-start',
  'flow-seq-start',
  'seq-item-ind',
  'explicit-key-ind',
]);

/** Tokens the lexer adds to say what follows; they are not characters of the text. */
const MARKERS: ReadonlySet<string> = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

const TOO_LONG = `the file has more than ${formatLimit(LIMITS.yamlChars)} characters (the limit for one YAML file): split it or shorten it`;
const TOO_MANY = `the file has more than ${formatLimit(LIMITS.yamlValues)} values and list items (the limit for one YAML file): shorten its lists`;

/** The diagnostic at a character offset of `text`, counting lines up to it. */
const at = (text: string, file: string, offset: number, message: string): Diagnostic => {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { severity: 'error', code: 'too-large', message, file, path: [], line, column, endLine: line, endColumn: column + 1 };
};

/**
 * The offset of the value that passes `LIMITS.yamlValues`, or undefined. yaml's lexer is lazy,
 * so this reads no further than that value; a text no longer than the limit cannot pass it.
 */
const valuesPassedAt = (text: string): number | undefined => {
  if (text.length <= LIMITS.yamlValues) return undefined;
  let values = 0;
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (VALUE_TOKENS.has(CST.tokenType(token) ?? '') && ++values > LIMITS.yamlValues) return offset;
    if (!MARKERS.has(token)) offset += token.length;
  }
  return undefined;
};

/** Why `text` is too large to read, located where it passes the limit; undefined when it is not. */
export const sizeProblem = (text: string, file: string): Diagnostic | undefined => {
  if (text.length > LIMITS.yamlChars) return at(text, file, LIMITS.yamlChars, TOO_LONG);
  const passed = valuesPassedAt(text);
  return passed === undefined ? undefined : at(text, file, passed, TOO_MANY);
};
