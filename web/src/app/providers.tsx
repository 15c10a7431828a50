import { theme as antdTheme, ConfigProvider, message } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMessageApi } from '../api/feedback';
import type { Locale } from './language';

/** antd's own strings (pagination, modal buttons...) follow the interface language; loaded on demand. */
const antdLocales: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  'en-US': () => import('antd/es/locale/en_US'),
};

function useAntdLocale(language: string): AntdLocale | undefined {
  const [locale, setLocale] = useState<AntdLocale>();
  useEffect(() => {
    let current = true;
    const load = antdLocales[language as Locale] ?? antdLocales['zh-CN'];
    load().then((module) => {
      if (current) setLocale(module.default);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return locale;
}

/**
 * Hands antd's context-aware message API to non-React code (the HTTP client). Only `message` is
 * set up here (not antd's App, which would pull Modal and notification into the first chunk);
 * pages that need modal or notification hooks use them locally.
 */
function FeedbackBridge() {
  const [api, contextHolder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    registerMessageApi(api);
    return () => registerMessageApi(null);
  }, [api]);
  return contextHolder;
}

export const THEME = {
  algorithm: antdTheme.defaultAlgorithm,
  token: { colorPrimary: '#1890ff', borderRadius: 6, fontFamily: 'var(--font-family)' },
};

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider theme={THEME} locale={locale}>
      <FeedbackBridge />
      {children}
    </ConfigProvider>
  );
}
