import { ExprRuntimeError } from '../../src/errors.ts';
import { describe, expect, it } from 'vitest';
import { BUILTINS } from '../../src/lang/builtins.ts';
import { formatType, type Value } from '../../src/lang/index.ts';
import { evaluate, typeOf } from './helpers.ts';

// ENV: xs = [3, 1, 4, 1, 5], ys = [1, 5], words = ['b', 'a', 'c'],
// items = [{value: 2, tag: 'x'}, {value: 7, tag: 'y'}, {value: 2, tag: 'z'}].
const CASES: Readonly<Record<string, readonly [string, Value][]>> = {
  len: [
    ['len(xs)', 5],
    ['len([])', 0],
    ["len('hello')", 5],
  ],
  sum: [
    ['sum(xs)', 14],
    ['sum([])', 0],
  ],
  max: [
    ['max(xs)', 5],
    ['max(2, -3)', 2],
    ['max([-1, -7])', -1],
  ],
  min: [
    ['min(xs)', 1],
    ['min(2, -3)', -3],
  ],
  abs: [
    ['abs(-2.5)', 2.5],
    ['abs(3)', 3],
  ],
  floor: [
    ['floor(2.7)', 2],
    ['floor(-2.2)', -3],
  ],
  ceil: [
    ['ceil(2.1)', 3],
    ['ceil(-2.7)', -2],
  ],
  round: [
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(2.49)', 2],
    ['round(7 / 2)', 4],
  ],
  pow: [
    ['pow(2, 10)', 1024],
    ['pow(9, 0.5)', 3],
    ['pow(2, -1)', 0.5],
  ],
  clamp: [
    ['clamp(12, 0, 10)', 10],
    ['clamp(-1, 0, 10)', 0],
    ['clamp(4, 0, 10)', 4],
  ],
  range: [
    ['range(0, 4)', [0, 1, 2, 3]],
    ['range(-2, 1)', [-2, -1, 0]],
    ['range(3, 3)', []],
    ['range(5, 2)', []],
  ],
  contains: [
    ['contains(xs, 4)', true],
    ['contains(xs, 9)', false],
    ["contains(items, {value: 7, tag: 'y'})", true],
  ],
  countOf: [
    ['countOf(xs, 1)', 2],
    ['countOf(xs, 9)', 0],
    ['countOf(map(items, i => i.value), 2)', 2],
  ],
  count: [
    ['count(xs, x => x == 1)', 2],
    ['count(items, i => i.value > 1)', 3],
    ['count([], x => true)', 0],
  ],
  filter: [
    ['filter(xs, x => x > 2)', [3, 4, 5]],
    ["filter(words, w => w != 'a')", ['b', 'c']],
  ],
  map: [
    ['map(xs, x => x * 10)', [30, 10, 40, 10, 50]],
    ['map(items, i => i.tag)', ['x', 'y', 'z']],
    ['map([], x => x)', []],
  ],
  any: [
    ['any(xs, x => x > 4)', true],
    ['any(xs, x => x > 5)', false],
    ['any([], x => true)', false],
  ],
  all: [
    ['all(xs, x => x > 0)', true],
    ['all(xs, x => x > 1)', false],
    ['all([], x => false)', true],
  ],
  fold: [
    ['fold(xs, 0, (acc, x) => acc + x)', 14],
    ["fold(words, '', (acc, w) => acc + w)", 'bac'],
    ['fold(xs, [], (acc, x) => [x] + acc)', [5, 1, 4, 1, 3]],
  ],
  indexOf: [
    ['indexOf(xs, 1)', 1],
    ['indexOf(xs, 9)', -1],
    ["indexOf(words, 'c')", 2],
  ],
  sort: [
    ['sort(xs)', [1, 1, 3, 4, 5]],
    ['sort(words)', ['a', 'b', 'c']],
    ['sort([])', []],
  ],
  sortBy: [
    [
      'sortBy(items, i => -i.value)',
      [
        { value: 7, tag: 'y' },
        { value: 2, tag: 'x' },
        { value: 2, tag: 'z' },
      ],
    ],
    ['map(sortBy(items, i => i.value), i => i.tag)', ['x', 'z', 'y']],
    ["sortBy(words, w => w == 'a' ? 'z' : w)", ['b', 'c', 'a']],
  ],
  reverse: [
    ['reverse(xs)', [5, 1, 4, 1, 3]],
    ['reverse([])', []],
  ],
  distinct: [
    ['distinct(xs)', [3, 1, 4, 5]],
    ['distinct([[1], [2], [1]])', [[1], [2]]],
  ],
  concat: [
    ['concat(xs, ys)', [3, 1, 4, 1, 5, 1, 5]],
    ['concat([], ys)', [1, 5]],
  ],
  append: [
    ['append(ys, 9)', [1, 5, 9]],
    ['append([], 9)', [9]],
  ],
  take: [
    ['take(xs, 2)', [3, 1]],
    ['take(xs, 0)', []],
    ['take(xs, 10)', [3, 1, 4, 1, 5]],
  ],
  drop: [
    ['drop(xs, 2)', [4, 1, 5]],
    ['drop(xs, 10)', []],
  ],
  first: [
    ['first(xs)', 3],
    ['first(items).tag', 'x'],
  ],
  last: [
    ['last(xs)', 5],
    ['last(words)', 'c'],
  ],
  without: [
    ['without(xs, [1, 4])', [3, 1, 5]],
    ['without(xs, [1, 1, 1])', [3, 4, 5]],
    ['without(xs, [9])', [3, 1, 4, 1, 5]],
  ],
  pickBy: [
    ['map(pickBy(items, i => i.value, [2, 7, 2, 2]), i => i.tag)', ['x', 'y', 'z']],
    ['pickBy(xs, x => x % 2 == 0, [true])', [4]],
    ['pickBy(xs, x => x, [])', []],
  ],
  sumBy: [
    ['sumBy(items, i => i.value)', 11],
    ['sumBy([], x => 1)', 0],
  ],
  maxBy: [
    ['maxBy(items, i => i.value).tag', 'y'],
    ['maxBy(items, i => -i.value).tag', 'x'],
  ],
  minBy: [
    ['minBy(items, i => i.value).tag', 'x'],
    ['minBy(words, w => w)', 'a'],
  ],
  str: [
    ['str(2.5)', '2.5'],
    ["str('text')", 'text'],
    ['str(flag)', 'true'],
    ['str([1, 2])', '[1, 2]'],
    ["str({a: 'x', b: [true]})", "{a: 'x', b: [true]}"],
  ],
  join: [
    ["join(words, ', ')", 'b, a, c'],
    ["join([], '-')", ''],
  ],
  repeat: [
    ['repeat(0, 3)', [0, 0, 0]],
    ["repeat('a', 0)", []],
    ['repeat([1], 2)', [[1], [1]]],
  ],
};

