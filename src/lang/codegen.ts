import type { BuiltinArg, CallContext, Callback } from './builtins.ts';
import { ExprRuntimeError, HostCallError, type Span } from './errors.ts';
import type { Lambda, Node } from './ir.ts';
import type { Env } from './library.ts';
import { compareOrdered, equalityFor, makeRecord, strictEquality, toText, type RecordValue, type Value } from './values.ts';
import { LIMITS, formatLimit } from '../limits.ts';

/**
 * A compiled expression: globals come from `env` by name, locals (definition parameters, `let`
 * names, lambda parameters) from `frame` by slot number, resolved at compile time.
 */
export type Code = (env: Env, frame: Value[]) => Value;

/** Where compiled code came from, so runtime errors can point into the right text. */
export interface Origin {
  readonly source: string;
  readonly definition: string | undefined;
}

/** Nested definition calls allowed before a runaway recursion is stopped. */
export const MAX_CALL_DEPTH = LIMITS.callDepth;

let callDepth = 0;

/**
 * The work of the evaluation under way. Expressions cannot loop, but a definition can recurse
 * into exponential work (`fib(60)`) and a fold can build quadratic lists: every outermost `run`
 * gets a budget of steps and of allocated items, shared with the runs nested inside it (a
 * scoring table's expressions evaluated by `cover`).
 */
const meter = { runs: 0, steps: 0, allocated: 0 };

/** Steps of the outermost evaluations finished so far (see `stepsSpent`). */
let stepsFinished = 0;

/**
 * Calculation steps taken by every evaluation so far, a running total: a caller that evaluates
 * many expressions (a move's effects, the listing of a move's choices) bounds their sum by the
 * difference between two readings, since each expression alone is bounded but loops repeat them.
 */
export const stepsSpent = (): number => stepsFinished + (meter.runs > 0 ? meter.steps : 0);

const STEPS_MESSAGE = `more than ${formatLimit(LIMITS.exprSteps)} steps in one calculation (the limit of work for one expression)`;
const ALLOCATION_MESSAGE = `more than ${formatLimit(LIMITS.exprAllocation)} list items and characters built in one calculation (the limit for one expression)`;

const NO_LOCALS: Value[] = [];

/** Wraps compiled code as the `run` function handed to the host. */
export function makeRunner(code: Code, frameSize: number, span: Span, origin: Origin): (env: Env) => Value {
  return (env) => {
    if (meter.runs === 0) {
      meter.steps = 0;
      meter.allocated = 0;
    }
    meter.runs++;
    try {
      return code(env, frameSize === 0 ? NO_LOCALS : new Array<Value>(frameSize));
    } catch (e) {
      // Deep but bounded recursion can still exhaust the JS stack; report it like the depth limit.
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        throw new ExprRuntimeError('the calculation nests too deeply (too much recursion)', span, origin.source, origin.definition);
      }
      throw e;
    } finally {
      meter.runs--;
      if (meter.runs === 0) stepsFinished += meter.steps;
    }
  };
}

// The code generator's helpers live at module level, taking the expression's origin, rather than
// as closures made afresh for every expression compiled: the editor compiles every expression of
// the spec on each keystroke, and under tsx (the CLI, the bench) each named closure also costs a
// defineProperty of its name.
const fail = (origin: Origin, span: Span, message: string): ExprRuntimeError =>
  new ExprRuntimeError(message, span, origin.source, origin.definition);

const work = (origin: Origin, span: Span, steps: number, what: string): void => {
  meter.steps += steps;
  if (meter.steps > LIMITS.exprSteps) throw fail(origin, span, `${STEPS_MESSAGE}, at ${what}`);
};
/** Counts what a list or string result holds; returns it. */
const built = <T extends Value>(origin: Origin, span: Span, value: T): T => {
  if (typeof value === 'string' || Array.isArray(value)) {
    meter.allocated += (value as string | readonly Value[]).length;
    if (meter.allocated > LIMITS.exprAllocation) throw fail(origin, span, ALLOCATION_MESSAGE);
  }
  return value;
};
const finite = (origin: Origin, span: Span, value: number, what: string): number => {
  if (!Number.isFinite(value)) throw fail(origin, span, `${what} is too large to be a number`);
  return value;
};

const lambda = (origin: Origin, node: Lambda): ((env: Env, frame: Value[]) => Callback) => {
  const body = gen(origin, node.body);
  const [first, second] = node.slots as [number, number | undefined];
  if (second === undefined) {
    return (env, frame) => (x: Value) => {
      work(origin, node, 1, 'this function');
      frame[first] = x;
      return body(env, frame);
    };
  }
  return (env, frame) => (a: Value, b: Value) => {
    work(origin, node, 1, 'this function');
    frame[first] = a;
    frame[second] = b;
    return body(env, frame);
  };
};

