import { type ComponentType, lazy } from 'react';
import { loadNamespaces } from '../../../base/i18n';
import type { CodedFormProps } from './coded-form-props';

/**
 * Coded flow forms (flow forms of formType 1, other.md 1) by enCode: the component the detail page
 * shows instead of a designed form, loaded with its translations when first shown.
 */
const CODED_FORMS: Record<
  string,
  { load: () => Promise<{ default: ComponentType<CodedFormProps> }>; namespaces: string[] }
> = {
  crmOrder: { load: () => import('../../extend/crmOrder/crm-order-form'), namespaces: ['extendOrder'] },
};

const loaded = new Map<string, ComponentType<CodedFormProps>>();

/** The lazy component of a coded form, or undefined when none is registered under enCode. */
export function codedForm(enCode: string | undefined): ComponentType<CodedFormProps> | undefined {
  const entry = enCode ? CODED_FORMS[enCode] : undefined;
  if (!enCode || !entry) return undefined;
  let component = loaded.get(enCode);
  if (!component) {
    component = lazy(async () => {
      const [module] = await Promise.all([entry.load(), loadNamespaces(entry.namespaces)]);
      return module;
    });
    loaded.set(enCode, component);
  }
  return component;
}
