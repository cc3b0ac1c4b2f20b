import type { BuiltinArg, CallContext, Callback } from './builtins.ts';
import { ExprRuntimeError, HostCallError } from '../errors.ts';
import type { Span } from './errors.ts';
import type { Lambda, Node } from './ir.ts';
import type { DefinitionEntry, Env, HostFunction, Param } from './library.ts';
import type { Type } from './types.ts';
import { compareOrdered, equalityFor, makeRecord, strictEquality, toText, type RecordValue, type Value } from './values.ts';
import { LIMITS, formatLimit } from '../limits.ts';
import type { Meter } from './meter.ts';

/**
 * A compiled expression: globals come from `env` by name, locals (definition parameters, `let`
 * names, lambda parameters) from `frame` by slot number, resolved at compile time; its work is
 * charged to `meter`.
 */
export type Code = (env: Env, frame: Value[], meter: Meter) => Value;

/** Where compiled code came from, so runtime errors can point into the right text. */
export interface Origin {
  readonly source: string;
  readonly definition: string | undefined;
}

/** Nested definition calls allowed before a runaway recursion is stopped. */
export const MAX_CALL_DEPTH = LIMITS.callDepth;

const STEPS_MESSAGE = `more than ${formatLimit(LIMITS.exprSteps)} steps in one calculation (the limit of work for one expression)`;
const ALLOCATION_MESSAGE = `more than ${formatLimit(LIMITS.exprAllocation)} list items and characters built in one calculation (the limit for one expression)`;

const NO_LOCALS: Value[] = [];

/** Computes one argument of a builtin: a value, or the function a lambda stands for. */
type Maker = (env: Env, frame: Value[], meter: Meter) => BuiltinArg;

/** The items of a builtin's list argument: walking a list is work even when no function is called per item (`sum`, `contains`). */
export const listed = (arg: BuiltinArg): number => (Array.isArray(arg) ? (arg as readonly Value[]).length : 0);

/**
 * Runs an expression on `env`, its work charged to `meter`: the caller's budget, or, for a caller
 * that answers to none, a meter of its own (`new Meter()`).
 */
export type Run = (env: Env, meter: Meter) => Value;

/**
 * Wraps compiled code as the `run` function handed to the host: the run of an expression's code,
 * with its frame and its meter's bookkeeping. `locate` turns an error into the one its caller
 * reports (check/exprs.ts names the spec's place): done here, in the run's one handler, rather
 * than by a second wrapper around every run.
 */
export function makeRunner(code: Code, frameSize: number, span: Span, origin: Origin, locate: (error: unknown) => unknown = same): Run {
  // The frame of a finished run serves the next one (a `where` runs once per candidate): every
  // slot is written before it is read, and nothing keeps a frame past its run. A run nested in
  // one under way gets a frame of its own.
  let spare: Value[] | undefined;
  return (env, meter) => {
    if (meter.runs === 0) {
      meter.steps = 0;
      meter.allocated = 0;
    }
    meter.runs++;
    const frame = frameSize === 0 ? NO_LOCALS : (spare ?? new Array<Value>(frameSize));
    spare = undefined;
    try {
      return code(env, frame, meter);
    } catch (e) {
      // Deep but bounded recursion can still exhaust the JS stack; report it like the depth limit.
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        throw locate(
          new ExprRuntimeError(
            'the calculation nests too deeply (too much recursion)',
            span,
            origin.source,
            origin.definition,
            'work-limit',
          ),
        );
      }
      throw locate(e);
    } finally {
      spare = frame;
      meter.runs--;
      if (meter.runs === 0) meter.finished += meter.steps;
    }
  };
}

const same = (error: unknown): unknown => error;

// The code generator's helpers live at module level, taking the expression's origin, rather than
// as closures made afresh for every expression compiled: the editor compiles every expression of
// the spec on each keystroke, and under tsx (the CLI, the bench) each named closure also costs a
// defineProperty of its name.
const fail = (origin: Origin, span: Span, message: string): ExprRuntimeError =>
  new ExprRuntimeError(message, span, origin.source, origin.definition);

