/** The hooks a component speaks through: `const t = useT();` then `t('id', { value })`. */
import { useSyncExternalStore } from 'react';
import type { Language } from './languages.ts';
import { getLanguage, onLanguage, translatorOf, type Translate } from './translate.ts';

/** The interface's language; the component re-renders when it changes. */
export const useLanguage = (): Language => useSyncExternalStore(onLanguage, getLanguage);

/** `t` in the interface's language; the component re-renders when it changes. */
export const useT = (): Translate => translatorOf(useLanguage());
