import type { TextEdit } from '../spec/diagnostics.ts';

/**
 * `text` with `edits` made, or undefined when two of them overlap (two fixes of one place: which
 * comes first is not for this function to say). Offsets are into `text` as it is; the edits are
 * made from the last to the first, so none moves another.
 */
export const applyEdits = (text: string, edits: readonly TextEdit[]): string | undefined => {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1] as TextEdit;
    const edit = sorted[i] as TextEdit;
    if (edit.start < before.end || (edit.start === before.start && edit.end === before.end)) return undefined;
  }
  let out = text;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const { start, end, text: replacement } = sorted[i] as TextEdit;
    out = out.slice(0, start) + replacement + out.slice(end);
  }
  return out;
};
