/**
 * The errors a spec raises while a game runs, in one module, each with its code from
 * spec/codes.ts's closed set: a calculation that cannot go on (`runtime-error`) or more work than
 * a limit of src/limits.ts allows (`work-limit`). Where one is thrown decides its code; where it
 * is shown (the CLI, the studio, a room's error frame) reads the code instead of the message.
 *
 * Three layers throw them: an expression (`ExprRuntimeError`, at offsets into its text), an
 * effect (`EffectError`, unlocated), and the stage that knows the spec's place of either
 * (`SpecRuntimeError`, which `locateError` in check/exprs.ts makes of the other two).
 *
 * Like src/limits.ts it sits below every stage and imports none (tests/runtime/layers.test.ts),
 * so the places are written out: offsets into an expression's text, and a path into the spec.
 */

export type RunErrorCode = 'runtime-error' | 'work-limit';

/**
 * A run-time error as data, for what crosses a boundary (a room's error frame, a worker's reply):
 * `internal` when it is not the spec's but a fault of houserules.
 */
export interface RunProblem {
  readonly code: RunErrorCode | 'internal';
  readonly message: string;
  /** Where in the spec, when the error knows its place. */
  readonly at?: { readonly file: string; readonly line: number; readonly column: number };
}

/** Thrown by a host function to refuse a call; the expression reports it at the call as an `ExprRuntimeError`. */
export class HostCallError extends Error {}

/**
 * Thrown by a compiled expression's `run` when evaluation cannot go on (index out of range,
 * division by zero, `first([])`, runaway recursion…). `source` is the text the offsets point
 * into: the expression itself, or the body of `definition` when the failure happened there.
 */
export class ExprRuntimeError extends Error {
  override readonly name = 'ExprRuntimeError';
  readonly start: number;
  readonly end: number;

  constructor(
    message: string,
    span: { readonly start: number; readonly end: number },
    readonly source: string,
    readonly definition: string | undefined,
    readonly code: RunErrorCode = 'runtime-error',
  ) {
    super(message);
    this.start = span.start;
    this.end = span.end;
  }
}

/** Thrown by an effect that cannot be carried out (a piece in no zone, a seat that does not exist); its place is added by the caller. */
export class EffectError extends Error {
  override readonly name = 'EffectError';

  constructor(
    message: string,
    readonly code: RunErrorCode = 'runtime-error',
  ) {
    super(message);
  }
}

/** A run-time error with the place in the spec that raised it. */
export class SpecRuntimeError extends Error {
  readonly code: RunErrorCode = 'runtime-error';

  constructor(
    message: string,
    readonly path: readonly (string | number)[],
    readonly offset?: number,
  ) {
    super(message);
  }
}

/** A spec asked for more work than a limit of src/limits.ts allows. */
export class SpecLimitError extends SpecRuntimeError {
  override readonly code = 'work-limit';
}
