import { theme as antdTheme, ConfigProvider, message } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { registerMessageApi } from '../base/api/feedback';
import type { Locale } from '../base/language';

/**
 * Ant Design's theme, locale and message holder. Kept out of the first chunk: the sign-in page
 * has no antd (bench/scenarios/bundle.ts holds it to 150 KB gzip); the router wraps every other
 * page in this provider, and the sign-in page loads it with its phone and scan modes.
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
 * Hands antd's context-aware message API to non-React code (the HTTP client). Only `message` is
 * set up here (not antd's App, which would pull Modal and notification in); pages that need modal
 * or notification hooks use them locally.
 */
function FeedbackBridge() {
  const [api, contextHolder] = message.useMessage({ maxCount: 3 });
  useEffect(() => registerMessageApi(api), [api]);
  return contextHolder;
}

export function AntdProvider({ children }: { children?: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider theme={THEME} locale={locale}>
      <FeedbackBridge />
      {children}
    </ConfigProvider>
  );
}

let holder: HTMLElement | null = null;

/**
 * Mounts a message holder of its own (for toasts on pages without the provider, such as a refused
 * sign-in); once only. It registers itself with base/api/feedback like any provider.
 */
export function mountMessageHolder(): void {
  if (holder) return;
  holder = document.createElement('div');
  holder.className = 'antd-message-holder';
  document.body.appendChild(holder);
  createRoot(holder).render(<AntdProvider />);
}