describe('builtins', () => {
  it('are all covered here', () => {
    expect(Object.keys(CASES).sort()).toEqual([...BUILTINS.keys()].sort());
  });

  for (const [name, cases] of Object.entries(CASES)) {
    it.each(cases)(`${name}: %s`, (src, expected) => {
      expect(evaluate(src)).toEqual(expected);
    });
  }

  it.each([
    ['map(items, i => i.value)', 'list<number>'],
    ['first(items)', '{value: number, tag: string}'],
    ['fold(xs, [], (acc, x) => append(acc, x > 2))', 'list<bool>'],
    ['fold(xs, {n: 0}, (acc, x) => {n: acc.n + x})', '{n: number}'],
    ['concat(items, [{value: 1}])', 'list<{value: number}>'],
    ['contains([], 1)', 'bool'],
    ['first([])', 'nothing'],
    ['map([], x => x)', 'list<nothing>'],
    ['range(0, 3)', 'list<number>'],
    ['repeat(label, 2)', 'list<string>'],
  ])('%s has type %s', (src, type) => {
    expect(formatType(typeOf(src))).toBe(type);
  });

  it('leave their arguments untouched', () => {
    const env = { xs: [3, 1, 2] };
    const scope = { xs: typeOf('xs') };
    for (const src of ['sort(xs)', 'reverse(xs)', 'without(xs, [1])', 'append(xs, 4)', 'sortBy(xs, x => -x)']) {
      evaluate(src, undefined, scope, env);
    }
    expect(env.xs).toEqual([3, 1, 2]);
  });

  it('compare records on the fields of their type', () => {
    expect(evaluate('distinct(map(items, i => {value: i.value}))')).toEqual([{ value: 2 }, { value: 7 }]);
    expect(evaluate("indexOf(items, {value: 2, tag: 'z'})")).toBe(2);
    expect(evaluate("map(without(items, [{value: 2, tag: 'z'}]), i => i.tag)")).toEqual(['x', 'y']);
  });

  it.each([
    ['max([])', 'max of an empty list'],
    ['min([])', 'min of an empty list'],
    ['first([])', 'first of an empty list'],
    ['last(filter(xs, x => x > 9))', 'last of an empty list'],
    ['maxBy([], x => x)', 'maxBy of an empty list'],
    ['minBy([], x => x)', 'minBy of an empty list'],
    ['pow(-8, 1 / 3)', 'pow(-8, 0.3333333333333333) is not a real number'],
    ['clamp(1, 5, 2)', 'clamp: the low bound 5 is above the high bound 2'],
    ['range(0, 2.5)', 'range needs whole numbers, got 0 and 2.5'],
    ['range(0, 2000000)', 'the length of range is too large (2000000); lists are limited to 1,000,000 items'],
    ['take(xs, -1)', 'the count of take must be a whole number, 0 or more; got -1'],
    ['drop(xs, 1.5)', 'the count of drop must be a whole number, 0 or more; got 1.5'],
  ])('%s fails at run time: %s', (src, message) => {
    const run = (): Value => evaluate(src);
    expect(run).toThrow(ExprRuntimeError);
    expect(run).toThrow(message);
  });

  it('refuse to build huge lists', () => {
    expect(() => evaluate('repeat(1, 1000 * 1001)')).toThrow('the count of repeat is too large (1001000)');
  });
});