/** A limit of src/limits.ts passed: a `work-limit`, which a caller that lets a failed calculation pass still stops on. */
const overLimit = (origin: Origin, span: Span, message: string): ExprRuntimeError =>
  new ExprRuntimeError(message, span, origin.source, origin.definition, 'work-limit');

export const work = (meter: Meter, origin: Origin, span: Span, steps: number, what: string): void => {
  meter.steps += steps;
  if (meter.steps > LIMITS.exprSteps) throw overLimit(origin, span, `${STEPS_MESSAGE}, at ${what}`);
};
/** Counts what a list or string result holds; returns it. */
export const built = <T extends Value>(meter: Meter, origin: Origin, span: Span, value: T): T => {
  if (typeof value === 'string' || Array.isArray(value)) {
    meter.allocated += (value as string | readonly Value[]).length;
    if (meter.allocated > LIMITS.exprAllocation) throw overLimit(origin, span, ALLOCATION_MESSAGE);
  }
  return value;
};
export const finite = (origin: Origin, span: Span, value: number, what: string): number => {
  if (!Number.isFinite(value)) throw fail(origin, span, `${what} is too large to be a number`);
  return value;
};

/** The quotient of `a / b`, refused by zero or past a number's range. */
export const divide = (origin: Origin, span: Span, a: number, b: number): number => {
  if (b === 0) throw fail(origin, span, 'division by zero');
  return finite(origin, span, a / b, 'the quotient');
};

/** `a % b` with the divisor's sign, refused by zero. */
export const modulo = (origin: Origin, span: Span, a: number, b: number): number => {
  if (b === 0) throw fail(origin, span, 'modulo by zero');
  // JS `%` keeps the dividend's sign; the language's modulo takes the divisor's.
  return ((a % b) + b) % b;
};

/** A global name the environment gives no value. */
export const noValue = (origin: Origin, span: Span, name: string): ExprRuntimeError => fail(origin, span, `no value for '${name}'`);

/** A record without the field read. */
export const noField = (origin: Origin, span: Span, name: string): ExprRuntimeError =>
  fail(origin, span, `the value has no field '${name}'`);

/** Why `xs[i]` has no item. */
export const badIndex = (origin: Origin, span: Span, xs: readonly Value[], i: number): ExprRuntimeError =>
  fail(
    origin,
    span,
    Number.isInteger(i)
      ? `index ${i} is out of range: the list has ${xs.length} item${xs.length === 1 ? '' : 's'}`
      : `index ${i} is not a whole number`,
  );

/** What a builtin called at `span` is handed besides its arguments. */
export const callContextOf = (origin: Origin, span: Span & { readonly equalityAt: Type | undefined }, what: string): CallContext => ({
  eq: span.equalityAt === undefined ? strictEquality : equalityFor(span.equalityAt),
  error: (message) => fail(origin, span, message),
  work: (meter, steps) => work(meter, origin, span, steps, what),
});

/** A host function's call, its refusals located at `span`. */
export const callHost = (origin: Origin, span: Span, fn: HostFunction, values: Value[], env: Env, meter: Meter): Value => {
  try {
    return fn.impl(values, env, meter);
  } catch (error) {
    if (error instanceof HostCallError) throw fail(origin, span, error.message);
    throw error;
  }
};

/**
 * A definition's call that is not inlined: `locals` are the argument values, the callee's first
 * slots (its other locals extend the array); nested calls are bounded by `MAX_CALL_DEPTH`.
 */
