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
  /** What `start`..`end` would be if the problem is a misspelt name with one close candidate: the fix a tool may offer. */
  replacement?: string;
}

export interface Span {
  readonly start: number;
  readonly end: number;
}
