/**
 * A game folder's files in the language asked for, as the pipeline's input: what the studio (or
 * any other front) calls with the files it holds, the variants switched on and the language picked.
 * Pure: no file system, so it runs the same in the browser, a worker and the CLI.
 */
import { readLocale, variantTexts } from '../locale/index.ts';
import type { CompileInput } from './index.ts';

/** A game folder's files by path: `…/game.yaml`, `…/variants/<id>.yaml`, `…/locales/<lang>.yaml`. */
export type GameFiles = Readonly<Record<string, string>>;

/** The language of the spec's own texts: no locale file is read for it. */
export const SPEC_LANGUAGE = 'en';

const BASE = /(^|\/)game\.yaml$/;
const VARIANT = /(^|\/)variants\/([^/]+)\.yaml$/;
const LOCALE = /(^|\/)locales\/([^/]+)\.yaml$/;

const idsOf = (files: GameFiles, pattern: RegExp): [string, string][] =>
  Object.keys(files).flatMap((path) => {
    const id = pattern.exec(path)?.[2];
    return id === undefined ? [] : [[id, path] as [string, string]];
  });

/** The languages the game can be read in: the spec's own, then each locale file's. */
export const languagesOf = (files: GameFiles): string[] => [
  SPEC_LANGUAGE,
  ...idsOf(files, LOCALE)
    .map(([lang]) => lang)
    .sort(),
];

/**
 * The compile input for `variants` (in the order to apply them) in `lang`: the spec's own texts for
 * English or a language the game has no file for (then `fallback` is true), else the locale file's.
 * An error names a missing game file or variant.
 */
export const localizedInput = (
  files: GameFiles,
  variants: readonly string[],
  lang: string,
): { input: CompileInput; fallback: boolean } | { error: string } => {
  const base = Object.keys(files).find((path) => BASE.test(path));
  if (base === undefined) return { error: 'no game.yaml among the files' };
  const known = idsOf(files, VARIANT);
  const chosen = variants.map((id) => known.find(([v]) => v === id));
  const absent = variants.find((_, i) => chosen[i] === undefined);
  if (absent !== undefined) return { error: `no variant '${absent}' (variants: ${known.map(([v]) => v).join(', ') || 'none'})` };
  const localePath = lang === SPEC_LANGUAGE ? undefined : idsOf(files, LOCALE).find(([l]) => l === lang)?.[1];
  const input: CompileInput = {
    base: { file: base, text: files[base] as string },
    variants: chosen.map((entry) => ({ file: (entry as [string, string])[1], text: files[(entry as [string, string])[1]] as string })),
    ...(localePath
      ? { locale: { file: { file: localePath, text: files[localePath] as string }, knownVariants: known.map(([v]) => v) } }
      : {}),
  };
  return { input, fallback: lang !== SPEC_LANGUAGE && localePath === undefined };
};

/** A variant's title and description in `lang`, where the game's locale file gives them (for the house-rules list). */
export const variantTextsIn = (files: GameFiles, lang: string, variant: string): { title?: string; description?: string } => {
  const path = idsOf(files, LOCALE).find(([l]) => l === lang)?.[1];
  const locale = path ? readLocale({ file: path, text: files[path] as string }).locale : undefined;
  return locale ? variantTexts(locale, variant) : {};
};
