/** The interface languages. `key` is what is kept locally (console.md 3), `locale` the i18next language. */
export type LanguageKey = 'zh' | 'zhtw' | 'en';
export type Locale = 'zh-CN' | 'zh-TW' | 'en-US';

export interface LanguageOption {
  key: LanguageKey;
  locale: Locale;
  /** Endonym: each language is named in itself, whatever the current language. */
  label: string;
}

export const LANGUAGES: readonly LanguageOption[] = [
  { key: 'zh', locale: 'zh-CN', label: '简体中文' },
  { key: 'zhtw', locale: 'zh-TW', label: '繁體中文' },
  { key: 'en', locale: 'en-US', label: 'English' },
];

export const DEFAULT_LANGUAGE: LanguageKey = 'zh';
export const LANGUAGE_STORAGE_KEY = 'console_language';

export function isLanguageKey(value: unknown): value is LanguageKey {
  return LANGUAGES.some((language) => language.key === value);
}

/**
 * Default language from the browser's language tag: one that contains "tw" gives zhtw, else the
 * key the tag starts with (zh, en), else zh.
 */
export function defaultLanguage(browserLanguage: string | null | undefined): LanguageKey {
  const tag = (browserLanguage ?? '').toLowerCase();
  if (tag.includes('tw')) return 'zhtw';
  const primary = tag.split(/[-_]/)[0];
  if (isLanguageKey(primary)) return primary;
  return DEFAULT_LANGUAGE;
}

export function localeOf(key: LanguageKey): Locale {
  return LANGUAGES.find((language) => language.key === key)?.locale ?? 'zh-CN';
}

export function keyOfLocale(locale: string): LanguageKey {
  return LANGUAGES.find((language) => language.locale === locale)?.key ?? DEFAULT_LANGUAGE;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The language kept locally, else the browser's default. */
export function initialLanguage(): LanguageKey {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguageKey(stored)) return stored;
  return defaultLanguage(typeof navigator === 'undefined' ? undefined : navigator.language);
}

export function storeLanguage(key: LanguageKey): void {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, key);
}
