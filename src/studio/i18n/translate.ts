/**
 * Messages and numbers in the current language. The language lives here (set by `setLanguage`,
 * read by `t`), so helpers outside React speak it too; components read it through `useT` (see
 * useI18n.ts), which re-renders them when it changes.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { SOURCE_LANGUAGE, type Language } from './languages.ts';
import { en, type Catalog, type MessageId } from './messages/en.ts';
import { bg } from './messages/bg.ts';
import { ro } from './messages/ro.ts';
import { ru } from './messages/ru.ts';
import type { MessageValue, Placeholders } from './placeholders.ts';
import { LruCache } from '../../lang/cache.ts';

export const CATALOGS: Readonly<Record<Language, Catalog>> = { en, bg, ro, ru };

/** The values message `K` wants: none, or exactly its placeholders. */
export type ValuesOf<K extends MessageId> = [Placeholders<(typeof en)[K]>] extends [never]
  ? []
  : [values: Readonly<Record<Placeholders<(typeof en)[K]>, MessageValue>>];

/** The ids of messages without placeholders: what a table of messages (menu items, steps) holds. */
export type PlainMessageId = { [K in MessageId]: [Placeholders<(typeof en)[K]>] extends [never] ? K : never }[MessageId];

export type Translate = <K extends MessageId>(id: K, ...values: ValuesOf<K>) => string;

/** Parsed messages by language and id: about 500 ids in each of four languages, so every message of a session stays parsed. */
const parsed = new LruCache<string, IntlMessageFormat>(2048);

/** Message `id` of `lang` with `values` put in; each message is parsed once (never compiled to code: no eval). */
export const formatMessage = (lang: Language, id: MessageId, values?: Readonly<Record<string, MessageValue>>): string => {
  const format = parsed.getOrSet(`${lang}:${id}`, () => new IntlMessageFormat(CATALOGS[lang][id], lang));
  const out = format.format<string>(values);
  return Array.isArray(out) ? out.join('') : String(out);
};

let current: Language = SOURCE_LANGUAGE;
const listeners = new Set<() => void>();

export const getLanguage = (): Language => current;

/** Makes `lang` the interface's language and tells every listener (the `useT` hooks). */
export const switchLanguage = (lang: Language): void => {
  if (lang === current) return;
  current = lang;
  for (const l of listeners) l();
};

export const onLanguage = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const translators = new Map<Language, Translate>();

/** `t` bound to one language; the same function for the same language, so it can be a dependency. */
export const translatorOf = (lang: Language): Translate => {
  let tr = translators.get(lang);
  if (!tr) {
    tr = (id, ...values) => formatMessage(lang, id, values[0]);
    translators.set(lang, tr);
  }
  return tr;
};

/** A message in the current language. In a component, take `t` from `useT()` so it re-renders on a change. */
export const t: Translate = (id, ...values) => formatMessage(current, id, values[0]);

/** Number formats by language and options: a few dozen call sites' options in the current language. */
const numberFormats = new LruCache<string, Intl.NumberFormat>(64);

/** A number as the current language writes it (`12 345,5` in Russian); `options` as Intl.NumberFormat's. */
export const formatNumber = (n: number, options: Intl.NumberFormatOptions = {}): string => {
  const lang = current;
  return numberFormats.getOrSet(`${lang}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(lang, options)).format(n);
};

/** Names joined as the current language joins them ("1, 2 and 3"; English without the serial comma). */
export const formatList = (items: readonly string[]): string =>
  new Intl.ListFormat(current === 'en' ? 'en-GB' : current, { type: 'conjunction' }).format(items);

/** A moment as the current language writes a date and time. */
export const formatDateTime = (at: number): string => new Date(at).toLocaleString(current);
