import type { ExprRuntimeError } from '../errors.ts';
import type { Meter } from './meter.ts';
import { parseSignature } from './typeSyntax.ts';
import type { FunctionType } from './types.ts';
import { compareOrdered, toText, type Equality, type Value } from './values.ts';
import { LIMITS, formatLimit } from '../limits.ts';

/** A lambda argument, called by the builtin with one or two values depending on its signature. */
export type Callback = ((x: Value) => Value) | ((a: Value, b: Value) => Value);
export type BuiltinArg = Value | Callback;

/** What a call site hands its builtin besides the arguments. */
export interface CallContext {
  /** Equality at the type the call instantiated (see `Builtin.equality`). */
  readonly eq: Equality;
  /** A runtime error located at the call. */
  error(message: string): ExprRuntimeError;
  /** Charges work beyond walking the arguments once (builtins that compare every pair) to the run's meter. */
  work(meter: Meter, steps: number): void;
}

export interface Builtin {
  readonly name: string;
  /** Overloads, told apart by argument count first and then by type. */
  readonly signatures: readonly FunctionType[];
  /** The type variable whose values the builtin compares with `CallContext.eq`. */
  readonly equality: string | undefined;
  /** A type variable that must be number or string, for builtins that sort. */
  readonly ordered: string | undefined;
  readonly impl: (args: readonly BuiltinArg[], call: CallContext, meter: Meter) => Value;
}

/** Lists built at run time stay below this, so `range(0, 1e12)` fails cleanly instead of exhausting memory. */
const MAX_LIST_LENGTH = LIMITS.listLength;

// The checker has proved the argument types; these casts only tell TypeScript what it proved.
const list = (arg: BuiltinArg | undefined): readonly Value[] => arg as readonly Value[];
const num = (arg: BuiltinArg | undefined): number => arg as number;
const text = (arg: BuiltinArg | undefined): string => arg as string;
// A one-value lambda is handed to the array methods as it is: it ignores the index and array they
// pass too, and the checker proved that a predicate returns a boolean.
const fn1 = (arg: BuiltinArg | undefined): ((x: Value) => Value) => arg as (x: Value) => Value;
const fn2 = (arg: BuiltinArg | undefined): ((a: Value, b: Value) => Value) => arg as (a: Value, b: Value) => Value;

function wholeCount(arg: BuiltinArg | undefined, call: CallContext, what: string): number {
  const n = num(arg);
  if (!Number.isInteger(n) || n < 0) throw call.error(`${what} must be a whole number, 0 or more; got ${n}`);
  if (n > MAX_LIST_LENGTH) throw call.error(`${what} is too large (${n}); lists are limited to ${formatLimit(MAX_LIST_LENGTH)} items`);
  return n;
}

function nonEmpty(arg: BuiltinArg | undefined, call: CallContext, name: string): readonly Value[] {
  const xs = list(arg);
  if (xs.length === 0) throw call.error(`${name} of an empty list`);
  return xs;
}

/** The first element whose key is strictly best, so ties keep the earliest. */
function bestBy(xs: readonly Value[], key: (x: Value) => Value, better: (order: number) => boolean): Value {
  let best = xs[0] as Value;
  let bestKey = key(best);
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i] as Value;
    const k = key(x);
    if (better(compareOrdered(k, bestKey))) {
      best = x;
      bestKey = k;
    }
  }
  return best;
}

/** A number result that overflowed (`pow(10, 400)`, a sum of huge numbers) is an error, never Infinity in the state. */
function finite(value: number, call: CallContext, what: string): number {
  if (!Number.isFinite(value)) throw call.error(`${what} is too large to be a number`);
  return value;
}

const larger = (order: number): boolean => order > 0;
const smaller = (order: number): boolean => order < 0;

/** Rounds halves away from zero (2.5 → 3, -2.5 → -3), as people do by hand. */
const roundHalfAway = (x: number): number => (x < 0 ? -Math.round(-x) : Math.round(x));

interface Spec {
  signatures: string[];
  equality?: string;
  ordered?: string;
  impl: (args: readonly BuiltinArg[], call: CallContext, meter: Meter) => Value;
}

