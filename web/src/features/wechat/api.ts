import type { PushPreview } from '@console/shared';
import { http } from '../../base/api';

/** Calls of the WeChat administration pages (server/src/modules/wechat/routes.ts). */
export type EncryptMode = 'plain' | 'compat' | 'safe';
export interface MpConfig {
  appId: string;
  hasSecret: boolean;
  hasToken: boolean;
  hasEncodingAesKey: boolean;
  encryptMode: EncryptMode;
  apiBase: string;
  defaultApiBase: string;
  serverUrl: string;
}
export interface QyConfig {
  corpId: string;
  agentId: string;
  hasSecret: boolean;
  apiBase: string;
  defaultApiBase: string;
}
export type MenuType = 'click' | 'view' | 'miniprogram';
export interface MenuButton {
  name: string;
  type?: MenuType;
  key?: string;
  url?: string;
  appid?: string;
  pagepath?: string;
  sub_button?: MenuButton[];
}
export interface WeChatMenu {
  button: MenuButton[];
}
export interface Follower {
  openId: string;
  nickname: string;
  remark: string;
  tagIds: number[];
  subscribeTime: number | null;
}
export interface Tag {
  id: number;
  name: string;
  count: number;
}
export interface SentMessage {
  id: string;
  target: Record<string, unknown>;
  msgType: string;
  content: Record<string, unknown>;
  status: string;
  msgId: string | null;
  errmsg: string | null;
  creatorTime: number;
}
export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}
export interface Material {
  media_id: string;
  name?: string;
  update_time?: number;
}
export interface DepartmentPreview {
  changes: { wxId: number; name: string; parentName: string; action: 'create' | 'rename'; from?: string }[];
  unchanged: number;
  onlyInConsole: { id: string; fullName: string }[];
  remoteCount: number;
}
export interface UserPreview {
  changes: {
    userid: string;
    name: string;
    action: 'create' | 'rename';
    from?: string;
    departmentName: string;
  }[];
  unchanged: number;
  onlyInConsole: { id: string; account: string; realName: string }[];
  remoteCount: number;
}

export interface InboxMessage {
  id: string;
  openId: string;
  nickname: string | null;
  remark: string | null;
  msgType: string;
  event: string | null;
  content: string;
  createTime: number;
  receiveTime: number;
  autoReply: string | null;
  autoReplyKind: string | null;
  replies: { content: string; userId: string; time: number }[];
}
export interface KeywordRule {
  id: string;
  keyword: string;
  matchMode: 'exact' | 'contains';
  content: string;
  enabledMark: number;
  version: number;
}
export interface FixedReply {
  content: string;
  enabledMark: number;
}
export interface AutoReplies {
  follow: FixedReply;
  default: FixedReply;
  keywords: KeywordRule[];
}

const B = '/wechat';
export const wechatApi = {
  mpConfig: () => http.get<MpConfig>(`${B}/mp/config`),
  saveMpConfig: (data: Record<string, unknown>) => http.send(`${B}/mp/config`, { method: 'PUT', data }),
  qyConfig: () => http.get<QyConfig>(`${B}/qy/config`),
  saveQyConfig: (data: Record<string, unknown>) => http.send(`${B}/qy/config`, { method: 'PUT', data }),
  test: (kind: 'mp' | 'qy') => http.send(`${B}/${kind}/config/test`, { method: 'POST' }),
  menu: () => http.get<{ menu: WeChatMenu | null; publishTime: number | null }>(`${B}/mp/menu`),
  saveMenu: (data: WeChatMenu) => http.send<WeChatMenu>(`${B}/mp/menu`, { method: 'PUT', data }),
  publishMenu: () => http.send(`${B}/mp/menu/publish`, { method: 'POST' }),
  remoteMenu: () => http.get<WeChatMenu>(`${B}/mp/menu/remote`),
  syncFollowers: () => http.send<{ count: number }>(`${B}/mp/followers/sync`, { method: 'POST' }),
  followers: (params: Record<string, unknown>) => http.get<Paged<Follower>>(`${B}/mp/followers`, params),
  tags: () => http.get<{ list: Tag[] }>(`${B}/mp/tags`),
  remark: (openId: string, remark: string) =>
    http.send(`${B}/mp/followers/${encodeURIComponent(openId)}/remark`, { method: 'PUT', data: { remark } }),
  tagging: (tagId: number, openIds: string[], untag = false) =>
    http.send(`${B}/mp/followers/tagging`, { method: 'POST', data: { tagId, openIds, untag } }),
  sendMass: (data: Record<string, unknown>) => http.send(`${B}/mp/mass`, { method: 'POST', data }),
  massList: (params: Record<string, unknown>) => http.get<Paged<SentMessage>>(`${B}/mp/mass`, params),
  massStatus: (id: string) => http.post<SentMessage>(`${B}/mp/mass/${id}/status`),
  inbox: (params: Record<string, unknown>) => http.get<Paged<InboxMessage>>(`${B}/mp/inbox`, params),
  replyInbox: (id: string, content: string) =>
    http.send(`${B}/mp/inbox/${encodeURIComponent(id)}/reply`, { method: 'POST', data: { content } }),
  autoReplies: () => http.get<AutoReplies>(`${B}/mp/auto-replies`),
  saveFixedReply: (kind: 'follow' | 'default', data: FixedReply) =>
    http.send(`${B}/mp/auto-replies/fixed/${kind}`, { method: 'PUT', data }),
  createRule: (data: Omit<KeywordRule, 'id' | 'version'>) =>
    http.send(`${B}/mp/auto-replies`, { method: 'POST', data }),
  updateRule: (id: string, data: Omit<KeywordRule, 'id'>) =>
    http.send(`${B}/mp/auto-replies/${encodeURIComponent(id)}`, { method: 'PUT', data }),
  deleteRule: (id: string) =>
    http.send(`${B}/mp/auto-replies/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  material: (type: string) =>
    http.get<{ totalCount: number; list: Material[] }>(`${B}/mp/material`, { type, offset: 0, count: 20 }),
  uploadMaterial: (type: string, file: File) => {
    const data = new FormData();
    data.append('file', file, file.name);
    return http.send(`${B}/mp/material?type=${type}`, { method: 'POST', data });
  },
  deleteMaterial: (mediaId: string) =>
    http.send(`${B}/mp/material/${encodeURIComponent(mediaId)}`, { method: 'DELETE' }),
  departmentPreview: () => http.get<DepartmentPreview>(`${B}/qy/departments/preview`),
  syncDepartments: () => http.send(`${B}/qy/departments/sync`, { method: 'POST' }),
  userPreview: () => http.get<UserPreview>(`${B}/qy/users/preview`),
  syncUsers: () => http.send(`${B}/qy/users/sync`, { method: 'POST' }),
  departmentPushPreview: () => http.get<PushPreview>(`${B}/qy/departments/push/preview`),
  pushDepartments: () => http.send(`${B}/qy/departments/push`, { method: 'POST' }),
  userPushPreview: () => http.get<PushPreview>(`${B}/qy/users/push/preview`),
  pushUsers: () => http.send(`${B}/qy/users/push`, { method: 'POST' }),
  sendQy: (data: Record<string, unknown>) => http.send(`${B}/qy/messages`, { method: 'POST', data }),
  qyMessages: (params: Record<string, unknown>) => http.get<Paged<SentMessage>>(`${B}/qy/messages`, params),
};
