import { describe, expect, it } from 'vitest';
import type { Expr } from '../../src/lang/ast.ts';
import { lex } from '../../src/lang/lexer.ts';
import { parseExpression } from '../../src/lang/parser.ts';

/** The tree without source offsets, so that differently parenthesized texts compare equal. */
function shape(src: string): unknown {
  const parsed = parseExpression(src);
  if (!parsed.ok) throw new Error(`'${src}': ${parsed.error.message}`);
  return JSON.parse(JSON.stringify(parsed.expr, (key, value: unknown) => (key === 'start' || key === 'end' ? undefined : value)));
}

function parseError(src: string): { message: string; start: number; end: number } {
  const parsed = parseExpression(src);
  if (parsed.ok) throw new Error(`'${src}' parsed`);
  return parsed.error;
}

describe('precedence and associativity', () => {
  it.each([
    ['a + b * c', 'a + (b * c)'],
    ['a - b - c', '(a - b) - c'],
    ['a / b * c % d', '((a / b) * c) % d'],
    ['-a * b', '(-a) * b'],
    ['-a.f', '-(a.f)'],
    ['- -a', '-(-a)'],
    ['a + b < c * d', '(a + b) < (c * d)'],
    ['x in xs and y', '(x in xs) and y'],
    ['a + 1 in xs', '(a + 1) in xs'],
    ['not a == b', 'not (a == b)'],
    ['!a == b', 'not (a == b)'],
    ['not a and b', '(not a) and b'],
    ['not not a', 'not (not a)'],
    ['a == not b', 'a == (not b)'],
    ['a or b and c', 'a or (b and c)'],
    ['a && b || c', '(a and b) or c'],
    ['a or b or c', '(a or b) or c'],
    ['c ? a : b or d', 'c ? a : (b or d)'],
    ['a or b ? x : y', '(a or b) ? x : y'],
    ['a ? b : c ? d : e', 'a ? b : (c ? d : e)'],
    ['a ? b ? c : d : e', 'a ? (b ? c : d) : e'],
    ['if c then a else b', 'c ? a : b'],
    ['if a then b else c + 1', 'if a then b else (c + 1)'],
    ['if a then if b then c else d else e', 'a ? (b ? c : d) : e'],
    ['1 + if a then 2 else 3', '1 + (if a then 2 else 3)'],
    ['let x = 1 in x + 2', 'let x = 1 in (x + 2)'],
    ['let x = a in xs', 'let x = (a) in (xs)'],
    ['let x = (a in xs) in x', 'let x = (a in xs) in (x)'],
    ['let x = f(a in xs) in x', 'let x = f((a in xs)) in x'],
    ['let a = let b = 1 in b in a', 'let a = (let b = 1 in b) in a'],
    ['let v = c ? x in xs : y in v', 'let v = (c ? (x in xs) : y) in v'],
    ['xs[0].f[1]', '((xs[0]).f)[1]'],
    ['f(x => x + 1, 2)', 'f((x => (x + 1)), 2)'],
    ['g((a, b) => a + b)', 'g(((a, b) => (a + b)))'],
    ['[1, 2, ]', '[1, 2]'],
    ['{a: 1, b: 2,}', '{a: 1, b: 2}'],
    ['f(1, 2,)', 'f(1, 2)'],
  ])('%s  ≡  %s', (src, parenthesized) => {
    expect(shape(src)).toEqual(shape(parenthesized));
  });

  it('builds the expected nodes', () => {
    expect(shape('f(x => x.a)')).toEqual({
      kind: 'call',
      callee: { name: 'f' },
      args: [
        { kind: 'lambda', params: [{ name: 'x' }], body: { kind: 'field', object: { kind: 'name', name: 'x' }, field: { name: 'a' } } },
      ],
    });
  });

  it('records node offsets', () => {
    const parsed = parseExpression('  a + f(b) ');
    expect(parsed.ok && parsed.expr).toMatchObject({ start: 2, end: 10, right: { start: 6, end: 10 } });
    const grouped = parseExpression('c * (a - b)');
    expect(grouped.ok && grouped.expr).toMatchObject({ start: 0, end: 11, right: { kind: 'binary', start: 4, end: 11 } });
  });
});

