/**
 * Generated code made runnable: emitted from the checked IR, checked against the allow-list, then
 * handed to the Function constructor with its constants and the runtime helpers as its only
 * reach. A refusal, or a page whose policy forbids compiling code, is an answer, not a throw:
 * the caller runs the interpreter instead and says so.
 */
import type { Code, Origin } from '../codegen.ts';
import type { Node } from '../ir.ts';
import { checkEmitted } from './allowList.ts';
import { emitJs } from './emitJs.ts';
import { HELPERS } from './helpers.ts';

export type Compiled =
  | { readonly ok: true; readonly code: Code; readonly frameSize: number }
  | { readonly ok: false; readonly reason: string };

export function compileToJs(root: Node, origin: Origin, slots: number): Compiled {
  const { text, constants, frameSize } = emitJs(root, origin, slots);
  const refusal = checkEmitted(text, constants.length);
  if (refusal !== undefined) return { ok: false, reason: `generated code failed the allow-list: ${refusal}` };
  let make: (k: readonly unknown[], h: typeof HELPERS) => Code;
  try {
    // The text is the emitter's, from the checked IR alone, and passed the allow-list above.
    make = new Function('K', 'H', text) as typeof make;
  } catch (error) {
    return { ok: false, reason: `generated code could not be compiled here: ${(error as Error).message}` };
  }
  return { ok: true, code: make(Object.freeze([...constants]), HELPERS), frameSize };
}
