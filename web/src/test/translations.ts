import { i18n, initI18n } from '../base/i18n';

/** Starts i18next in simplified Chinese with the namespaces a component test renders. */
export async function loadTranslations(namespaces: string[]): Promise<void> {
  await initI18n();
  await i18n.changeLanguage('zh-CN');
  await i18n.loadNamespaces(namespaces);
}
