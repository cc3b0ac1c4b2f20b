import type { BinaryOp, Expr, Ident, LambdaExpr, OrderOp, EqualityOp } from './ast.ts';
import type { ExprError, ExprErrorCode, Span } from './errors.ts';
import { lex, type Token } from './lexer.ts';
import { LIMITS } from '../limits.ts';

export type ParseResult = { ok: true; expr: Expr } | { ok: false; error: ExprError };

/**
 * Deep nesting would overflow the JS stack in the parser, the checker or at run time, so it is
 * refused up front. Long operator chains count too: `a + b + c` nests to the left (`and` and
 * `or` chains do not: they are built balanced, see `logical`).
 */
const MAX_NESTING = LIMITS.exprNesting;

const COMPARISONS: ReadonlySet<string> = new Set<OrderOp | EqualityOp>(['==', '!=', '<', '<=', '>', '>=']);

/** Carries a parse error out of the recursive descent; caught in `parseExpression`. */
class ParseFailure {
  constructor(readonly error: ExprError) {}
}

export function parseExpression(src: string): ParseResult {
  const lexed = lex(src);
  if (!lexed.ok) return lexed;
  const parser = new Parser(lexed.tokens);
  try {
    return { ok: true, expr: parser.parseAll() };
  } catch (e) {
    if (e instanceof ParseFailure) return { ok: false, error: e.error };
    throw e;
  }
}

export function describeToken(tok: Token): string {
  switch (tok.kind) {
    case 'eof':
      return 'the end of the expression';
    case 'number':
      return `number ${tok.value}`;
    case 'string':
      return 'a string';
    default:
      return `'${tok.text}'`;
  }
}

class Parser {
  private pos = 0;
  private nesting = 0;
  /** Inside `let x = …` the value may not use `in` unparenthesized: that `in` ends the value. */
  private noIn = false;

  constructor(private readonly tokens: readonly Token[]) {}

  parseAll(): Expr {
    const expr = this.parseExpr();
    const tok = this.peek();
    if (tok.kind !== 'eof') {
      if (this.isKeyword(tok, 'not') && this.isKeyword(this.peek(1), 'in')) {
        this.fail(tok, "write 'not (x in list)' instead of 'x not in list'");
      }
      this.fail(tok, `unexpected ${describeToken(tok)} after the expression`);
    }
    return expr;
  }

  private peek(ahead = 0): Token {
    const last = this.tokens[this.tokens.length - 1] as Token;
    return this.tokens[this.pos + ahead] ?? last;
  }

  private next(): Token {
    const tok = this.peek();
    if (tok.kind !== 'eof') this.pos++;
    return tok;
  }

  private isPunct(tok: Token, text: string): boolean {
    return tok.kind === 'punct' && tok.text === text;
  }

  private isKeyword(tok: Token, text: string): boolean {
    return tok.kind === 'keyword' && tok.text === text;
  }

  private acceptPunct(text: string): Token | undefined {
    return this.isPunct(this.peek(), text) ? this.next() : undefined;
  }

  private expectPunct(text: string, message: string): Token {
    const tok = this.peek();
    if (!this.isPunct(tok, text)) this.fail(tok, message);
    return this.next();
  }

  private expectKeyword(text: string, message: string): Token {
    const tok = this.peek();
    if (!this.isKeyword(tok, text)) this.fail(tok, message);
    return this.next();
  }

  private expectName(message: string): Ident {
    const tok = this.peek();
    if (tok.kind !== 'name') this.fail(tok, message);
    this.next();
    return { name: tok.text, start: tok.start, end: tok.end };
  }

  private fail(span: Span, message: string, code: ExprErrorCode = 'expression-syntax'): never {
    throw new ParseFailure({ code, message, start: span.start, end: span.end });
  }

  /**
   * Runs `parse` one level deeper; refuses to go past MAX_NESTING. A level of brackets costs the
   * parser's recursion far more stack than one more operand of a chain, so it counts double.
   */
  private nested<T>(parse: () => T): T {
    this.deepen(2);
    try {
      return parse();
    } finally {
      this.nesting -= 2;
    }
  }

  private deepen(levels = 1): void {
    this.nesting += levels;
    if (this.nesting > MAX_NESTING) {
      this.fail(
        this.peek(),
        `expression is nested too deeply (more than ${MAX_NESTING / 2} levels of brackets, or a chain of more than ${MAX_NESTING} operators)`,
      );
    }
  }

  /** Parses inside brackets, where `in` is the membership operator again. */
  private bracketed<T>(parse: () => T): T {
    const saved = this.noIn;
    this.noIn = false;
    try {
      return parse();
    } finally {
      this.noIn = saved;
    }
  }

  /** A left-associative chain: each further operator nests the tree one level deeper. */
  private chain(operand: () => Expr, operator: (tok: Token) => BinaryOp | undefined): Expr {
    const saved = this.nesting;
    let left = operand();
    for (let op = operator(this.peek()); op !== undefined; op = operator(this.peek())) {
      this.next();
      this.deepen();
      const right = operand();
      left = { kind: 'binary', op, left, right, start: left.start, end: right.end };
    }
    this.nesting = saved;
    return left;
  }

