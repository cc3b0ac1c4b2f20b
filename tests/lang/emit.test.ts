/**
 * The compiled tier's safety rules (issue 33): generated code holds nothing a spec wrote, passes an
 * allow-list of node kinds, names and helpers before it runs, and computes what the interpreter
 * computes, for any text a spec can put in a string, a name, a field or a definition.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExprRuntimeError } from '../../src/errors.ts';
import { checkExpression } from '../../src/lang/checker.ts';
import type { CheckEnv } from '../../src/lang/context.ts';
import { checkEmitted } from '../../src/lang/emit/allowList.ts';
import { emitJs } from '../../src/lang/emit/emitJs.ts';
import { HELPER_NAMES } from '../../src/lang/emit/helpers.ts';
import {
  Meter,
  STRING,
  NUMBER,
  compileExpr,
  createLibrary,
  engineReport,
  formatValue,
  listOf,
  recordOf,
  type Engine,
  type Library,
  type Scope,
  type Value,
} from '../../src/lang/index.ts';
import { parseExpressionOnce } from '../../src/lang/parseOnce.ts';
import { selectEngine } from '../../src/lang/emit/select.ts';
import type { Node } from '../../src/lang/ir.ts';

/** The text the emitter writes for `src`, as compile.ts checks it. */
const emitted = (src: string, scope: Scope, library: Library): { text: string; constants: number } => {
  const parsed = parseExpressionOnce(src);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const env: CheckEnv = {
    scope,
    library,
    definitionUse: (definition) =>
      definition.result === undefined ? { ok: false, message: 'broken' } : { ok: true, result: definition.result },
  };
  const outcome = checkExpression(parsed.expr, env, []);
  if (!outcome.checked) throw new Error(`'${src}': ${outcome.errors.map((e) => e.message).join('; ')}`);
  const made = emitJs(outcome.checked.node, { source: src, definition: undefined }, outcome.frameSize);
  return { text: made.text, constants: made.constants.length };
};

/** The words generated code may contain: its keywords, parameters, temporaries, `K`, `H` and the helpers' names. */
const WORDS = new Set([
  'return',
  'function',
  'const',
  'let',
  'if',
  'else',
  'for',
  'of',
  'break',
  'void',
  'true',
  'false',
  'env',
  'frame',
  'meter',
  'K',
  'H',
  // The work charged (`meter.steps += n`) and a value's length (`t.length`, for `len`).
  'steps',
  'length',
  ...HELPER_NAMES,
]);
const foreignWords = (text: string): string[] =>
  (text.match(/[A-Za-z_$][\w$]*/g) ?? []).filter((word) => !WORDS.has(word) && !/^t\d+$/.test(word));

/** `src` run on `engine`: its value, or its runtime error's message, code and span. */
const outcome = (engine: Engine, src: string, scope: Scope, library: Library, env: Record<string, Value>): unknown => {
  const before = engineReport().engine;
  selectEngine(engine);
  try {
    const compiled = compileExpr(src, scope, library);
    if (!compiled.ok) throw new Error(`'${src}': ${compiled.errors.map((e) => e.message).join('; ')}`);
    expect(engineReport().fallbacks).toBe(0);
    const meter = new Meter();
    try {
      const value = compiled.run(env, meter);
      return { value, steps: meter.spent(), allocated: meter.allocated };
    } catch (error) {
      if (!(error instanceof ExprRuntimeError)) throw error;
      return {
        message: error.message,
        code: error.code,
        start: error.start,
        end: error.end,
        steps: meter.spent(),
        allocated: meter.allocated,
      };
    }
  } finally {
    selectEngine(before);
  }
};