const gen = (origin: Origin, node: Node): Code => {
  switch (node.kind) {
    case 'const': {
      const { value } = node;
      return () => value;
    }
    case 'global': {
      const { name } = node;
      return (env) => {
        const value = env[name];
        if (value === undefined) throw fail(origin, node, `no value for '${name}'`);
        return value;
      };
    }
    case 'local': {
      const { slot } = node;
      // The checker only resolves a name to a slot inside the binding's body, after it is set.
      return (_, frame) => frame[slot] as Value;
    }
    case 'list': {
      const items = node.items.map((item) => gen(origin, item));
      return (env, frame) => built(origin, node, evaluateAll(items, env, frame));
    }
    case 'record': {
      const { names } = node;
      const values = node.values.map((item) => gen(origin, item));
      return (env, frame) => makeRecord(names, evaluateAll(values, env, frame));
    }
    case 'neg': {
      const operand = gen(origin, node.operand);
      return (env, frame) => -(operand(env, frame) as number);
    }
    case 'not': {
      const operand = gen(origin, node.operand);
      return (env, frame) => !(operand(env, frame) as boolean);
    }
    case 'arith':
      return arithmetic(origin, node.op, gen(origin, node.left), gen(origin, node.right), node);
    case 'concatText': {
      const [left, right] = [gen(origin, node.left), gen(origin, node.right)];
      return (env, frame) => built(origin, node, toText(left(env, frame)) + toText(right(env, frame)));
    }
    case 'concatList': {
      const [left, right] = [gen(origin, node.left), gen(origin, node.right)];
      return (env, frame) => built(origin, node, [...(left(env, frame) as readonly Value[]), ...(right(env, frame) as readonly Value[])]);
    }
    case 'and': {
      const [left, right] = [gen(origin, node.left), gen(origin, node.right)];
      return (env, frame) => left(env, frame) === true && right(env, frame);
    }
    case 'or': {
      const [left, right] = [gen(origin, node.left), gen(origin, node.right)];
      return (env, frame) => left(env, frame) === true || right(env, frame);
    }
    case 'order': {
      const [left, right] = [gen(origin, node.left), gen(origin, node.right)];
      const holds = ORDER_TESTS[node.op];
      return (env, frame) => holds(compareOrdered(left(env, frame), right(env, frame)));
    }
    case 'equal': {
      const [left, right] = [gen(origin, node.left), gen(origin, node.right)];
      const eq = equalityFor(node.at);
      const { negated } = node;
      if (eq === strictEquality) {
        return negated
          ? (env, frame) => left(env, frame) !== right(env, frame)
          : (env, frame) => left(env, frame) === right(env, frame);
      }
      return (env, frame) => eq(left(env, frame), right(env, frame)) !== negated;
    }
    case 'in': {
      const [item, list] = [gen(origin, node.item), gen(origin, node.list)];
      const eq = equalityFor(node.at);
      if (eq === strictEquality) {
        return (env, frame) => {
          const x = item(env, frame);
          const xs = list(env, frame) as readonly Value[];
          work(origin, node, xs.length, "'in'");
          return xs.includes(x);
        };
      }
      return (env, frame) => {
        const x = item(env, frame);
        const xs = list(env, frame) as readonly Value[];
        work(origin, node, xs.length, "'in'");
        return xs.some((y) => eq(x, y));
      };
    }
    case 'cond': {
      const [test, then, otherwise] = [gen(origin, node.test), gen(origin, node.then), gen(origin, node.otherwise)];
      return (env, frame) => (test(env, frame) === true ? then(env, frame) : otherwise(env, frame));
    }
    case 'let': {
      const { slot } = node;
      const [value, body] = [gen(origin, node.value), gen(origin, node.body)];
      return (env, frame) => {
        frame[slot] = value(env, frame);
        return body(env, frame);
      };
    }
    case 'field': {
      const { name } = node;
      const object = gen(origin, node.object);
      return (env, frame) => {
        const value = (object(env, frame) as RecordValue)[name];
        if (value === undefined) throw fail(origin, node, `the value has no field '${name}'`);
        return value;
      };
    }
    case 'index': {
      const [object, index] = [gen(origin, node.object), gen(origin, node.index)];
      return (env, frame) => {
        const xs = object(env, frame) as readonly Value[];
        const i = index(env, frame) as number;
        const value = xs[i];
        if (value === undefined) {
          throw fail(origin, node, Number.isInteger(i)
            ? `index ${i} is out of range: the list has ${xs.length} item${xs.length === 1 ? '' : 's'}`
            : `index ${i} is not a whole number`);
        }
        return value;
      };
    }
    case 'builtin': {
      const { impl } = node.builtin;
      const makers = node.args.map((arg): ((env: Env, frame: Value[]) => BuiltinArg) =>
        arg.kind === 'lambda' ? lambda(origin, arg) : gen(origin, arg),
      );
      const what = `${node.builtin.name}(…)`;
      const call: CallContext = {
        eq: node.equalityAt === undefined ? strictEquality : equalityFor(node.equalityAt),
        error: (message) => fail(origin, node, message),
        work: (steps) => work(origin, node, steps, what),
      };
      return (env, frame) => {
        const args = makers.map((make) => make(env, frame));
        // Walking a list is work even when no function is called per item (`sum`, `contains`).
        let walked = 0;
        for (const arg of args) if (Array.isArray(arg)) walked += arg.length;
        work(origin, node, walked, what);
        return built(origin, node, impl(args, call));
      };
    }
    case 'host': {
      const { fn } = node;
      const args = node.args.map((item) => gen(origin, item));
      return (env, frame) => {
        const values = evaluateAll(args, env, frame);
        try {
          return fn.impl(values, env);
        } catch (error) {
          if (error instanceof HostCallError) throw fail(origin, node, error.message);
          throw error;
        }
      };
    }
    case 'definition': {
      const { definition } = node;
      const args = node.args.map((item) => gen(origin, item));
      // Named once: the text is only read in the message of a call past the budget.
      const what = `this call of '${definition.name}'`;
      return (env, frame) => {
        // The parameters are the callee's first slots; its other locals extend the array.
        const locals = evaluateAll(args, env, frame);
        const code = definition.code;
        if (code === undefined) throw new Error(`definition '${definition.name}' was called before it was compiled`);
        if (callDepth >= MAX_CALL_DEPTH) {
          throw fail(origin, node, `more than ${MAX_CALL_DEPTH} nested calls: does '${definition.name}' call itself without end?`);
        }
        work(origin, node, 1, what);
        callDepth++;
        try {
          return code(env, locals);
        } finally {
          callDepth--;
        }
      };
    }
  }
};

