import type { ComponentType } from 'react';

/** A page the shell can route to: its lazy component and the translation namespaces it needs. */
export interface PageEntry {
  load: () => Promise<{ default: ComponentType }>;
  namespaces: readonly string[];
}

/**
 * Page components by menu address (api-contract.md "Page addresses"): a menu node of type 2
 * whose urlAddress is a key here is routed at '/' + urlAddress. A feature adds one line.
 * Addresses without an entry open the shell's "page not built yet" view.
 */
export const PAGES: Record<string, PageEntry> = {
  home: { load: () => import('../features/home/home-page'), namespaces: ['home'] },
};
