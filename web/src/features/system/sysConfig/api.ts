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

/** A social sign-in provider's settings (GET /api/system/Socials): the secret only as hasSecret. */
export interface SocialProviderConfig {
  enname: 'wechat_enterprise' | 'dingtalk' | 'feishu';
  name: string;
  enabledMark: number;
  clientId: string;
  hasSecret: boolean;
  agentId: string;
  authorizeBase: string;
  apiBase: string;
  defaultAuthorizeBase: string;
  defaultApiBase: string;
  pkce: boolean;
}

/** PUT /api/system/Socials/{provider}; an empty clientSecret keeps the stored one. */
export interface SocialProviderInput {
  enabledMark: number;
  clientId: string;
  clientSecret: string;
  agentId: string;
  authorizeBase: string;
  apiBase: string;
}

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
