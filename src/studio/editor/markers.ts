/** Diagnostics → Monaco markers: one owner for the whole pipeline, spans clamped to the model. */
import type { Diagnostic } from '../../spec/diagnostics.ts';
import type { Monaco } from './monaco.ts';

export const MARKER_OWNER = 'houserules';

type Model = ReturnType<Monaco['editor']['createModel']>;

export const setDiagnosticMarkers = (monaco: Monaco, model: Model, diagnostics: readonly Diagnostic[]): void => {
  const lines = model.getLineCount();
  const markers = diagnostics.map((d) => {
    const line = Math.min(Math.max(1, d.line), lines);
    const endLine = Math.min(Math.max(line, d.endLine ?? line), lines);
    let endColumn = d.endColumn ?? model.getLineMaxColumn(endLine);
    // A zero-width span would be invisible: underline at least one character (or the line end).
    if (endLine === line && endColumn <= d.column) endColumn = Math.max(d.column + 1, model.getLineMaxColumn(line));
    return {
      severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
      message: d.message,
      source: 'houserules',
      startLineNumber: line,
      startColumn: Math.max(1, d.column),
      endLineNumber: endLine,
      endColumn,
    };
  });
  monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
};