  private parseExpr(): Expr {
    return this.nested(() => {
      const test = this.parseOr();
      if (!this.acceptPunct('?')) return test;
      const then = this.bracketed(() => this.parseExpr());
      this.expectPunct(':', "expected ':' after the '?' branch");
      const otherwise = this.parseExpr();
      return { kind: 'cond', test, then, otherwise, start: test.start, end: otherwise.end };
    });
  }

  private parseOr(): Expr {
    return this.logical(
      'or',
      () => this.parseAnd(),
      (tok) => this.isKeyword(tok, 'or') || this.isPunct(tok, '||'),
    );
  }

  private parseAnd(): Expr {
    return this.logical(
      'and',
      () => this.parseNot(),
      (tok) => this.isKeyword(tok, 'and') || this.isPunct(tok, '&&'),
    );
  }

  /**
   * `a and b and c …`: both operators are associative and evaluate left to right either way, so
   * a long list of clauses becomes a balanced tree, as deep as the log of its length.
   */
  private logical(op: 'and' | 'or', operand: () => Expr, isOperator: (tok: Token) => boolean): Expr {
    const operands = [operand()];
    while (isOperator(this.peek())) {
      this.next();
      operands.push(operand());
    }
    const build = (from: number, to: number): Expr => {
      if (to - from === 1) return operands[from] as Expr;
      const middle = (from + to + 1) >> 1;
      const left = build(from, middle);
      const right = build(middle, to);
      return { kind: 'binary', op, left, right, start: left.start, end: right.end };
    };
    return build(0, operands.length);
  }

  private parseNot(): Expr {
    const tok = this.peek();
    if (this.isKeyword(tok, 'not') || this.isPunct(tok, '!')) {
      this.next();
      const operand = this.nested(() => this.parseNot());
      return { kind: 'unary', op: 'not', operand, start: tok.start, end: operand.end };
    }
    return this.parseComparison();
  }

  private comparisonOp(tok: Token): BinaryOp | undefined {
    if (tok.kind === 'punct' && COMPARISONS.has(tok.text)) return tok.text as BinaryOp;
    if (this.isKeyword(tok, 'in') && !this.noIn) return 'in';
    return undefined;
  }

  private parseComparison(): Expr {
    const left = this.parseAdditive();
    const op = this.comparisonOp(this.peek());
    if (op === undefined) return left;
    this.next();
    const right = this.parseAdditive();
    const again = this.peek();
    if (this.comparisonOp(again) !== undefined) {
      this.fail(again, `comparisons cannot be chained: write 'a < b and b < c', or add parentheses`);
    }
    return { kind: 'binary', op, left, right, start: left.start, end: right.end };
  }

  private parseAdditive(): Expr {
    return this.chain(
      () => this.parseMultiplicative(),
      (tok) => (this.isPunct(tok, '+') ? '+' : this.isPunct(tok, '-') ? '-' : undefined),
    );
  }

  private parseMultiplicative(): Expr {
    return this.chain(
      () => this.parseUnary(),
      (tok) => (tok.kind === 'punct' && (tok.text === '*' || tok.text === '/' || tok.text === '%') ? tok.text : undefined),
    );
  }

  private parseUnary(): Expr {
    const tok = this.peek();
    if (this.isPunct(tok, '-')) {
      this.next();
      const operand = this.nested(() => this.parseUnary());
      return { kind: 'unary', op: 'neg', operand, start: tok.start, end: operand.end };
    }
    // `x == not y` reads naturally, so a `not` in operand position is accepted too.
    if (this.isKeyword(tok, 'not') || this.isPunct(tok, '!')) return this.nested(() => this.parseNot());
    return this.parsePostfix();
  }

  private parsePostfix(): Expr {
    const saved = this.nesting;
    let expr = this.parsePrimary();
    for (;;) {
      const tok = this.peek();
      if (this.isPunct(tok, '.')) {
        this.next();
        const field = this.expectName("expected a field name after '.'");
        expr = { kind: 'field', object: expr, field, start: expr.start, end: field.end };
      } else if (this.isPunct(tok, '[')) {
        this.next();
        const index = this.bracketed(() => this.parseExpr());
        const close = this.expectPunct(']', "expected ']' after the index");
        expr = { kind: 'index', object: expr, index, start: expr.start, end: close.end };
      } else if (this.isPunct(tok, '(')) {
        this.fail(tok, 'only named functions can be called, like len(list)');
      } else {
        break;
      }
      this.deepen();
    }
    this.nesting = saved;
    return expr;
  }

