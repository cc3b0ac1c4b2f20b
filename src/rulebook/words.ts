/** The house-rules sheet's own words, in each rulebook language. `{name}` and `{value}` are filled in. */
import type { Lang } from './types.ts';

export interface SheetWords {
  readonly sheet: string;
  readonly inPlay: string;
  readonly noHouseRules: string;
  readonly settings: string;
  readonly defaultWas: string;
  readonly changedBy: string;
  readonly addedBy: string;
  readonly houseRule: string;
  readonly notInPlay: string;
  readonly studio: string;
  readonly untranslated: string;
  readonly on: string;
  readonly off: string;
}

export const SHEET_WORDS: Readonly<Record<Lang, SheetWords>> = {
  en: {
    sheet: 'House rules sheet',
    inPlay: 'House rules in play',
    noHouseRules: 'none: the rules as written',
    settings: 'Settings changed from the defaults',
    defaultWas: 'default {value}',
    changedBy: 'Changed by house rule “{name}”',
    addedBy: 'Added by house rule “{name}”',
    houseRule: 'House rule “{name}”',
    notInPlay: 'house rule “{name}”, not in play',
    studio: 'The same rules in the studio',
    untranslated: 'not yet translated: in English',
    on: 'on',
    off: 'off',
  },
  bg: {
    sheet: 'Лист с домашните правила',
    inPlay: 'Домашни правила в игра',
    noHouseRules: 'няма: играе се по правилата',
    settings: 'Настройки, различни от стандартните',
    defaultWas: 'стандартно {value}',
    changedBy: 'Променено от домашното правило „{name}“',
    addedBy: 'Добавено от домашното правило „{name}“',
    houseRule: 'Домашно правило „{name}“',
    notInPlay: 'домашно правило „{name}“, не се играе',
    studio: 'Същите правила в студиото',
    untranslated: 'още не е преведено: на английски',
    on: 'включено',
    off: 'изключено',
  },
  ro: {
    sheet: 'Foaia regulilor casei',
    inPlay: 'Reguli ale casei în joc',
    noHouseRules: 'niciuna: se joacă după reguli',
    settings: 'Setări schimbate față de cele implicite',
    defaultWas: 'implicit {value}',
    changedBy: 'Schimbată de regula casei „{name}”',
    addedBy: 'Adăugată de regula casei „{name}”',
    houseRule: 'Regula casei „{name}”',
    notInPlay: 'regula casei „{name}”, nu se joacă',
    studio: 'Aceleași reguli în studio',
    untranslated: 'încă netradus: în engleză',
    on: 'activat',
    off: 'dezactivat',
  },
  ru: {
    sheet: 'Лист домашних правил',
    inPlay: 'Действующие домашние правила',
    noHouseRules: 'нет: играем по основным правилам',
    settings: 'Настройки, изменённые по сравнению со стандартными',
    defaultWas: 'по умолчанию {value}',
    changedBy: 'Изменено домашним правилом «{name}»',
    addedBy: 'Добавлено домашним правилом «{name}»',
    houseRule: 'Домашнее правило «{name}»',
    notInPlay: 'домашнее правило «{name}», не действует',
    studio: 'Те же правила в студии',
    untranslated: 'ещё не переведено: на английском',
    on: 'включено',
    off: 'выключено',
  },
};

export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? (values[key] as string) : whole));
