import { ExprRuntimeError } from '../../src/errors.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Meter,
  BOOL,
  NUMBER,
  STRING,
  compileExpr,
  createLibrary,
  deepEqual,
  formatType,
  formatValue,
  listOf,
  recordOf,
  type Scope,
  type Type,
  type Value,
} from '../../src/lang/index.ts';

const SCOPE: Scope = { a: NUMBER, b: NUMBER, p: BOOL, q: BOOL, xs: listOf(NUMBER), ys: listOf(NUMBER), ws: listOf(listOf(NUMBER)) };
const LIBRARY = createLibrary([], [], SCOPE).library;

function run(src: string, env: Record<string, Value>): Value {
  const compiled = compileExpr(src, SCOPE, LIBRARY);
  if (!compiled.ok) throw new Error(`'${src}': ${compiled.errors.map((e) => e.message).join('; ')}`);
  return compiled.run(env, new Meter());
}

// A small model of the language's number and bool expressions, printed with only the
// parentheses the documented precedence requires (plus random extra ones).
type Num =
  | { k: 'lit'; v: number }
  | { k: 'var'; name: 'a' | 'b' }
  | { k: 'arith'; op: '+' | '-' | '*' | '/' | '%'; l: Num; r: Num }
  | { k: 'neg'; e: Num }
  | { k: 'ifNum'; c: Bool; t: Num; e: Num; keyword: boolean };
type Bool =
  | { k: 'blit'; v: boolean }
  | { k: 'bvar'; name: 'p' | 'q' }
  | { k: 'cmp'; op: '<' | '<=' | '>' | '>=' | '==' | '!='; l: Num; r: Num }
  | { k: 'beq'; op: '==' | '!='; l: Bool; r: Bool }
  | { k: 'logic'; op: 'and' | 'or'; l: Bool; r: Bool; symbol: boolean }
  | { k: 'not'; e: Bool; symbol: boolean }
  | { k: 'ifBool'; c: Bool; t: Bool; e: Bool; keyword: boolean };
type Model = (Num | Bool) & { paren?: boolean };

const depth = { maxDepth: 5, depthIdentifier: 'expr' } as const;
const { num, bool } = fc.letrec<{ num: Model & Num; bool: Model & Bool }>((tie) => ({
  num: fc.oneof(
    depth,
    fc.record({ k: fc.constant('lit' as const), v: fc.integer({ min: 0, max: 12 }) }),
    fc.record({ k: fc.constant('var' as const), name: fc.constantFrom('a' as const, 'b' as const) }),
    fc.record({
      k: fc.constant('arith' as const),
      op: fc.constantFrom('+' as const, '-' as const, '*' as const, '/' as const, '%' as const),
      l: tie('num'),
      r: tie('num'),
      paren: fc.boolean(),
    }),
    fc.record({ k: fc.constant('neg' as const), e: tie('num'), paren: fc.boolean() }),
    fc.record({
      k: fc.constant('ifNum' as const),
      c: tie('bool'),
      t: tie('num'),
      e: tie('num'),
      keyword: fc.boolean(),
      paren: fc.boolean(),
    }),
  ),
  bool: fc.oneof(
    depth,
    fc.record({ k: fc.constant('blit' as const), v: fc.boolean() }),
    fc.record({ k: fc.constant('bvar' as const), name: fc.constantFrom('p' as const, 'q' as const) }),
    fc.record({
      k: fc.constant('cmp' as const),
      op: fc.constantFrom('<' as const, '<=' as const, '>' as const, '>=' as const, '==' as const, '!=' as const),
      l: tie('num'),
      r: tie('num'),
      paren: fc.boolean(),
    }),
    fc.record({
      k: fc.constant('beq' as const),
      op: fc.constantFrom('==' as const, '!=' as const),
      l: tie('bool'),
      r: tie('bool'),
      paren: fc.boolean(),
    }),
    fc.record({
      k: fc.constant('logic' as const),
      op: fc.constantFrom('and' as const, 'or' as const),
      l: tie('bool'),
      r: tie('bool'),
      symbol: fc.boolean(),
      paren: fc.boolean(),
    }),
    fc.record({ k: fc.constant('not' as const), e: tie('bool'), symbol: fc.boolean(), paren: fc.boolean() }),
    fc.record({
      k: fc.constant('ifBool' as const),
      c: tie('bool'),
      t: tie('bool'),
      e: tie('bool'),
      keyword: fc.boolean(),
      paren: fc.boolean(),
    }),
  ),
}));