describe('literals', () => {
  const value = (src: string): unknown => {
    const parsed = parseExpression(src);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return (parsed.expr as Expr & { value?: unknown }).value;
  };

  it('reads numbers with underscores and fractions', () => {
    expect(value('10')).toBe(10);
    expect(value('2.5')).toBe(2.5);
    expect(value('10_000')).toBe(10000);
    expect(value('1_000.25')).toBe(1000.25);
  });

  it('reads strings with escapes in either quote', () => {
    expect(value(`'it\\'s'`)).toBe("it's");
    expect(value(`"say \\"hi\\""`)).toBe('say "hi"');
    expect(value(`'a\\\\b\\n\\t'`)).toBe('a\\b\n\t');
  });

  it('reads booleans and keywords', () => {
    expect(value('true')).toBe(true);
    expect(value('false')).toBe(false);
    const lexed = lex('and or not in if then else let x');
    expect(lexed.ok && lexed.tokens.map((t) => t.kind)).toEqual([...Array(8).fill('keyword'), 'name', 'eof']);
  });
});

describe('parse errors', () => {
  it.each([
    ['f(1, 2', "expected ')' after arguments", 6, 6],
    ['f(1 2)', "expected ')' after arguments", 4, 5],
    ['(1 + 2', "expected ')' to close '('", 6, 6],
    ['1 +', 'expected an expression, found the end of the expression', 3, 3],
    ['', 'expected an expression, found the end of the expression', 0, 0],
    ['a < b < c', "comparisons cannot be chained: write 'a < b and b < c', or add parentheses", 6, 7],
    ['a == b in c', "comparisons cannot be chained: write 'a < b and b < c', or add parentheses", 7, 9],
    ['if a then b', "expected 'else': every 'if' needs an 'else'", 11, 11],
    ['if a b', "expected 'then' after the condition of 'if'", 5, 6],
    ['let x 1 in x', "expected '=' after 'let x'", 6, 7],
    ['let 1 = 2 in 3', "expected a name after 'let'", 4, 5],
    ['let x = 1', "expected 'in' after the value of 'x'", 9, 9],
    ['a ? b', "expected ':' after the '?' branch", 5, 5],
    ['xs.1', "expected a field name after '.'", 3, 4],
    ['a.b(1)', 'only named functions can be called, like len(list)', 3, 4],
    ['1 2', 'unexpected number 2 after the expression', 2, 3],
    ['x not in xs', "write 'not (x in list)' instead of 'x not in list'", 2, 5],
    ['{a 1}', "expected ':' after the field name 'a'", 3, 4],
    ['[1, 2', "expected ',' or ']' in the list", 5, 5],
    ['xs[1', "expected ']' after the index", 4, 4],
    ['then', "expected an expression, found 'then'", 0, 4],
    ["'abc", "unterminated string: missing closing '", 0, 4],
    ["'a\\qb'", "unknown escape '\\q' (use \\\\, \\', \\\", \\n or \\t)", 2, 4],
    ['2x + 1', "invalid number '2x'", 0, 2],
    ['1__0', "invalid number '1__0'", 0, 4],
    ['1_', "invalid number '1_'", 0, 2],
    ['1 # 2', "unexpected character '#'", 2, 3],
  ])('%s', (src, message, start, end) => {
    expect(parseError(src)).toEqual({ code: 'expression-syntax', message, start, end });
  });

  it.each([
    ['{a: 1, a: 2}', "field 'a' appears twice", 7, 8],
    ['f((a, a) => a)', "parameter 'a' appears twice", 6, 7],
  ])('%s', (src, message, start, end) => {
    expect(parseError(src)).toEqual({ code: 'duplicate-name', message, start, end });
  });

  it('refuses nesting deep enough to threaten the stack', () => {
    expect(parseError(`${'('.repeat(300)}1${')'.repeat(300)}`).message).toMatch(/^expression is nested too deeply/);
    expect(parseError(Array(500).fill('1').join(' + ')).message).toMatch(/^expression is nested too deeply/);
    expect(parseError(`${'-'.repeat(300)}1`).message).toMatch(/^expression is nested too deeply/);
    expect(parseExpression(Array(100).fill('1').join(' + ')).ok).toBe(true);
  });

  it('accepts long flat chains: 250 and-clauses, 20,000 or-clauses and a sum of 300 terms (issue 16)', () => {
    expect(parseExpression(Array(250).fill('a').join(' and ')).ok).toBe(true);
    expect(parseExpression(Array(20_000).fill('a').join(' or ')).ok).toBe(true);
    expect(parseExpression(Array(300).fill('1').join(' + ')).ok).toBe(true);
  });

  it("says 'unterminated string' for a string ending in a backslash (issue 16)", () => {
    expect(parseError("'a\\").message).toBe("unterminated string: missing closing '");
  });

  it('refuses a number too large to be finite', () => {
    expect(parseError('9'.repeat(400)).message).toBe('this number is too large');
  });
});
