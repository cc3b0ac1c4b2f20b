/**
 * Text to spec: parse the YAML, validate it against the schema, apply the variants. The locator
 * it returns points every later diagnostic back into the file that wrote the node.
 */
import { locate, locateInScalar, parseSpecText } from '../parse/index.ts';
import type { ParsedDoc } from '../parse/index.ts';
import { validateSpec } from '../validate/index.ts';
import { hasErrors, type Diagnostic } from '../spec/diagnostics.ts';
import type { GameSpec } from '../spec/types.ts';
import type { Locator } from '../check/locator.ts';
import { applyVariants } from '../variants/index.ts';

export interface SourceFile {
  readonly file: string;
  readonly text: string;
}

export type Loaded =
  | { spec: GameSpec; locator: Locator; diagnostics: Diagnostic[] }
  | { spec: undefined; diagnostics: Diagnostic[] };

/** Positions in one parsed file. */
export const fileLocator = (parsed: ParsedDoc): Locator => ({
  locate: (path, offset) => ({
    file: parsed.file,
    ...(offset === undefined ? locate(parsed, path) : locateInScalar(parsed, path, offset)),
  }),
});

export const loadSpec = (base: SourceFile, variants: readonly SourceFile[]): Loaded => {
  const parsed = parseSpecText(base.text, base.file);
  if (!parsed.doc) return { spec: undefined, diagnostics: parsed.diagnostics };
  const diagnostics = [...parsed.diagnostics, ...validateSpec(parsed.doc)];
  if (hasErrors(diagnostics)) return { spec: undefined, diagnostics };
  const spec = parsed.doc.value as GameSpec;
  if (variants.length === 0) return { spec, locator: fileLocator(parsed.doc), diagnostics };
  const applied = applyVariants(parsed.doc, variants);
  diagnostics.push(...applied.diagnostics);
  if (!applied.spec || hasErrors(diagnostics)) return { spec: undefined, diagnostics };
  return { spec: applied.spec, locator: applied.locator, diagnostics };
};
