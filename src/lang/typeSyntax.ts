import type { ExprError, ExprErrorCode } from './errors.ts';
import { lex, type Token } from './lexer.ts';
import { describeToken } from './parser.ts';
import { didYouMean } from './suggest.ts';
import { BOOL, NUMBER, STRING, listOf, recordOf, type FunctionType, type Type } from './types.ts';

const NAMED: Readonly<Record<string, Type>> = { number: NUMBER, bool: BOOL, string: STRING };
const TYPE_NAMES = [...Object.keys(NAMED), 'list'];

/**
 * Parses a type annotation as written in a spec: `number`, `bool`, `string`, `list<T>` or a
 * record `{a: number, b: list<string>}`.
 */
export function parseType(text: string): { ok: true; type: Type } | { ok: false; error: string } {
  const parsed = parseTypeText(text);
  return parsed.ok ? parsed : { ok: false, error: parsed.error.message };
}

/** `parseType` with the error's offsets in `text`. */
export function parseTypeText(text: string): { ok: true; type: Type } | { ok: false; error: ExprError } {
  return parseWith(text, false);
}

/**
 * Parses a builtin's signature such as `(list<T>, (T) => bool) => list<T>`: function types and
 * single capital letters as type variables are allowed here. Signatures are part of the
 * program, not user input, so a bad one is a bug and throws.
 */
export function parseSignature(text: string): FunctionType {
  const parsed = parseWith(text, true);
  if (!parsed.ok) throw new Error(`bad signature '${text}': ${parsed.error.message}`);
  if (parsed.type.kind !== 'function') throw new Error(`signature '${text}' is not a function type`);
  return parsed.type;
}

function parseWith(text: string, signature: boolean): { ok: true; type: Type } | { ok: false; error: ExprError } {
  const lexed = lex(text);
  if (!lexed.ok) return lexed;
  const reader = new TypeReader(lexed.tokens, signature);
  const type = reader.type();
  if (type === undefined) return { ok: false, error: reader.error };
  const rest = reader.peek();
  if (rest.kind !== 'eof') return { ok: false, error: at(rest, `unexpected ${describeToken(rest)} after the type`) };
  return { ok: true, type };
}

const at = (tok: Token, message: string, code: ExprErrorCode = 'expression-syntax'): ExprError => ({
  code,
  message,
  start: tok.start,
  end: tok.end,
});

class TypeReader {
  private pos = 0;
  error: ExprError = { code: 'expression-syntax', message: '', start: 0, end: 0 };

  constructor(
    private readonly tokens: readonly Token[],
    private readonly signature: boolean,
  ) {}

  peek(): Token {
    return this.tokens[Math.min(this.pos, this.tokens.length - 1)] as Token;
  }

  private accept(text: string): boolean {
    const tok = this.peek();
    if (tok.kind === 'punct' && tok.text === text) {
      this.pos++;
      return true;
    }
    return false;
  }

  private expect(text: string, message: string): boolean {
    if (this.accept(text)) return true;
    this.error = at(this.peek(), message);
    return false;
  }

  type(): Type | undefined {
    const tok = this.peek();
    if (tok.kind === 'punct' && tok.text === '{') return this.record();
    if (tok.kind === 'punct' && tok.text === '(' && this.signature) return this.function();
    if (tok.kind !== 'name') {
      this.error = at(tok, `expected a type, found ${describeToken(tok)}`);
      return undefined;
    }
    this.pos++;
    const named = NAMED[tok.text];
    if (named) return named;
    if (tok.text === 'list') {
      if (!this.expect('<', "expected '<' after 'list', as in list<number>")) return undefined;
      const element = this.type();
      if (element === undefined || !this.expect('>', "expected '>' to close 'list<'")) return undefined;
      return listOf(element);
    }
    if (this.signature && /^[A-Z]$/.test(tok.text)) return { kind: 'var', name: tok.text };
    this.error = at(tok, `unknown type '${tok.text}'${didYouMean(tok.text, TYPE_NAMES)}`, 'unknown-name');
    return undefined;
  }

  /** Items up to `close`, separated by commas; a trailing comma is allowed. */
  private items<T>(close: string, message: string, item: () => T | undefined): T[] | undefined {
    const items: T[] = [];
    while (!this.accept(close)) {
      const value = item();
      if (value === undefined) return undefined;
      items.push(value);
      if (!this.accept(',')) return this.expect(close, message) ? items : undefined;
    }
    return items;
  }

  private record(): Type | undefined {
    this.pos++;
    const seen = new Set<string>();
    const fields = this.items('}', "expected ',' or '}' in the record type", (): [string, Type] | undefined => {
      const name = this.peek();
      if (name.kind !== 'name') {
        this.error = at(name, `expected a field name, found ${describeToken(name)}`);
        return undefined;
      }
      if (seen.has(name.text)) {
        this.error = at(name, `field '${name.text}' appears twice`, 'duplicate-name');
        return undefined;
      }
      seen.add(name.text);
      this.pos++;
      if (!this.expect(':', `expected ':' after the field name '${name.text}'`)) return undefined;
      const field = this.type();
      return field && [name.text, field];
    });
    return fields && recordOf(Object.fromEntries(fields));
  }

  private function(): Type | undefined {
    this.pos++;
    const params = this.items(')', "expected ',' or ')' in the parameter types", () => this.type());
    if (params === undefined || !this.expect('=>', "expected '=>' after the parameter types")) return undefined;
    const result = this.type();
    return result && { kind: 'function', params, result };
  }
}
