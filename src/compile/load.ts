/**
 * Text to spec: parse the YAML, validate it against the schema, apply the variants. The locator
 * it returns points every later diagnostic back into the file that wrote the node.
 */
import { parseSpecText } from '../parse/index.ts';
import { validateSpec } from '../validate/index.ts';
import { hasErrors, type Diagnostic } from '../spec/diagnostics.ts';
import type { GameSpec } from '../spec/types.ts';
import { fileLocator, type Locator } from '../check/locator.ts';
import { applyVariants, parseVariant } from '../variants/index.ts';
import { localize, readLocale, type LocaleSource, type MissingText } from '../locale/index.ts';

export interface SourceFile {
  readonly file: string;
  readonly text: string;
}

export type Loaded =
  | { spec: GameSpec; locator: Locator; diagnostics: Diagnostic[]; lang?: string; missing?: MissingText[] }
  | { spec: undefined; diagnostics: Diagnostic[] };

/** The translation to apply: the locale file, and every variant id of the game when known (to check its sections). */
export interface LocaleInput {
  readonly file: LocaleSource;
  readonly knownVariants?: readonly string[];
}

export const loadSpec = (base: SourceFile, variants: readonly SourceFile[], locale?: LocaleInput): Loaded => {
  const loaded = loadUntranslated(base, variants);
  return locale && loaded.spec ? translated(loaded, base, variants, locale) : loaded;
};

/** The merged spec with the locale's texts, after the variants and before the checks. */
const translated = (
  loaded: Loaded & { spec: GameSpec; locator: Locator },
  base: SourceFile,
  variants: readonly SourceFile[],
  input: LocaleInput,
): Loaded => {
  const read = readLocale(input.file);
  const diagnostics = [...loaded.diagnostics, ...read.diagnostics];
  if (!read.locale) return { spec: undefined, diagnostics };
  const baseSpec = parseSpecText(base.text, base.file).doc?.value as GameSpec;
  const ids = variants.flatMap((v) => parseVariant(v).variant?.spec.variant ?? []);
  const out = localize(read.locale, {
    base: baseSpec,
    spec: loaded.spec,
    variants: ids,
    knownVariants: input.knownVariants,
    locator: loaded.locator,
  });
  diagnostics.push(...out.diagnostics);
  if (hasErrors(diagnostics)) return { spec: undefined, diagnostics };
  return { spec: out.spec, locator: out.locator, diagnostics, lang: out.lang, missing: out.missing };
};

const loadUntranslated = (base: SourceFile, variants: readonly SourceFile[]): Loaded => {
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