/**
 * The values of `codes` in order, in a new array of just that length (a definition's frame grows
 * from it): the few arguments most calls have as an array literal, which costs no callback.
 */
const evaluateAll = (codes: readonly Code[], env: Env, frame: Value[]): Value[] => {
  const [a, b, c] = codes as [Code, Code, Code];
  switch (codes.length) {
    case 0:
      return [];
    case 1:
      return [a(env, frame)];
    case 2:
      return [a(env, frame), b(env, frame)];
    case 3:
      return [a(env, frame), b(env, frame), c(env, frame)];
    default:
      return codes.map((code) => code(env, frame));
  }
};

const arithmetic = (origin: Origin, op: '+' | '-' | '*' | '/' | '%', left: Code, right: Code, span: Span): Code => {
  switch (op) {
    case '+':
      return (env, frame) => finite(origin, span, (left(env, frame) as number) + (right(env, frame) as number), 'the sum');
    case '-':
      return (env, frame) => finite(origin, span, (left(env, frame) as number) - (right(env, frame) as number), 'the difference');
    case '*':
      return (env, frame) => finite(origin, span, (left(env, frame) as number) * (right(env, frame) as number), 'the product');
    case '/':
      return (env, frame) => {
        const a = left(env, frame) as number;
        const b = right(env, frame) as number;
        if (b === 0) throw fail(origin, span, 'division by zero');
        return finite(origin, span, a / b, 'the quotient');
      };
    case '%':
      return (env, frame) => {
        const a = left(env, frame) as number;
        const b = right(env, frame) as number;
        if (b === 0) throw fail(origin, span, 'modulo by zero');
        // JS `%` keeps the dividend's sign; the language's modulo takes the divisor's.
        return ((a % b) + b) % b;
      };
  }
};

export function generate(root: Node, origin: Origin): Code {
  return gen(origin, root);
}

const ORDER_TESTS: Readonly<Record<'<' | '<=' | '>' | '>=', (order: number) => boolean>> = {
  '<': (order) => order < 0,
  '<=': (order) => order <= 0,
  '>': (order) => order > 0,
  '>=': (order) => order >= 0,
};
