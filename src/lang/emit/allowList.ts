/**
 * The check generated code passes before it may run: parsed by acorn, every node must be of a kind
 * and shape the emitter (emitJs.ts) writes. So even a fault in the emitter cannot make code that
 * reaches a global, a prototype, a string it was not given as a constant, or a function other than
 * the runtime's: identifiers are only the parameters and the emitter's temporaries, constants are
 * read by a whole-number index, calls go only to `H.name` for the names in helpers.ts, and no
 * property is named by code except those helpers, a value's `length`, and `meter.steps`, to which
 * the code may only add a count of work.
 */
import { parse } from 'acorn';
import { HELPER_NAMES } from './helpers.ts';

/** Why a text was refused, or undefined when it passed. */
export type Refusal = string | undefined;

interface AstNode {
  readonly type: string;
  readonly [key: string]: unknown;
}

const TEMPORARY = /^t\d+$/;
const PARAMETERS = new Set(['env', 'frame', 'meter']);
const BINARY = new Set(['+', '-', '*', '%', '/', '===', '!==', '<', '<=', '>', '>=']);
const UNARY = new Set(['-', '!', 'void']);

class Refused extends Error {}

const refuse = (node: AstNode, why: string): never => {
  throw new Refused(`${why} (${node.type} at ${String(node.start)})`);
};

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && 'type' in value;

const child = (node: AstNode, key: string): AstNode => {
  const value = node[key];
  return isNode(value) ? value : refuse(node, `no ${key}`);
};

const children = (node: AstNode, key: string): AstNode[] => {
  const value = node[key];
  if (!Array.isArray(value) || !value.every(isNode)) return refuse(node, `${key} is not a list of nodes`);
  return value;
};

const isIdentifier = (node: AstNode, name: string): boolean => node.type === 'Identifier' && node.name === name;

/** A whole number at least 0: the only literal a slot, an index or a constant's number may be. */
const isIndex = (node: AstNode): boolean =>
  node.type === 'Literal' && typeof node.value === 'number' && Number.isSafeInteger(node.value) && node.value >= 0;

/** `K[n]`, a constant, with `n` below the number of constants. */
const isConstant = (node: AstNode, constants: number): boolean =>
  node.type === 'MemberExpression' &&
  node.computed === true &&
  node.optional !== true &&
  isIdentifier(child(node, 'object'), 'K') &&
  isIndex(child(node, 'property')) &&
  (child(node, 'property').value as number) < constants;

/** `H.name` for a runtime helper. */
const isHelper = (node: AstNode): boolean =>
  node.type === 'MemberExpression' &&
  node.computed === false &&
  node.optional !== true &&
  isIdentifier(child(node, 'object'), 'H') &&
  child(node, 'property').type === 'Identifier' &&
  HELPER_NAMES.has(child(node, 'property').name as string);

const isTemporary = (node: AstNode): boolean => node.type === 'Identifier' && TEMPORARY.test(node.name as string);

/** A frame slot, `frame[n]`: read, never written (a definition's arguments come in there). */
const isSlot = (node: AstNode): boolean =>
  node.type === 'MemberExpression' &&
  node.computed === true &&
  node.optional !== true &&
  isIdentifier(child(node, 'object'), 'frame') &&
  isIndex(child(node, 'property'));

class Checker {
  constructor(private readonly constants: number) {}

  expression(node: AstNode): void {
    switch (node.type) {
      case 'Identifier':
        if (!isTemporary(node) && !PARAMETERS.has(node.name as string)) refuse(node, `the name '${String(node.name)}'`);
        return;
      case 'Literal':
        if (!isIndex(node) && typeof node.value !== 'boolean') refuse(node, 'a literal other than a whole number or a boolean');
        return;
      case 'MemberExpression':
        return this.member(node);
      case 'AssignmentExpression':
        return this.charge(node);
      case 'CallExpression':
        if (node.optional === true || !isHelper(child(node, 'callee'))) refuse(node, 'a call of something other than a runtime helper');
        for (const arg of children(node, 'arguments')) this.expression(arg);
        return;
      case 'ArrayExpression':
        for (const item of children(node, 'elements')) this.expression(item);
        return;
      case 'UnaryExpression':
        if (!UNARY.has(node.operator as string) || node.prefix !== true) refuse(node, `the operator '${String(node.operator)}'`);
        return this.expression(child(node, 'argument'));
      case 'BinaryExpression':
        if (!BINARY.has(node.operator as string)) refuse(node, `the operator '${String(node.operator)}'`);
        this.expression(child(node, 'left'));
        return this.expression(child(node, 'right'));
      case 'ArrowFunctionExpression':
        if (node.async === true || node.generator === true || node.expression === true) refuse(node, 'an arrow function of another form');
        for (const param of children(node, 'params')) if (!isTemporary(param)) refuse(param, 'a parameter that is not a temporary');
        return this.block(child(node, 'body'));
      default:
        return refuse(node, 'a kind of expression the emitter does not write');
    }
  }

  /** `K[n]`, `frame[n]`, a value's item or field (`t[i]`, `t[K[n]]`, `K[n][K[m]]`, `env[K[n]]`), or a value's length (`t.length`, `K[n].length`). */
  private member(node: AstNode): void {
    if (isConstant(node, this.constants) || isSlot(node)) return;
    const object = child(node, 'object');
    const property = child(node, 'property');
    const isValue = isTemporary(object) || isConstant(object, this.constants);
    if (node.computed === false && node.optional !== true && isValue && isIdentifier(property, 'length')) return;
    if (node.computed !== true || node.optional === true) return refuse(node, 'a named property');
    if (!isValue && !isIdentifier(object, 'env')) refuse(node, 'a property of something other than a value');
    if (!isConstant(property, this.constants) && !isTemporary(property) && !isIndex(property)) refuse(node, 'a property named by code');
  }

