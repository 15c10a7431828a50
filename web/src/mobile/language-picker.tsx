import { ActionSheet } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../base/i18n';
import { keyOfLocale, LANGUAGES } from '../base/language';

/** The current language as a small button; tapping it offers the three languages. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const current = LANGUAGES.find((language) => language.key === keyOfLocale(i18n.language));
  return (
    <>
      <button
        type="button"
        className="m-lang-button"
        aria-label={t('language.label')}
        onClick={() => setOpen(true)}
      >
        <GlobalOutline /> {current?.label}
      </button>
      <LanguageSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The three languages, each named in itself; the choice is kept locally like the desktop's. */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation('common');
  const current = keyOfLocale(i18n.language);
  return (
    <ActionSheet
      visible={open}
      onClose={onClose}
      cancelText={t('actions.cancel')}
      actions={LANGUAGES.map((language) => ({
        key: language.key,
        text: language.key === current ? `✓ ${language.label}` : language.label,
        onClick: () => {
          onClose();
          void changeLanguage(language.key);
        },
      }))}
    />
  );
}
