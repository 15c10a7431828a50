import * as AntIcons from '@ant-design/icons';
import { Alert, Empty, Input, Segmented } from 'antd';
import { type ComponentType, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../base/api/feedback';
import './icons-page.css';

type Theme = 'Outlined' | 'Filled' | 'TwoTone';
const THEMES: readonly Theme[] = ['Outlined', 'Filled', 'TwoTone'];

/** Every icon component the console ships, by theme, in name order. */
const ICONS: Record<Theme, [string, ComponentType][]> = (() => {
  const all = Object.entries(AntIcons as unknown as Record<string, ComponentType>);
  const byTheme = (theme: Theme) =>
    all
      .filter(([name]) => name.endsWith(theme) && /^[A-Z]/.test(name))
      .sort(([a], [b]) => a.localeCompare(b));
  return { Outlined: byTheme('Outlined'), Filled: byTheme('Filled'), TwoTone: byTheme('TwoTone') };
})();

/**
 * System icons (page system/icons): the icon set the console ships (Ant Design, three themes) with
 * a search box; a click copies the icon's name. The 3.4.7 icon fonts (icon-ym, ym-custom, Element
 * UI) are not shipped (see shell/menu-items.tsx), so they are not listed.
 */
export default function IconsPage() {
  const { t } = useTranslation('systemIcons');
  const [theme, setTheme] = useState<Theme>('Outlined');
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => {
    const words = keyword.trim().toLowerCase();
    return words ? ICONS[theme].filter(([name]) => name.toLowerCase().includes(words)) : ICONS[theme];
  }, [theme, keyword]);

  const copy = async (name: string) => {
    try {
      await navigator.clipboard.writeText(name);
      toastSuccess(t('copied', { name }));
    } catch {
      toastError(t('copyFailed'));
    }
  };

  return (
    <div className="icons-page" data-testid="icons-page">
      <div className="icons-page__bar">
        <Segmented<Theme>
          value={theme}
          onChange={setTheme}
          options={THEMES.map((value) => ({
            value,
            label: `${t(`themes.${value}`)} (${ICONS[value].length})`,
          }))}
        />
        <Input
          allowClear
          value={keyword}
          placeholder={t('search')}
          aria-label={t('search')}
          prefix={<AntIcons.SearchOutlined aria-hidden />}
          style={{ width: 280 }}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </div>
      <Alert type="info" showIcon title={t('hint')} className="icons-page__hint" />
      {shown.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <ul className="icons-page__grid" aria-label={t(`themes.${theme}`)}>
          {shown.map(([name, Icon]) => (
            <li key={name}>
              <button
                type="button"
                className="icons-page__item"
                title={t('copy', { name })}
                onClick={() => copy(name)}
              >
                <Icon aria-hidden />
                <span>{name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
