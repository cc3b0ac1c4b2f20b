/**
 * Values fixed for every run of a game's rules (its params) folded into their checked code, before
 * either engine generates it: `params.NAME` becomes the constant it is, and the `and`, `or`,
 * `not`, `if`, comparisons and equalities it decides are decided once. A guard such as
 * `params.allowed and len(picked) >= 2` is then just `len(picked) >= 2`, or `false`.
 *
 * Only nodes that charge nothing to the meter are folded or dropped, and a branch is dropped only
 * where it would not have run: the folded code does the same work, step for step, with the same
 * errors. A definition that reads a fixed value gets a twin, its body folded, for the code
 * compiled with these values; the definition itself stays as written, for code that runs with
 * other values (a game's setup, which the piece count check runs with every param at its
 * maximum).
 */
import type { Lambda, Node } from './ir.ts';
import type { DefinitionEntry } from './library.ts';
import { compareOrdered, equalityFor, strictEquality, type Value } from './values.ts';
import { ORDER_TESTS } from './codegen.ts';
import { generateCode } from './engine.ts';

/** Globals whose fields are the same for every run of the code compiled with them, and the twins made for them. */
export interface FixedValues {
  readonly records: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly twins: Map<DefinitionEntry, DefinitionEntry>;
}

export const fixedValues = (records: ReadonlyMap<string, Readonly<Record<string, unknown>>>): FixedValues => ({
  records,
  twins: new Map(),
});

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const isScalar = (value: unknown): value is number | string | boolean =>
  typeof value === 'boolean' || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

const constant = (node: Node, value: Value): Node => ({ kind: 'const', value, start: node.start, end: node.end });

const boolOf = (node: Node): boolean | undefined => (node.kind === 'const' && typeof node.value === 'boolean' ? node.value : undefined);

/** Whether `definition`, or one it calls, reads a global of `fixed`. */
const readsFixed = (definition: DefinitionEntry, fixed: FixedValues): boolean =>
  [...fixed.records.keys()].some((name) => definition.usedNames.has(name));

/**
 * `root` with the fixed fields of the globals it reads folded. `hidden` are the globals that an
 * expression's own names hide (`libraryUnder`): a move's argument named `params` is not the game's.
 */
export const foldFixed = (root: Node, fixed: FixedValues, hidden: ReadonlySet<string> | undefined): Node => {
  const fixedField = (object: Node, name: string): Value | undefined => {
    if (object.kind !== 'global' || hidden?.has(object.name)) return undefined;
    const record = fixed.records.get(object.name);
    const value = record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
    return isScalar(value) ? value : undefined;
  };
  const foldLambda = (lambda: Lambda): Lambda => ({ ...lambda, body: fold(lambda.body) });
  const fold = (node: Node): Node => {
    switch (node.kind) {
      case 'const':
      case 'global':
      case 'local':
        return node;
      case 'field': {
        const value = fixedField(node.object, node.name);
        return value === undefined ? { ...node, object: fold(node.object) } : constant(node, value);
      }
      case 'not': {
        const operand = fold(node.operand);
        const value = boolOf(operand);
        return value === undefined ? { ...node, operand } : constant(node, !value);
      }
      case 'neg':
        return { ...node, operand: fold(node.operand) };
      case 'and':
      case 'or': {
        const left = fold(node.left);
        const right = fold(node.right);
        const decides = node.kind === 'or';
        const l = boolOf(left);
        // `true and x` is x, `false and x` is false (x never ran); `x and true` is x (true charged nothing).
        if (l !== undefined) return l === decides ? constant(node, l) : right;
        if (boolOf(right) === !decides) return left;
        return { ...node, left, right };
      }
      case 'cond': {
        const test = fold(node.test);
        const value = boolOf(test);
        if (value !== undefined) return fold(value ? node.then : node.otherwise);
        return { ...node, test, then: fold(node.then), otherwise: fold(node.otherwise) };
      }
      case 'equal': {
        const left = fold(node.left);
        const right = fold(node.right);
        if (left.kind === 'const' && right.kind === 'const' && isScalar(left.value) && equalityFor(node.at) === strictEquality)
          return constant(node, (left.value === right.value) !== node.negated);
        return { ...node, left, right };
      }
      case 'order': {
        const left = fold(node.left);
        const right = fold(node.right);
        const a = left.kind === 'const' ? left.value : undefined;
        const b = right.kind === 'const' ? right.value : undefined;
        if (node.of !== undefined && typeof a === node.of && typeof b === node.of)
          return constant(node, ORDER_TESTS[node.op](compareOrdered(a as Value, b as Value)));
        return { ...node, left, right };
      }
      case 'arith':
      case 'concatText':
      case 'concatList':
        return { ...node, left: fold(node.left), right: fold(node.right) };
      case 'in':
        return { ...node, item: fold(node.item), list: fold(node.list) };
      case 'let':
        return { ...node, value: fold(node.value), body: fold(node.body) };
      case 'index':
        return { ...node, object: fold(node.object), index: fold(node.index) };
      case 'list':
        return { ...node, items: node.items.map(fold) };
      case 'record':
        return { ...node, values: node.values.map(fold) };
      case 'builtin':
        return { ...node, args: node.args.map((arg) => (arg.kind === 'lambda' ? foldLambda(arg) : fold(arg))) };
      case 'host':
        return { ...node, args: node.args.map(fold) };
      case 'definition':
        return { ...node, definition: twinOf(node.definition, fixed), args: node.args.map(fold) };
    }
  };
  return fold(root);
};

/**
 * The twin of `definition` for code compiled with `fixed`: itself when it reads none of them.
 * Every twin it reaches is made, with its calls, before any body is folded or compiled: the
 * inliner asks a twin's calls whether it reaches itself, and a caller's code may inline a callee's body.
 */
const twinOf = (definition: DefinitionEntry, fixed: FixedValues): DefinitionEntry => {
  const made: [DefinitionEntry, Mutable<DefinitionEntry>][] = [];
  const make = (d: DefinitionEntry): DefinitionEntry => {
    if (!readsFixed(d, fixed)) return d;
    const known = fixed.twins.get(d);
    if (known) return known;
    const twin: Mutable<DefinitionEntry> = { ...d, calls: new Set(), body: undefined, code: undefined };
    fixed.twins.set(d, twin);
    made.push([d, twin]);
    twin.calls = new Set([...d.calls].map(make));
    return twin;
  };
  const twin = make(definition);
  for (const [d, t] of made) t.body = d.body && foldFixed(d.body, fixed, undefined);
  for (const [d, t] of made)
    if (t.body && d.params) t.code = generateCode(t.body, { source: d.source, definition: d.name }, d.params.length).code;
  return twin;
};
