/** Diagnostics → Monaco markers: one owner for the whole pipeline, spans clamped to the model. */
import type { Diagnostic } from '../../spec/diagnostics.ts';
import type { Monaco } from './monaco.ts';

export const MARKER_OWNER = 'houserules';
/** The source our markers say they come from, which the code actions' markers carry. */
export const MARKER_SOURCE = 'houserules';

type Model = ReturnType<Monaco['editor']['createModel']>;

/** The diagnostics each model's markers were set from: the quick fixes are theirs. */
const shown = new WeakMap<Model, readonly Diagnostic[]>();

export const diagnosticsShown = (model: Model): readonly Diagnostic[] => shown.get(model) ?? [];

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
      source: MARKER_SOURCE,
      startLineNumber: line,
      startColumn: Math.max(1, d.column),
      endLineNumber: endLine,
      endColumn,
    };
  });
  monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
  shown.set(model, diagnostics);
};
