/**
 * Run-time errors of a spec (an index out of range, a piece in no zone, a division by zero) as
 * one line with the spec position, like a compiler's message.
 */
import { SpecRuntimeError } from '../check/exprs.ts';
import type { CompiledGame } from '../compile/index.ts';

export class EngineError extends Error {}

export const describeRuntimeError = (game: CompiledGame, error: unknown): string => {
  if (error instanceof SpecRuntimeError) {
    const at = game.locator.locate(error.path, error.offset);
    return `${at.file}:${at.line}:${at.column}: runtime error: ${error.message}`;
  }
  return `runtime error: ${error instanceof Error ? error.message : String(error)}`;
};
