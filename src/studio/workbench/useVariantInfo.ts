/** The variants' own declarations (title, requires, conflicts) and problems, read from their files. */
import { useMemo } from 'react';
import { parseVariant } from '../../variants/index.ts';
import type { Diagnostic } from '../../spec/diagnostics.ts';
import type { VariantInfo } from '../rules/variantRules.ts';
import type { WorkFile } from './workspace.ts';

export const useVariantInfo = (files: readonly WorkFile[]): { infos: VariantInfo[]; diagnostics: Map<string, Diagnostic[]> } => {
  const variantFiles = files.filter((f) => f.role === 'variant');
  const key = variantFiles.map((f) => `${f.file}\u0000${f.text}`).join('\u0001');
  return useMemo(() => {
    const diagnostics = new Map<string, Diagnostic[]>();
    const infos = variantFiles.map((f): VariantInfo => {
      let parsed: ReturnType<typeof parseVariant>;
      try {
        parsed = parseVariant({ file: f.file, text: f.text });
      } catch (err) {
        parsed = {
          diagnostics: [{ severity: 'error', code: 'internal', message: String(err), file: f.file, path: [], line: 1, column: 1 }],
        };
      }
      diagnostics.set(f.file, parsed.diagnostics);
      const spec = parsed.variant?.spec;
      // `requires` and `conflicts` name variants by their declared id, which is also the file name.
      const id = spec?.variant ?? f.variantId ?? f.file;
      const firstError = parsed.diagnostics.find((d) => d.severity === 'error');
      return {
        id,
        file: f.file,
        title: spec?.title ?? id,
        description: spec?.description ?? '',
        rules: spec?.rules ?? [],
        requires: spec?.requires ?? [],
        conflicts: spec?.conflicts ?? [],
        ...(firstError ? { problem: `${firstError.line}:${firstError.column} ${firstError.message}` } : {}),
      };
    });
    return { infos, diagnostics };
    // `key` is the variant files' content.
  }, [key]);
};