// Binding strength, loosest first, as documented.
const COND = 0,
  OR = 1,
  AND = 2,
  NOT = 3,
  CMP = 4,
  ADD = 5,
  MUL = 6,
  NEG = 7,
  ATOM = 8;

function print(m: Model, min: number): string {
  const [text, level] = render(m);
  return level < min || m.paren ? `(${text})` : text;
}

function render(m: Model): [string, number] {
  switch (m.k) {
    case 'lit':
      return [String(m.v), ATOM];
    case 'blit':
      return [String(m.v), ATOM];
    case 'var':
    case 'bvar':
      return [m.name, ATOM];
    case 'arith': {
      const level = m.op === '+' || m.op === '-' ? ADD : MUL;
      return [`${print(m.l, level)} ${m.op} ${print(m.r, level + 1)}`, level];
    }
    case 'neg':
      return [`-${print(m.e, NEG)}`, NEG];
    case 'cmp':
      return [`${print(m.l, ADD)} ${m.op} ${print(m.r, ADD)}`, CMP];
    case 'beq':
      return [`${print(m.l, ADD)} ${m.op} ${print(m.r, ADD)}`, CMP];
    case 'logic': {
      const level = m.op === 'or' ? OR : AND;
      const op = m.symbol ? (m.op === 'or' ? '||' : '&&') : m.op;
      return [`${print(m.l, level)} ${op} ${print(m.r, level + 1)}`, level];
    }
    case 'not':
      return [`${m.symbol ? '!' : 'not '}${print(m.e, NOT)}`, NOT];
    case 'ifNum':
    case 'ifBool':
      return m.keyword
        ? [`if ${print(m.c, COND)} then ${print(m.t, COND)} else ${print(m.e, COND)}`, COND]
        : [`${print(m.c, OR)} ? ${print(m.t, COND)} : ${print(m.e, COND)}`, COND];
  }
}

const FAILED = Symbol('runtime error');
type Outcome = number | boolean | typeof FAILED;

/** The reference semantics: left to right, short-circuiting, errors on division by zero. */
function reference(m: Model, env: { a: number; b: number; p: boolean; q: boolean }): Outcome {
  const go = (x: Model): Outcome => reference(x, env);
  switch (m.k) {
    case 'lit':
    case 'blit':
      return m.v;
    case 'var':
    case 'bvar':
      return env[m.name];
    case 'neg': {
      const v = go(m.e);
      return v === FAILED ? v : -(v as number);
    }
    case 'arith': {
      const l = go(m.l);
      if (l === FAILED) return l;
      const r = go(m.r);
      if (r === FAILED) return r;
      const [x, y] = [l as number, r as number];
      if ((m.op === '/' || m.op === '%') && y === 0) return FAILED;
      return m.op === '+' ? x + y : m.op === '-' ? x - y : m.op === '*' ? x * y : m.op === '/' ? x / y : ((x % y) + y) % y;
    }
    case 'cmp':
    case 'beq': {
      const l = go(m.l);
      if (l === FAILED) return l;
      const r = go(m.r);
      return r === FAILED ? r : compare(m.op, l, r);
    }
    case 'logic': {
      const l = go(m.l);
      if (l === FAILED || l === (m.op === 'or')) return l;
      return go(m.r);
    }
    case 'not': {
      const v = go(m.e);
      return v === FAILED ? v : !v;
    }
    case 'ifNum':
    case 'ifBool': {
      const c = go(m.c);
      if (c === FAILED) return c;
      return c ? go(m.t) : go(m.e);
    }
  }
}

function compare(op: '<' | '<=' | '>' | '>=' | '==' | '!=', l: number | boolean, r: number | boolean): boolean {
  switch (op) {
    case '<':
      return l < r;
    case '<=':
      return l <= r;
    case '>':
      return l > r;
    case '>=':
      return l >= r;
    case '==':
      return l === r;
    case '!=':
      return l !== r;
  }
}

function outcome(src: string, env: Record<string, Value>): Outcome {
  try {
    return run(src, env) as number | boolean;
  } catch (e) {
    if (e instanceof ExprRuntimeError) return FAILED;
    throw e;
  }
}

const envs = fc.record({ a: fc.integer({ min: -5, max: 5 }), b: fc.integer({ min: -5, max: 5 }), p: fc.boolean(), q: fc.boolean() });

