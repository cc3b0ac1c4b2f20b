/**
 * The compiled tier's code generator: a checked expression (ir.ts) as the text of a JavaScript
 * function, which V8 then compiles as it does any code, instead of the interpreter's tree of
 * closures, whose shared call sites cost it most of its time.
 *
 * What the spec wrote never enters the text. Every name, string, record, list and number that is
 * not a small whole number is a constant `K[n]`; every identifier is one the emitter made (`t0`,
 * `t1`… for temporaries); the only functions called are the runtime's (`H.name`, helpers.ts).
 * The text is checked against an allow-list (allowList.ts) before it runs.
 *
 * Semantics are the interpreter's (codegen.ts), to the step: the same work is charged to the
 * meter at the same points, with the same words, and a small definition is inlined under the
 * same limits (whether a call is inlined changes no count). Every local read is copied into a
 * temporary at once, since a later sibling may overwrite its slot (an inlined call's locals).
 *
 * A frame slot is a variable of the function (`slot`), not an item of the `frame` array: a
 * `where` stored each lambda item and inlined argument into the array and read it back, half of
 * its time. The array only brings a definition's arguments in.
 */
import { callContextOf, callOf, INLINE_BUDGET, measure, operandsOf, takeInline, type Junction, type Origin } from '../codegen.ts';
import type { Span } from '../errors.ts';
import { LIMITS } from '../../limits.ts';
import type { Lambda, Node } from '../ir.ts';
import { equalityFor, strictEquality, type Value } from '../values.ts';
import type { EmitSite, StepCharge } from './helpers.ts';

/** The body of `new Function('K', 'H', text)`, which returns the expression's code, and what it needs. */
export interface Emitted {
  readonly text: string;
  /** `K` of the text: names, values and runtime objects, by index. */
  readonly constants: readonly unknown[];
  readonly frameSize: number;
}

/** The text being written, its constants, and the inlining budget shared by the whole expression. */
class Writer {
  readonly constants: unknown[] = [];
  private readonly known = new Map<unknown, number>();
  private temps = 0;
  /** The variable of each frame slot the text uses, by slot. */
  readonly slots = new Map<number, string>();
  /** The slots the text writes: the others are the arguments a caller put in the frame. */
  readonly written = new Set<number>();
  /** Whole steps charged since the last line that could throw, not yet written (see `charge`). */
  private pending: StepCharge[] = [];
  lines: string[] = [];
  readonly room: { left: number; extent: number };

  constructor(top: number) {
    this.room = { left: INLINE_BUDGET, extent: top };
  }

  /** `K[n]` for `value`: the same object or string is one constant. */
  constant(value: unknown): string {
    // Numbers are never shared: a Map would take -0 for 0.
    const known = typeof value === 'number' ? undefined : this.known.get(value);
    if (known !== undefined) return `K[${known}]`;
    if (typeof value !== 'number') this.known.set(value, this.constants.length);
    this.constants.push(value);
    return `K[${this.constants.length - 1}]`;
  }

  temp(): string {
    return `t${this.temps++}`;
  }

  /** The variable holding frame slot `n`: a temporary of its own, declared at the top of the function. */
  slot(n: number): string {
    let name = this.slots.get(n);
    if (name === undefined) this.slots.set(n, (name = this.temp()));
    return name;
  }

  /** Writes atom `value` into slot `n`. */
  assign(n: number, value: Atom): void {
    this.written.add(n);
    this.copy(`${this.slot(n)} = ${value};`);
  }

  /** A line that may throw or call: the steps charged before it are written first. */
  line(...texts: string[]): void {
    this.flush();
    this.lines.push(...texts);
  }

  /** A line that only copies an atom (or declares a temporary): it cannot throw, so a charge pending may pass it. */
  copy(text: string): void {
    this.lines.push(text);
  }

