import type { DiagnosticCode } from '../spec/codes.ts';
import type { Diagnostic, DocPath, Severity } from '../spec/diagnostics.ts';
import { locate, type LocatePart } from './locate.ts';
import { locateRangeInScalar } from './locateInScalar.ts';
import type { ParsedDoc, ScalarRange, SourceSpan } from './types.ts';

const fromSpan = (
  parsed: ParsedDoc,
  code: DiagnosticCode,
  path: DocPath,
  message: string,
  severity: Severity,
  span: SourceSpan,
): Diagnostic => ({
  severity,
  code,
  message,
  file: parsed.file,
  path: [...path],
  line: span.line,
  column: span.column,
  endLine: span.endLine,
  endColumn: span.endColumn,
});

/**
 * A diagnostic for the node at `path`. With `offset` (a character index, or a range of them, into
 * the string value at `path`), the diagnostic points inside the scalar: this is how expression
 * errors land on the right character.
 */
export const diagnosticAt = (
  parsed: ParsedDoc,
  code: DiagnosticCode,
  path: DocPath,
  message: string,
  severity: Severity = 'error',
  offset?: number | ScalarRange,
): Diagnostic => {
  if (offset === undefined) return fromSpan(parsed, code, path, message, severity, locate(parsed, path));
  const range = typeof offset === 'number' ? { start: offset, end: offset + 1 } : offset;
  return fromSpan(parsed, code, path, message, severity, locateRangeInScalar(parsed, path, range));
};

/** A diagnostic pointing at a chosen part of the node at `path` (its key, for instance). */
export const diagnosticAtPart = (
  parsed: ParsedDoc,
  code: DiagnosticCode,
  path: DocPath,
  message: string,
  part: LocatePart,
  severity: Severity = 'error',
): Diagnostic => fromSpan(parsed, code, path, message, severity, locate(parsed, path, part));
