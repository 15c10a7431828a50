import type { SocialProviderConfig, SocialProviderInput } from '@console/shared';
import { http, listOf } from '../../../base/api';

/** Settings of GET/PUT /api/system/SysConfig (packages/shared SysConfigFields). */
export type SysConfig = Record<string, string | number | null>;

export interface AdminUser {
  id: string;
  realName?: string;
  fullName?: string;
  account?: string;
}

export interface UserOption {
  id: string;
  realName?: string;
  fullName?: string;
  account?: string;
}

export const sysConfigKeys = {
  all: ['sysConfig'] as const,
  config: () => ['sysConfig', 'config'] as const,
  admins: () => ['sysConfig', 'admins'] as const,
  users: (keyword: string) => ['sysConfig', 'users', keyword] as const,
  socials: () => ['sysConfig', 'socials'] as const,
};

export async function fetchSocials(): Promise<SocialProviderConfig[]> {
  return listOf(await http.get<{ list: SocialProviderConfig[] } | SocialProviderConfig[]>('/system/Socials'));
}

export async function saveSocial(provider: string, data: SocialProviderInput): Promise<string> {
  return (await http.send(`/system/Socials/${encodeURIComponent(provider)}`, { method: 'PUT', data })).msg;
}

const BASE = '/system/SysConfig';

export function fetchSysConfig(): Promise<SysConfig> {
  return http.get<SysConfig>(BASE);
}

export async function saveSysConfig(values: SysConfig): Promise<string> {
  return (await http.send(BASE, { method: 'PUT', data: values })).msg;
}

export async function fetchAdmins(): Promise<AdminUser[]> {
  return listOf(await http.get<{ list: AdminUser[] } | AdminUser[]>(`${BASE}/getAdminList`));
}

export async function saveAdmins(adminIds: string[]): Promise<string> {
  return (await http.send(`${BASE}/setAdminList`, { method: 'PUT', data: { adminIds } })).msg;
}

/** Users to choose administrators from; rejects quietly when the user list is not available. */
export async function searchUsers(keyword: string): Promise<UserOption[]> {
  const answer = await http.get<{ list: UserOption[] } | UserOption[]>(
    '/permission/Users',
    { keyword, currentPage: 1, pageSize: 50 },
    { silent: true },
  );
  return listOf(answer);
}

/** type 0: application (agent) secret, 1: address-book (sync) secret. The vendor's answer is the msg. */
export async function testWeCom(type: 0 | 1, body: Record<string, unknown>): Promise<string> {
  return (
    await http.send(`${BASE}/${type}/testQyWebChatConnect`, { method: 'POST', data: body, silent: true })
  ).msg;
}

export async function testDingTalk(body: Record<string, unknown>): Promise<string> {
  return (await http.send(`${BASE}/testDingTalkConnect`, { method: 'POST', data: body, silent: true })).msg;
}

export const userLabel = (user: { realName?: string; fullName?: string; account?: string; id: string }) => {
  const name = user.realName || user.fullName || user.id;
  return user.account ? `${name}/${user.account}` : name;
};
