/**
 * Move arguments: enumerating every legal choice (one of a list, a subset, a partial one-to-one
 * assignment), and decoding the JSON a player sends back into values, with a reason when it is
 * not a legal choice. A piece travels as its id; any other value as itself.
 */
import { Meter, deepEqual, type Env, type Value } from '../lang/index.ts';
import { SpecLimitError } from '../errors.ts';
import { envOf, extendEnv, type LocalValues, type Scope } from './env.ts';
import type { CompiledArg } from './legality.ts';
import type { GameContext, Json } from './state.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import { isRecord } from '../spec/own.ts';

export const MAX_CHOICES = LIMITS.choices;

export const encodeValue = (v: Value): Json => {
  if (Array.isArray(v)) return (v as readonly Value[]).map(encodeValue);
  if (isRecord<Value>(v)) {
    if (typeof v.id === 'string') return v.id;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encodeValue(x)]));
  }
  return v as Json;
};

const matches = (element: Value, given: Json): boolean => deepEqual(encodeValue(element) as Value, given as Value);

/**
 * Visits each subset in one array, valid only during the call: most candidates are refused, and
 * copying each cost as much as judging it. A function of the module that recurses, not a closure
 * made for each listing (docs/ARCHITECTURE.md: hot code makes no closure bound to a name).
 */
const subsets = <T>(
  items: readonly T[],
  min: number,
  max: number,
  visit: (subset: readonly T[]) => void,
  chosen: T[] = [],
  i = 0,
): void => {
  if (chosen.length > max) return;
  if (items.length - i + chosen.length < min) return;
  // Full (one more would pass `max`): leaving out every item after this is its only subset.
  if (i === items.length || chosen.length + 1 > max) {
    if (chosen.length < min) return;
    visit(chosen);
    return;
  }
  chosen.push(items[i] as T);
  subsets(items, min, max, visit, chosen, i + 1);
  chosen.pop();
  subsets(items, min, max, visit, chosen, i + 1);
};

const injections = <A, B>(from: readonly A[], to: readonly B[], visit: (pairs: { from: A; to: B }[]) => void): void => {
  const pairs: { from: A; to: B }[] = [];
  const used = new Set<number>();
  const walk = (i: number): void => {
    if (i === from.length) {
      visit(pairs.slice());
      return;
    }
    walk(i + 1);
    to.forEach((b, j) => {
      if (used.has(j)) return;
      used.add(j);
      pairs.push({ from: from[i] as A, to: b });
      walk(i + 1);
      pairs.pop();
      used.delete(j);
    });
  };
  walk(0);
};

/** A `subsetOf` argument. */
export type SubsetArg = Extract<CompiledArg, { kind: 'subsetOf' }>;

const sizeLimits = (arg: SubsetArg, env: Env, meter: Meter, n: number): [number, number] => [
  arg.min ? (arg.min.run(env, meter) as number) : 0,
  arg.max ? (arg.max.run(env, meter) as number) : n,
];

/**
 * Candidates tried while listing one move's choices, accepted by `where` or not, over all its
 * arguments together: two arguments of 90,000 items each are 8.1 billion tries, not 180,000.
 * And the calculation steps since the listing began, since each `where` alone may take up to an
 * expression's whole budget: every expression of the listing runs on its `meter`.
 */
export interface ChoiceBudget {
  tried: number;
  readonly meter: Meter;
  readonly stepsAt: number;
}

/** `meter` is a caller's that the listing's work counts toward too (a bot's decision); by default the listing's own. */
export const newChoiceBudget = (meter: Meter = new Meter()): ChoiceBudget => ({ tried: 0, meter, stepsAt: meter.spent() });

/** Whether the listing's calculations have passed the limit of work for one listing. */
export const overSteps = (budget: ChoiceBudget): boolean => budget.meter.spent() - budget.stepsAt > LIMITS.moveSteps;

/** A limit passed while listing `arg`'s choices, located at the argument in the spec: the spec asked for the work, not the player. */
const passed = (arg: CompiledArg, message: string): SpecLimitError => new SpecLimitError(message, arg.path);

/** Counts one candidate of `arg` against the listing's budget, or refuses past it. */
const charge = (arg: CompiledArg, budget: ChoiceBudget): void => {
  if (++budget.tried > LIMITS.choicesTried) {
    throw passed(
      arg,
      `listing the choices of argument '${arg.name}' tried more than ${formatLimit(LIMITS.choicesTried)} candidates (accepted by 'where' or not, with every choice of the arguments before it): narrow its list`,
    );
  }
  if (overSteps(budget)) {
    throw passed(
      arg,
      `listing the choices of argument '${arg.name}' took more than ${formatLimit(LIMITS.moveSteps)} calculation steps (the limit of work for one listing): simplify its 'where' or narrow its list`,
    );
  }
};