describe('properties', () => {
  it('printed expressions parse with the documented precedence and evaluate like the reference', () => {
    fc.assert(
      fc.property(fc.oneof(num, bool), envs, (model, env) => {
        const src = print(model, COND);
        expect(outcome(src, env), src).toBe(reference(model, env));
      }),
      { numRuns: 2000 },
    );
  });

  it('sort returns a sorted permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), (xs) => {
        const sorted = run('sort(xs)', { xs }) as number[];
        expect(sorted.every((x, i) => i === 0 || (sorted[i - 1] as number) <= x)).toBe(true);
        expect([...sorted].sort((x, y) => x - y)).toEqual([...xs].sort((x, y) => x - y));
      }),
    );
  });

  it('without(a, b) + b is a permutation of a when b is a sub-multiset of a', () => {
    const pairs = fc.array(fc.integer({ min: 0, max: 6 })).chain((a) => fc.tuple(fc.constant(a), fc.shuffledSubarray(a)));
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        const rest = run('without(xs, ys) + ys', { xs: a, ys: b }) as number[];
        expect([...rest].sort()).toEqual([...a].sort());
        expect(run('len(without(xs, ys)) == len(xs) - len(ys)', { xs: a, ys: b })).toBe(true);
      }),
    );
  });

  it('without compares lists deeply', () => {
    const lists = fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }), { maxLength: 6 });
    fc.assert(
      fc.property(lists, lists, (a, b) => {
        const rest = run('without(ws, [[0], [1, 1]] + ws)', { ws: a }) as Value[];
        expect(rest).toEqual([]);
        const kept = run('without(ws, [])', { ws: b });
        expect(kept).toEqual(b);
      }),
    );
  });

  it('distinct keeps first occurrences and drops repeats', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 })), (xs) => {
        expect(run('distinct(xs)', { xs })).toEqual([...new Set(xs)]);
      }),
    );
  });

  it('modulo takes the sign of the divisor and reconstructs the dividend', () => {
    const nonZero = fc.integer({ min: -1000, max: 1000 }).filter((n) => n !== 0);
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), nonZero, (a, b) => {
        const m = run('a % b', { a, b }) as number;
        expect(m === 0 || Math.sign(m) === Math.sign(b)).toBe(true);
        expect(Math.abs(m)).toBeLessThan(Math.abs(b));
        expect(b * Math.floor(a / b) + m).toBe(a);
      }),
    );
  });

  // Values of one type each, printed with formatValue, read back by the language.
  const typed: fc.Arbitrary<{ type: Type; value: Value }> = fc.letrec<{ t: { type: Type; value: Value } }>((tie) => ({
    t: fc.oneof(
      { maxDepth: 3 },
      fc.integer({ min: -1000, max: 1000 }).map((value) => ({ type: NUMBER, value })),
      fc.boolean().map((value) => ({ type: BOOL, value })),
      fc.string({ unit: fc.constantFrom('a', 'Z', ' ', "'", '"', '\\', '\n', '\t', 'é') }).map((value) => ({ type: STRING, value })),
      tie('t').chain(({ type }) => fc.array(valueOfType(type), { maxLength: 3 }).map((value) => ({ type: listOf(type), value }))),
      fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'item_2'), { minLength: 1, maxLength: 3 }).chain((names) =>
        fc.tuple(...names.map(() => tie('t'))).map((fields) => ({
          type: recordOf(Object.fromEntries(names.map((n, i) => [n, (fields[i] as { type: Type }).type]))),
          value: Object.fromEntries(names.map((n, i) => [n, (fields[i] as { value: Value }).value])),
        })),
      ),
    ),
  })).t;

  it('formatValue prints literals that evaluate back to the same value', () => {
    fc.assert(
      fc.property(typed, ({ type, value }) => {
        const compiled = compileExpr(formatValue(value), {}, LIBRARY, type);
        if (!compiled.ok) throw new Error(`${formatValue(value)}: ${compiled.errors[0]?.message}`);
        expect(deepEqual(compiled.run({}, new Meter()), value)).toBe(true);
      }),
    );
  });
});

/** Some value of `type`, one of the types `typed` generates. */
function valueOfType(type: Type): fc.Arbitrary<Value> {
  switch (type.kind) {
    case 'number':
      return fc.integer({ min: -1000, max: 1000 });
    case 'bool':
      return fc.boolean();
    case 'string':
      return fc.string({ unit: fc.constantFrom('a', "'", '\\', '\n') });
    case 'list':
      return fc.array(valueOfType(type.element), { maxLength: 3 });
    case 'record':
      return fc.record(Object.fromEntries(Object.entries(type.fields).map(([name, field]) => [name, valueOfType(field)])));
    default:
      throw new Error(`no values generated for ${formatType(type)}`);
  }
}
