import type { CacheItem } from '@console/shared';
import { http } from '../../../base/api';

export type { CacheItem };

export const cacheKeys = {
  all: ['systemCache'] as const,
  list: (keyword: string) => ['systemCache', 'list', keyword] as const,
  detail: (name: string) => ['systemCache', 'detail', name] as const,
};

const BASE = '/system/CacheManage';

export function fetchCaches(keyword: string): Promise<{ list: CacheItem[] }> {
  return http.get<{ list: CacheItem[] }>(BASE, { keyword });
}

export function fetchCache(name: string): Promise<{ name: string; value: string }> {
  return http.get<{ name: string; value: string }>(`${BASE}/${encodeURIComponent(name)}`);
}

export async function removeCache(name: string): Promise<string> {
  return (await http.send(`${BASE}/${encodeURIComponent(name)}`, { method: 'DELETE' })).msg;
}

export async function clearCaches(): Promise<string> {
  return (await http.send(`${BASE}/Actions/ClearAll`, { method: 'POST' })).msg;
}
