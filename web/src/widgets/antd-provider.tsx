import { theme as antdTheme, ConfigProvider, message } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMessageApi, wantMessageHost } from '../base/api/feedback';
import type { Locale } from '../base/language';

/**
 * Ant Design's theme, locale and the app's message holder. Kept out of the first chunk: the
 * sign-in page has no antd (bench/scenarios/bundle.ts holds it to 150 KB gzip); the router wraps
 * every other page in `AntdProvider`, and the sign-in page loads it with its phone and scan modes.
 */

export const THEME = {
  algorithm: antdTheme.defaultAlgorithm,
  token: { colorPrimary: '#1890ff', borderRadius: 6, fontFamily: 'var(--font-family)' },
};

/**
 * antd's own strings (pagination, modal buttons...) and dayjs's month and weekday names and first
 * day of the week (date pickers, calendars) follow the interface language; loaded on demand.
 */
const locales: Record<Locale, () => Promise<[AntdLocale, string]>> = {
  'zh-CN': () =>
    Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]).then(([antd]) => [
      antd.default,
      'zh-cn',
    ]),
  'zh-TW': () =>
    Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]).then(([antd]) => [
      antd.default,
      'zh-tw',
    ]),
  'en-US': () => import('antd/es/locale/en_US').then((antd) => [antd.default, 'en']),
};

function useAntdLocale(language: string): AntdLocale | undefined {
  const [locale, setLocale] = useState<AntdLocale>();
  useEffect(() => {
    let current = true;
    const load = locales[language as Locale] ?? locales['zh-CN'];
    load().then(([antd, day]) => {
      if (!current) return;
      dayjs.locale(day);
      setLocale(antd);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return locale;
}

/**
 * Theme and locale for the pages inside it. The toasts' holder is not here but at the root
 * (`MessageHost`), so that it outlives every page: mounting this asks for it.
 */
export function AntdProvider({ children }: { children?: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  useEffect(() => wantMessageHost(), []);
  return (
    <ConfigProvider theme={THEME} locale={locale}>
      {children}
    </ConfigProvider>
  );
}

/**
 * The app's one message holder, handed to non-React code (base/api/feedback.ts). app/providers.tsx
 * mounts it at the root of the tree when first wanted and never unmounts it. Only `message` is set
 * up here (not antd's App, which would pull Modal and notification in); pages that need modal or
 * notification hooks use them locally.
 */
export function MessageHost() {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider theme={THEME} locale={locale}>
      <MessageBridge />
    </ConfigProvider>
  );
}

function MessageBridge() {
  const [api, contextHolder] = message.useMessage({ maxCount: 3 });
  useEffect(() => registerMessageApi(api), [api]);
  return contextHolder;
}
