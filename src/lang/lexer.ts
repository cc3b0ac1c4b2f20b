import type { ExprError } from './errors.ts';

export type Token =
  | { readonly kind: 'number'; readonly value: number; readonly start: number; readonly end: number }
  | { readonly kind: 'string'; readonly value: string; readonly start: number; readonly end: number }
  | {
      readonly kind: 'name' | 'keyword' | 'punct' | 'eof';
      readonly text: string;
      readonly start: number;
      readonly end: number;
    };

export const KEYWORDS: ReadonlySet<string> = new Set(['and', 'or', 'not', 'in', 'if', 'then', 'else', 'let', 'true', 'false']);

// Longest first, so that `<=` wins over `<` and `=>` over `=`.
const PUNCTUATION = [
  '=>',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '.',
  '?',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '=',
] as const;

const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', "'": "'", '"': '"', n: '\n', t: '\t' };

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isIdentStart = (c: string | undefined): boolean => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isIdentPart = (c: string | undefined): boolean => isIdentStart(c) || isDigit(c);

export const isIdentifier = (text: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) && !KEYWORDS.has(text);

export type LexResult = { ok: true; tokens: Token[] } | { ok: false; error: ExprError };

/** Splits source text into tokens; the list always ends with an `eof` token. */
export function lex(src: string): LexResult {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c)) {
      const scanned = scanNumber(src, i);
      if (typeof scanned === 'string')
        return { ok: false, error: { code: 'expression-syntax', message: scanned, start, end: numberEnd(src, i) } };
      tokens.push({ kind: 'number', value: scanned.value, start, end: scanned.end });
      i = scanned.end;
      continue;
    }
    if (isIdentStart(c)) {
      while (isIdentPart(src[i])) i++;
      const text = src.slice(start, i);
      tokens.push({ kind: KEYWORDS.has(text) ? 'keyword' : 'name', text, start, end: i });
      continue;
    }
    if (c === '"' || c === "'") {
      const scanned = scanString(src, i);
      if ('message' in scanned) return { ok: false, error: scanned };
      tokens.push({ kind: 'string', value: scanned.value, start, end: scanned.end });
      i = scanned.end;
      continue;
    }
    const punct = PUNCTUATION.find((p) => src.startsWith(p, i));
    if (punct === undefined) {
      return { ok: false, error: { code: 'expression-syntax', message: `unexpected character '${c ?? ''}'`, start, end: start + 1 } };
    }
    tokens.push({ kind: 'punct', text: punct, start, end: i + punct.length });
    i += punct.length;
  }
  tokens.push({ kind: 'eof', text: '', start: src.length, end: src.length });
  return { ok: true, tokens };
}

/** Where a malformed number ends, so that the error covers all of it. */
function numberEnd(src: string, from: number): number {
  let i = from;
  while (isIdentPart(src[i]) || (src[i] === '.' && isDigit(src[i + 1]))) i++;
  return i;
}

/** Digits with `_` allowed between digits (`10_000`), then an optional `.digits` part. */
function scanNumber(src: string, from: number): { value: number; end: number } | string {
  let i = from;
  const digits = (): string | undefined => {
    const begin = i;
    while (isDigit(src[i]) || (src[i] === '_' && isDigit(src[i - 1]) && isDigit(src[i + 1]))) i++;
    return src[i] === '_' ? undefined : src.slice(begin, i).replaceAll('_', '');
  };
  const whole = digits();
  if (whole === undefined) return `invalid number '${src.slice(from, numberEnd(src, from))}'`;
  let text = whole;
  if (src[i] === '.' && isDigit(src[i + 1])) {
    i++;
    const fraction = digits();
    if (fraction === undefined) return `invalid number '${src.slice(from, numberEnd(src, from))}'`;
    text += `.${fraction}`;
  }
  if (isIdentPart(src[i])) return `invalid number '${src.slice(from, numberEnd(src, from))}'`;
  const value = Number(text);
  if (!Number.isFinite(value)) return 'this number is too large';
  return { value, end: i };
}

function scanString(src: string, from: number): { value: string; end: number } | ExprError {
  const quote = src[from];
  let value = '';
  let i = from + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === quote) return { value, end: i + 1 };
    if (c === '\\') {
      if (i + 1 >= src.length) break;
      const escaped = ESCAPES[src[i + 1] ?? ''];
      if (escaped === undefined) {
        return {
          code: 'expression-syntax',
          message: `unknown escape '\\${src[i + 1] ?? ''}' (use \\\\, \\', \\", \\n or \\t)`,
          start: i,
          end: Math.min(i + 2, src.length),
        };
      }
      value += escaped;
      i += 2;
      continue;
    }
    value += c;
    i++;
  }
  return { code: 'expression-syntax', message: `unterminated string: missing closing ${quote}`, start: from, end: src.length };
}