export const callDefinition = (
  origin: Origin,
  span: Span,
  definition: DefinitionEntry,
  locals: Value[],
  env: Env,
  meter: Meter,
  what: string,
): Value => {
  const code = definition.code;
  if (code === undefined) throw new Error(`definition '${definition.name}' was called before it was compiled`);
  if (meter.depth >= MAX_CALL_DEPTH) {
    throw overLimit(origin, span, `more than ${MAX_CALL_DEPTH} nested calls: does '${definition.name}' call itself without end?`);
  }
  work(meter, origin, span, 1, what);
  meter.depth++;
  try {
    return code(env, locals, meter);
  } finally {
    meter.depth--;
  }
};

/** A definition call's words in a message past the budget, made once when the call is compiled. */
export const callOf = (definition: DefinitionEntry): string => `this call of '${definition.name}'`;

/** The value of a constant operand, boxed so that a constant `false` or `0` is still found. */
const constantOf = (node: Node): { readonly value: Value } | undefined => (node.kind === 'const' ? node : undefined);

/** The frame slot of an operand that is a local. */
const slotOf = (site: Site, node: Node | Lambda | undefined): number | undefined =>
  node?.kind === 'local' ? node.slot + site.base : undefined;

export type Junction = Node & { readonly kind: 'and' | 'or'; readonly left: Node; readonly right: Node };

/** The operands of a chain of one connective (`a and b and c`), left to right, however it nests. */
export const operandsOf = (node: Junction): Node[] =>
  [node.left, node.right].flatMap((item) => (item.kind === node.kind ? operandsOf(item as Junction) : [item]));

/**
 * `and` and `or`, short-circuiting: a chain of three or more operands is one loop over them, not
 * one call per connective (`params.combos and len(cards) >= 2 and len(cards) <= …`).
 */
const junction = (site: Site, node: Junction): Code => {
  const operands = operandsOf(node).map((item) => gen(site, item));
  const last = operands.pop() as Code;
  const [left] = operands as [Code];
  if (node.kind === 'and') {
    if (operands.length === 1) return (env, frame, meter) => left(env, frame, meter) === true && last(env, frame, meter);
    return (env, frame, meter) => {
      for (const test of operands) if (test(env, frame, meter) !== true) return false;
      return last(env, frame, meter);
    };
  }
  if (operands.length === 1) return (env, frame, meter) => left(env, frame, meter) === true || last(env, frame, meter);
  return (env, frame, meter) => {
    for (const test of operands) if (test(env, frame, meter) === true) return true;
    return last(env, frame, meter);
  };
};

const lambda = (site: Site, node: Lambda): ((env: Env, frame: Value[], meter: Meter) => Callback) => {
  const make = callbackOf(site, node);
  // The function for the same environment and frame is the same: made once for a run's frame,
  // and for the next runs too, which reuse it (see `makeRunner`), instead of once per call.
  let madeEnv: Env | undefined;
  let madeFrame: Value[] | undefined;
  let madeMeter: Meter | undefined;
  let callback: Callback | undefined;
  return (env, frame, meter) => {
    if (callback === undefined || madeEnv !== env || madeFrame !== frame || madeMeter !== meter) {
      madeEnv = env;
      madeFrame = frame;
      madeMeter = meter;
      callback = make(env, frame, meter);
    }
    return callback;
  };
};

/** Makes the function a lambda stands for, given the environment and frame it is called in. */
const callbackOf = (site: Site, node: Lambda): ((env: Env, frame: Value[], meter: Meter) => Callback) => {
  const { origin } = site;
  const [one, two] = node.slots as [number, number | undefined];
  const call = node.body;
  // `c => playable(c)`: the value goes straight to the inlined body's parameter, one call per item, not two.
  if (
    two === undefined &&
    call.kind === 'definition' &&
    call.args.length === 1 &&
    call.args[0]?.kind === 'local' &&
    call.args[0].slot === one
  ) {
    const inlined = inlinedBody(site, call.definition);
    if (inlined) {
      const { code, at } = inlined;
      const what = callOf(call.definition);
      return (env, frame, meter) => (x: Value) => {
        work(meter, origin, node, 1, 'this function');
        work(meter, origin, call, 1, what);
        frame[at] = x;
        return code(env, frame, meter);
      };
    }
  }
  const body = gen(site, call);
  const first = one + site.base;
  const second = two === undefined ? undefined : two + site.base;
  if (second === undefined) {
    return (env, frame, meter) => (x: Value) => {
      work(meter, origin, node, 1, 'this function');
      frame[first] = x;
      return body(env, frame, meter);
    };
  }
  return (env, frame, meter) => (a: Value, b: Value) => {
    work(meter, origin, node, 1, 'this function');
    frame[first] = a;
    frame[second] = b;
    return body(env, frame, meter);
  };
};

