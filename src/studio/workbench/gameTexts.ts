/**
 * A shipped game's texts beyond its spec: its translations (`locales/<lang>.yaml`) and its
 * rulebooks (`rules/<lang>.yaml`), loaded with the game so that switching the language needs no
 * wait. A game made in the browser has none: it is shown in its spec's own words.
 */
import type { LocaleInput } from '../../compile/index.ts';
import { readLocale, variantTexts } from '../../locale/index.ts';
import type { CatalogGame, CatalogText } from '../catalog/catalog.ts';
import type { VariantInfo } from '../rules/variantRules.ts';

export interface TextFile {
  readonly file: string;
  readonly lang: string;
  readonly text: string;
}

export interface GameTexts {
  readonly locales: readonly TextFile[];
  readonly rulebooks: readonly TextFile[];
}

export const NO_TEXTS: GameTexts = { locales: [], rulebooks: [] };

const loadAll = (files: readonly CatalogText[]): Promise<TextFile[]> =>
  Promise.all(files.map(async (f) => ({ file: f.file, lang: f.lang, text: await f.load() })));

export const loadGameTexts = async (entry: CatalogGame | undefined): Promise<GameTexts> => {
  if (!entry) return NO_TEXTS;
  const [locales, rulebooks] = await Promise.all([loadAll(entry.locales), loadAll(entry.rulebooks)]);
  return { locales, rulebooks };
};

/** The translation to compile with in `lang`, or none for the spec's own language or one the game is not translated into. */
export const localeFor = (texts: GameTexts, lang: string, knownVariants: readonly string[]): LocaleInput | undefined => {
  const file = texts.locales.find((l) => l.lang === lang);
  return file ? { file: { file: file.file, text: file.text }, knownVariants } : undefined;
};

/** The house rules with their titles and descriptions in the translation's words, where it gives them. */
export const translatedVariants = (infos: readonly VariantInfo[], locale: LocaleInput | undefined): VariantInfo[] => {
  const read = locale ? readLocale(locale.file).locale : undefined;
  return read ? infos.map((v) => ({ ...v, ...variantTexts(read, v.id) })) : [...infos];
};