  /**
   * Charges `steps` (an atom or a sum of them) at `here` to the meter, as `work` in codegen.ts
   * does: added in the text, with `H.work` called only once the limit is passed, to throw its
   * error there (it adds 0). A call of `H.work` for every node was a tenth of a `where`'s time.
   * Whole steps wait for the next line that could throw, and charges in a row are added at once:
   * past the limit, `H.workIn` finds the one the interpreter stops at (helpers.ts). A `where`
   * charged four times for each item it went through, with nothing that could throw between.
   */
  charge(here: EmitSite, steps: string): void {
    if (/^\d+$/.test(steps)) {
      this.pending.push({ site: here, steps: Number(steps) });
      return;
    }
    this.flush();
    this.lines.push(chargeLine(steps, `H.work(meter, ${this.constant(here)}, 0)`));
  }

  /** Writes the charges pending. */
  flush(): void {
    const charges = this.pending;
    if (charges.length === 0) return;
    this.pending = [];
    const [first] = charges;
    const total = charges.reduce((sum, c) => sum + c.steps, 0);
    this.lines.push(
      chargeLine(
        String(total),
        charges.length === 1 && first ? `H.work(meter, ${this.constant(first.site)}, 0)` : `H.workIn(meter, ${this.constant(charges)})`,
      ),
    );
  }

  /** The lines `fill` writes, as a block of their own; the charges before it are written before it, and its own inside it. */
  block(fill: () => void): string[] {
    this.flush();
    const outer = this.lines;
    this.lines = [];
    fill();
    this.flush();
    const inner = this.lines;
    this.lines = outer;
    return inner;
  }
}

const chargeLine = (steps: string, over: string): string => `if ((meter.steps += ${steps}) > ${LIMITS.exprSteps}) { ${over}; }`;

/** Where a node is written: its text, and its locals' first frame slot and the first free above them. */
interface Place {
  readonly origin: Origin;
  readonly base: number;
  readonly top: number;
}

/** A value the text may hold: a temporary, a literal, or a constant. */
type Atom = string;

const siteOf = (at: Place, span: Span, what: string): EmitSite => ({ origin: at.origin, span: { start: span.start, end: span.end }, what });

const site = (w: Writer, at: Place, span: Span, what: string): string => w.constant(siteOf(at, span, what));

/** A small whole number or a boolean as a literal; anything else is a constant. */
const literal = (w: Writer, value: Value): Atom =>
  typeof value === 'boolean'
    ? String(value)
    : typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0)
      ? String(value)
      : w.constant(value);

/** Writes `expression` into a new temporary and returns its name. */
const bind = (w: Writer, expression: string): Atom => {
  const t = w.temp();
  w.line(`const ${t} = ${expression};`);
  return t;
};

type Emitter<K extends Node['kind']> = (w: Writer, at: Place, node: Node & { readonly kind: K }) => Atom;

const ARITH_WORDS = { '+': 'the sum', '-': 'the difference', '*': 'the product' } as const;

