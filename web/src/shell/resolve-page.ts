import type { ComponentType } from 'react';
import { PAGES } from '../app/pages';
import { loadNamespaces } from '../base/i18n';

/**
 * The component registered for a page address (app/pages.ts) with its namespaces loaded, else the
 * "not available yet" page. Lives outside the router's chunk so that the sign-in page does not
 * carry the page registry.
 */
export async function resolvePage(address: string): Promise<ComponentType> {
  const entry = PAGES[address];
  if (!entry) {
    const [module] = await Promise.all([import('./unavailable-page'), loadNamespaces(['shell'])]);
    return module.default;
  }
  const [module] = await Promise.all([entry.load(), loadNamespaces(entry.namespaces)]);
  return module.default;
}
