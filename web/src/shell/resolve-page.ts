import type { ComponentType } from 'react';
import { loadNamespaces } from '../base/i18n';
import type { PageEntry } from './routing';

/**
 * The component of a page entry of the app's registry with its namespaces loaded, else (no entry
 * for the address) the "not available yet" page.
 */
export async function resolvePage(entry: PageEntry | undefined): Promise<ComponentType> {
  if (!entry) {
    const [module] = await Promise.all([import('./unavailable-page'), loadNamespaces(['shell'])]);
    return module.default;
  }
  const [module] = await Promise.all([entry.load(), loadNamespaces(entry.namespaces)]);
  return module.default;
}
