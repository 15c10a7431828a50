import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../base/i18n';
import { keyOfLocale, LANGUAGES } from '../../base/language';
import './language-switch.css';

/**
 * Light language switch (plain buttons, no antd Select) for pages that must stay small, such as
 * the sign-in page. The shell uses LanguageSelect.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = keyOfLocale(i18n.language);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language.key}
          type="button"
          lang={language.locale}
          className="language-switch__item"
          aria-pressed={language.key === current}
          onClick={() => void changeLanguage(language.key)}
        >
          {language.label}
        </button>
      ))}
    </div>
  );
}
