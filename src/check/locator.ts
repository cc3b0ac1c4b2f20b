/**
 * Maps a place in the (possibly merged) spec to a file position, so every stage can report
 * `file:line:col`. The parse stage provides it for one file; the variants stage for a merged spec.
 */
import type { Diagnostic, DocPath, Problem } from '../spec/diagnostics.ts';

export interface SourcePosition {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

export interface Locator {
  /** The position of the node at `path`; with `offset`, of that character inside its string. */
  locate(path: DocPath, offset?: number): SourcePosition;
}

export const diagnosticFrom = (locator: Locator, { code, path, message, severity = 'error', offset }: Problem): Diagnostic => ({
  severity,
  code,
  message,
  path,
  ...locator.locate(path, offset),
});