/** The code of one kind of node. */
type Generator<K extends Node['kind']> = (site: Site, node: Node & { readonly kind: K }) => Code;

/** Every node kind's generator, typed over the kinds so a kind left out is a type error. */
const GENERATORS: { readonly [K in Node['kind']]: Generator<K> } = {
  const: (_, node) => {
    const { value } = node;
    return () => value;
  },
  global: (site, node) => {
    const { origin } = site;
    const { name } = node;
    return (env) => {
      const value = env[name];
      if (value === undefined) throw noValue(origin, node, name);
      return value;
    };
  },
  local: (site, node) => {
    const slot = node.slot + site.base;
    // The checker only resolves a name to a slot inside the binding's body, after it is set.
    return (_, frame) => frame[slot] as Value;
  },
  list: (site, node) => {
    const { origin } = site;
    const items = node.items.map((item) => gen(site, item));
    return (env, frame, meter) => built(meter, origin, node, evaluateAll(items, env, frame, meter));
  },
  record: (site, node) => {
    const { names } = node;
    const values = node.values.map((item) => gen(site, item));
    return (env, frame, meter) => makeRecord(names, evaluateAll(values, env, frame, meter));
  },
  neg: (site, node) => {
    const operand = gen(site, node.operand);
    return (env, frame, meter) => -(operand(env, frame, meter) as number);
  },
  not: (site, node) => {
    const operand = gen(site, node.operand);
    return (env, frame, meter) => !(operand(env, frame, meter) as boolean);
  },
  arith: (site, node) => {
    const { origin } = site;
    return arithmetic(origin, node.op, gen(site, node.left), gen(site, node.right), node);
  },
  concatText: (site, node) => {
    const { origin } = site;
    const [left, right] = [gen(site, node.left), gen(site, node.right)];
    return (env, frame, meter) => built(meter, origin, node, toText(left(env, frame, meter)) + toText(right(env, frame, meter)));
  },
  concatList: (site, node) => {
    const { origin } = site;
    const [left, right] = [gen(site, node.left), gen(site, node.right)];
    return (env, frame, meter) =>
      built(meter, origin, node, [...(left(env, frame, meter) as readonly Value[]), ...(right(env, frame, meter) as readonly Value[])]);
  },
  and: junction,
  or: junction,
  order: (site, node) => {
    const left = gen(site, node.left);
    const holds = ORDER_TESTS[node.op];
    // A comparison with a constant (`c.health > 0`) makes no call for it.
    const known = constantOf(node.right);
    if (known) {
      const { value } = known;
      return (env, frame, meter) => holds(compareOrdered(left(env, frame, meter), value));
    }
    const right = gen(site, node.right);
    return (env, frame, meter) => holds(compareOrdered(left(env, frame, meter), right(env, frame, meter)));
  },
  equal: (site, node) => {
    const left = gen(site, node.left);
    const eq = equalityFor(node.at);
    const { negated } = node;
    const known = constantOf(node.right);
    if (eq === strictEquality && known) {
      const { value } = known;
      return negated ? (env, frame, meter) => left(env, frame, meter) !== value : (env, frame, meter) => left(env, frame, meter) === value;
    }
    const right = gen(site, node.right);
    if (eq === strictEquality) {
      return negated
        ? (env, frame, meter) => left(env, frame, meter) !== right(env, frame, meter)
        : (env, frame, meter) => left(env, frame, meter) === right(env, frame, meter);
    }
    return (env, frame, meter) => eq(left(env, frame, meter), right(env, frame, meter)) !== negated;
  },
  in: (site, node) => {
    const { origin } = site;
    const [item, list] = [gen(site, node.item), gen(site, node.list)];
    const eq = equalityFor(node.at);
    if (eq === strictEquality) {
      return (env, frame, meter) => {
        const x = item(env, frame, meter);
        const xs = list(env, frame, meter) as readonly Value[];
        work(meter, origin, node, xs.length, "'in'");
        return xs.includes(x);
      };
    }
    return (env, frame, meter) => {
      const x = item(env, frame, meter);
      const xs = list(env, frame, meter) as readonly Value[];
      work(meter, origin, node, xs.length, "'in'");
      return xs.some((y) => eq(x, y));
    };
  },
  cond: (site, node) => {
    const [test, then, otherwise] = [gen(site, node.test), gen(site, node.then), gen(site, node.otherwise)];
    return (env, frame, meter) => (test(env, frame, meter) === true ? then(env, frame, meter) : otherwise(env, frame, meter));
  },
  let: (site, node) => {
    const slot = node.slot + site.base;
    const [value, body] = [gen(site, node.value), gen(site, node.body)];
    return (env, frame, meter) => {
      frame[slot] = value(env, frame, meter);
      return body(env, frame, meter);
    };
  },
  field: (site, node) => {
    const { origin } = site;
    const { name } = node;
    const missing = (): ExprRuntimeError => noField(origin, node, name);
    const target = node.object;
    // A field of a local (`c.rank`) or of a global (`params.combos`) reads its record itself:
    // one call per field, not two, on the hottest reads of a guard.
    if (target.kind === 'local') {
      const slot = target.slot + site.base;
      return (_, frame) => {
        const value = (frame[slot] as RecordValue)[name];
        if (value === undefined) throw missing();
        return value;
      };
    }
    if (target.kind === 'global') {
      const record = target.name;
      const unknown = (): ExprRuntimeError => noValue(origin, target, record);
      return (env) => {
        const object = env[record];
        if (object === undefined) throw unknown();
        const value = (object as RecordValue)[name];
        if (value === undefined) throw missing();
        return value;
      };
    }
    const object = gen(site, target);
    return (env, frame, meter) => {
      const value = (object(env, frame, meter) as RecordValue)[name];
      if (value === undefined) throw missing();
      return value;
    };
  },
  index: (site, node) => {
    const { origin } = site;
    const [object, index] = [gen(site, node.object), gen(site, node.index)];
    return (env, frame, meter) => {
      const xs = object(env, frame, meter) as readonly Value[];
      const i = index(env, frame, meter) as number;
      const value = xs[i];
      if (value === undefined) throw badIndex(origin, node, xs, i);
      return value;
    };
  },
  builtin: (site, node) => {
    const { origin } = site;
    const { impl } = node.builtin;
    const makers = node.args.map((arg): Maker => (arg.kind === 'lambda' ? lambda(site, arg) : gen(site, arg)));
    const what = `${node.builtin.name}(…)`;
    const call = callContextOf(origin, node, what);
    const [a, b, c] = makers as [Maker, Maker, Maker];
    // A first argument that is a local (`len(cards)`, `any(cards, …)`) is read from its slot, with no call.
    const from = slotOf(site, node.args[0]);
    // The one to three arguments of nearly every builtin as an array literal, not a `map` with
    // its callback, on the hottest call of a guard.
    switch (makers.length) {
      case 1: {
        const apply = (meter: Meter, x: BuiltinArg): Value => {
          work(meter, origin, node, listed(x), what);
          return built(meter, origin, node, impl([x], call, meter));
        };
        return from === undefined
          ? (env, frame, meter) => apply(meter, a(env, frame, meter))
          : (_, frame, meter) => apply(meter, frame[from] as Value);
      }
      case 2: {
        const apply = (meter: Meter, x: BuiltinArg, y: BuiltinArg): Value => {
          work(meter, origin, node, listed(x) + listed(y), what);
          return built(meter, origin, node, impl([x, y], call, meter));
        };
        return from === undefined
          ? (env, frame, meter) => apply(meter, a(env, frame, meter), b(env, frame, meter))
          : (env, frame, meter) => apply(meter, frame[from] as Value, b(env, frame, meter));
      }
      case 3:
        return (env, frame, meter) => {
          const x = a(env, frame, meter);
          const y = b(env, frame, meter);
          const z = c(env, frame, meter);
          work(meter, origin, node, listed(x) + listed(y) + listed(z), what);
          return built(meter, origin, node, impl([x, y, z], call, meter));
        };
      default:
        return (env, frame, meter) => {
          const args = makers.map((make) => make(env, frame, meter));
          let walked = 0;
          for (const arg of args) walked += listed(arg);
          work(meter, origin, node, walked, what);
          return built(meter, origin, node, impl(args, call, meter));
        };
    }
  },
  host: (site, node) => {
    const { origin } = site;
    const { fn } = node;
    const args = node.args.map((item) => gen(site, item));
    return (env, frame, meter) => callHost(origin, node, fn, evaluateAll(args, env, frame, meter), env, meter);
  },
  definition: (site, node) => {
    const { origin } = site;
    const { definition } = node;
    const args = node.args.map((item) => gen(site, item));
    const what = callOf(definition);
    const inlined = inline(site, definition, args, node, what, slotOf(site, node.args[0]));
    if (inlined) return inlined;
    return (env, frame, meter) => callDefinition(origin, node, definition, evaluateAll(args, env, frame, meter), env, meter, what);
  },
};

