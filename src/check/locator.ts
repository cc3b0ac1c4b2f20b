/**
 * Maps a place in the (possibly merged) spec to a file position, so every stage can report
 * `file:line:col`. The parse stage provides it for one file; the variants stage for a merged spec.
 */
import { locate, locateInScalar, placeEdit, type ParsedDoc } from '../parse/index.ts';
import type { Diagnostic, DocPath, Fix, PathEdit, Problem, ProblemFix, TextEdit } from '../spec/diagnostics.ts';

export interface SourcePosition {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** An edit placed in the text of the file that wrote its place. */
export interface PlacedEdit {
  readonly file: string;
  readonly edit: TextEdit;
}

export interface Locator {
  /** The position of the node at `path`; with `offset`, of that character inside its string. */
  locate(path: DocPath, offset?: number): SourcePosition;
  /** `edit` in the file that wrote its place; undefined when it cannot be written there as it is. */
  place(edit: PathEdit): PlacedEdit | undefined;
}

/**
 * The fixes of a problem placed in `file`, the diagnostic's: all of them or none, since one fix
 * left of two would read as the only one, which a tool may apply unasked.
 */
export const placedFixes = (locator: Locator, fixes: readonly ProblemFix[], file: string): Fix[] => {
  const placed: Fix[] = [];
  for (const fix of fixes) {
    const edits: TextEdit[] = [];
    for (const edit of fix.edits) {
      const at = locator.place(edit);
      if (!at || at.file !== file) return [];
      edits.push(at.edit);
    }
    placed.push({ title: fix.title, edits });
  }
  return placed;
};

/** Positions in one parsed file. */
export const fileLocator = (parsed: ParsedDoc): Locator => ({
  locate: (path, offset) => ({
    file: parsed.file,
    ...(offset === undefined ? locate(parsed, path) : locateInScalar(parsed, path, offset)),
  }),
  place: (edit) => {
    const placed = placeEdit(parsed, edit);
    return placed && { file: parsed.file, edit: placed };
  },
});

export const diagnosticFrom = (locator: Locator, { code, path, message, severity = 'error', offset, fixes }: Problem): Diagnostic => {
  const at = locator.locate(path, offset);
  const placed = fixes ? placedFixes(locator, fixes, at.file) : [];
  return { severity, code, message, path, ...at, ...(placed.length > 0 ? { fixes: placed } : {}) };
};
