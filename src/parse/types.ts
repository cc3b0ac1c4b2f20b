import type { Document, LineCounter } from 'yaml';
import type { Diagnostic } from '../spec/diagnostics.ts';

/** A YAML spec file that parsed without errors, with what later stages need to point back into it. */
export interface ParsedDoc {
  /** The file name used in diagnostics (not read from disk: parsing never touches the file system). */
  readonly file: string;
  /** The source text, kept because expression errors are mapped back into it character by character. */
  readonly text: string;
  /** The plain JavaScript value of the document (`document.toJS()`); unvalidated until the validate stage. */
  readonly value: unknown;
  /** The yaml Document, which keeps the source range of every node. */
  readonly document: Document.Parsed;
  /** Turns source offsets into 1-based lines and columns. */
  readonly lineCounter: LineCounter;
}

export interface ParseResult {
  /** Undefined exactly when `diagnostics` holds an error: later stages never see a broken document. */
  doc: ParsedDoc | undefined;
  diagnostics: Diagnostic[];
}

/** A 1-based position; columns count UTF-16 code units, as Monaco does. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** A 1-based span; the end is exclusive (the position just after the last character), as in Monaco markers. */
export interface SourceSpan extends SourcePosition {
  endLine: number;
  endColumn: number;
}

/** Character offsets into a scalar's string value: `start` inclusive, `end` exclusive. */
export interface ScalarRange {
  start: number;
  end: number;
}
