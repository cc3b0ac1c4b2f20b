import { ExprRuntimeError } from '../../src/errors.ts';
import { describe, expect, it } from 'vitest';
import {
  Meter,
  BOOL,
  MAX_CALL_DEPTH,
  NUMBER,
  STRING,
  compileExpr,
  createLibrary,
  engineReport,
  formatType,
  libraryUnder,
  listOf,
  type DefinitionSource,
  type HostFunction,
  type Library,
  type Value,
} from '../../src/lang/index.ts';
import { ENV, SCOPE, errorsOf, evaluate, spanOf } from './helpers.ts';

const def = (name: string, params: string, body: string, returns?: string): DefinitionSource => ({
  name,
  // `a: number, b: {x: number}`: commas inside braces do not separate parameters.
  params:
    params === ''
      ? []
      : params.split(/,(?![^{]*\})/).map((p) => {
          const colon = p.indexOf(':');
          return { name: p.slice(0, colon).trim(), type: p.slice(colon + 1).trim() };
        }),
  ...(returns === undefined ? {} : { returns }),
  body,
});

function library(defs: DefinitionSource[], host: HostFunction[] = []): Library {
  const created = createLibrary(host, defs, SCOPE);
  expect(created.errors).toEqual([]);
  return created.library;
}

describe('definitions', () => {
  it('are called with arguments, or with () when they have none', () => {
    const lib = library([
      def('double', 'n: number', 'n * 2'),
      def('bonus', '', 'score * 3'),
      def('above', 'items: list<number>, t: number', 'filter(items, x => x > t)', 'list<number>'),
    ]);
    expect(evaluate('double(4) + bonus()', lib)).toBe(38);
    expect(evaluate('above(xs, limit)', lib)).toEqual([4, 5]);
    expect(evaluate('above(xs, double(1))', lib)).toEqual([3, 4, 5]);
  });

  it('infer a missing result type, in any order of definition', () => {
    const created = createLibrary([], [def('twice', 'x: number', 'half(x) * 4'), def('half', 'x: number', 'x / 2')], SCOPE);
    expect(created.errors).toEqual([]);
    const twice = created.library.definitions.get('twice');
    expect(twice && formatType(twice.result ?? NUMBER)).toBe('number');
    expect(evaluate('twice(3)', created.library)).toBe(6);
    expect(errorsOf('twice(1) and flag', created.library)[0]?.message).toBe("'and' needs bools, found number");
  });

  it('accept record parameters structurally', () => {
    const lib = library([def('worth', 'x: {value: number}', 'x.value * 10')]);
    expect(evaluate('worth(item) + sumBy(items, i => worth(i))', lib)).toBe(130);
    const src = "worth({tag: 'a'})";
    expect(errorsOf(src, lib)).toEqual([
      { code: 'wrong-arguments', message: "'worth' expects (x: {value: number}), got ({tag: string})", ...spanOf(src, "{tag: 'a'}") },
    ]);
  });

  it('recurse, directly and mutually', () => {
    const lib = library([
      def('fact', 'n: number', 'if n <= 1 then 1 else n * fact(n - 1)', 'number'),
      def('isEven', 'n: number', 'n == 0 or isOdd(n - 1)', 'bool'),
      def('isOdd', 'n: number', 'n != 0 and isEven(n - 1)', 'bool'),
      def('sumTo', 'n: number', 'if n == 0 then 0 else n + sumTo(n - 1)', 'number'),
    ]);
    expect(evaluate('fact(10)', lib)).toBe(3628800);
    expect(evaluate('[isEven(10), isOdd(7), isEven(7)]', lib)).toEqual([true, true, false]);
    expect(evaluate(`sumTo(${MAX_CALL_DEPTH - 1})`, lib)).toBe(((MAX_CALL_DEPTH - 1) * MAX_CALL_DEPTH) / 2);
  });

  it('stop runaway recursion with a runtime error inside the definition', () => {
    const body = 'spin(n + 1) + 1';
    const lib = library([def('spin', 'n: number', body, 'number')]);
    const compiled = compileExpr('spin(0)', SCOPE, lib);
    if (!compiled.ok) throw new Error('compile');
    let error: unknown;
    try {
      compiled.run(ENV, new Meter());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExprRuntimeError);
    expect(error).toMatchObject({
      message: `more than ${MAX_CALL_DEPTH} nested calls: does 'spin' call itself without end?`,
      code: 'work-limit',
      source: body,
      definition: 'spin',
      ...spanOf(body, 'spin(n + 1)'),
    });
    // The depth count is restored after the error: a fresh run works.
    expect(evaluate('1', lib)).toBe(1);
    expect(() => compiled.run(ENV, new Meter())).toThrow(ExprRuntimeError);
  });

  it('turn an exhausted JS stack into a runtime error', () => {
    const body = `if n == 0 then 0 else ${'1 + ('.repeat(60)}deep(n - 1)${')'.repeat(60)}`;
    const lib = library([def('deep', 'n: number', body, 'number')]);
    expect(evaluate('deep(3)', lib)).toBe(180);
    // The compiled tier writes a nested expression as flat statements, one JS frame per call: the
    // same nesting fits its stack, and the answer is the sum. Only the interpreter's stack runs out.
    if (engineReport().engine === 'compiled') expect(evaluate(`deep(${MAX_CALL_DEPTH - 1})`, lib)).toBe(60 * (MAX_CALL_DEPTH - 1));
    else expect(() => evaluate(`deep(${MAX_CALL_DEPTH - 1})`, lib)).toThrow('the calculation nests too deeply');
  });

  it('report runtime errors in their own source text', () => {
    const lib = library([def('pick', 'list: list<number>, i: number', 'list[i]')]);
    const compiled = compileExpr('pick(xs, 9)', SCOPE, lib);
    if (!compiled.ok) throw new Error('compile');
    expect(() => compiled.run(ENV, new Meter())).toThrow(
      expect.objectContaining({ source: 'list[i]', definition: 'pick', start: 0, end: 7 }),
    );
  });

  it('read scope names, reported transitively in usedNames', () => {
    const lib = library([def('base', '', 'score + limit'), def('total', 'n: number', 'base() + n')]);
    const compiled = compileExpr('total(1) + len(xs)', SCOPE, lib);
    expect(compiled.ok && [...compiled.usedNames].sort()).toEqual(['limit', 'score', 'xs']);
  });

  it('refuse a call where a name they read means something else', () => {
    const lib = library([def('base', '', 'score + 1')]);
    const src = 'base() + 1';
    expect(errorsOf(src, lib, { ...SCOPE, score: STRING })).toEqual([
      { code: 'type-mismatch', message: "'base' reads 'score' as number, but here 'score' is string", start: 0, end: src.length },
    ]);
  });

  it("refuse a call where a name of the caller's own, of the same type, hides one they read", () => {
    const lib = library([def('base', '', 'score + 1')]);
    const src = 'base() + score';
    // A let or an argument named `score`, a number as the game's is.
    expect(errorsOf(src, libraryUnder(lib, { score: NUMBER }), { ...SCOPE, score: NUMBER })).toEqual([
      {
        code: 'duplicate-name',
        message: "'base' reads the game's 'score', which a name of this expression's own hides: rename that one",
        start: 0,
        end: src.length,
      },
    ]);
    expect(compileExpr(src, SCOPE, lib).ok).toBe(true);
    expect(compileExpr('base() + other', { ...SCOPE, other: NUMBER }, libraryUnder(lib, { other: NUMBER })).ok).toBe(true);
  });
});

