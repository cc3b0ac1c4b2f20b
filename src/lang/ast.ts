import type { Span } from './errors.ts';

/** The syntax tree of an expression; every node spans the source text it was parsed from. */
export type Expr =
  | NumberLiteral
  | StringLiteral
  | BoolLiteral
  | ListExpr
  | RecordExpr
  | NameExpr
  | UnaryExpr
  | BinaryExpr
  | CondExpr
  | LetExpr
  | FieldExpr
  | IndexExpr
  | CallExpr
  | LambdaExpr;

export interface Ident extends Span {
  readonly name: string;
}

export interface NumberLiteral extends Span {
  readonly kind: 'number';
  readonly value: number;
}

export interface StringLiteral extends Span {
  readonly kind: 'string';
  readonly value: string;
}

export interface BoolLiteral extends Span {
  readonly kind: 'bool';
  readonly value: boolean;
}

export interface ListExpr extends Span {
  readonly kind: 'list';
  readonly items: readonly Expr[];
}

export interface RecordField {
  readonly name: Ident;
  readonly value: Expr;
}

export interface RecordExpr extends Span {
  readonly kind: 'record';
  readonly fields: readonly RecordField[];
}

export interface NameExpr extends Span {
  readonly kind: 'name';
  readonly name: string;
}

export type UnaryOp = 'neg' | 'not';

export interface UnaryExpr extends Span {
  readonly kind: 'unary';
  readonly op: UnaryOp;
  readonly operand: Expr;
}

export type ArithmeticOp = '+' | '-' | '*' | '/' | '%';
export type OrderOp = '<' | '<=' | '>' | '>=';
export type EqualityOp = '==' | '!=';
export type BinaryOp = ArithmeticOp | OrderOp | EqualityOp | 'in' | 'and' | 'or';

export interface BinaryExpr extends Span {
  readonly kind: 'binary';
  readonly op: BinaryOp;
  readonly left: Expr;
  readonly right: Expr;
}

/** `c ? a : b` and `if c then a else b` parse to the same node. */
export interface CondExpr extends Span {
  readonly kind: 'cond';
  readonly test: Expr;
  readonly then: Expr;
  readonly otherwise: Expr;
}

export interface LetExpr extends Span {
  readonly kind: 'let';
  readonly name: Ident;
  readonly value: Expr;
  readonly body: Expr;
}

export interface FieldExpr extends Span {
  readonly kind: 'field';
  readonly object: Expr;
  readonly field: Ident;
}

export interface IndexExpr extends Span {
  readonly kind: 'index';
  readonly object: Expr;
  readonly index: Expr;
}

export interface CallExpr extends Span {
  readonly kind: 'call';
  readonly callee: Ident;
  readonly args: readonly Expr[];
}

export interface LambdaExpr extends Span {
  readonly kind: 'lambda';
  readonly params: readonly Ident[];
  readonly body: Expr;
}
