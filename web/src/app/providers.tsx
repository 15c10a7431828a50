import { theme as antdTheme, ConfigProvider, message } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { lazy, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMessageApi } from '../base/api/feedback';
import type { Locale } from '../base/language';
import { type FeatureSlots, FeatureSlotsContext } from '../widgets/feature-slots';

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

/** The feature components widgets open in place (widgets/feature-slots.tsx), loaded on first use. */
const FEATURE_SLOTS: FeatureSlots = {
  DictionaryManager: lazy(() =>
    import('../features/system/dictionary/dictionary-page').then((module) => ({
      default: module.DictionaryManager,
    })),
  ),
  BillRuleDialog: lazy(() =>
    import('../features/system/billRule/bill-rule-dialog').then((module) => ({
      default: module.BillRuleDialog,
    })),
  ),
};

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider theme={THEME} locale={locale}>
      <FeedbackBridge />
      <FeatureSlotsContext value={FEATURE_SLOTS}>{children}</FeatureSlotsContext>
    </ConfigProvider>
  );
}