describe('definition errors', () => {
  const errorsFor = (defs: DefinitionSource[]) => createLibrary([], defs, SCOPE).errors;

  it('in parameter and result types', () => {
    expect(errorsFor([def('f', 'a: nubmer, b: list<>', 'a')])).toEqual([
      {
        name: 'f',
        where: 'params',
        param: 'a',
        error: { code: 'unknown-name', message: "unknown type 'nubmer' — did you mean 'number'?", start: 0, end: 6 },
      },
      {
        name: 'f',
        where: 'params',
        param: 'b',
        error: { code: 'expression-syntax', message: "expected a type, found '>'", start: 5, end: 6 },
      },
    ]);
    expect(errorsFor([def('g', '', '1', 'boolean')])).toEqual([
      {
        name: 'g',
        where: 'returns',
        error: { code: 'unknown-name', message: "unknown type 'boolean' — did you mean 'bool'?", start: 0, end: 7 },
      },
    ]);
    expect(errorsFor([def('h', 'a: number, a: number', 'a')])[0]).toMatchObject({
      where: 'params',
      param: 'a',
      error: { code: 'duplicate-name', message: "parameter 'a' appears twice" },
    });
    expect(errorsFor([def('k', 'if: number', '1')])[0]?.error.message).toMatch(/^'if' cannot name a parameter/);
  });

  it('in bodies, with offsets into the body', () => {
    expect(errorsFor([def('f', 'n: number', 'n + scroe')])).toEqual([
      {
        name: 'f',
        where: 'body',
        error: { code: 'unknown-name', message: "unknown name 'scroe' — did you mean 'score'?", start: 4, end: 9, replacement: 'score' },
      },
    ]);
    expect(errorsFor([def('f', '', '1 +')])).toEqual([
      {
        name: 'f',
        where: 'body',
        error: { code: 'expression-syntax', message: 'expected an expression, found the end of the expression', start: 3, end: 3 },
      },
    ]);
    expect(errorsFor([def('f', 'n: number', ' n > 1 ', 'number')])).toEqual([
      {
        name: 'f',
        where: 'body',
        error: { code: 'type-mismatch', message: "'f' should return number, but its body is bool", start: 1, end: 6 },
      },
    ]);
  });

  it('for recursion without a result type', () => {
    expect(errorsFor([def('loop', 'n: number', 'loop(n)')])).toEqual([
      {
        name: 'loop',
        where: 'body',
        error: { code: 'broken-definition', message: "'loop' is recursive (loop → loop), so it needs a 'returns' type", start: 0, end: 4 },
      },
    ]);
    expect(errorsFor([def('a', '', 'b() + 1'), def('b', '', '2 * a()')])).toEqual([
      {
        name: 'b',
        where: 'body',
        error: { code: 'broken-definition', message: "'a' is recursive (a → b → a), so it needs a 'returns' type", start: 4, end: 5 },
      },
    ]);
    expect(errorsFor([def('a', '', 'b() + 1', 'number'), def('b', '', '2 * a()')])).toEqual([]);
  });

  it('for bad names', () => {
    expect(
      errorsFor([def('len', '', '1'), def('two words', '', '1'), def('f', '', '1'), def('f', '', '2')]).map((e) => e.error.message),
    ).toEqual([
      "'len' is already a built-in function: give the definition another name",
      "'two words' cannot name a definition: use letters, digits and _, not starting with a digit, and not a keyword",
      "'f' is defined twice",
    ]);
  });

  it('make callers fail to compile, not crash', () => {
    const { library: lib } = createLibrary([], [def('broken', '', 'scroe'), def('user', '', 'broken() + 1', 'number')], SCOPE);
    expect(lib.definitions.get('user')?.broken).toBe(true);
    expect(errorsOf('broken()', lib)).toEqual([
      { code: 'broken-definition', message: "'broken' cannot be used: its definition has errors", start: 0, end: 6 },
    ]);
    expect(errorsOf('user()', lib)[0]?.message).toBe("'user' cannot be used: its definition has errors");
  });

  it('check calls to them', () => {
    const lib = library([def('add', 'a: number, b: number', 'a + b')]);
    expect(errorsOf('add(1)', lib)).toEqual([
      { code: 'wrong-arguments', message: "'add' expects (a: number, b: number), got (number)", start: 0, end: 6 },
    ]);
    expect(errorsOf("add(1, 'x')", lib)).toEqual([
      { code: 'wrong-arguments', message: "'add' expects (a: number, b: number), got (number, string)", start: 7, end: 10 },
    ]);
    expect(errorsOf('add(1, x => x)', lib)[0]?.message).toBe(
      "a function like 'x => ...' can only be an argument of a builtin such as filter, map or count",
    );
    expect(errorsOf('add', lib)[0]?.message).toBe("'add' is a function: call it like add(...)");
    expect(errorsOf('ad(1, 2)', lib)[0]?.message).toBe("unknown function 'ad' — did you mean 'add'?");
  });
});

