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
  dashboard: {
    load: () => import('../features/dashboard/dashboard-page'),
    namespaces: ['dashboard', 'home'],
  },
  'basic/profile': {
    load: () => import('../features/profile/profile-page'),
    namespaces: ['profile', 'password'],
  },
  'systemData/dictionary': {
    load: () => import('../features/dictionary/dictionary-page'),
    namespaces: ['dictionary', 'widgets'],
  },
  'system/billRule': {
    load: () => import('../features/bill-rule/bill-rule-page'),
    namespaces: ['billRule', 'widgets', 'dictionary'],
  },
  'system/area': { load: () => import('../features/area/area-page'), namespaces: ['area', 'widgets'] },
  'system/sysConfig': {
    load: () => import('../features/sys-config/sys-config-page'),
    namespaces: ['sysConfig', 'widgets'],
  },
  /** Generated dictionary page (menu type 4): the entries of the type named by the node's moduleId. */
  'basic/dynamicDictionary': {
    load: () => import('../features/dictionary/dynamic-dictionary-page'),
    namespaces: ['dictionary', 'widgets'],
  },
  /** Not a menu page: the router's public-but-guarded /scanLogin (QR code confirmation) uses it. */
  scanLogin: { load: () => import('../features/scan-confirm/scan-confirm-page'), namespaces: ['scan'] },
};