const gen = (site: Site, node: Node): Code => (GENERATORS[node.kind] as Generator<Node['kind']>)(site, node);

/**
 * The code of `definition`'s body compiled into a caller at `site`, its locals from the slot `at`
 * up; undefined when it is not inlined: recursive, too large, or the budget is spent.
 */
const inlinedBody = (site: Site, definition: DefinitionEntry): { code: Code; at: number } | undefined => {
  const taken = takeInline(site.room, definition);
  if (!taken) return undefined;
  const { body, params, slots } = taken;
  const at = site.top;
  // The body's code at one slot is the same for every call there: generated once per library
  // (the editor compiles every expression of the spec on each keystroke), with its own budget.
  let byBase = inlinedAt.get(definition);
  if (!byBase) inlinedAt.set(definition, (byBase = new Map()));
  let made = byBase.get(at);
  if (!made) {
    const top = at + Math.max(params.length, slots);
    const room = { left: INLINE_BUDGET, extent: top };
    const origin = { source: definition.source, definition: definition.name };
    made = { code: gen({ origin, base: at, top, room }, body), extent: room.extent };
    byBase.set(at, made);
  }
  site.room.extent = Math.max(site.room.extent, made.extent);
  return { code: made.code, at };
};

/**
 * A call of a small definition that cannot reach itself, compiled into its caller: the body's
 * locals take the caller's frame from `site.top` up, so the call builds no frame of its own and
 * makes no indirect call (most of a guard's time went to such calls: `playable(c)` for each card
 * of each candidate). The call still counts its step, and its errors still point into the
 * callee's text. It is not counted in the nesting depth: without recursion that nesting is
 * bounded by the spec's size, and the JS stack's own limit is still reported (see `makeRunner`).
 * Undefined when the definition is not inlined (see `inlinedBody`). `from` is the slot of a first
 * argument that is a local.
 */