  statement(node: AstNode): void {
    switch (node.type) {
      case 'VariableDeclaration':
        if (node.kind !== 'let' && node.kind !== 'const') refuse(node, `a '${String(node.kind)}' declaration`);
        for (const declarator of children(node, 'declarations')) {
          if (declarator.type !== 'VariableDeclarator' || !isTemporary(child(declarator, 'id')))
            refuse(declarator, 'a declaration of another name');
          if (declarator.init !== null) this.expression(child(declarator, 'init'));
        }
        return;
      case 'ExpressionStatement': {
        const expression = child(node, 'expression');
        if (expression.type === 'AssignmentExpression') return this.assignment(expression);
        if (expression.type === 'CallExpression') return this.expression(expression);
        return refuse(node, 'a statement that neither assigns nor calls');
      }
      case 'IfStatement':
        this.expression(child(node, 'test'));
        this.block(child(node, 'consequent'));
        if (node.alternate !== null) this.block(child(node, 'alternate'));
        return;
      case 'ReturnStatement':
        return this.expression(child(node, 'argument'));
      case 'ForOfStatement':
        return this.loop(node);
      case 'BreakStatement':
        if (node.label !== null) refuse(node, 'a labelled break');
        return;
      default:
        return refuse(node, 'a kind of statement the emitter does not write');
    }
  }

  /** `for (const t of t) { … }`: over a value's items, each in a temporary of its own; it ends with the list. */
  private loop(node: AstNode): void {
    if (node.await === true) refuse(node, 'a loop that awaits');
    const left = child(node, 'left');
    const [item, ...others] = left.type === 'VariableDeclaration' && left.kind === 'const' ? children(left, 'declarations') : [];
    if (!item || others.length > 0 || item.type !== 'VariableDeclarator' || !isTemporary(child(item, 'id')) || item.init !== null)
      refuse(left, 'a loop whose item is not a new temporary');
    if (!isTemporary(child(node, 'right'))) refuse(node, 'a loop over something other than a value');
    this.block(child(node, 'body'));
  }

  /**
   * `meter.steps += n`, work charged: the only write to anything but a temporary, and it
   * only adds a count (whole numbers, and the lengths of values: `H.listed(t)`), never takes away.
   */
  private charge(node: AstNode): void {
    const target = child(node, 'left');
    const isSteps =
      target.type === 'MemberExpression' &&
      target.computed === false &&
      target.optional !== true &&
      isIdentifier(child(target, 'object'), 'meter') &&
      isIdentifier(child(target, 'property'), 'steps');
    if (node.operator !== '+=' || !isSteps) refuse(node, 'an assignment inside an expression other than a charge of work');
    if (!this.isCount(child(node, 'right'))) refuse(node, 'a charge of something other than a count');
  }

  /** A count of work: a whole number, the length of a value (`H.listed(x)`), or a sum of counts. */
  private isCount(node: AstNode): boolean {
    if (isIndex(node)) return true;
    if (node.type === 'BinaryExpression')
      return node.operator === '+' && this.isCount(child(node, 'left')) && this.isCount(child(node, 'right'));
    if (node.type !== 'CallExpression' || node.optional === true) return false;
    const callee = child(node, 'callee');
    const [value, ...more] = children(node, 'arguments');
    return (
      isHelper(callee) &&
      isIdentifier(child(callee, 'property'), 'listed') &&
      value !== undefined &&
      more.length === 0 &&
      (isTemporary(value) ||
        isConstant(value, this.constants) ||
        isIndex(value) ||
        (value.type === 'Literal' && typeof value.value === 'boolean'))
    );
  }

  private assignment(node: AstNode): void {
    if (node.operator !== '=' || !isTemporary(child(node, 'left'))) refuse(node, 'an assignment to something other than a temporary');
    this.expression(child(node, 'right'));
  }

  block(node: AstNode): void {
    if (node.type !== 'BlockStatement') return refuse(node, 'a body that is not a block');
    for (const statement of children(node, 'body')) this.statement(statement);
  }

  /** The code's function: `function (env, frame, meter) { … }`, returned by the wrapper. */
  function(node: AstNode, params: readonly string[]): void {
    if (node.type !== 'FunctionExpression' || node.id !== null || node.async === true || node.generator === true) {
      refuse(node, 'a function of another form');
    }
    const names = children(node, 'params');
    if (names.length !== params.length || names.some((name, i) => !isIdentifier(name, params[i] as string)))
      refuse(node, 'other parameters');
  }
}

/**
 * Checks `text`, the body of `new Function('K', 'H', text)` with `constants` constants: parsed
 * in the same wrapper the Function constructor puts it in, so what is checked is what runs.
 */
export function checkEmitted(text: string, constants: number): Refusal {
  try {
    const program = parse(`(function (K, H) {\n${text}\n})`, { ecmaVersion: 2022, sourceType: 'script' }) as unknown as AstNode;
    const [statement, ...more] = children(program, 'body');
    if (statement?.type !== 'ExpressionStatement' || more.length > 0) return 'the text is not one function';
    const wrapper = child(statement, 'expression');
    const checker = new Checker(constants);
    checker.function(wrapper, ['K', 'H']);
    const [returned, ...rest] = children(child(wrapper, 'body'), 'body');
    if (returned?.type !== 'ReturnStatement' || rest.length > 0) return 'the wrapper does more than return the code';
    const code = child(returned, 'argument');
    checker.function(code, ['env', 'frame', 'meter']);
    checker.block(child(code, 'body'));
    return undefined;
  } catch (error) {
    if (error instanceof Refused || error instanceof SyntaxError) return error.message;
    throw error;
  }
}