  private parsePrimary(): Expr {
    const tok = this.peek();
    switch (tok.kind) {
      case 'number':
      case 'string':
        this.next();
        return tok.kind === 'number'
          ? { kind: 'number', value: tok.value, start: tok.start, end: tok.end }
          : { kind: 'string', value: tok.value, start: tok.start, end: tok.end };
      case 'name':
        if (this.isPunct(this.peek(1), '=>')) return this.parseLambda();
        this.next();
        if (this.isPunct(this.peek(), '(')) return this.parseCall({ name: tok.text, start: tok.start, end: tok.end });
        return { kind: 'name', name: tok.text, start: tok.start, end: tok.end };
      case 'keyword':
        if (tok.text === 'true' || tok.text === 'false') {
          this.next();
          return { kind: 'bool', value: tok.text === 'true', start: tok.start, end: tok.end };
        }
        // `if` and `let` reach as far right as they can, so they may also start an operand.
        if (tok.text === 'if') return this.parseIf();
        if (tok.text === 'let') return this.parseLet();
        break;
      case 'punct':
        if (tok.text === '(') return this.lambdaAhead() ? this.parseLambda() : this.parseGroup();
        if (tok.text === '[') return this.parseList();
        if (tok.text === '{') return this.parseRecord();
        break;
      case 'eof':
        break;
    }
    return this.fail(tok, `expected an expression, found ${describeToken(tok)}`);
  }

  private parseGroup(): Expr {
    const open = this.next();
    const inner = this.bracketed(() => this.parseExpr());
    const close = this.expectPunct(')', "expected ')' to close '('");
    // The parentheses belong to the span, so `a / (b - c)` ends at its last character.
    return { ...inner, start: open.start, end: close.end };
  }

  /** Items up to `close`, separated by commas; a trailing comma is allowed. */
  private parseItems<T>(close: string, message: string, item: () => T): { items: T[]; end: number } {
    return this.bracketed(() => {
      const items: T[] = [];
      for (;;) {
        const end = this.acceptPunct(close);
        if (end) return { items, end: end.end };
        items.push(item());
        if (!this.acceptPunct(',')) return { items, end: this.expectPunct(close, message).end };
      }
    });
  }

  private parseCall(callee: Ident): Expr {
    this.next();
    const { items, end } = this.parseItems(')', "expected ')' after arguments", () => this.parseExpr());
    return { kind: 'call', callee, args: items, start: callee.start, end };
  }

  private parseList(): Expr {
    const open = this.next();
    const { items, end } = this.parseItems(']', "expected ',' or ']' in the list", () => this.parseExpr());
    return { kind: 'list', items, start: open.start, end };
  }

  private parseRecord(): Expr {
    const open = this.next();
    const seen = new Set<string>();
    const { items, end } = this.parseItems('}', "expected ',' or '}' in the record", () => {
      const name = this.expectName('expected a field name in the record');
      if (seen.has(name.name)) this.fail(name, `field '${name.name}' appears twice`, 'duplicate-name');
      seen.add(name.name);
      this.expectPunct(':', `expected ':' after the field name '${name.name}'`);
      return { name, value: this.parseExpr() };
    });
    return { kind: 'record', fields: items, start: open.start, end };
  }

  private parseIf(): Expr {
    const start = this.next().start;
    const test = this.bracketed(() => this.parseExpr());
    this.expectKeyword('then', "expected 'then' after the condition of 'if'");
    const then = this.bracketed(() => this.parseExpr());
    this.expectKeyword('else', "expected 'else': every 'if' needs an 'else'");
    const otherwise = this.parseExpr();
    return { kind: 'cond', test, then, otherwise, start, end: otherwise.end };
  }

  private parseLet(): Expr {
    const start = this.next().start;
    const name = this.expectName("expected a name after 'let'");
    this.expectPunct('=', `expected '=' after 'let ${name.name}'`);
    const saved = this.noIn;
    this.noIn = true;
    const value = this.parseExpr();
    this.noIn = saved;
    this.expectKeyword('in', `expected 'in' after the value of '${name.name}'`);
    const body = this.parseExpr();
    return { kind: 'let', name, value, body, start, end: body.end };
  }

  /** After `(`: is this `() =>`, `(a) =>` or `(a, b) =>`? */
  private lambdaAhead(): boolean {
    let i = 1;
    if (this.peek(i).kind === 'name') {
      i++;
      while (this.isPunct(this.peek(i), ',') && this.peek(i + 1).kind === 'name') i += 2;
    }
    return this.isPunct(this.peek(i), ')') && this.isPunct(this.peek(i + 1), '=>');
  }

  private parseLambda(): LambdaExpr {
    const first = this.peek();
    const params: Ident[] = [];
    if (first.kind === 'name') {
      params.push(this.expectName('expected a parameter name'));
    } else {
      this.next();
      while (!this.acceptPunct(')')) {
        const param = this.expectName('expected a parameter name');
        if (params.some((p) => p.name === param.name)) this.fail(param, `parameter '${param.name}' appears twice`, 'duplicate-name');
        params.push(param);
        this.acceptPunct(',');
      }
    }
    this.expectPunct('=>', "expected '=>'");
    const body = this.parseExpr();
    return { kind: 'lambda', params, body, start: first.start, end: body.end };
  }
}