describe('host functions', () => {
  const names = ['alpha', 'beta'];
  const lookup: HostFunction = {
    name: 'lookup',
    params: [STRING, NUMBER],
    result: listOf(NUMBER),
    description: 'A named row of numbers, scaled.',
    check: ([row]) =>
      row?.literal === undefined
        ? { code: 'wrong-arguments', message: 'the first argument of lookup must be a name in quotes' }
        : names.includes(row.literal as string)
          ? undefined
          : { code: 'unknown-name', message: `no row named ${String(row.literal)}` },
    impl: ([row, k], env) => (row === 'alpha' ? [1, 2] : [3]).map((x) => x * (k as number) + (env.score as number)),
  };

  it('are called with their arguments and the env', () => {
    const lib = library([def('rows', '', "lookup('beta', 2)")], [lookup]);
    expect(evaluate("lookup('alpha', 10)", lib)).toEqual([20, 30]);
    expect(evaluate('rows()', lib)).toEqual([16]);
  });

  it('are recorded among the names read, as a call, directly and through a definition: what their env reads is not known', () => {
    const lib = library([def('rows', '', "lookup('beta', 2)")], [lookup]);
    const direct = compileExpr("len(lookup('alpha', 1))", SCOPE, lib);
    const through = compileExpr('rows()', SCOPE, lib);
    expect(direct.ok && [...direct.usedNames]).toEqual(['lookup()']);
    expect(through.ok && [...through.usedNames]).toEqual(['lookup()']);
  });

  it('run their static check with literal arguments', () => {
    const lib = library([], [lookup]);
    const src = "1 + len(lookup('gamma', 1))";
    expect(errorsOf(src, lib)).toEqual([{ code: 'unknown-name', message: 'no row named gamma', ...spanOf(src, "lookup('gamma', 1)") }]);
    expect(errorsOf('lookup(label, 1)', lib)[0]?.message).toBe('the first argument of lookup must be a name in quotes');
    expect(errorsOf('lookup(1, 1)', lib)[0]).toMatchObject({
      message: "'lookup' expects (string, number), got (number, number)",
      start: 7,
      end: 8,
    });
  });

  it('must have sound names', () => {
    const named = (name: string): HostFunction => ({ name, params: [], result: BOOL, description: '', impl: (): Value => true });
    expect(() => createLibrary([named('sum')], [], SCOPE)).toThrow(/clashes/);
    expect(() => createLibrary([named('ok'), named('ok')], [], SCOPE)).toThrow(/clashes/);
    expect(() => createLibrary([named('not ok')], [], SCOPE)).toThrow(/not an identifier/);
    expect(createLibrary([named('ok')], [def('ok', '', '1')], SCOPE).errors[0]?.error.message).toBe(
      "'ok' is already a built-in function: give the definition another name",
    );
  });
});
