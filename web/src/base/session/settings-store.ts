import { DEFAULT_LAYOUT, LAYOUTS, type Layout } from '@console/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Menu styles of the settings drawer (console.md 2.4). */
export type MenuStyle = 'dark' | 'lightWhite';
/** Component sizes of the top bar's size menu; mapped to antd's componentSize and a root class. */
export type UiSize = 'default' | 'medium' | 'small' | 'mini';

/** Theme colours (console.md 2.4 / 9); `blue` (#1890ff) is the default. */
export const THEME_COLORS = {
  blue: '#1890ff',
  purple: '#722ed1',
  azure: '#1677c8',
  ocean: '#13a8a8',
  green: '#389e0d',
  yellow: '#d48806',
  orange: '#e8590c',
  red: '#e03131',
} as const;
export type ThemeColor = keyof typeof THEME_COLORS;
export const DEFAULT_THEME_COLOR: ThemeColor = 'blue';

export const UI_SIZES: readonly UiSize[] = ['default', 'medium', 'small', 'mini'];

export function isLayout(value: unknown): value is Layout {
  return typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);
}

/** The settings kept locally (console.md 3 "local settings"); defaults per console.md 9. */
export interface Settings {
  layoutType: Layout;
  slideClass: MenuStyle;
  themeClass: ThemeColor;
  tagsView: boolean;
  tagsIcon: boolean;
  useCache: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  /** Sidebar open (not collapsed); remembered. */
  sidebarOpened: boolean;
  size: UiSize;
}

export const DEFAULT_SETTINGS: Settings = {
  layoutType: DEFAULT_LAYOUT,
  slideClass: 'dark',
  themeClass: DEFAULT_THEME_COLOR,
  tagsView: false,
  tagsIcon: false,
  useCache: false,
  showLanguage: false,
  showSearch: false,
  sidebarOpened: true,
  size: 'default',
};

interface SettingsState extends Settings {
  set<K extends keyof Settings>(key: K, value: Settings[K]): void;
  toggleSidebar(): void;
}

export const SETTINGS_STORAGE_KEY = 'console_settings';

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      set(key, value) {
        set({ [key]: value } as Partial<Settings>);
      },
      toggleSidebar() {
        set((state) => ({ sidebarOpened: !state.sidebarOpened }));
      },
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ set: _set, toggleSidebar: _toggle, ...settings }) => settings,
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Settings>;
        const merged = { ...current, ...stored };
        if (!isLayout(merged.layoutType)) merged.layoutType = DEFAULT_LAYOUT;
        if (!(merged.themeClass in THEME_COLORS)) merged.themeClass = DEFAULT_THEME_COLOR;
        if (!UI_SIZES.includes(merged.size)) merged.size = 'default';
        return merged;
      },
    },
  ),
);
