/**
 * A game's translation checked whole: the base game and each of its variants compiled with the
 * locale, so every section of the file is read against the spec it translates, and every text
 * left in English (variants' titles included) is listed.
 */
import { compileGame } from '../compile/index.ts';
import { readLocale, variantTexts, type MissingText } from '../locale/index.ts';
import { locate, parseSpecText } from '../parse/index.ts';
import { formatDiagnostic, type Diagnostic } from '../spec/diagnostics.ts';
import { resolveGame, type VariantEntry } from './catalog.ts';
import { readYamlText } from './readText.ts';

export interface TranslationReport {
  readonly diagnostics: Diagnostic[];
  readonly missing: MissingText[];
}

/** A variant's title and description, where the locale does not give them. */
const missingVariantTexts = (entry: VariantEntry, given: { title?: string; description?: string }): MissingText[] => {
  const parsed = parseSpecText(readYamlText(entry.file), entry.file).doc;
  return (['title', 'description'] as const).flatMap((field) => {
    if (given[field] !== undefined || !parsed) return [];
    const at = locate(parsed, [field]);
    return [{ key: `variants.${entry.id}.${field}`, english: entry[field], file: entry.file, line: at.line, column: at.column }];
  });
};

const once = <T>(items: readonly T[], key: (x: T) => string): T[] => [...new Map(items.map((x) => [key(x), x])).values()];

/** Every problem and every missing text of a game's `lang` translation, over the base game and each variant. */
export const translationReport = (target: string, lang: string): TranslationReport | { error: string } => {
  const resolved = resolveGame(target, [], lang);
  if ('error' in resolved) return resolved;
  if (!resolved.locale) return { diagnostics: [], missing: [] };
  const variants = resolved.known;
  const diagnostics: Diagnostic[] = [];
  const missing: MissingText[] = [];
  for (const ids of [[], ...variants.map((v) => [v.id])]) {
    const sources = resolveGame(target, ids, lang);
    if ('error' in sources) return sources;
    const out = compileGame({ base: sources.base, variants: sources.variants, locale: sources.locale });
    diagnostics.push(...out.diagnostics);
    missing.push(...(out.missing ?? []));
  }
  const locale = readLocale(resolved.locale.file).locale;
  if (locale) for (const v of variants) missing.push(...missingVariantTexts(v, variantTexts(locale, v.id)));
  return { diagnostics: once(diagnostics, formatDiagnostic), missing: once(missing, (m) => `${m.key}|${m.file}:${m.line}`) };
};

/** A missing text as an info line: where the English is, and the key that would translate it. */
export const formatMissing = (m: MissingText, lang: string): string =>
  `${m.file}:${m.line}:${m.column}: info: no '${lang}' text for ${m.key.startsWith('log.') || m.key.startsWith('reasons.') ? m.key.split('.')[0] : m.key}: "${m.english}"`;
