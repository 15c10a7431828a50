import type { OnlineUserItem } from '@console/shared';
import { http, listOf } from '../../../base/api';

const BASE = '/system/OnlineUser';

export const onlineUserKeys = {
  all: ['onlineUser'] as const,
  list: (keyword: string) => ['onlineUser', 'list', keyword] as const,
};

/** The live sessions (a plain list, as the 3.4.7 client reads it). */
export async function fetchOnlineUsers(keyword: string): Promise<OnlineUserItem[]> {
  return listOf(await http.get<OnlineUserItem[]>(BASE, { keyword, currentPage: 1, pageSize: 500 }));
}

/** Ends one session: its holder is answered 601 on the next request. */
export async function forceOffline(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
}

export async function forceOfflineMany(ids: readonly string[]): Promise<string> {
  return (await http.send(BASE, { method: 'DELETE', data: { ids } })).msg;
}