const EMITTERS: { readonly [K in Node['kind']]: Emitter<K> } = {
  const: (w, _, node) => literal(w, node.value),
  global: (w, at, node) => {
    const t = bind(w, `env[${w.constant(node.name)}]`);
    w.line(`if (${t} === void 0) { H.noValue(${site(w, at, node, node.name)}); }`);
    return t;
  },
  local: (w, at, node) => {
    const t = w.temp();
    w.copy(`const ${t} = ${w.slot(node.slot + at.base)};`);
    return t;
  },
  list: (w, at, node) => {
    const items = node.items.map((item) => emit(w, at, item));
    return bind(w, `H.built(meter, ${site(w, at, node, '')}, [${items.join(', ')}])`);
  },
  record: (w, at, node) => {
    const values = node.values.map((item) => emit(w, at, item));
    return bind(w, `H.record(${w.constant(node.names)}, [${values.join(', ')}])`);
  },
  neg: (w, at, node) => bind(w, `-${emit(w, at, node.operand)}`),
  not: (w, at, node) => bind(w, `!${emit(w, at, node.operand)}`),
  arith: (w, at, node) => {
    const a = emit(w, at, node.left);
    const b = emit(w, at, node.right);
    switch (node.op) {
      case '/':
        return bind(w, `H.divide(${site(w, at, node, '')}, ${a}, ${b})`);
      case '%':
        return bind(w, `H.modulo(${site(w, at, node, '')}, ${a}, ${b})`);
      default:
        return bind(w, `H.finite(${site(w, at, node, ARITH_WORDS[node.op])}, ${a} ${node.op} ${b})`);
    }
  },
  concatText: (w, at, node) => {
    const a = emit(w, at, node.left);
    const b = emit(w, at, node.right);
    return bind(w, `H.built(meter, ${site(w, at, node, '')}, H.text(${a}) + H.text(${b}))`);
  },
  concatList: (w, at, node) => {
    const a = emit(w, at, node.left);
    const b = emit(w, at, node.right);
    return bind(w, `H.built(meter, ${site(w, at, node, '')}, H.concat(${a}, ${b}))`);
  },
  and: (w, at, node) => junction(w, at, node),
  or: (w, at, node) => junction(w, at, node),
  // Two numbers or two strings are compared in the text: each comparison then learns its own
  // operands' kind, where one helper shared by all code, seeing both, compared neither fast.
  order: (w, at, node) => {
    const a = emit(w, at, node.left);
    const b = emit(w, at, node.right);
    return bind(w, node.of === undefined ? `H.compare(${a}, ${b}) ${node.op} 0` : `${a} ${node.op} ${b}`);
  },
  equal: (w, at, node) => {
    const a = emit(w, at, node.left);
    const b = emit(w, at, node.right);
    const eq = equalityFor(node.at);
    if (eq === strictEquality) return bind(w, `${a} ${node.negated ? '!==' : '==='} ${b}`);
    return bind(w, `H.equal(${w.constant(eq)}, ${a}, ${b}) !== ${node.negated}`);
  },
  in: (w, at, node) => {
    const x = emit(w, at, node.item);
    const xs = emit(w, at, node.list);
    w.charge(siteOf(at, node, "'in'"), `H.listed(${xs})`);
    const eq = equalityFor(node.at);
    if (eq === strictEquality) return bind(w, `H.includes(${xs}, ${x})`);
    return bind(w, `H.some(${w.constant(eq)}, ${xs}, ${x})`);
  },
  cond: (w, at, node) => {
    const test = emit(w, at, node.test);
    const t = w.temp();
    w.copy(`let ${t};`);
    const then = w.block(() => w.line(`${t} = ${emit(w, at, node.then)};`));
    const otherwise = w.block(() => w.line(`${t} = ${emit(w, at, node.otherwise)};`));
    w.line(`if (${test} === true) {`, ...then, '} else {', ...otherwise, '}');
    return t;
  },
  let: (w, at, node) => {
    w.assign(node.slot + at.base, emit(w, at, node.value));
    return emit(w, at, node.body);
  },
  field: (w, at, node) => {
    const t = bind(w, `${emit(w, at, node.object)}[${w.constant(node.name)}]`);
    w.line(`if (${t} === void 0) { H.noField(${site(w, at, node, node.name)}); }`);
    return t;
  },
  index: (w, at, node) => {
    const xs = emit(w, at, node.object);
    const i = emit(w, at, node.index);
    const t = bind(w, `${xs}[${i}]`);
    w.line(`if (${t} === void 0) { H.badIndex(${site(w, at, node, '')}, ${xs}, ${i}); }`);
    return t;
  },
  builtin: (w, at, node) => {
    const what = `${node.builtin.name}(…)`;
    const looped = loop(w, at, node, what);
    if (looped !== undefined) return looped;
    const args = node.args.map((arg) => (arg.kind === 'lambda' ? lambda(w, at, arg) : emit(w, at, arg)));
    const here = siteOf(at, node, what);
    const walked = args.length === 0 ? '0' : args.map((arg) => `H.listed(${arg})`).join(' + ');
    w.charge(here, walked);
    // `len` is its argument's length (builtins.ts): read in the text, with no call and no array of arguments.
    if (node.builtin.name === 'len' && args.length === 1) return bind(w, `${args[0]}.length`);
    const call = w.constant(callContextOf(at.origin, node, what));
    return bind(w, `H.built(meter, ${w.constant(here)}, H.apply(${w.constant(node.builtin.impl)}, [${args.join(', ')}], ${call}, meter))`);
  },
  host: (w, at, node) => {
    const args = node.args.map((arg) => emit(w, at, arg));
    return bind(w, `H.host(${w.constant(node.fn)}, ${site(w, at, node, '')}, [${args.join(', ')}], env, meter)`);
  },
  definition: (w, at, node) => {
    const { definition } = node;
    const args = node.args.map((arg) => emit(w, at, arg));
    const here = siteOf(at, node, callOf(definition));
    const inlined = takeInline(w.room, definition);
    if (inlined === undefined) return bind(w, `H.call(${w.constant(definition)}, ${w.constant(here)}, [${args.join(', ')}], env, meter)`);
    w.charge(here, '1');
    args.forEach((arg, i) => w.assign(at.top + i, arg));
    const top = at.top + Math.max(inlined.params.length, inlined.slots);
    w.room.extent = Math.max(w.room.extent, top);
    return emit(w, { origin: { source: definition.source, definition: definition.name }, base: at.top, top }, inlined.body);
  },
};

