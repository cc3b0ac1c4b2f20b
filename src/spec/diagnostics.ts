import type { DiagnosticCode } from './codes.ts';

/**
 * Every stage reports problems as values of this shape; no stage throws on user input.
 * `path` is the location in the YAML document (keys and list indexes), `line` and `column` are
 * 1-based positions in `file`.
 */
export type Severity = 'error' | 'warning';

export type DocPath = readonly (string | number)[];

export interface Diagnostic {
  severity: Severity;
  /** What kind of problem this is, from one closed set: tests and tools match it, not the message. */
  code: DiagnosticCode;
  message: string;
  file: string;
  path: DocPath;
  line: number;
  column: number;
  /** 1-based end position, when known (Monaco markers span it). */
  endLine?: number;
  endColumn?: number;
  /**
   * The ways to fix it, when it knows them. One fix is one a tool may apply unasked
   * (`houserules fix`); two or more are equally likely readings, offered and never picked.
   */
  fixes?: readonly Fix[];
}

/**
 * A change of a file's text: the text from `start` to `end` (offsets into the file as it was
 * read) becomes `text`. The 1-based line and column of both ends say the same for editors.
 */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  /** The text from `start` to `end` it replaces: an editor whose text has changed since can tell the edit no longer fits. */
  readonly replaces: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly text: string;
}

/** A fix of a diagnostic: what it does, in words a menu shows, and its edits to the diagnostic's file. */
export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
}

/**
 * A problem as a stage finds it, before it is placed in a file: the one shape the checks hand on,
 * which `diagnosticFrom` (check/locator.ts) places at its line and column.
 */
export interface Problem {
  readonly code: DiagnosticCode;
  readonly path: DocPath;
  readonly message: string;
  /** An error unless it says otherwise. */
  readonly severity?: Severity;
  /** The character, within the text at `path`, that the problem is at. */
  readonly offset?: number;
  /** Its fixes, by places in the document (see `Fix` for what one or several mean). */
  readonly fixes?: readonly ProblemFix[];
}

/** A change of the document by its places, before it is placed in a file's text (parse/placeEdit.ts). */
export type PathEdit =
  /** The key that leads to `path` becomes `text`. */
  | { readonly kind: 'key'; readonly path: DocPath; readonly text: string }
  /** Characters `from` to `to` of the string at `path`, as its reader saw them, become `text`. */
  | { readonly kind: 'inScalar'; readonly path: DocPath; readonly from: number; readonly to: number; readonly text: string }
  /** A new `key: value` in the mapping at `path`, before its first key. */
  | { readonly kind: 'addKey'; readonly path: DocPath; readonly key: string; readonly value: string }
  /** The value at `path`, a scalar, becomes `text`. */
  | { readonly kind: 'value'; readonly path: DocPath; readonly text: string }
  /** The value at `path` becomes `{key: value}`, its text kept as written (comments too). */
  | { readonly kind: 'wrap'; readonly path: DocPath; readonly key: string };

export interface ProblemFix {
  readonly title: string;
  readonly edits: readonly PathEdit[];
}

export type Result<T> = { ok: true; value: T; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

export const hasErrors = (diagnostics: readonly Diagnostic[]): boolean => diagnostics.some((d) => d.severity === 'error');

/** `file:line:col: severity: message`, as compilers print it. */
export const formatDiagnostic = (d: Diagnostic): string => `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;

/** An error about a whole file, placed at its start (an empty file, YAML that cannot be read, a compile past its time). */
export const atFileStart = (file: string, code: DiagnosticCode, message: string): Diagnostic => ({
  severity: 'error',
  code,
  message,
  file,
  path: [],
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 1,
});
