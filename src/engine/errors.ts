/**
 * Run-time errors of a spec (an index out of range, a piece in no zone, a division by zero) as
 * data, with their code and spec position, and as one line like a compiler's message.
 */
import type { CompiledGame } from '../compile/index.ts';
import type { StepResult } from '../runtime/state.ts';
import { EffectError, ExprRuntimeError, SpecRuntimeError, type RunProblem } from '../errors.ts';

export const runProblem = (game: CompiledGame, error: unknown): RunProblem => {
  if (error instanceof SpecRuntimeError) {
    const { file, line, column } = game.locator.locate(error.path, error.offset);
    return { code: error.code, message: error.message, at: { file, line, column } };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: error instanceof EffectError || error instanceof ExprRuntimeError ? error.code : 'internal', message };
};

export const formatRunProblem = (problem: RunProblem): string =>
  problem.at
    ? `${problem.at.file}:${problem.at.line}:${problem.at.column}: runtime error: ${problem.message}`
    : `runtime error: ${problem.message}`;

export const describeRuntimeError = (game: CompiledGame, error: unknown): string => formatRunProblem(runProblem(game, error));

/** A step stopped by a spec's run-time error: the line to show, and the error as data. */
export const failedWith = (game: CompiledGame, error: unknown): StepResult => {
  const problem = runProblem(game, error);
  return { ok: false, error: formatRunProblem(problem), problem };
};
