import { ExprRuntimeError } from '../../src/errors.ts';
import { describe, expect, it } from 'vitest';
import { Meter, NUMBER, compileExpr, deepEqual, formatValue, listOf, type Value } from '../../src/lang/index.ts';
import { LIBRARY, SCOPE, evaluate, spanOf } from './helpers.ts';

function runtimeError(src: string, env: Record<string, Value> = {}): ExprRuntimeError {
  const compiled = compileExpr(src, { ...SCOPE, n: NUMBER, list: listOf(NUMBER) }, LIBRARY);
  if (!compiled.ok) throw new Error(compiled.errors[0]?.message);
  try {
    compiled.run({ ...env }, new Meter());
  } catch (e) {
    if (e instanceof ExprRuntimeError) return e;
    throw e;
  }
  throw new Error(`'${src}' ran without error`);
}

describe('arithmetic', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['7 / 2', 3.5],
    ['-1 % 3', 2],
    ['-7 % 3', 2],
    ['7 % -3', -2],
    ['7.5 % 2', 1.5],
    ['6 % 3', 0],
    ['-2 * -3', 6],
    ['10_000 / 4', 2500],
    ["'n' + 1 + 2", 'n12'],
    ["1 + 2 + 'n'", '3n'],
    ["'a' + 'b' == 'ab'", true],
    ["'apple' < 'banana'", true],
    ["'B' < 'a'", true],
    ['2 <= 2 and 3 > 2 and (2 >= 3) == false', true],
  ])('%s = %j', (src, expected) => {
    expect(evaluate(src)).toEqual(expected);
  });
});

describe('logic', () => {
  it('short-circuits and / or and evaluates one branch only', () => {
    expect(evaluate('false and 1 / 0 == 1')).toBe(false);
    expect(evaluate('true or [1][5] == 1')).toBe(true);
    expect(evaluate('true ? 1 : 1 / 0')).toBe(1);
    expect(evaluate('if false then first([]) else 2')).toBe(2);
    expect(evaluate('not true || !false')).toBe(true);
  });
});

describe('deep equality', () => {
  it.each([
    ['[[1], [2, 3]] == [[1], [2, 3]]', true],
    ['[[1], [2, 3]] == [[1], [3, 2]]', false],
    ['[1, 2] != [1, 2, 3]', true],
    ["{a: 1, b: ['x']} == {a: 1, b: ['x']}", true],
    ["{a: 1, b: ['x']} == {b: ['y'], a: 1}", false],
    ['[] == []', true],
    ['[] == [1]', false],
    ['[[1], [2]] == [[1], [2]]', true],
    ['[1, 2] in [[2, 1], [1, 2]]', true],
    ['{a: 1} in [{a: 2}, {a: 1}]', true],
    ['item == first(items)', true],
    ['item == last(items)', false],
    // Records compare on the fields both sides have in common.
    ['{value: 2} == item', true],
    ['{value: 2} in map(items, i => {value: i.value, extra: true})', true],
  ])('%s is %s', (src, expected) => {
    expect(evaluate(src)).toBe(expected);
  });

  it('deepEqual compares any two values, all fields included', () => {
    expect(deepEqual([1, { a: [true, 'x'] }], [1, { a: [true, 'x'] }])).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual('1', 1)).toBe(false);
  });
});

describe('lambdas and let', () => {
  it('capture enclosing locals', () => {
    expect(evaluate('let k = 2 in map(xs, x => x * k)')).toEqual([6, 2, 8, 2, 10]);
    expect(evaluate('map(ys, y => count(xs, x => x == y))')).toEqual([2, 1]);
    expect(evaluate('map(ys, y => map(ys, z => [y, z]))')).toEqual([
      [
        [1, 1],
        [1, 5],
      ],
      [
        [5, 1],
        [5, 5],
      ],
    ]);
    expect(evaluate('let t = 2 in filter(xs, x => let d = x - t in d > 0 and any(ys, y => y == d))')).toEqual([3]);
  });

  it('see globals', () => {
    expect(evaluate('filter(xs, x => x > limit)')).toEqual([4, 5]);
  });

  it('keep every evaluation independent', () => {
    const compiled = compileExpr('let s = sum(list) in map(list, x => x * s)', { list: listOf(NUMBER) }, LIBRARY);
    if (!compiled.ok) throw new Error('compile');
    expect(compiled.run({ list: [1, 2] }, new Meter())).toEqual([3, 6]);
    expect(compiled.run({ list: [5] }, new Meter())).toEqual([25]);
  });
});

describe('runtime errors', () => {
  it.each([
    ['list[5]', { list: [1, 2] }, 'index 5 is out of range: the list has 2 items', 'list[5]'],
    ['1 + list[-1]', { list: [1] }, 'index -1 is out of range: the list has 1 item', 'list[-1]'],
    ['list[n / 2]', { list: [1, 2], n: 1 }, 'index 0.5 is not a whole number', 'list[n / 2]'],
    ['2 + n / (n - n)', { n: 3 }, 'division by zero', 'n / (n - n)'],
    ['n % 0', { n: 3 }, 'modulo by zero', 'n % 0'],
    ['3 * first(list)', { list: [] }, 'first of an empty list', 'first(list)'],
    ['n + 1', {}, "no value for 'n'", 'n'],
    ['map(list, x => 10 / x)', { list: [1, 0] }, 'division by zero', '10 / x'],
  ])('%s', (src, env, message, fragment) => {
    const error = runtimeError(src, env);
    expect(error.message).toBe(message);
    expect({ start: error.start, end: error.end }).toEqual(spanOf(src, fragment));
    expect(error.source).toBe(src);
    expect(error.definition).toBeUndefined();
  });
});

describe('values', () => {
  it('formats values in literal syntax', () => {
    expect(formatValue([1, "it's", { a: true, b: [] }])).toBe("[1, 'it\\'s', {a: true, b: []}]");
    expect(formatValue(-0)).toBe('0');
  });

  it('freezes literal constants so a caller cannot change them for the next run', () => {
    const value = evaluate('[[1], [2]]') as number[][];
    expect(Object.isFrozen(value)).toBe(true);
    expect(() => value.push([3])).toThrow(TypeError);
    expect(() => value[0]?.push(3)).toThrow(TypeError);
  });
});
