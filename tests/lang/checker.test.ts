import { describe, expect, it } from 'vitest';
import { BOOL, NUMBER, compileExpr, formatType, listOf, type ExprErrorCode } from '../../src/lang/index.ts';
import { ENV, LIBRARY, SCOPE, errorsOf, evaluate, expectError, spanOf, typeOf } from './helpers.ts';

describe('type errors point at the offending node', () => {
  it.each<[string, ExprErrorCode, string, string]>([
    ['scroe + 1', 'unknown-name', "unknown name 'scroe' — did you mean 'score'?", 'scroe'],
    ['Score', 'unknown-name', "unknown name 'Score' — did you mean 'score'?", 'Score'],
    ['nothingLikeIt', 'unknown-name', "unknown name 'nothingLikeIt'", 'nothingLikeIt'],
    ['len', 'type-mismatch', "'len' is a function: call it like len(...)", 'len'],
    ['1 + true', 'type-mismatch', 'cannot add number and bool', '1 + true'],
    ["'a' + flag", 'type-mismatch', 'cannot add string and bool — use str(x) to turn a value into a string', "'a' + flag"],
    ['xs + ys + 1', 'type-mismatch', 'cannot add list<number> and number', 'xs + ys + 1'],
    ['xs + words', 'type-mismatch', 'cannot add list<number> and list<string>', 'xs + words'],
    ["score * 'x'", 'type-mismatch', "'*' needs numbers, found string", "'x'"],
    ['flag - 1', 'type-mismatch', "'-' needs numbers, found bool", 'flag'],
    ['score and flag', 'type-mismatch', "'and' needs bools, found number", 'score'],
    ['flag || 1', 'type-mismatch', "'or' needs bools, found number", '1'],
    ['not score', 'type-mismatch', "'not' needs a bool, found number", 'score'],
    ['-label', 'type-mismatch', "'-' needs a number, found string", 'label'],
    ["score == 'x'", 'type-mismatch', 'cannot compare number and string: they have different types', "score == 'x'"],
    ['flag < flag', 'type-mismatch', "'<' compares numbers or strings, not bool", 'flag < flag'],
    ["score >= 'a'", 'type-mismatch', "cannot compare number and string with '>='", "score >= 'a'"],
    ["'x' in xs", 'type-mismatch', 'cannot look for string in list<number>', "'x' in xs"],
    ['1 in 2', 'type-mismatch', "'in' needs a list on the right, found number", '2'],
    ['if score then 1 else 2', 'type-mismatch', 'the condition must be a bool, found number', 'score'],
    ["flag ? 1 : 'a'", 'type-mismatch', 'the two branches have different types: number and string', "flag ? 1 : 'a'"],
    ["[1, 2, 'a']", 'type-mismatch', 'list items must all have one type: this one is string, the ones before are number', "'a'"],
    ['item.vlaue', 'unknown-name', "no field 'vlaue' in {value: number, tag: string} — did you mean 'value'?", 'vlaue'],
    ['first(items).color', 'unknown-name', "no field 'color' in {value: number, tag: string}", 'color'],
    ['xs.length', 'type-mismatch', "list<number> has no field 'length' — use len(...)", 'length'],
    ['score.x', 'type-mismatch', "number has no field 'x'", 'x'],
    ['score[0]', 'type-mismatch', 'only lists can be indexed, found number', 'score'],
    ["xs['a']", 'type-mismatch', 'a list index must be a number, found string', "'a'"],
    ['fitler(xs, x => x > 1)', 'unknown-name', "unknown function 'fitler' — did you mean 'filter'?", 'fitler'],
    ['sortby(xs, x => x)', 'unknown-name', "unknown function 'sortby' — did you mean 'sortBy'?", 'sortby'],
    ['score(1)', 'type-mismatch', "'score' is not a function", 'score'],
    ['filter(3)', 'wrong-arguments', "'filter' expects (list<T>, (T) => bool), got (number)", 'filter(3)'],
    [
      'filter(xs, 3)',
      'wrong-arguments',
      "'filter' expects (list<T>, (T) => bool), got (list<number>, number) — pass a function here, like x => ...",
      '3',
    ],
    ['len(xs, 1)', 'wrong-arguments', "'len' expects (list<T>) or (string), got (list<number>, number)", 'len(xs, 1)'],
    ['len(3)', 'wrong-arguments', "'len' expects (list<T>) or (string), got (number)", 'len(3)'],
    ["contains(xs, 'a')", 'wrong-arguments', "'contains' expects (list<T>, T), got (list<number>, string)", "'a'"],
    ["max('a')", 'wrong-arguments', "'max' expects (list<number>) or (number, number), got (string)", "'a'"],
    ['len(x => 1)', 'wrong-arguments', "'len' expects (list<T>) or (string), got ((x) => ...)", 'len(x => 1)'],
    ['filter(xs, x => x + 1)', 'type-mismatch', "the function given to 'filter' must return bool, found number", 'x + 1'],
    ['map(items, i => i.vaule)', 'unknown-name', "no field 'vaule' in {value: number, tag: string} — did you mean 'value'?", 'vaule'],
    ['fold(xs, 0, x => x)', 'wrong-arguments', "the function given to 'fold' must take 2 parameters, not 1", 'x => x'],
    ["fold(xs, 0, (acc, x) => 'a')", 'type-mismatch', "the function given to 'fold' must return number, found string", "'a'"],
    [
      'sort(items)',
      'wrong-arguments',
      "'sort' expects (list<T>) where T is number or string, got (list<{value: number, tag: string}>)",
      'sort(items)',
    ],
    [
      'sortBy(xs, x => x > 1)',
      'wrong-arguments',
      "'sortBy' expects (list<T>, (T) => K) where K is number or string, got (list<number>, (number) => bool)",
      'sortBy(xs, x => x > 1)',
    ],
    [
      'x => x',
      'expression-syntax',
      "a function like 'x => ...' can only be an argument of a builtin such as filter, map or count",
      'x => x',
    ],
    [
      'let f = x => x in 1',
      'expression-syntax',
      "a function like 'x => ...' can only be an argument of a builtin such as filter, map or count",
      'x => x',
    ],
    ['join(xs, 1)', 'wrong-arguments', "'join' expects (list<string>, string), got (list<number>, number)", 'xs'],
  ])('%s', (src, code, message, fragment) => {
    expectError(src, code, message, fragment);
  });

  it('reports independent errors together, in source order', () => {
    const src = 'fitler(xs, x => x) + scroe + (flag and 1)';
    expect(errorsOf(src)).toEqual([
      {
        code: 'unknown-name',
        message: "unknown function 'fitler' — did you mean 'filter'?",
        ...spanOf(src, 'fitler'),
        replacement: 'filter',
      },
      { code: 'unknown-name', message: "unknown name 'scroe' — did you mean 'score'?", ...spanOf(src, 'scroe'), replacement: 'score' },
      { code: 'type-mismatch', message: "'and' needs bools, found number", ...spanOf(src, '1') },
    ]);
  });

  it('does not cascade from a broken sub-expression', () => {
    expect(errorsOf('let y = scroe in y + 1 > 2 and y')).toHaveLength(1);
    expect(errorsOf('len(scroe) + first(scroe).x')).toHaveLength(2);
    expect(errorsOf('map(xs, x => x.foo).bar')).toEqual([
      { code: 'type-mismatch', message: "number has no field 'foo'", ...spanOf('map(xs, x => x.foo).bar', 'foo') },
    ]);
  });

  it('checks the expected type', () => {
    expect(errorsOf('score + 1', LIBRARY, SCOPE, BOOL)).toEqual([
      { code: 'type-mismatch', message: 'expected bool, found number', start: 0, end: 9 },
    ]);
    expect(errorsOf('  xs ', LIBRARY, SCOPE, listOf(BOOL))).toEqual([
      { code: 'type-mismatch', message: 'expected list<bool>, found list<number>', start: 2, end: 4 },
    ]);
    const empty = compileExpr('[]', SCOPE, LIBRARY, listOf(NUMBER));
    expect(empty.ok && formatType(empty.type)).toBe('list<nothing>');
    expect(compileExpr('items', SCOPE, LIBRARY, listOf(typeOf('{value: 1}'))).ok).toBe(true);
  });

  it('suggests local names too', () => {
    expectError('map(xs, value => valeu)', 'unknown-name', "unknown name 'valeu' — did you mean 'value'?", 'valeu');
    expectError('let total = 1 in totl', 'unknown-name', "unknown name 'totl' — did you mean 'total'?", 'totl');
  });
});

