/** The top bar's language menu: each language by its own name; the choice is remembered. */
import { chooseLanguage } from './choice.ts';
import { asLanguage, LANGUAGE_NAMES, LANGUAGES } from './languages.ts';
import { useLanguage, useT } from './useI18n.ts';

export const LanguagePicker = () => {
  const t = useT();
  const lang = useLanguage();
  return (
    <select
      className="language-picker"
      value={lang}
      aria-label={t('language.pick')}
      title={t('language.pick')}
      data-testid="language-picker"
      onChange={(e) => {
        const picked = asLanguage(e.target.value);
        if (picked) chooseLanguage(picked);
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
};