/**
 * The builtins that go through a list with a one-value function, written as a loop over the list:
 * no function made for the lambda, no array of arguments, no call of the builtin, on every run (a
 * listing's `where` runs for each of hundreds of subsets). Each does what its `impl` in
 * builtins.ts does, to the step: the list's length charged first, then a step for each call of
 * the lambda, stopping where `every` or `some` stops; a sum is checked once, at the end, and a list
 * made is counted as the builtin's result is.
 */
interface Loop {
  /** The accumulator's first value, given the list. */
  readonly start: (xs: Atom) => string;
  /** What one call's value does to the accumulator; `at` counts the items gone through before this one, when `counted`. */
  readonly step: (acc: Atom, value: Atom, item: Atom, at: Atom) => string;
  readonly counted?: true;
  readonly finish?: 'sum' | 'list';
}

const LOOPS: Readonly<Record<string, Loop>> = {
  all: { start: () => 'true', step: (acc, value) => `if (${value} !== true) { ${acc} = false; break; }` },
  any: { start: () => 'false', step: (acc, value) => `if (${value} === true) { ${acc} = true; break; }` },
  count: { start: () => '0', step: (acc, value) => `if (${value} === true) { ${acc} = ${acc} + 1; }` },
  sumBy: { start: () => '0', step: (acc, value) => `${acc} = ${acc} + ${value};`, finish: 'sum' },
  // A list of the list's length, as the engine's map makes: one grown item by item was a twentieth of a move's bytes.
  map: {
    start: (xs) => `H.sized(H.listed(${xs}))`,
    step: (acc, value, _, at) => `H.put(${acc}, ${at}, ${value});`,
    counted: true,
    finish: 'list',
  },
  filter: { start: () => '[]', step: (acc, value, item) => `if (${value} === true) { H.push(${acc}, ${item}); }`, finish: 'list' },
};