const inline = (
  site: Site,
  definition: DefinitionEntry,
  args: readonly Code[],
  span: Span,
  what: string,
  from: number | undefined,
): Code | undefined => {
  const inlined = inlinedBody(site, definition);
  if (!inlined) return undefined;
  const { code, at } = inlined;
  const { origin } = site;
  const [a, b] = args as [Code, Code];
  // Every argument is computed before any is stored: an argument may itself be an inlined call
  // whose locals take the same slots.
  switch (args.length) {
    case 0:
      return (env, frame, meter) => {
        work(meter, origin, span, 1, what);
        return code(env, frame, meter);
      };
    case 1: {
      // A local argument (`playable(c)` in a lambda over `c`) is copied from its slot, with no call.
      const enter = (frame: Value[], meter: Meter, x: Value): void => {
        work(meter, origin, span, 1, what);
        frame[at] = x;
      };
      if (from !== undefined) {
        return (env, frame, meter) => {
          enter(frame, meter, frame[from] as Value);
          return code(env, frame, meter);
        };
      }
      return (env, frame, meter) => {
        enter(frame, meter, a(env, frame, meter));
        return code(env, frame, meter);
      };
    }
    case 2:
      return (env, frame, meter) => {
        const x = a(env, frame, meter);
        const y = b(env, frame, meter);
        work(meter, origin, span, 1, what);
        frame[at] = x;
        frame[at + 1] = y;
        return code(env, frame, meter);
      };
    default:
      return (env, frame, meter) => {
        const values = evaluateAll(args, env, frame, meter);
        work(meter, origin, span, 1, what);
        for (let i = 0; i < values.length; i++) frame[at + i] = values[i] as Value;
        return code(env, frame, meter);
      };
  }
};

