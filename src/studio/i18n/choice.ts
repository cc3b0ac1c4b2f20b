/**
 * Which language the studio speaks, chosen once at start and on each change: a `lang=` in the
 * address wins (and is remembered, so the next visit speaks it too), then the choice remembered
 * in this browser, then the browser's languages. `<html lang>` follows, for screen readers and
 * hyphenation.
 */
import { PREFIX, read, write } from '../persist/storage.ts';
import { asLanguage, languageInAddress, preferredLanguage, type Language } from './languages.ts';
import { switchLanguage } from './translate.ts';

const KEY = `${PREFIX}language`;

const apply = (lang: Language): void => {
  document.documentElement.lang = lang;
  switchLanguage(lang);
};

/** The language picked by the person: spoken at once and remembered in this browser. */
export const chooseLanguage = (lang: Language): void => {
  write(KEY, lang, 'the language you chose');
  apply(lang);
};

const browserLanguages = (): readonly string[] => (navigator.languages.length > 0 ? navigator.languages : [navigator.language]);

/** Sets the language before the first render, and follows a `lang=` put in the address later. */
export const startLanguage = (): void => {
  const fromAddress = languageInAddress(window.location.search, window.location.hash);
  if (fromAddress) chooseLanguage(fromAddress);
  else apply(asLanguage(read(KEY)) ?? preferredLanguage(browserLanguages()));
  window.addEventListener('hashchange', () => {
    const asked = languageInAddress(window.location.search, window.location.hash);
    if (asked) chooseLanguage(asked);
  });
};
