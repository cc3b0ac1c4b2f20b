/**
 * Which tier runs the rules' expressions: the interpreter's closures (codegen.ts), or JavaScript
 * generated from the same checked IR (emit/). One choice per process, made by its entry point
 * before any spec is compiled (a spec's expressions are compiled once, with the game): the CLI,
 * its workers and the bench choose the compiled tier unless told `--engine interpreter`; the
 * studio's page, whose policy forbids compiling code, never chooses it. The choice is made
 * through emit/select.ts, which hands over the compiler: this file does not import it, so the
 * page's bundle carries neither the emitter nor its parser.
 */
import { generate, type Code, type Origin } from './codegen.ts';
import type { Compiled } from './emit/instantiate.ts';
import type { Node } from './ir.ts';

export const ENGINES = ['compiled', 'interpreter'] as const;
export type Engine = (typeof ENGINES)[number];

export const isEngine = (name: string): name is Engine => (ENGINES as readonly string[]).includes(name);

/** Compiles a checked expression or definition body to generated code, or says why not. */
export type JsCompiler = (root: Node, origin: Origin, slots: number) => Compiled;

/** The engine chosen: the compiled tier comes with its compiler. */
export type EngineChoice = { readonly engine: 'interpreter' } | { readonly engine: 'compiled'; readonly compile: JsCompiler };

/** The engine chosen, and what fell back from the compiled tier to the interpreter in this process so far, with the first reason. */
export interface EngineReport {
  readonly engine: Engine;
  readonly fallbacks: number;
  readonly reason: string | undefined;
}

let choice: EngineChoice = { engine: 'interpreter' };
let fallbacks = 0;
let firstReason: string | undefined;

/** Called by emit/select.ts (`selectEngine`) only. */
export const chooseEngine = (next: EngineChoice): void => {
  choice = next;
};

export const engineReport = (): EngineReport => ({ engine: choice.engine, fallbacks, reason: firstReason });

/** The code of a checked expression or definition body, by the engine chosen. */
export function generateCode(root: Node, origin: Origin, slots: number): { code: Code; frameSize: number } {
  if (choice.engine === 'compiled') {
    const compiled = choice.compile(root, origin, slots);
    if (compiled.ok) return compiled;
    fallbacks++;
    firstReason ??= compiled.reason;
  }
  return generate(root, origin, slots);
}
