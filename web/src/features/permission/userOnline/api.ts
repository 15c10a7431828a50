import type { OnlineUserItem } from '@console/shared';
import { http } from '../../../base/api';

const BASE = '/system/OnlineUser';

export const onlineUserKeys = {
  all: ['onlineUser'] as const,
  list: (keyword: string) => ['onlineUser', 'list', keyword] as const,
};

/** The live sessions (a paged or a plain list answer). */
export async function fetchOnlineUsers(keyword: string): Promise<OnlineUserItem[]> {
  const data = await http.get<{ list: OnlineUserItem[] }>(BASE, { keyword, currentPage: 1, pageSize: 500 });
  return data.list ?? [];
}

/** Ends one session: its holder is answered 601 on the next request. */
export async function forceOffline(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
}

export async function forceOfflineMany(ids: readonly string[]): Promise<string> {
  return (await http.send(BASE, { method: 'DELETE', data: { ids } })).msg;
}
