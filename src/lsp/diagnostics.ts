/** Our diagnostics as LSP's: 1-based line:column spans become 0-based ranges, codes and severities carried over. */
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../spec/diagnostics.ts';

/** A 1-based span as a 0-based range; a span without its end is the empty range at its start. */
export const rangeOf = (line: number, column: number, endLine = line, endColumn = column): Range => ({
  start: { line: Math.max(0, line - 1), character: Math.max(0, column - 1) },
  end: { line: Math.max(0, endLine - 1), character: Math.max(0, endColumn - 1) },
});

const SEVERITIES: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
};

export const toLspDiagnostic = (d: Diagnostic): LspDiagnostic => ({
  range: rangeOf(d.line, d.column, d.endLine, d.endColumn),
  severity: SEVERITIES[d.severity],
  code: d.code,
  source: 'houserules',
  message: d.message,
});
