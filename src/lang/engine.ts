/**
 * Which tier runs the rules' expressions: the interpreter's closures (codegen.ts), or JavaScript
 * generated from the same checked IR (emit/). One choice per process, made by its entry point
 * before any spec is compiled (a spec's expressions are compiled once, with the game): the CLI,
 * its workers and the bench choose the compiled tier unless told `--engine interpreter`; the
 * studio's page, whose policy forbids compiling code, never chooses it.
 */
import { generate, type Code, type Origin } from './codegen.ts';
import { compileToJs } from './emit/instantiate.ts';
import type { Node } from './ir.ts';

export const ENGINES = ['compiled', 'interpreter'] as const;
export type Engine = (typeof ENGINES)[number];

export const isEngine = (name: string): name is Engine => (ENGINES as readonly string[]).includes(name);

/** The engine chosen, and what fell back from the compiled tier to the interpreter in this process so far, with the first reason. */
export interface EngineReport {
  readonly engine: Engine;
  readonly fallbacks: number;
  readonly reason: string | undefined;
}

let report: EngineReport = { engine: 'interpreter', fallbacks: 0, reason: undefined };

export const selectEngine = (engine: Engine): void => {
  report = { ...report, engine };
};

export const engineReport = (): EngineReport => report;

/** The code of a checked expression or definition body, by the engine chosen. */
export function generateCode(root: Node, origin: Origin, slots: number): { code: Code; frameSize: number } {
  if (report.engine === 'compiled') {
    const compiled = compileToJs(root, origin, slots);
    if (compiled.ok) return compiled;
    report = { ...report, fallbacks: report.fallbacks + 1, reason: report.reason ?? compiled.reason };
  }
  return generate(root, origin, slots);
}