const loop = (w: Writer, at: Place, node: Node & { readonly kind: 'builtin' }, what: string): Atom | undefined => {
  const shape = Object.hasOwn(LOOPS, node.builtin.name) ? LOOPS[node.builtin.name] : undefined;
  const [list, fn] = node.args;
  if (!shape || node.args.length !== 2 || !list || list.kind === 'lambda' || fn?.kind !== 'lambda' || fn.slots.length !== 1)
    return undefined;
  // The allow-list loops over temporaries alone: a literal list (a constant) gets one.
  const listAtom = emit(w, at, list);
  const xs = /^t\d+$/.test(listAtom) ? listAtom : bind(w, listAtom);
  const here = siteOf(at, node, what);
  w.charge(here, `H.listed(${xs})`);
  const acc = w.temp();
  const item = w.temp();
  const index = shape.counted ? w.temp() : undefined;
  w.line(`let ${acc} = ${shape.start(xs)};`);
  if (index) w.copy(`let ${index} = 0;`);
  const body = w.block(() => {
    w.charge(siteOf(at, fn, 'this function'), '1');
    w.assign((fn.slots[0] as number) + at.base, item);
    w.line(shape.step(acc, emit(w, at, fn.body), item, index ?? ''));
    if (index) w.line(`${index} = ${index} + 1;`);
  });
  w.line(`for (const ${item} of ${xs}) {`, ...body, '}');
  if (shape.finish === 'sum') return bind(w, `H.finite(${site(w, at, node, 'the sum')}, ${acc})`);
  if (shape.finish === 'list') return bind(w, `H.built(meter, ${w.constant(here)}, ${acc})`);
  return acc;
};

/** `and` and `or`, short-circuiting: each operand is computed only when the ones before it let it count. */
const junction = (w: Writer, at: Place, node: Junction): Atom => {
  const operands = operandsOf(node);
  const t = w.temp();
  const passes = node.kind === 'and' ? '=== true' : '!== true';
  w.copy(`let ${t} = ${node.kind === 'or'};`);
  const chain = (rest: readonly Node[]): string[] =>
    w.block(() => {
      const [first, ...others] = rest as [Node, ...Node[]];
      const value = emit(w, at, first);
      if (others.length === 0) w.line(`${t} = ${value};`);
      else w.line(`if (${value} ${passes}) {`, ...chain(others), '}');
    });
  w.line(...chain(operands));
  return t;
};

/** A lambda as an arrow function that stores its arguments in their slots and runs its body. */
const lambda = (w: Writer, at: Place, node: Lambda): Atom => {
  const params = node.slots.map(() => w.temp());
  const body = w.block(() => {
    w.charge(siteOf(at, node, 'this function'), '1');
    node.slots.forEach((slot, i) => w.assign(slot + at.base, params[i] as string));
    w.line(`return ${emit(w, at, node.body)};`);
  });
  const f = w.temp();
  w.line(`const ${f} = (${params.join(', ')}) => {`, ...body, '};');
  return f;
};

const emit = (w: Writer, at: Place, node: Node): Atom => (EMITTERS[node.kind] as Emitter<Node['kind']>)(w, at, node);

/**
 * The text of `root`'s code, whose locals take `slots` frame slots. A slot the code reads but
 * never writes is an argument: a definition's, put in the frame by `callDefinition`, read from it
 * as the function starts. An expression's locals are all written before they are read, so its
 * frame is never read.
 */
export function emitJs(root: Node, origin: Origin, slots: number): Emitted {
  const top = Math.max(slots, measure(root).slots);
  const w = new Writer(top);
  const result = emit(w, { origin, base: 0, top }, root);
  w.flush();
  const used = [...w.slots].sort(([a], [b]) => a - b);
  const declared = used.map(([n, name]) => (w.written.has(n) ? name : `${name} = frame[${n}]`));
  const head = declared.length === 0 ? [] : [`let ${declared.join(', ')};`];
  const text = ['return function (env, frame, meter) {', ...head, ...w.lines, `return ${result};`, '};'].join('\n');
  const frameSize = used.reduce((size, [n]) => (w.written.has(n) ? size : Math.max(size, n + 1)), 0);
  return { text, constants: w.constants, frameSize };
}
