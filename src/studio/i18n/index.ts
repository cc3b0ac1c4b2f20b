/**
 * The studio's interface in the players' languages (en, bg, ro, ru). A component writes
 * `const t = useT();` and `t('area.message', { value })`; a message is added to messages/en.ts
 * and, with the same id and placeholders, to bg.ts, ro.ts and ru.ts.
 */
export { LANGUAGES, LANGUAGE_NAMES, type Language } from './languages.ts';
export type { MessageId } from './messages/en.ts';
export { formatDateTime, formatList, formatNumber, getLanguage, t, type PlainMessageId, type Translate } from './translate.ts';
export { useLanguage, useT } from './useI18n.ts';
export { chooseLanguage, startLanguage } from './choice.ts';
export { LanguagePicker } from './LanguagePicker.tsx';