describe('types of well-typed expressions', () => {
  it.each([
    ['1 + 2', 'number'],
    ["'a' + 1", 'string'],
    ["2 + 'a'", 'string'],
    ['xs + [1]', 'list<number>'],
    ['[] + []', 'list<nothing>'],
    ['[]', 'list<nothing>'],
    ['[[], [1]]', 'list<list<number>>'],
    ["[{a: 1, b: 'x'}, {a: 2}]", 'list<{a: number}>'],
    ['flag ? [] : xs', 'list<number>'],
    ['{a: 1, b: [true]}', '{a: number, b: list<bool>}'],
    ['xs[0]', 'number'],
    ['[][0]', 'nothing'],
    ['first([]) + 1', 'number'],
    ['x in []', 'bool'],
    ['let x = 1 in x in xs', 'bool'],
  ])('%s : %s', (src, type) => {
    expect(formatType(typeOf(src, LIBRARY, { ...SCOPE, x: NUMBER }))).toBe(type);
  });
});

describe('names', () => {
  it('reports the scope names an expression reads', () => {
    const compiled = compileExpr('let s = score in map(xs, x => x + s + limit)', SCOPE, LIBRARY);
    expect(compiled.ok && [...compiled.usedNames].sort()).toEqual(['limit', 'score', 'xs']);
  });

  it('lets locals shadow globals and each other', () => {
    expect(evaluate('let score = 1 in score + 1')).toBe(2);
    expect(evaluate('map(xs, score => score * 2)')).toEqual([6, 2, 8, 2, 10]);
    expect(evaluate('let x = 1 in let x = x + 1 in x')).toBe(2);
    expect(evaluate('map(ys, x => map(ys, x => x + 1))')).toEqual([
      [2, 6],
      [2, 6],
    ]);
  });

  it('does not confuse field names with Object.prototype', () => {
    expectError('item.constructor', 'unknown-name', "no field 'constructor' in {value: number, tag: string}", 'constructor');
    expect(errorsOf('toString', LIBRARY, SCOPE)[0]?.message).toBe("unknown name 'toString'");
    expect(evaluate('{constructor: 1, __proto__: 2}.__proto__')).toBe(2);
    expect(ENV.score).toBe(10);
  });
});
