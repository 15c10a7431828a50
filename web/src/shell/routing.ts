import type { ComponentType } from 'react';

/** Route metadata (the `handle` of the app's routes) that the shell reads. */
export interface RouteHandle {
  /** i18n key ("namespace:key") of the page title. */
  title?: string;
  /** The page sets the document title itself (menu pages: the menu's name). */
  dynamicTitle?: boolean;
  /** The view is never kept by the page cache. */
  noCache?: boolean;
}

/** A page the shell can route to: its lazy component and the translation namespaces it needs. */
export interface PageEntry {
  load: () => Promise<{ default: ComponentType }>;
  namespaces: readonly string[];
}

/** Page entries by menu address: the app's page registry (app/pages.ts), handed to the shell. */
export type PageRegistry = Readonly<Record<string, PageEntry>>;

/** Base routes of console.md 2.1 served by a menu page address (their name is that page's menu name). */
export const ADDRESS_ALIASES: Readonly<Record<string, string>> = {
  '/workFlowDetail': 'workFlow/workFlowDetail',
  '/emailDetail': 'extend/email',
  '/workFlow/entrust': 'workFlow/entrust',
  '/previewModel': 'basic/previewModel',
  '/menuMore': 'basic/menuMore',
};
