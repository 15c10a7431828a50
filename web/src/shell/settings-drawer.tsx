import { CheckOutlined } from '@ant-design/icons';
import type { Layout } from '@console/shared';
import { LAYOUTS } from '@console/shared';
import { Divider, Drawer, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type MenuStyle,
  type Settings,
  THEME_COLORS,
  type ThemeColor,
  useSettings,
} from '../base/session/settings-store';
import { saveTheme } from './shell-api';

/** Width of the settings drawer (console.md 9). */
export const SETTINGS_DRAWER_WIDTH = 280;

const MENU_STYLES: readonly MenuStyle[] = ['dark', 'lightWhite'];
type Toggle = 'tagsView' | 'tagsIcon' | 'useCache' | 'showLanguage' | 'showSearch';
const TOGGLES: readonly Toggle[] = ['tagsView', 'tagsIcon', 'useCache', 'showLanguage', 'showSearch'];

/** A small drawing of a layout: where the menus sit. */
function LayoutPicture({ layout, dark }: { layout: Layout; dark: boolean }) {
  const menu = dark ? '#1f2d3d' : '#e8ecf2';
  const header = layout === 'functional' || layout === 'blend' ? menu : '#fff';
  return (
    <svg viewBox="0 0 52 40" width="52" height="40" aria-hidden focusable="false">
      <rect width="52" height="40" rx="3" fill="#f0f2f5" />
      <rect width="52" height="8" rx="2" fill={header} stroke="#dcdfe6" strokeWidth="0.5" />
      {layout === 'classic' && <rect y="0" width="14" height="40" rx="2" fill={menu} />}
      {layout === 'plain' && <rect y="0" width="7" height="40" rx="2" fill={menu} />}
      {layout === 'blend' && <rect y="8" width="12" height="32" fill={dark ? '#304156' : '#f5f7fa'} />}
      {layout === 'functional' && (
        <>
          <rect x="10" y="3" width="6" height="2" rx="1" fill={dark ? '#5a6b80' : '#b8c1cc'} />
          <rect x="19" y="3" width="6" height="2" rx="1" fill={dark ? '#5a6b80' : '#b8c1cc'} />
          <rect x="28" y="3" width="6" height="2" rx="1" fill={dark ? '#5a6b80' : '#b8c1cc'} />
        </>
      )}
    </svg>
  );
}

function Choice({
  selected,
  label,
  onSelect,
  children,
  testId,
}: {
  selected: boolean;
  label: string;
  onSelect(): void;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className={`settings-choice${selected ? ' settings-choice--selected' : ''}`}
        aria-pressed={selected}
        aria-label={label}
        data-testid={testId}
        onClick={onSelect}
      >
        {children}
        {selected && <CheckOutlined className="settings-choice__check" aria-hidden />}
      </button>
    </Tooltip>
  );
}

/** Settings drawer (console.md 2.4), 280 px; everything is kept locally, the layout also on the server. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const settings = useSettings();
  const dark = settings.slideClass === 'dark';

  const setLayout = (layout: Layout) => {
    if (layout === settings.layoutType) return;
    settings.set('layoutType', layout);
    void saveTheme(layout);
  };

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={SETTINGS_DRAWER_WIDTH}
      className="settings-drawer"
      destroyOnHidden={false}
    >
      <section aria-labelledby="settings-layout">
        <h3 id="settings-layout" className="settings-drawer__heading">
          {t('settings.layout')}
        </h3>
        <div className="settings-drawer__choices">
          {LAYOUTS.map((layout) => (
            <Choice
              key={layout}
              selected={settings.layoutType === layout}
              label={t(`layouts.${layout}`)}
              onSelect={() => setLayout(layout)}
              testId={`layout-${layout}`}
            >
              <LayoutPicture layout={layout} dark={dark} />
              <span className="settings-choice__label">{t(`layouts.${layout}`)}</span>
            </Choice>
          ))}
        </div>
      </section>
      <Divider />
      <section aria-labelledby="settings-menu-style">
        <h3 id="settings-menu-style" className="settings-drawer__heading">
          {t('settings.menuStyle')}
        </h3>
        <div className="settings-drawer__choices">
          {MENU_STYLES.map((style) => (
            <Choice
              key={style}
              selected={settings.slideClass === style}
              label={t(`menuStyles.${style}`)}
              onSelect={() => settings.set('slideClass', style)}
              testId={`menu-style-${style}`}
            >
              <LayoutPicture layout="classic" dark={style === 'dark'} />
              <span className="settings-choice__label">{t(`menuStyles.${style}`)}</span>
            </Choice>
          ))}
        </div>
      </section>
      <Divider />
      <section aria-labelledby="settings-color">
        <h3 id="settings-color" className="settings-drawer__heading">
          {t('settings.themeColor')}
        </h3>
        <div className="settings-drawer__colors">
          {(Object.keys(THEME_COLORS) as ThemeColor[]).map((name) => (
            <Tooltip key={name} title={t(`colors.${name}`)}>
              <button
                type="button"
                className="settings-color"
                style={{ background: THEME_COLORS[name] }}
                aria-pressed={settings.themeClass === name}
                aria-label={t(`colors.${name}`)}
                onClick={() => settings.set('themeClass', name)}
              >
                {settings.themeClass === name && <CheckOutlined aria-hidden />}
              </button>
            </Tooltip>
          ))}
        </div>
      </section>
      <Divider />
      <section aria-labelledby="settings-interface">
        <h3 id="settings-interface" className="settings-drawer__heading">
          {t('settings.interface')}
        </h3>
        {TOGGLES.map((key) => (
          <div key={key} className="settings-drawer__row">
            <span id={`settings-${key}`}>{t(`settings.${key}`)}</span>
            <Switch
              size="small"
              aria-labelledby={`settings-${key}`}
              checked={settings[key as keyof Settings] as boolean}
              disabled={key === 'tagsIcon' && !settings.tagsView}
              onChange={(checked) => settings.set(key, checked)}
            />
          </div>
        ))}
      </section>
    </Drawer>
  );
}
