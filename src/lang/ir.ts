import type { Span } from './errors.ts';
import type { Builtin } from './builtins.ts';
import type { DefinitionEntry, HostFunction } from './library.ts';
import type { Type } from './types.ts';
import type { Value } from './values.ts';

/**
 * The checked program: names resolved (locals to frame slots, globals by name), operators
 * specialised by type, calls bound to their target. Codegen turns it into closures.
 */
export type Node = Span &
  (
    | { readonly kind: 'const'; readonly value: Value }
    | { readonly kind: 'global'; readonly name: string }
    | { readonly kind: 'local'; readonly slot: number }
    | { readonly kind: 'list'; readonly items: readonly Node[] }
    | { readonly kind: 'record'; readonly names: readonly string[]; readonly values: readonly Node[] }
    | { readonly kind: 'neg' | 'not'; readonly operand: Node }
    | { readonly kind: 'arith'; readonly op: '+' | '-' | '*' | '/' | '%'; readonly left: Node; readonly right: Node }
    | { readonly kind: 'concatText' | 'concatList' | 'and' | 'or'; readonly left: Node; readonly right: Node }
    | {
        readonly kind: 'order';
        readonly op: '<' | '<=' | '>' | '>=';
        /** What both operands are, as checked; undefined when neither side can give a value. */
        readonly of: 'number' | 'string' | undefined;
        readonly left: Node;
        readonly right: Node;
      }
    | { readonly kind: 'equal'; readonly negated: boolean; readonly at: Type; readonly left: Node; readonly right: Node }
    | { readonly kind: 'in'; readonly at: Type; readonly item: Node; readonly list: Node }
    | { readonly kind: 'cond'; readonly test: Node; readonly then: Node; readonly otherwise: Node }
    | { readonly kind: 'let'; readonly slot: number; readonly value: Node; readonly body: Node }
    | { readonly kind: 'field'; readonly object: Node; readonly name: string }
    | { readonly kind: 'index'; readonly object: Node; readonly index: Node }
    | {
        readonly kind: 'builtin';
        readonly builtin: Builtin;
        /** The type whose equality the builtin uses (`contains`, `distinct`…), when it uses one. */
        readonly equalityAt: Type | undefined;
        readonly args: readonly (Node | Lambda)[];
      }
    | { readonly kind: 'host'; readonly fn: HostFunction; readonly args: readonly Node[] }
    | { readonly kind: 'definition'; readonly definition: DefinitionEntry; readonly args: readonly Node[] }
  );

/** A lambda argument of a builtin: its parameters live in slots of the enclosing frame. */
export interface Lambda extends Span {
  readonly kind: 'lambda';
  readonly slots: readonly number[];
  readonly body: Node;
}
