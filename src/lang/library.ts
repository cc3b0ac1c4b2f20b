import type { Code } from './codegen.ts';
import type { ExprError } from './errors.ts';
import type { FixedValues } from './fixed.ts';
import type { Meter } from './meter.ts';
import type { Node } from './ir.ts';
import type { Type } from './types.ts';
import type { Value } from './values.ts';

/** The names an expression may read, with their types. */
export interface Scope {
  readonly [name: string]: Type;
}

/** Values of the Scope's names when an expression runs. */
export type Env = Readonly<Record<string, Value>>;

/** What a host function's `check` learns about an argument: its type and, for literals, its value. */
export interface ArgInfo {
  type: Type;
  literal?: Value;
}

/** A function the host (the spec compiler) makes callable from expressions. */
export interface HostFunction {
  name: string;
  params: Type[];
  result: Type;
  description: string;
  /** Optional extra static check, e.g. that an argument is a string literal naming something known. */
  check?: (args: readonly ArgInfo[]) => Pick<ExprError, 'code' | 'message'> | undefined;
  /** Given the meter of the run that calls it, for the expressions it runs in turn (a scoring table's). */
  impl: (args: readonly Value[], env: Env, meter: Meter) => Value;
}

/**
 * How a call of a host function is recorded among the names an expression reads: its `impl` is
 * given the whole environment, so what it reads is not known. The parentheses make it a name no
 * scope has, so a reader that allows only some names (a `where` that reads nothing but its
 * argument) refuses it.
 */
export const hostCallName = (name: string): string => `${name}()`;

/** A user definition as written in the spec: typed parameters, an optional result type, a body. */
export interface DefinitionSource {
  name: string;
  params: { name: string; type: string }[];
  returns?: string;
  body: string;
}

export interface Param {
  readonly name: string;
  readonly type: Type;
}

/** A definition after `createLibrary`; callers only read it. */
export interface DefinitionEntry {
  readonly name: string;
  /** The body's source text, which runtime error offsets point into. */
  readonly source: string;
  /** Undefined when a parameter's type did not parse. */
  readonly params: readonly Param[] | undefined;
  /** The declared or inferred result type; undefined when it could not be worked out. */
  readonly result: Type | undefined;
  /** It, or a definition it calls, has errors: calling it is a compile error. */
  readonly broken: boolean;
  readonly code: Code | undefined;
  /** The checked body, which the code of its callers may inline; undefined when broken. */
  readonly body: Node | undefined;
  /** Scope names its body reads, including through the definitions it calls; a host function it calls as `hostCallName`. */
  readonly usedNames: ReadonlySet<string>;
  readonly calls: ReadonlySet<DefinitionEntry>;
}

/** The compiled user definitions and host functions that expressions may call. */
export interface Library {
  /** The scope definition bodies were checked against. */
  readonly scope: Scope;
  readonly hostFunctions: ReadonlyMap<string, HostFunction>;
  readonly definitions: ReadonlyMap<string, DefinitionEntry>;
  /** Names of the scope that are read as an item of another (see `ScopeItem`). */
  readonly items: ReadonlyMap<string, ScopeItem>;
  /** Names of the scope that an expression's own names hide (see `libraryUnder`). */
  readonly hidden?: ReadonlySet<string>;
  /** Values the code compiled with this library may take as constants (fixed.ts): a game's params, for the code of its play. */
  readonly fixed?: FixedValues;
}

/**
 * A name of the scope that stands for an item of a list of the scope, at an index of the scope
 * (`player` for `players[active]`): an expression reads it through those two, so an environment
 * need not hold it, and a host can hand its own state as the environment instead of building one
 * for every run.
 */
export interface ScopeItem {
  readonly list: string;
  readonly index: string;
}

/**
 * `library` for an expression with names of its own on top of the library's scope (`locals`): the
 * scope's names they hide, which a definition the expression calls must not read (it would read
 * the expression's value in their place); and an item read from the environment, as any name,
 * where one of them hides it (`let: { player: players[0] }`) or hides its list or its index (an
 * argument named `active`).
 */
export const libraryUnder = (library: Library, locals: object): Library => {
  const hidden = new Set(Object.keys(locals).filter((name) => Object.hasOwn(library.scope, name)));
  if (hidden.size === 0) return library;
  const items = new Map(library.items);
  for (const [name, { list, index }] of library.items) if (hidden.has(name) || hidden.has(list) || hidden.has(index)) items.delete(name);
  return { ...library, items, hidden };
};