/**
 * A definition's body and the frame slots it uses, when a call of it is inlined: it cannot reach
 * itself, it is small, and `room` (the nodes left to inline into one expression) has room for it,
 * which it then takes. Both tiers decide alike; whether a call is inlined changes no count.
 */
export const takeInline = (
  room: { left: number },
  definition: DefinitionEntry,
): { body: Node; params: readonly Param[]; slots: number } | undefined => {
  const { body, params } = definition;
  if (body === undefined || params === undefined || reachesItself(definition)) return undefined;
  const { nodes, slots } = measure(body);
  if (nodes > INLINE_MAX_NODES || nodes > room.left) return undefined;
  room.left -= nodes;
  return { body, params, slots };
};

/** Most nodes of one inlined body, and of all the bodies inlined into one expression or definition. */
const INLINE_MAX_NODES = 64;
export const INLINE_BUDGET = 256;

/** The inlined code of a definition's body by the slot its locals start at, and the frame it needs. */
const inlinedAt = new WeakMap<DefinitionEntry, Map<number, { code: Code; extent: number }>>();

const reaching = new WeakMap<DefinitionEntry, boolean>();
/** Whether `definition` calls itself, directly or through others. */
const reachesItself = (definition: DefinitionEntry): boolean => {
  let known = reaching.get(definition);
  if (known === undefined) {
    const seen = new Set<DefinitionEntry>();
    const visit = (d: DefinitionEntry): boolean => {
      for (const callee of d.calls) {
        if (callee === definition) return true;
        if (!seen.has(callee)) {
          seen.add(callee);
          if (visit(callee)) return true;
        }
      }
      return false;
    };
    known = visit(definition);
    reaching.set(definition, known);
  }
  return known;
};

