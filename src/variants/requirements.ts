import { parseVariant, type VariantFile } from './index.ts';

/**
 * The variants a selection switches on: each named variant and, first, the variants it requires,
 * transitively. Unknown ids stay in the list so that the variants stage can report them.
 */
export const withRequirements = (ids: readonly string[], requiresOf: (id: string) => readonly string[] | undefined): string[] => {
  const out: string[] = [];
  const visit = (id: string, trail: readonly string[]): void => {
    if (out.includes(id) || trail.includes(id)) return;
    for (const required of requiresOf(id) ?? []) visit(required, [...trail, id]);
    out.push(id);
  };
  for (const id of ids) visit(id, []);
  return out;
};

/**
 * A variant file with the files of the variants it requires, transitively, first: as `--variant`
 * applies it. `fileOf` finds a variant's file by id; one it cannot find, or a file that cannot be
 * read, is left to the variants stage to report.
 */
export const withRequiredFiles = (variant: VariantFile, fileOf: (id: string) => VariantFile | undefined): VariantFile[] => {
  const specOf = (file: VariantFile) => parseVariant(file).variant?.spec;
  const id = specOf(variant)?.variant;
  if (id === undefined) return [variant];
  const find = (v: string): VariantFile | undefined => (v === id ? variant : fileOf(v));
  return withRequirements([id], (v) => {
    const file = find(v);
    return file && (specOf(file)?.requires ?? []);
  }).flatMap((v) => find(v) ?? []);
};