const tooMany = (arg: CompiledArg): SpecLimitError =>
  passed(arg, `argument '${arg.name}' has more than ${formatLimit(MAX_CHOICES)} choices`);

/** The list a subset argument chooses from, and the sizes it allows; a list too long to enumerate is refused. */
const subsetDomain = (arg: SubsetArg, scope: Scope, meter: Meter): { items: readonly Value[]; min: number; max: number } => {
  const items = arg.domain.run(scope, meter) as readonly Value[];
  // Subsets are enumerated exhaustively; a larger domain is refused rather than hanging.
  if (items.length > LIMITS.subsetDomain) {
    throw passed(arg, `argument '${arg.name}' chooses among ${items.length} items; at most ${LIMITS.subsetDomain} can be enumerated`);
  }
  const [min, max] = sizeLimits(arg, scope, meter, items.length);
  return { items, min, max };
};

/** The test of a candidate by `arg.where` (none: every candidate passes), the candidate written to `scope[arg.name]` either way. */
const whereTest = (arg: CompiledArg, scope: Scope, meter: Meter): ((v: Value) => boolean) => {
  const { where, name } = arg;
  return (v) => {
    scope[name] = v;
    return where === undefined || where.run(scope, meter) === true;
  };
};

/**
 * Visits every value of `arg` that is legal given the earlier arguments, which `scope` (the
 * move's environment) holds by name, in the listing's order. Each candidate is written to
 * `scope[arg.name]` in turn for its `where`: an evaluation keeps no scope, so one serves every
 * candidate. `visit` sees a legal value as soon as it is found, with it still in `scope`; a subset
 * comes as one array reused for every candidate, valid only during the call (most candidates are
 * refused, and copying each cost as much as judging it).
 */
export const eachChoice = (arg: CompiledArg, scope: Scope, budget: ChoiceBudget, visit: (value: Value) => void): void => {
  const { meter } = budget;
  const walk: ChoiceWalk = { arg, budget, test: whereTest(arg, scope, meter), visit, accepted: 0 };
  if (arg.kind === 'oneOf') {
    for (const v of arg.domain.run(scope, meter) as readonly Value[]) consider(walk, v);
  } else if (arg.kind === 'subsetOf') {
    const { items, min, max } = subsetDomain(arg, scope, meter);
    subsets(items, min, max, (s) => consider(walk, s as Value));
  } else {
    injections(arg.from.run(scope, meter) as readonly Value[], arg.to.run(scope, meter) as readonly Value[], (pairs) =>
      consider(walk, pairs as unknown as Value),
    );
  }
};

/** One argument's walk through its candidates (see `eachChoice`): what judging one needs, in one object rather than a closure. */
interface ChoiceWalk {
  readonly arg: CompiledArg;
  readonly budget: ChoiceBudget;
  readonly test: (v: Value) => boolean;
  readonly visit: (value: Value) => void;
  accepted: number;
}

/** Judges one candidate, counted before it is tried. */
const consider = (walk: ChoiceWalk, v: Value): void => {
  if (walk.accepted >= MAX_CHOICES) throw tooMany(walk.arg);
  charge(walk.arg, walk.budget);
  if (!walk.test(v)) return;
  walk.accepted++;
  walk.visit(v);
};

/** Every value of `arg` that is legal given the earlier arguments (see `eachChoice`), each a value of its own. */
export const choicesOf = (arg: CompiledArg, scope: Scope, budget: ChoiceBudget = newChoiceBudget()): Value[] => {
  const out: Value[] = [];
  eachChoice(arg, scope, budget, (v) => out.push(arg.kind === 'subsetOf' ? (v as readonly Value[]).slice() : v));
  return out;
};

/** The next larger number with as many bits set (Gosper's hack): the subsets of one size in turn. */
const nextOfSize = (mask: number): number => {
  const low = mask & -mask;
  const ripple = mask + low;
  return (((ripple ^ mask) >>> 2) / low) | ripple;
};

/**
 * The minimal legal choices of a subset argument, and maybe some others: the subsets smallest
 * first, each one holding a choice already found legal skipped unjudged, since it cannot be
 * minimal. `legal` judges a candidate that passed `where` (the guards, for a move's last
 * argument) and says whether it is legal; the list of candidates it is given is its own to keep.
 * Gives the legal ones' items as bit masks (bit i for item i), in the order they were found.
 * A subset is skipped only for a smaller one at fewer positions, so a list holding one value
 * twice may leave choices that are not minimal by value: the caller's filter decides those.
 */