const SPECS: Readonly<Record<string, Spec>> = {
  len: {
    signatures: ['(list<T>) => number', '(string) => number'],
    impl: ([x]) => (x as readonly Value[] | string).length,
  },
  sum: {
    signatures: ['(list<number>) => number'],
    impl: ([xs], call) =>
      finite(
        list(xs).reduce<number>((total, x) => total + num(x), 0),
        call,
        'the sum',
      ),
  },
  max: {
    signatures: ['(list<number>) => number', '(number, number) => number'],
    impl: (args, call) =>
      args.length === 2
        ? Math.max(num(args[0]), num(args[1]))
        : nonEmpty(args[0], call, 'max').reduce<number>((best, x) => Math.max(best, num(x)), -Infinity),
  },
  min: {
    signatures: ['(list<number>) => number', '(number, number) => number'],
    impl: (args, call) =>
      args.length === 2
        ? Math.min(num(args[0]), num(args[1]))
        : nonEmpty(args[0], call, 'min').reduce<number>((best, x) => Math.min(best, num(x)), Infinity),
  },
  abs: { signatures: ['(number) => number'], impl: ([x]) => Math.abs(num(x)) },
  floor: { signatures: ['(number) => number'], impl: ([x]) => Math.floor(num(x)) },
  ceil: { signatures: ['(number) => number'], impl: ([x]) => Math.ceil(num(x)) },
  round: { signatures: ['(number) => number'], impl: ([x]) => roundHalfAway(num(x)) },
  pow: {
    signatures: ['(number, number) => number'],
    impl: ([base, exponent], call) => {
      const result = num(base) ** num(exponent);
      if (Number.isNaN(result)) throw call.error(`pow(${num(base)}, ${num(exponent)}) is not a real number`);
      return finite(result, call, `pow(${num(base)}, ${num(exponent)})`);
    },
  },
  clamp: {
    signatures: ['(number, number, number) => number'],
    impl: ([x, lo, hi], call) => {
      if (num(lo) > num(hi)) throw call.error(`clamp: the low bound ${num(lo)} is above the high bound ${num(hi)}`);
      return Math.min(Math.max(num(x), num(lo)), num(hi));
    },
  },
  range: {
    signatures: ['(number, number) => list<number>'],
    impl: ([from, to], call) => {
      const a = num(from);
      const b = num(to);
      if (!Number.isInteger(a) || !Number.isInteger(b)) throw call.error(`range needs whole numbers, got ${a} and ${b}`);
      const length = wholeCount(Math.max(0, b - a), call, 'the length of range');
      // A loop, not Array.from with a mapping function: a metric's range(0, numPlayers) runs every turn.
      const out = new Array<number>(length);
      for (let i = 0; i < length; i++) out[i] = a + i;
      return out;
    },
  },
  contains: {
    signatures: ['(list<T>, T) => bool'],
    equality: 'T',
    impl: ([xs, x], { eq }) => list(xs).some((y) => eq(y, x as Value)),
  },
  countOf: {
    signatures: ['(list<T>, T) => number'],
    equality: 'T',
    impl: ([xs, x], { eq }) => list(xs).reduce<number>((n, y) => (eq(y, x as Value) ? n + 1 : n), 0),
  },
  count: {
    signatures: ['(list<T>, (T) => bool) => number'],
    impl: ([xs, pred]) => list(xs).reduce<number>((n, x) => (fn1(pred)(x) === true ? n + 1 : n), 0),
  },
  filter: {
    signatures: ['(list<T>, (T) => bool) => list<T>'],
    impl: ([xs, pred]) => list(xs).filter(fn1(pred)),
  },
  map: {
    signatures: ['(list<T>, (T) => U) => list<U>'],
    impl: ([xs, f]) => list(xs).map(fn1(f)),
  },
  any: {
    signatures: ['(list<T>, (T) => bool) => bool'],
    impl: ([xs, pred]) => list(xs).some(fn1(pred)),
  },
  all: {
    signatures: ['(list<T>, (T) => bool) => bool'],
    impl: ([xs, pred]) => list(xs).every(fn1(pred)),
  },
  fold: {
    signatures: ['(list<T>, A, (A, T) => A) => A'],
    impl: ([xs, init, f]) => list(xs).reduce<Value>((acc, x) => fn2(f)(acc, x), init as Value),
  },
  indexOf: {
    signatures: ['(list<T>, T) => number'],
    equality: 'T',
    impl: ([xs, x], { eq }) => list(xs).findIndex((y) => eq(y, x as Value)),
  },
  sort: {
    signatures: ['(list<T>) => list<T>'],
    ordered: 'T',
    impl: ([xs]) => list(xs).toSorted(compareOrdered),
  },
  sortBy: {
    signatures: ['(list<T>, (T) => K) => list<T>'],
    ordered: 'K',
    impl: ([xs, f]) => {
      const items = list(xs);
      // Each key is computed once; sort is stable, so equal keys keep their order.
      const keys = items.map((x) => fn1(f)(x));
      return items
        .map((_, i) => i)
        .sort((i, j) => compareOrdered(keys[i] as Value, keys[j] as Value))
        .map((i) => items[i] as Value);
    },
  },
  reverse: { signatures: ['(list<T>) => list<T>'], impl: ([xs]) => list(xs).toReversed() },
  distinct: {
    signatures: ['(list<T>) => list<T>'],
    equality: 'T',
    impl: ([xs], { eq, work }, meter) => {
      const kept: Value[] = [];
      for (const x of list(xs)) {
        work(meter, kept.length);
        if (!kept.some((y) => eq(y, x))) kept.push(x);
      }
      return kept;
    },
  },
  concat: { signatures: ['(list<T>, list<T>) => list<T>'], impl: ([a, b]) => [...list(a), ...list(b)] },
  append: { signatures: ['(list<T>, T) => list<T>'], impl: ([xs, x]) => [...list(xs), x as Value] },
  take: {
    signatures: ['(list<T>, number) => list<T>'],
    impl: ([xs, n], call) => list(xs).slice(0, wholeCount(n, call, 'the count of take')),
  },
  drop: {
    signatures: ['(list<T>, number) => list<T>'],
    impl: ([xs, n], call) => list(xs).slice(wholeCount(n, call, 'the count of drop')),
  },
  first: { signatures: ['(list<T>) => T'], impl: ([xs], call) => nonEmpty(xs, call, 'first')[0] as Value },
  last: { signatures: ['(list<T>) => T'], impl: ([xs], call) => nonEmpty(xs, call, 'last').at(-1) as Value },
  without: {
    signatures: ['(list<T>, list<T>) => list<T>'],
    equality: 'T',
    impl: ([xs, remove], { eq, work }, meter) => {
      const rest = [...list(xs)];
      for (const y of list(remove)) {
        work(meter, rest.length);
        const i = rest.findIndex((x) => eq(x, y));
        if (i >= 0) rest.splice(i, 1);
      }
      return rest;
    },
  },
  pickBy: {
    // Which elements account for a list of keys: each key takes one element not taken before.
    signatures: ['(list<T>, (T) => K, list<K>) => list<T>'],
    equality: 'K',
    impl: ([xs, f, keys], { eq, work }, meter) => {
      const rest = [...list(xs)];
      const picked: Value[] = [];
      for (const key of list(keys)) {
        work(meter, rest.length);
        const i = rest.findIndex((x) => eq(fn1(f)(x), key));
        if (i >= 0) picked.push(...rest.splice(i, 1));
      }
      return picked;
    },
  },
  sumBy: {
    signatures: ['(list<T>, (T) => number) => number'],
    impl: ([xs, f], call) =>
      finite(
        list(xs).reduce<number>((total, x) => total + num(fn1(f)(x)), 0),
        call,
        'the sum',
      ),
  },
  maxBy: {
    signatures: ['(list<T>, (T) => K) => T'],
    ordered: 'K',
    impl: ([xs, f], call) => bestBy(nonEmpty(xs, call, 'maxBy'), fn1(f), larger),
  },
  minBy: {
    signatures: ['(list<T>, (T) => K) => T'],
    ordered: 'K',
    impl: ([xs, f], call) => bestBy(nonEmpty(xs, call, 'minBy'), fn1(f), smaller),
  },
  str: { signatures: ['(T) => string'], impl: ([x]) => toText(x as Value) },
  join: {
    signatures: ['(list<string>, string) => string'],
    impl: ([xs, separator]) => list(xs).join(text(separator)),
  },
  repeat: {
    signatures: ['(T, number) => list<T>'],
    impl: ([x, n], call) => Array.from({ length: wholeCount(n, call, 'the count of repeat') }, () => x as Value),
  },
};

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map(
  Object.entries(SPECS).map(([name, spec]): [string, Builtin] => [
    name,
    {
      name,
      signatures: spec.signatures.map(parseSignature),
      equality: spec.equality,
      ordered: spec.ordered,
      impl: spec.impl,
    },
  ]),
);
