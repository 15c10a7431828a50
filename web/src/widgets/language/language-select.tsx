import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../base/i18n';
import { keyOfLocale, LANGUAGES, type LanguageKey } from '../../base/language';

const options = LANGUAGES.map((language) => ({ value: language.key, label: language.label }));

/** The interface-language select (简体中文 / 繁體中文 / English); the choice is kept locally. */
export function LanguageSelect({ variant = 'outlined' }: { variant?: 'outlined' | 'borderless' }) {
  const { t, i18n } = useTranslation();
  return (
    <Select<LanguageKey>
      aria-label={t('language.label')}
      className="language-select"
      prefix={<GlobalOutlined aria-hidden />}
      value={keyOfLocale(i18n.language)}
      options={options}
      onChange={(key) => void changeLanguage(key)}
      variant={variant}
      popupMatchSelectWidth={false}
      style={{ minWidth: 132 }}
    />
  );
}
