/**
 * What kind of problem an expression has, one of spec/codes.ts's closed set, so a tool can tell
 * a misspelt name (which it may offer to correct) from a type error.
 */
export type ExprErrorCode =
  | 'expression-syntax'
  | 'unknown-name'
  | 'type-mismatch'
  | 'wrong-arguments'
  | 'broken-definition'
  | 'duplicate-name'
  | 'reserved-name'
  | 'bad-value';

/** A problem in expression source text; `start`/`end` are offsets into that text. */
export interface ExprError {
  code: ExprErrorCode;
  message: string;
  start: number;
  end: number;
}

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Thrown by a host function to refuse a call; the expression reports it at the call. */
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
  readonly source: string;
  readonly definition: string | undefined;

  constructor(message: string, span: Span, source: string, definition: string | undefined) {
    super(message);
    this.start = span.start;
    this.end = span.end;
    this.source = source;
    this.definition = definition;
  }
}
