/**
 * Log text: plain text with `{expr}` placeholders, and plurals written as ICU MessageFormat
 * (`{n, plural, one {# card} other {# cards}}`, the placeholder's expression in place of an
 * argument name). The same reading serves a spec's own log lines (compile/effects.ts) and their
 * translations, so a translation is held to the placeholders the log line really has.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { lex, type Token } from '../lang/lexer.ts';

export type TemplatePart =
  | { readonly kind: 'text'; readonly text: string }
  /** `start` is the expression's offset in the template, for errors inside it. */
  | { readonly kind: 'expr'; readonly source: string; readonly start: number }
  /** `message` is the plural as ICU text with the argument named `n`. */
  | { readonly kind: 'plural'; readonly source: string; readonly start: number; readonly message: string };

export type TemplateReading =
  | { readonly ok: true; readonly parts: readonly TemplatePart[] }
  | { readonly ok: false; readonly message: string; readonly offset: number };

const OPEN: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/**
 * Where the expression that starts at `from` ends: at the first `}` or `,` outside parentheses,
 * brackets, braces and quotes; -1 when the text ends first.
 */
const expressionEnd = (text: string, from: number): number => {
  const closers: string[] = [];
  let quote: string | null = null;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (OPEN[c]) closers.push(OPEN[c] as string);
    else if (closers.length > 0 && c === closers[closers.length - 1]) closers.pop();
    else if (closers.length === 0 && (c === '}' || c === ',')) return i;
  }
  return -1;
};

/** The index of the `}` that closes the `{` just before `from`, counting nested braces; -1 if none. */
const braceEnd = (text: string, from: number): number => {
  let depth = 1;
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && (depth -= 1) === 0) return i;
  }
  return -1;
};

const PLURAL_HEAD = /^\s*plural\s*,/;

/** Reads a log text into its parts; an unclosed brace or a malformed plural is an error at its offset. */
export const readTemplate = (text: string): TemplateReading => {
  const parts: TemplatePart[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) {
      parts.push({ kind: 'text', text: text.slice(i) });
      break;
    }
    if (open > i) parts.push({ kind: 'text', text: text.slice(i, open) });
    const end = expressionEnd(text, open + 1);
    if (end < 0) return { ok: false, message: "unclosed '{' in log text", offset: open };
    const source = text.slice(open + 1, end);
    if (text[end] === '}') {
      parts.push({ kind: 'expr', source, start: open + 1 });
      i = end + 1;
      continue;
    }
    const rest = text.slice(end + 1);
    const head = PLURAL_HEAD.exec(rest);
    if (!head)
      return {
        ok: false,
        message: "after '{expression,' only 'plural' may follow, as in {n, plural, one {# card} other {# cards}}",
        offset: end,
      };
    const close = braceEnd(text, end + 1);
    if (close < 0) return { ok: false, message: "unclosed '{' in log text", offset: open };
    const body = text.slice(end + 1 + head[0].length, close);
    parts.push({ kind: 'plural', source, start: open + 1, message: `{n, plural,${body}}` });
    i = close + 1;
  }
  return { ok: true, parts };
};

const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** What a plural holds back: an ICU syntax error, a branch key that is no plural form, or an argument inside a branch. */
export const pluralProblem = (message: string, lang: string): string | null => {
  let format: IntlMessageFormat;
  try {
    format = new IntlMessageFormat(message, lang);
  } catch (error) {
    return `broken plural: ${error instanceof Error ? error.message : String(error)}`;
  }
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as readonly string[];
  for (const element of format.getAst()) {
    if (!('options' in element) || !element.options) continue;
    for (const [key, option] of Object.entries(element.options as Record<string, { value: readonly { type: number }[] }>)) {
      if (!key.startsWith('=') && !CATEGORIES.includes(key)) return `'${key}' is no plural form (forms: ${CATEGORIES.join(', ')}, or =N)`;
      if (!key.startsWith('=') && !categories.includes(key))
        return `'${lang}' has no '${key}' plural form (its forms: ${categories.join(', ')})`;
      if (option.value.some((e) => e.type !== 0 && e.type !== 7))
        return `a plural's branch holds text and # only (write other placeholders outside the plural), in '${key}'`;
    }
  }
  return null;
};

/** A plural ready to format a count, in the language of the text. */
export const pluralFormat = (message: string, lang: string): ((n: number) => string) => {
  const format = new IntlMessageFormat(message, lang);
  return (n) => String(format.format({ n }));
};

/** A token as the shape of an expression sees it: a quoted text counts as a quoted text, whatever it says. */
const tokenShape = (t: Token): string => ('text' in t ? t.text : t.kind === 'string' ? "''" : String(t.value));

/**
 * An expression's shape: its tokens with every quoted text blanked, so that spacing never makes two
 * placeholders differ and a translation may translate the quoted words inside one; null when it does not lex.
 */
export const expressionShape = (source: string): string | null => {
  const lexed = lex(source);
  return lexed.ok ? lexed.tokens.map(tokenShape).join(' ') : null;
};

/** The quoted texts of an expression (those a translation may change). */
export const quotedTexts = (source: string): string[] => {
  const lexed = lex(source);
  return lexed.ok ? lexed.tokens.flatMap((t) => (t.kind === 'string' ? [t.value] : [])) : [];
};

/** The expressions of a template's placeholders (plurals by their expression). */
export const placeholders = (parts: readonly TemplatePart[]): Extract<TemplatePart, { source: string }>[] =>
  parts.filter((p): p is Extract<TemplatePart, { source: string }> => p.kind !== 'text');
