import { LAYOUTS, type Layout } from '@console/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../../base/api/feedback';
import { useSettings } from '../../../../base/session/settings-store';
import { setSystemTheme } from '../api';

/** Small sketch of each layout: where the menus are. */
function LayoutSketch({ layout }: { layout: Layout }) {
  const dark = '#1f2a44';
  const light = '#dfe6f0';
  const accent = 'var(--color-primary, #1890ff)';
  return (
    <svg viewBox="0 0 120 72" width="100%" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="120" height="72" rx="6" fill="#f5f7fa" />
      {layout === 'classic' && (
        <>
          <rect x="0" y="0" width="28" height="72" rx="6" fill={dark} />
          <rect x="28" y="0" width="92" height="12" fill="#fff" />
          <rect x="6" y="18" width="16" height="4" rx="2" fill={accent} />
        </>
      )}
      {layout === 'functional' && (
        <>
          <rect x="0" y="0" width="120" height="14" rx="6" fill={dark} />
          <rect x="34" y="5" width="14" height="4" rx="2" fill={accent} />
          <rect x="52" y="5" width="14" height="4" rx="2" fill={light} />
          <rect x="70" y="5" width="14" height="4" rx="2" fill={light} />
        </>
      )}
      {layout === 'blend' && (
        <>
          <rect x="0" y="0" width="120" height="14" rx="6" fill={dark} />
          <rect x="34" y="5" width="14" height="4" rx="2" fill={accent} />
          <rect x="0" y="14" width="26" height="58" fill="#fff" />
          <rect x="5" y="22" width="16" height="4" rx="2" fill={accent} />
        </>
      )}
      {layout === 'plain' && (
        <>
          <rect x="0" y="0" width="14" height="72" rx="6" fill={dark} />
          <rect x="4" y="16" width="6" height="6" rx="2" fill={accent} />
          <rect x="4" y="28" width="6" height="6" rx="2" fill={light} />
          <rect x="14" y="0" width="106" height="12" fill="#fff" />
        </>
      )}
      <rect x="40" y="26" width="64" height="8" rx="3" fill="#fff" />
      <rect x="40" y="40" width="64" height="22" rx="3" fill="#fff" />
    </svg>
  );
}

/** Theme: the layout (classic, functional, blend, plain), saved with SystemTheme and applied at once. */
export function ThemeTab() {
  const { t } = useTranslation('profile');
  const current = useSettings((state) => state.layoutType);
  const [choice, setChoice] = useState<Layout>(current);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const msg = await setSystemTheme(choice);
      useSettings.getState().set('layoutType', choice);
      toastSuccess(msg || t('saved'));
    } catch {
      // the HTTP client already showed the message
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h2 className="profile__section-title">{t('tabs.theme')}</h2>
      <p className="profile__section-hint">{t('theme.hint')}</p>
      <fieldset className="profile-layouts" aria-label={t('theme.label')}>
        {LAYOUTS.map((layout) => (
          <label key={layout} className={`profile-layout${choice === layout ? ' is-checked' : ''}`}>
            <input
              type="radio"
              name="profile-layout"
              value={layout}
              checked={choice === layout}
              onChange={() => setChoice(layout)}
              className="profile-layout__input"
            />
            <LayoutSketch layout={layout} />
            <span className="profile-layout__name">{t(`theme.layouts.${layout}`)}</span>
            <span className="profile-layout__desc">{t(`theme.descriptions.${layout}`)}</span>
          </label>
        ))}
      </fieldset>
      <Button
        type="primary"
        style={{ marginTop: 24 }}
        disabled={choice === current}
        loading={saving}
        onClick={() => void save()}
      >
        {t('save')}
      </Button>
    </>
  );
}
