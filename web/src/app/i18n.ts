import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, type LanguageKey, localeOf, storeLanguage } from './language';

type LocaleModule = { default: Record<string, unknown> };

// One chunk per language and feature: a page loads only the namespaces it uses.
const localeFiles = import.meta.glob<LocaleModule>('../locales/*/*.json');

/** i18next backend that reads src/locales/<locale>/<namespace>.json through dynamic imports. */
const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeFiles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`missing locale file ${language}/${namespace}.json`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

/** Initialises i18next with the stored language and the `common` namespace loaded. */
export function initI18n(): Promise<unknown> {
  initialised ??= i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: localeOf(initialLanguage()),
      fallbackLng: 'zh-CN',
      supportedLngs: ['zh-CN', 'zh-TW', 'en-US'],
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return initialised;
}

/** Switches the interface language and keeps the choice locally. */
export async function changeLanguage(key: LanguageKey): Promise<void> {
  storeLanguage(key);
  await i18n.changeLanguage(localeOf(key));
}

/** Loads translation namespaces (used by lazy routes before they render). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}