const measured = new WeakMap<Node, { nodes: number; slots: number }>();
/** The nodes of a body, and the frame slots it uses (one past the highest). */
export const measure = (root: Node): { nodes: number; slots: number } => {
  let found = measured.get(root);
  if (found === undefined) {
    let nodes = 0;
    let slots = 0;
    const use = (slot: number): void => {
      slots = Math.max(slots, slot + 1);
    };
    const visit = (node: Node | Lambda): void => {
      nodes++;
      switch (node.kind) {
        case 'lambda':
          node.slots.forEach(use);
          return visit(node.body);
        case 'const':
        case 'global':
          return;
        case 'local':
          return use(node.slot);
        case 'let':
          use(node.slot);
          visit(node.value);
          return visit(node.body);
        case 'list':
          return node.items.forEach(visit);
        case 'record':
          return node.values.forEach(visit);
        case 'neg':
        case 'not':
          return visit(node.operand);
        case 'arith':
        case 'concatText':
        case 'concatList':
        case 'and':
        case 'or':
        case 'order':
        case 'equal':
          visit(node.left);
          return visit(node.right);
        case 'in':
          visit(node.item);
          return visit(node.list);
        case 'cond':
          visit(node.test);
          visit(node.then);
          return visit(node.otherwise);
        case 'field':
          return visit(node.object);
        case 'index':
          visit(node.object);
          return visit(node.index);
        case 'builtin':
        case 'host':
        case 'definition':
          return (node.args as readonly (Node | Lambda)[]).forEach(visit);
      }
    };
    visit(root);
    found = { nodes, slots };
    measured.set(root, found);
  }
  return found;
};

/**
 * Where code is generated: the text it came from, the frame slot its locals start at (non-zero
 * inside an inlined definition), the first slot free above them, and the inlining budget and
 * frame extent shared by everything generated for one expression or definition body.
 */
interface Site {
  readonly origin: Origin;
  readonly base: number;
  readonly top: number;
  readonly room: { left: number; extent: number };
}

/**
 * The values of `codes` in order, in a new array of just that length (a definition's frame grows
 * from it): the few arguments most calls have as an array literal, which costs no callback.
 */
const evaluateAll = (codes: readonly Code[], env: Env, frame: Value[], meter: Meter): Value[] => {
  const [a, b, c] = codes as [Code, Code, Code];
  switch (codes.length) {
    case 0:
      return [];
    case 1:
      return [a(env, frame, meter)];
    case 2:
      return [a(env, frame, meter), b(env, frame, meter)];
    case 3:
      return [a(env, frame, meter), b(env, frame, meter), c(env, frame, meter)];
    default:
      return codes.map((code) => code(env, frame, meter));
  }
};

const arithmetic = (origin: Origin, op: '+' | '-' | '*' | '/' | '%', left: Code, right: Code, span: Span): Code => {
  switch (op) {
    case '+':
      return (env, frame, meter) =>
        finite(origin, span, (left(env, frame, meter) as number) + (right(env, frame, meter) as number), 'the sum');
    case '-':
      return (env, frame, meter) =>
        finite(origin, span, (left(env, frame, meter) as number) - (right(env, frame, meter) as number), 'the difference');
    case '*':
      return (env, frame, meter) =>
        finite(origin, span, (left(env, frame, meter) as number) * (right(env, frame, meter) as number), 'the product');
    case '/':
      return (env, frame, meter) => divide(origin, span, left(env, frame, meter) as number, right(env, frame, meter) as number);
    case '%':
      return (env, frame, meter) => modulo(origin, span, left(env, frame, meter) as number, right(env, frame, meter) as number);
  }
};

/**
 * Compiles a checked expression or definition body whose locals take `slots` frame slots; the
 * frame it needs is `frameSize`, more when it inlines definitions.
 */
export function generate(root: Node, origin: Origin, slots: number): { code: Code; frameSize: number } {
  const top = Math.max(slots, measure(root).slots);
  const room = { left: INLINE_BUDGET, extent: top };
  const code = gen({ origin, base: 0, top, room }, root);
  return { code, frameSize: room.extent };
}

export const ORDER_TESTS: Readonly<Record<'<' | '<=' | '>' | '>=', (order: number) => boolean>> = {
  '<': (order) => order < 0,
  '<=': (order) => order <= 0,
  '>': (order) => order > 0,
  '>=': (order) => order >= 0,
};
