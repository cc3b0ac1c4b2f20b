/**
 * The languages of the studio's interface and how one is chosen: the address (`?lang=ru`, before
 * or inside the hash), then the choice remembered in this browser, then the browser's own
 * languages, then English.
 */
export const LANGUAGES = ['en', 'bg', 'ro', 'ru'] as const;

export type Language = (typeof LANGUAGES)[number];

export const SOURCE_LANGUAGE: Language = 'en';

/** Each language by its own name, as its readers look for it in a list. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  bg: 'Български',
  ro: 'Română',
  ru: 'Русский',
};

/** The language a BCP 47 tag asks for (`ru-RU` → `ru`), or null when it is none of ours. */
export const asLanguage = (tag: string | null | undefined): Language | null => {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return LANGUAGES.find((l) => l === primary) ?? null;
};

/** The first of the browser's languages that the studio speaks, else English. */
export const preferredLanguage = (tags: readonly string[]): Language => {
  for (const tag of tags) {
    const lang = asLanguage(tag);
    if (lang) return lang;
  }
  return SOURCE_LANGUAGE;
};

/**
 * `lang=` of the address: in the query of the hash route (`#/game?lang=ru`, read first, since it
 * is the part a link inside the studio changes) or in the query before the hash (`?lang=ru#/game`).
 */
export const languageInAddress = (search: string, hash: string): Language | null => {
  const hashQuery = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  return asLanguage(new URLSearchParams(hashQuery).get('lang')) ?? asLanguage(new URLSearchParams(search).get('lang'));
};
