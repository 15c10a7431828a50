import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, type LanguageKey, localeOf, storeLanguage } from './language';

type LocaleModule = { default: Record<string, unknown> };
/** Edited texts (system/language): language → namespace → dotted key → text. */
type Overrides = Record<string, Record<string, Record<string, string>>>;

let overrides: Overrides = {};

/** The bundled namespace with the edited texts laid over it (a copy; the module stays as built). */
function withOverrides(language: string, namespace: string, bundle: Record<string, unknown>) {
  const edits = overrides[language]?.[namespace];
  if (!edits) return bundle;
  const copy = structuredClone(bundle);
  for (const [key, value] of Object.entries(edits)) {
    const path = key.split('.');
    let node = copy;
    for (const part of path.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[path.at(-1)!] = value;
  }
  return copy;
}

/**
 * Reads the edited texts. Plain fetch: it runs before i18next (which the API client's messages
 * use) is ready, and a failure only means the bundled texts show.
 */
async function fetchOverrides(): Promise<Overrides> {
  try {
    const response = await fetch('/api/system/BaseLang/Overrides');
    const answer = (await response.json()) as { code: number; data: Overrides };
    return answer.code === 200 && answer.data ? answer.data : {};
  } catch {
    return {};
  }
}

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
      (module) => callback(null, withOverrides(language, namespace, module.default)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

/**
 * Initialises i18next with the stored language and the `common` namespace loaded. It starts from
 * the bundles at once; edited texts (rarely any) are laid over them when they arrive, so the first
 * paint does not wait for that round trip.
 */
export function initI18n(): Promise<unknown> {
  if (!initialised) {
    const edits = fetchOverrides();
    initialised = initI18nFromBundles();
    void Promise.all([edits, initialised]).then(async ([edited]) => {
      if (Object.keys(edited).length === 0) return;
      overrides = edited;
      await rerenderWithOverrides();
    });
  }
  return initialised;
}

function initI18nFromBundles() {
  return i18n
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
}

/** After translations were edited: reads them again and re-renders every loaded text with them. */
export async function refreshTranslations(): Promise<void> {
  overrides = await fetchOverrides();
  await rerenderWithOverrides();
}

async function rerenderWithOverrides(): Promise<void> {
  await i18n.reloadResources();
  await i18n.changeLanguage(i18n.language);
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

/** The sign-in places the server writes into logs (core/request.ts), by their stored text. */
const PLACES: Readonly<Record<string, string>> = { 本地局域网: 'local', 外部网络: 'external' };

/**
 * A sign-in place in the interface language (issue #23 item 12): the two places the server writes
 * itself are translated; anything else (a place looked up elsewhere) is shown as stored.
 */
export function placeName(stored: string | null | undefined): string {
  const key = stored ? PLACES[stored] : undefined;
  return key ? i18n.t(`common:place.${key}`) : (stored ?? '');
}
