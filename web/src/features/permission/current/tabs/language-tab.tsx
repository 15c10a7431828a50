import { Button, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../../base/api/feedback';
import { changeLanguage } from '../../../../base/i18n';
import { keyOfLocale, LANGUAGES, type LanguageKey, localeOf } from '../../../../base/language';
import { setSystemLanguage } from '../api';

/** Language: saved on the server (SystemLanguage) and kept locally. */
export function LanguageTab() {
  const { t, i18n } = useTranslation('profile');
  const current = keyOfLocale(i18n.language);
  const [choice, setChoice] = useState<LanguageKey>(current);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const msg = await setSystemLanguage(localeOf(choice));
      await changeLanguage(choice);
      toastSuccess(msg || t('saved'));
    } catch {
      // the HTTP client already showed the message
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h2 className="profile__section-title">{t('tabs.language')}</h2>
      <p className="profile__section-hint">{t('language.hint')}</p>
      <Radio.Group
        aria-label={t('tabs.language')}
        value={choice}
        onChange={(event) => setChoice(event.target.value as LanguageKey)}
        optionType="button"
        buttonStyle="solid"
        options={LANGUAGES.map((language) => ({ value: language.key, label: language.label }))}
      />
      <div>
        <Button
          type="primary"
          style={{ marginTop: 24 }}
          disabled={choice === current}
          loading={saving}
          onClick={() => void save()}
        >
          {t('save')}
        </Button>
      </div>
    </>
  );
}