/** Texts that would break out of a string or a template, end a script, or reach a prototype. */
const HOSTILE_TEXT = fc.oneof(
  fc.constantFrom(
    "'",
    '"',
    '`',
    '\\',
    '${',
    '}`',
    '</script>',
    '\u2028',
    '\u2029',
    '__proto__',
    'constructor',
    "'); process.exit(1); ('",
    '\\u0027',
    '\n',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
/** Names the language takes as identifiers that mean something to JavaScript or to the generated code. */
const HOSTILE_NAME = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'eval',
  'Function',
  'globalThis',
  'process',
  'K',
  'H',
  'env',
  'frame',
  'meter',
  't0',
  'return',
  'this',
);

describe('generated code holds nothing a spec wrote', () => {
  it('hostile strings, globals, fields and definitions: no quote, no foreign word, the allow-list passes, and both tiers agree', () => {
    fc.assert(
      fc.property(HOSTILE_TEXT, HOSTILE_TEXT, HOSTILE_NAME, HOSTILE_NAME, HOSTILE_NAME, (text, other, global, field, name) => {
        const scope: Scope = { [global]: STRING, rec: recordOf({ [field]: STRING }), n: NUMBER, words: listOf(STRING) };
        const definition = { name, params: [{ name: 'x', type: 'string' }], body: `x + ${formatValue(other)}` };
        const { library, errors } = createLibrary([], [definition], scope);
        expect(errors).toEqual([]);
        const src = `${global} + ${formatValue(text)} + rec.${field} + ${name}(${formatValue(text)}) + str(len(${formatValue(other)}) + n) + words[n]`;
        const env = { [global]: text, rec: Object.fromEntries([[field, other]]), n: 1, words: [text, other] };

        const made = emitted(src, scope, library);
        expect(made.text).not.toMatch(/['"`\\\u2028\u2029]/);
        expect(foreignWords(made.text)).toEqual([]);
        expect(checkEmitted(made.text, made.constants)).toBeUndefined();
        const body = library.definitions.get(name)?.body;
        if (!body) throw new Error('the definition did not check');
        const callee = emitJs(body, { source: definition.body, definition: name }, 1);
        expect(callee.text).not.toMatch(/['"`\\\u2028\u2029]/);
        expect(checkEmitted(callee.text, callee.constants.length)).toBeUndefined();

        const compiled = outcome('compiled', src, scope, library, env);
        expect(compiled).toEqual(outcome('interpreter', src, scope, library, env));
        expect(compiled).toEqual({
          value: `${text}${text}${other}${text}${other}${other.length + 1}${other}`,
          steps: expect.any(Number),
          allocated: expect.any(Number),
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('both tiers count the same work and fail alike', () => {
  const scope: Scope = { n: NUMBER, xs: listOf(NUMBER), big: NUMBER };
  const { library } = createLibrary(
    [],
    [
      { name: 'fib', params: [{ name: 'k', type: 'number' }], body: 'if k < 2 then k else fib(k - 1) + fib(k - 2)', returns: 'number' },
      { name: 'twice', params: [{ name: 'k', type: 'number' }], body: 'k * 2' },
      { name: 'spin', params: [{ name: 'k', type: 'number' }], body: 'spin(k + 1)', returns: 'number' },
      { name: 'same', params: [{ name: 'k', type: 'number' }], body: 'k' },
    ],
    scope,
  );
  it.each([
    'fib(12)',
    'fib(40)',
    'spin(0)',
    'n / 0',
    'n % 0',
    'xs[7]',
    'xs[n / 2]',
    'fold(range(0, 400), 1, (acc, x) => acc * 1000)',
    'sum(map(range(0, 2000), x => twice(x) + fib(3)))',
    'len(fold(range(0, 400), [], (acc, x) => acc + [x, x]))',
    "len(fold(range(0, 3000), '', (acc, x) => acc + str(x)))",
    'if n > 0 and any(xs, x => x > n) or n in xs then max(xs) else min(xs)',
    'let a = twice(n) in let b = twice(a) in [a, b, twice(a + b)]',
    'sort(xs) == [1, 1, 3, 4, 5] and not (xs == [])',
    // The folds the emitter writes as loops: where they stop, what they charge, how they fail.
    'all(xs, x => x > 0) and not any(xs, x => x > n * 10)',
    'all(xs, x => x < 4)',
    'any(xs, x => x == 4) and any([], x => x > 0) == false and all([], x => x > 0)',
    'count(xs, x => twice(x) > n) + sumBy(xs, x => x * n)',
    'sumBy(xs, x => fib(x * 8))',
    'sumBy(xs, x => big)',
    'count(xs, x => xs[x] > 3)',
    'sumBy(range(0, 40), x => count(range(0, x), y => all(range(0, y), z => z < 30)))',
    'map(xs, x => sumBy(xs, y => y * x))',
    'filter(xs, x => x > 1) + map(filter(xs, x => x != 1), x => x * n) + filter([], x => x > 0)',
    'len(map(range(0, 3000), x => range(0, x)))',
    'map(xs, x => xs[x])',
    'len(filter(range(0, 9000), x => x % 2 == 0 and any(xs, y => y == x % 7)))',
    // Four charges in a row (the lambda's and three inlined calls'), added at once in the text:
    // the limit passed at each of the four, and the error and count are the interpreter's.
    'sumBy(range(0, 200001), x => same(same(same(x))))',
    'sumBy(range(0, 200002), x => same(same(same(x))))',
    'sumBy(range(0, 200003), x => same(same(same(x))))',
    'sumBy(range(0, 200004), x => same(same(same(x))))',
    'sumBy(range(0, 199999), x => same(same(same(x))))',
  ])('%s', (src) => {
    const env = { n: 3, xs: [3, 1, 4, 1, 5], big: 1e308 };
    expect(outcome('compiled', src, scope, library, env)).toEqual(outcome('interpreter', src, scope, library, env));
  });
});

describe('the allow-list', () => {
  const passes = emitted('if n > 2 then [n, n + 1] else []', { n: NUMBER }, createLibrary([], [], { n: NUMBER }).library);

  it('passes what the emitter writes', () => {
    expect(checkEmitted(passes.text, passes.constants)).toBeUndefined();
  });

  it('adds whole steps charged in a row at once, past copies that cannot throw', () => {
    const scope: Scope = { xs: listOf(NUMBER) };
    const created = createLibrary([], [{ name: 'same', params: [{ name: 'k', type: 'number' }], body: 'k' }], scope);
    const made = emitted('sumBy(xs, x => same(same(x)))', scope, created.library);
    expect(made.text).toMatch(/if \(\(meter\.steps \+= 3\) > 1000000\) \{ H\.workIn\(meter, K\[\d+\]\); \}/);
    expect(made.text.match(/meter\.steps/g)).toHaveLength(2);
    expect(checkEmitted(made.text, made.constants)).toBeUndefined();
  });

  it('passes the work charged in the text and a length read, and writes no call of H.work until the limit', () => {
    const scope: Scope = { xs: listOf(NUMBER), word: STRING };
    const made = emitted('len(xs) + len(word) > len(filter(xs, x => x > 1))', scope, createLibrary([], [], scope).library);
    expect(made.text).toContain('.length');
    expect(made.text).toMatch(/if \(\(meter\.steps \+= [^)]*\) > 1000000\) \{ H\.work\(meter, K\[\d+\], 0\); \}/);
    expect(made.text).not.toMatch(/^H\.work/m);
    expect(checkEmitted(made.text, made.constants)).toBeUndefined();
  });

  it('passes the loops the folds, map and filter are written as, which call no builtin', () => {
    const scope: Scope = { xs: listOf(NUMBER) };
    const loop = emitted(
      'all(xs, x => x > 0) and sumBy(xs, x => x) > count(xs, x => any(xs, y => y == x)) and map(filter(xs, x => x > 1), x => x * 2) == xs',
      scope,
      createLibrary([], [], scope).library,
    );
    expect(loop.text).toContain('for (const ');
    expect(loop.text).not.toContain('H.apply');
    expect(checkEmitted(loop.text, loop.constants)).toBeUndefined();
  });

  it("keeps the locals of lambdas, lets and inlined calls in variables, and reads only a definition's arguments from the frame", () => {
    const scope: Scope = { xs: listOf(NUMBER) };
    const created = createLibrary([], [{ name: 'twice', params: [{ name: 'n', type: 'number' }], body: 'let m = n in m * 2' }], scope);
    expect(created.errors).toEqual([]);
    const made = emitted('let k = 3 in sumBy(xs, x => twice(x) + k) > len(map(xs, y => [y, k]))', scope, created.library);
    expect(made.text).not.toContain('frame[');
    expect(checkEmitted(made.text, made.constants)).toBeUndefined();
    const twice = created.library.definitions.get('twice');
    const definition = emitJs(twice?.body as Node, { source: twice?.source ?? '', definition: 'twice' }, 1);
    expect(definition.text).toMatch(/^let t\d+ = frame\[0\], t\d+;$/m);
    expect(definition.text.match(/frame\[/g)).toHaveLength(1);
    expect(checkEmitted(definition.text, definition.constants.length)).toBeUndefined();
  });

  it.each([
    ['a global', 'return function (env, frame, meter) { return globalThis; };'],
    ['a named property of a constant', 'return function (env, frame, meter) { return K.constructor; };'],
    ['a constant past the table', 'return function (env, frame, meter) { return K[9]; };'],
    ['a helper that does not exist', 'return function (env, frame, meter) { return H.constructor(0); };'],
    ['a string literal', "return function (env, frame, meter) { const t0 = env['x']; return t0; };"],
    ['a template', 'return function (env, frame, meter) { return `x`; };'],
    ['this', 'return function (env, frame, meter) { return this; };'],
    ['new', 'return function (env, frame, meter) { return new H.work(); };'],
    ['a call of a value', 'return function (env, frame, meter) { const t0 = env[K[0]]; return t0(); };'],
    ['a loop', 'return function (env, frame, meter) { while (true) {} };'],
    ['a loop over a name', 'return function (env, frame, meter) { for (const t0 of env) {} return 0; };'],
    ['a loop over a call', 'return function (env, frame, meter) { for (const t0 of H.listed(env)) {} return 0; };'],
    ['a loop whose item is not new', 'return function (env, frame, meter) { let t0; const t1 = env[K[0]]; for (t0 of t1) {} return 0; };'],
    ['a loop whose item may change', 'return function (env, frame, meter) { const t1 = env[K[0]]; for (let t0 of t1) {} return 0; };'],
    ['a loop over keys', 'return function (env, frame, meter) { const t1 = env[K[0]]; for (const t0 in t1) {} return 0; };'],
    ['a labelled break', 'return function (env, frame, meter) { const t1 = env[K[0]]; t2: for (const t0 of t1) { break t2; } return 0; };'],
    ['an assignment to a property', 'return function (env, frame, meter) { meter.steps = 0; return 0; };'],
    ['work taken away', 'return function (env, frame, meter) { if ((meter.steps += -1) > 1) { H.work(meter, K[0], 0); } return 0; };'],
    [
      'work charged as a value',
      'return function (env, frame, meter) { const t0 = env[K[0]]; if ((meter.steps += t0) > 1) { H.work(meter, K[0], 0); } return 0; };',
    ],
    [
      'a charge to another field',
      'return function (env, frame, meter) { if ((meter.finished += 1) > 1) { H.work(meter, K[0], 0); } return 0; };',
    ],
    [
      'a charge to a value',
      'return function (env, frame, meter) { const t0 = env[K[0]]; if ((t0.steps += 1) > 1) { H.work(meter, K[0], 0); } return 0; };',
    ],
    ['a charge that assigns', 'return function (env, frame, meter) { if ((meter.steps = 1) > 1) { H.work(meter, K[0], 0); } return 0; };'],
    ['a named property of a value', 'return function (env, frame, meter) { const t0 = env[K[0]]; return t0.constructor; };'],
    ['a length written', 'return function (env, frame, meter) { const t0 = env[K[0]]; t0.length = 0; return 0; };'],
    ['a slot written', 'return function (env, frame, meter) { frame[0] = 1; return 0; };'],
    ['a var', 'return function (env, frame, meter) { var t0 = 1; return t0; };'],
    ['an async arrow', 'return function (env, frame, meter) { const t0 = async () => { return 1; }; return t0; };'],
    ['two statements at the top', 'globalThis.x = 1; return function (env, frame, meter) { return 0; };'],
    ['a text that does not parse', 'return function (env, frame, meter) { return ; '],
    ['an optional call', 'return function (env, frame, meter) { return H.work?.(meter); };'],
    ['a parameter of another name', 'return function (env, frame, process) { return 0; };'],
  ])('refuses %s', (_, text) => {
    expect(checkEmitted(text, 2)).toEqual(expect.any(String));
  });
});
