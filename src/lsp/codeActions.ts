/** A diagnostic's fixes as LSP quick fixes: one CodeAction per Fix, its edits in the diagnostic's own file. */
import { CodeActionKind, type CodeAction, type Range, type TextEdit as LspTextEdit } from 'vscode-languageserver';
import type { Diagnostic, TextEdit } from '../spec/diagnostics.ts';
import { rangeOf, toLspDiagnostic } from './diagnostics.ts';

export const toLspEdit = (edit: TextEdit): LspTextEdit => ({
  range: rangeOf(edit.line, edit.column, edit.endLine, edit.endColumn),
  newText: edit.text,
});

/** A lone fix is one a tool may apply unasked, so it is the preferred one; two or more are readings, none preferred. */
export const codeActionsOf = (uri: string, d: Diagnostic): CodeAction[] => {
  const fixes = d.fixes ?? [];
  return fixes.map((fix) => ({
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [toLspDiagnostic(d)],
    isPreferred: fixes.length === 1,
    edit: { changes: { [uri]: fix.edits.map(toLspEdit) } },
  }));
};

const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.character < b.character);

/** Whether two ranges share a place; touching ends count, so a cursor at a diagnostic's edge still finds it. */
export const overlaps = (a: Range, b: Range): boolean => !before(a.end, b.start) && !before(b.end, a.start);

/** The quick fixes of the diagnostics of `uri` that the editor's range touches. */
export const actionsIn = (uri: string, diagnostics: readonly Diagnostic[], range: Range): CodeAction[] =>
  diagnostics.filter((d) => overlaps(toLspDiagnostic(d).range, range)).flatMap((d) => codeActionsOf(uri, d));