export const minimalChoicesOf = (arg: SubsetArg, scope: Scope, budget: ChoiceBudget, legal: (choice: Value) => boolean): number[] => {
  const { items, min, max } = subsetDomain(arg, scope, budget.meter);
  const n = items.length;
  const walk: MinimalWalk = { arg, budget, items, test: whereTest(arg, scope, budget.meter), legal, found: [], compared: 0 };
  for (let size = Math.max(0, min); size <= Math.min(max, n); size++) {
    if (size === 0) {
      judgeMinimal(walk, 0);
      continue;
    }
    for (let mask = (1 << size) - 1; mask < 1 << n; mask = nextOfSize(mask)) judgeMinimal(walk, mask);
  }
  return walk.found;
};

/** The walk of `minimalChoicesOf`: what judging one subset needs, in one object rather than a closure (see `ChoiceWalk`). */
interface MinimalWalk {
  readonly arg: SubsetArg;
  readonly budget: ChoiceBudget;
  readonly items: readonly Value[];
  readonly test: (v: Value) => boolean;
  readonly legal: (choice: Value) => boolean;
  readonly found: number[];
  compared: number;
}

/** Judges the subset `mask` unless it holds a legal choice already found; keeps it when legal. */
const judgeMinimal = (walk: MinimalWalk, mask: number): void => {
  const { arg, found, items } = walk;
  for (const small of found) {
    if (++walk.compared > LIMITS.moveSteps) {
      throw passed(
        arg,
        `listing the minimal choices of argument '${arg.name}' compared more than ${formatLimit(LIMITS.moveSteps)} pairs of choices: narrow its list`,
      );
    }
    if ((small & ~mask) === 0) return;
  }
  charge(arg, walk.budget);
  const chosen: Value[] = [];
  for (let i = 0; i < items.length; i++) if ((mask & (1 << i)) !== 0) chosen.push(items[i] as Value);
  if (!walk.test(chosen)) return;
  if (!walk.legal(chosen)) return;
  if (found.length >= MAX_CHOICES) throw tooMany(arg);
  found.push(mask);
};

/**
 * Whether subset `a` comes before subset `b` (bit masks over the same list) in `choicesOf`'s
 * order, which takes an item before leaving it out: at the first item where they differ, the
 * one that holds it.
 */
export const listedBefore = (a: number, b: number): boolean => (a & ((a ^ b) & -(a ^ b))) !== 0;

/** The argument's value for `given`, or the reason it is not a legal choice. */
export const decodeArg = (
  arg: CompiledArg,
  given: Json | undefined,
  ctx: GameContext,
  locals: LocalValues,
  meter: Meter,
): { value: Value } | { error: string } => {
  const env = envOf(ctx, locals);
  if (given === undefined) return { error: `argument '${arg.name}' is missing` };
  let value: Value | undefined;
  if (arg.kind === 'oneOf') {
    value = (arg.domain.run(env, meter) as readonly Value[]).find((e) => matches(e, given));
    if (value === undefined) return { error: `argument '${arg.name}': ${JSON.stringify(given)} is not one of the choices` };
  } else if (arg.kind === 'subsetOf') {
    if (!Array.isArray(given)) return { error: `argument '${arg.name}' must be a list` };
    const pool = (arg.domain.run(env, meter) as readonly Value[]).slice();
    const picked: Value[] = [];
    for (const item of given as readonly Json[]) {
      const at = pool.findIndex((e) => matches(e, item));
      if (at < 0) return { error: `argument '${arg.name}': ${JSON.stringify(item)} is not among the choices (or is given twice)` };
      picked.push(...pool.splice(at, 1));
    }
    const [min, max] = sizeLimits(arg, env, meter, picked.length);
    if (picked.length < min) return { error: `argument '${arg.name}' needs at least ${min} item(s), got ${picked.length}` };
    if (picked.length > max) return { error: `argument '${arg.name}' takes at most ${max} item(s), got ${picked.length}` };
    value = picked;
  } else {
    if (!Array.isArray(given)) return { error: `argument '${arg.name}' must be a list of {from, to} pairs` };
    const from = (arg.from.run(env, meter) as readonly Value[]).slice();
    const to = (arg.to.run(env, meter) as readonly Value[]).slice();
    const pairs: Value[] = [];
    for (const pair of given as readonly Json[]) {
      if (!isRecord(pair)) return { error: `argument '${arg.name}': each item must be {from, to}` };
      const a = from.findIndex((e) => matches(e, pair.from as Json));
      const b = to.findIndex((e) => matches(e, pair.to as Json));
      if (a < 0 || b < 0)
        return { error: `argument '${arg.name}': ${JSON.stringify(pair)} pairs something that is not available (or used twice)` };
      pairs.push({ from: from.splice(a, 1)[0] as Value, to: to.splice(b, 1)[0] as Value });
    }
    value = pairs;
  }
  if (arg.where && arg.where.run(extendEnv(env, { [arg.name]: value }), meter) !== true) {
    return { error: `argument '${arg.name}' breaks its condition \`${arg.where.source}\`` };
  }
  return { value };
};
