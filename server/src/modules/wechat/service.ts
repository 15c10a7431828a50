/**
 * WeChat administration: the two accounts' settings, the official account's menu, followers,
 * tags, mass messages and material, and the enterprise WeChat's departments, users and messages.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type PushChange, type PushPreview, RelationType } from '@console/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/passwords.js';
import { bumpStamp, StampKey } from '../../core/stamps.js';
import type { Db } from '../../db/client.js';
import {
  organizes,
  synThirdInfo,
  userRelations,
  users,
  wechatAccounts,
  wechatFollowers,
  wechatMessages,
  wechatTags,
} from '../../db/schema/index.js';
import { md5Hex } from '../../db/seed/index.js';
import { openSecret, resealSecret, sealSecret } from '../systemData/secrets.js';
import {
  DEFAULT_API_BASE,
  forgetTokens,
  type VendorAnswer,
  type WeChatCredentials,
  weChatCall,
} from './client.js';
import { checkMenu, type WeChatMenu } from './menu.js';

export type Kind = 'mp' | 'qy';

export const WeChatMessages = {
  saved: '保存成功',
  connected: '连接成功，已取得access_token',
  mpMissing: '公众号尚未配置AppID和AppSecret，请先在「公众号配置」中填写并保存',
  qyMissing: '企业号尚未配置CorpID和Secret，请先在「企业号配置」中填写并保存',
  noMenu: '还没有保存的菜单，请先编辑并保存菜单',
  published: '菜单已发布',
  synced: (n: number) => `同步完成：${n}位关注者`,
  followerMissing: '关注者不存在，请先同步关注者',
  tagMissing: '标签不存在，请先同步关注者与标签',
  massSent: '群发已提交',
  uploaded: '上传成功',
  deleted: '删除成功',
  sent: '发送成功',
  badSignature: 'signature check failed',
  departmentsSynced: (created: number, updated: number) => `部门同步完成：新建${created}个，更新${updated}个`,
  usersSynced: (created: number, updated: number) => `用户同步完成：新建${created}个，更新${updated}个`,
  departmentsPushed: (created: number, updated: number) =>
    `已推送到企业微信：新建部门${created}个，更新${updated}个`,
  usersPushed: (created: number, updated: number) =>
    `已推送到企业微信：新建成员${created}个，更新${updated}个`,
  noDepartmentId: (name: string) => `企业微信创建部门「${name}」后没有返回部门ID，已停止推送`,
  messageMissing: '消息记录不存在',
  aesKeyNeeded: '兼容模式和安全模式需要EncodingAESKey，请填写后保存',
  tokenNeeded: '兼容模式和安全模式需要令牌（Token），请填写后保存',
} as const;

/** WeCom directory mapping kept in base_syn_third_info (system config's sync uses the same rows). */
const WECOM = 1;
const ORGANIZE = 1;
const USER = 2;
/** Enterprise WeChat's top department. */
const TOP_DEPARTMENT = '1';

export type EncryptMode = 'plain' | 'compat' | 'safe';

export interface AccountView {
  appId: string;
  hasSecret: boolean;
  /** The server token and EncodingAESKey are sealed like the secret and never answered back. */
  hasToken: boolean;
  hasEncodingAesKey: boolean;
  encryptMode: EncryptMode;
  agentId: string;
  apiBase: string;
  defaultApiBase: string;
}

export async function row(db: Db, kind: Kind) {
  const [found] = await db.select().from(wechatAccounts).where(eq(wechatAccounts.kind, kind));
  return found;
}

export async function accountView(db: Db, kind: Kind): Promise<AccountView> {
  const r = await row(db, kind);
  return {
    appId: r?.appId ?? '',
    hasSecret: Boolean(r?.secret),
    hasToken: Boolean(r?.token),
    hasEncodingAesKey: Boolean(r?.encodingAesKey),
    encryptMode: (r?.encryptMode as EncryptMode | undefined) ?? 'plain',
    agentId: r?.agentId ?? '',
    apiBase: r?.apiBase ?? '',
    defaultApiBase: DEFAULT_API_BASE[kind],
  };
}

export interface AccountInput {
  appId: string;
  /** Empty or absent: keep the stored one (so are token and encodingAesKey). */
  secret?: string;
  token?: string;
  encodingAesKey?: string;
  /** Absent: keep the stored one. */
  encryptMode?: EncryptMode;
  agentId?: string;
  apiBase?: string;
}

/** A new value sealed; none given: the stored one, sealed again with the current key (a rotation completes as settings are saved). */
const sealedOrKept = (given: string | undefined, stored: string | undefined) =>
  given ? sealSecret(given) : stored ? resealSecret(stored) : '';

export async function saveAccount(db: Db, kind: Kind, input: AccountInput, userId: string) {
  const current = await row(db, kind);
  const encryptMode = input.encryptMode ?? (current?.encryptMode as EncryptMode | undefined) ?? 'plain';
  if (encryptMode !== 'plain' && !input.encodingAesKey && !current?.encodingAesKey)
    throw badRequest(WeChatMessages.aesKeyNeeded);
  if (encryptMode !== 'plain' && !input.token && !current?.token)
    throw badRequest(WeChatMessages.tokenNeeded);
  const values = {
    appId: input.appId,
    secret: sealedOrKept(input.secret, current?.secret),
    token: sealedOrKept(input.token, current?.token),
    encodingAesKey: sealedOrKept(input.encodingAesKey, current?.encodingAesKey),
    encryptMode,
    agentId: input.agentId ?? '',
    apiBase: (input.apiBase ?? '').replace(/\/+$/, ''),
    lastModifyUserId: userId,
    lastModifyTime: Date.now(),
  };
  await db
    .insert(wechatAccounts)
    .values({ kind, ...values })
    .onConflictDoUpdate({ target: wechatAccounts.kind, set: values });
  forgetTokens(kind);
}

export async function credentials(db: Db, kind: Kind): Promise<WeChatCredentials & { agentId: string }> {
  const r = await row(db, kind);
  if (!r?.appId || !r.secret)
    throw badRequest(kind === 'mp' ? WeChatMessages.mpMissing : WeChatMessages.qyMissing);
  return {
    kind,
    base: r.apiBase || DEFAULT_API_BASE[kind],
    appId: r.appId,
    secret: openSecret(r.secret),
    agentId: r.agentId,
  };
}

/** WeChat's server verification: sha1 of the sorted token, timestamp and nonce equals signature. */
export function signatureValid(token: string, timestamp: string, nonce: string, signature: string): boolean {
  if (!token || !signature) return false;
  const expected = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}

export async function mpToken(db: Db): Promise<string> {
  return openSecret((await row(db, 'mp'))?.token ?? '');
}

// ---- official account: menu ----

export async function menuDraft(db: Db): Promise<{ menu: WeChatMenu | null; publishTime: number | null }> {
  const r = await row(db, 'mp');
  return { menu: (r?.menu as WeChatMenu | null) ?? null, publishTime: r?.menuPublishTime ?? null };
}

export async function saveMenu(db: Db, input: unknown, userId: string): Promise<WeChatMenu> {
  const menu = checkMenu(input);
  const values = { menu, lastModifyUserId: userId, lastModifyTime: Date.now() };
  await db
    .insert(wechatAccounts)
    .values({ kind: 'mp', ...values })
    .onConflictDoUpdate({ target: wechatAccounts.kind, set: values });
  return menu;
}

/** Publishes the saved draft (menu/create); the draft is checked again first. */
export async function publishMenu(db: Db): Promise<void> {
  const { menu } = await menuDraft(db);
  if (!menu) throw badRequest(WeChatMessages.noMenu);
  const checked = checkMenu(menu);
  const c = await credentials(db, 'mp');
  await weChatCall(c, '发布菜单', '/cgi-bin/menu/create', { json: checked });
  await db.update(wechatAccounts).set({ menuPublishTime: Date.now() }).where(eq(wechatAccounts.kind, 'mp'));
}

/** The menu WeChat holds now (menu/get), as a {button} menu (empty when none). */
export async function remoteMenu(db: Db): Promise<WeChatMenu> {
  const c = await credentials(db, 'mp');
  const answer = await weChatCall(c, '读取菜单', '/cgi-bin/menu/get');
  const menu = answer.menu as { button?: unknown } | undefined;
  return { button: Array.isArray(menu?.button) ? (menu.button as WeChatMenu['button']) : [] };
}

// ---- official account: followers and tags ----

export async function syncTags(db: Db, c: WeChatCredentials) {
  const answer = await weChatCall(c, '读取标签', '/cgi-bin/tags/get');
  const tags = Array.isArray(answer.tags)
    ? (answer.tags as { id: number; name: string; count?: number }[])
    : [];
  await db.transaction(async (tx) => {
    await tx.delete(wechatTags);
    if (tags.length)
      await tx
        .insert(wechatTags)
        .values(tags.map((t) => ({ id: Number(t.id), name: String(t.name), count: Number(t.count ?? 0) })));
  });
  return tags.length;
}

/** user/get (paged by next_openid) then user/info/batchget by 100; followers no longer there are removed. */
export async function syncFollowers(db: Db): Promise<number> {
  const c = await credentials(db, 'mp');
  await syncTags(db, c);
  const openIds: string[] = [];
  let next = '';
  for (let page = 0; page < 1000; page++) {
    const answer = await weChatCall(c, '读取关注者列表', '/cgi-bin/user/get', {
      query: next ? { next_openid: next } : {},
    });
    const list = (answer.data as { openid?: string[] } | undefined)?.openid ?? [];
    openIds.push(...list);
    const nextId = typeof answer.next_openid === 'string' ? answer.next_openid : '';
    if (!list.length || !nextId || nextId === next) break;
    next = nextId;
  }
  const now = Date.now();
  const rows: (typeof wechatFollowers.$inferInsert)[] = [];
  for (let i = 0; i < openIds.length; i += 100) {
    const answer = await weChatCall(c, '读取关注者信息', '/cgi-bin/user/info/batchget', {
      json: { user_list: openIds.slice(i, i + 100).map((openid) => ({ openid, lang: 'zh_CN' })) },
    });
    for (const info of (answer.user_info_list as Record<string, unknown>[] | undefined) ?? []) {
      if (typeof info.openid !== 'string') continue;
      rows.push({
        openId: info.openid,
        nickname: String(info.nickname ?? ''),
        remark: String(info.remark ?? ''),
        tagIds: Array.isArray(info.tagid_list) ? info.tagid_list.map(Number) : [],
        subscribeTime: typeof info.subscribe_time === 'number' ? info.subscribe_time * 1000 : null,
        language: String(info.language ?? ''),
        syncTime: now,
      });
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(wechatFollowers);
    for (let i = 0; i < rows.length; i += 500)
      await tx.insert(wechatFollowers).values(rows.slice(i, i + 500));
  });
  return rows.length;
}

export async function listFollowers(
  db: Db,
  q: { keyword?: string; tagId?: number; currentPage: number; pageSize: number },
) {
  const conditions = [];
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(
      or(
        ilike(wechatFollowers.nickname, like),
        ilike(wechatFollowers.remark, like),
        eq(wechatFollowers.openId, q.keyword),
      ),
    );
  }
  if (q.tagId !== undefined)
    conditions.push(sql`${wechatFollowers.tagIds} @> ${JSON.stringify([q.tagId])}::jsonb`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(wechatFollowers).where(where);
  const list = await db
    .select()
    .from(wechatFollowers)
    .where(where)
    .orderBy(desc(wechatFollowers.subscribeTime), asc(wechatFollowers.openId))
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize);
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total?.n ?? 0 } };
}

export const listTags = (db: Db) => db.select().from(wechatTags).orderBy(asc(wechatTags.id));

/** Sets a follower's remark at WeChat (user/info/updateremark) and here. */
export async function setRemark(db: Db, openId: string, remark: string) {
  const [found] = await db.select().from(wechatFollowers).where(eq(wechatFollowers.openId, openId));
  if (!found) throw badRequest(WeChatMessages.followerMissing);
  const c = await credentials(db, 'mp');
  await weChatCall(c, '设置备注', '/cgi-bin/user/info/updateremark', { json: { openid: openId, remark } });
  await db.update(wechatFollowers).set({ remark }).where(eq(wechatFollowers.openId, openId));
}

/** Tags or untags followers (tags/members/batchtagging|batchuntagging) and records it here. */
export async function tagFollowers(db: Db, tagId: number, openIds: string[], untag: boolean) {
  const [tag] = await db.select().from(wechatTags).where(eq(wechatTags.id, tagId));
  if (!tag) throw badRequest(WeChatMessages.tagMissing);
  const c = await credentials(db, 'mp');
  await weChatCall(
    c,
    untag ? '取消标签' : '打标签',
    `/cgi-bin/tags/members/${untag ? 'batchuntagging' : 'batchtagging'}`,
    {
      json: { openid_list: openIds, tagid: tagId },
    },
  );
  for (const openId of openIds) {
    const [f] = await db.select().from(wechatFollowers).where(eq(wechatFollowers.openId, openId));
    if (!f) continue;
    const ids = new Set(f.tagIds);
    if (untag) ids.delete(tagId);
    else ids.add(tagId);
    await db
      .update(wechatFollowers)
      .set({ tagIds: [...ids] })
      .where(eq(wechatFollowers.openId, openId));
  }
}

// ---- official account: mass messages ----

export interface MassInput {
  toAll: boolean;
  tagId?: number;
  msgType: 'text' | 'mpnews' | 'image' | 'voice' | 'mpvideo';
  content?: string;
  mediaId?: string;
}

export async function sendMass(db: Db, input: MassInput, userId: string) {
  if (!input.toAll) {
    const [tag] = await db
      .select()
      .from(wechatTags)
      .where(eq(wechatTags.id, input.tagId ?? -1));
    if (!tag) throw badRequest(WeChatMessages.tagMissing);
  }
  const c = await credentials(db, 'mp');
  const body: Record<string, unknown> = {
    filter: input.toAll ? { is_to_all: true } : { is_to_all: false, tag_id: input.tagId },
    msgtype: input.msgType,
    ...(input.msgType === 'text'
      ? { text: { content: input.content } }
      : { [input.msgType]: { media_id: input.mediaId } }),
    send_ignore_reprint: 0,
  };
  const id = newId();
  const record = {
    id,
    channel: 'mp',
    target: input.toAll ? { toAll: true } : { toAll: false, tagId: input.tagId },
    msgType: input.msgType,
    content: input.msgType === 'text' ? { content: input.content } : { mediaId: input.mediaId },
    creatorUserId: userId,
    creatorTime: Date.now(),
  };
  let answer: VendorAnswer;
  try {
    answer = await weChatCall(c, '群发', '/cgi-bin/message/mass/sendall', { json: body });
  } catch (error) {
    await db.insert(wechatMessages).values({ ...record, status: 'failed', errmsg: (error as Error).message });
    throw error;
  }
  await db.insert(wechatMessages).values({ ...record, status: 'sent', msgId: String(answer.msg_id ?? '') });
  return { id, msgId: String(answer.msg_id ?? '') };
}

/** Asks WeChat how a mass message went (message/mass/get) and keeps its msg_status. */
export async function refreshMassStatus(db: Db, id: string) {
  const [found] = await db
    .select()
    .from(wechatMessages)
    .where(and(eq(wechatMessages.id, id), eq(wechatMessages.channel, 'mp')));
  if (!found) throw badRequest(WeChatMessages.messageMissing);
  if (!found.msgId) return found;
  const c = await credentials(db, 'mp');
  const answer = await weChatCall(c, '查询群发状态', '/cgi-bin/message/mass/get', {
    json: { msg_id: found.msgId },
  });
  const status = typeof answer.msg_status === 'string' ? answer.msg_status : found.status;
  await db.update(wechatMessages).set({ status }).where(eq(wechatMessages.id, id));
  return { ...found, status };
}

export async function listMessages(db: Db, channel: Kind, q: { currentPage: number; pageSize: number }) {
  const [total] = await db
    .select({ n: count() })
    .from(wechatMessages)
    .where(eq(wechatMessages.channel, channel));
  const list = await db
    .select()
    .from(wechatMessages)
    .where(eq(wechatMessages.channel, channel))
    .orderBy(desc(wechatMessages.creatorTime), desc(wechatMessages.id))
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize);
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total?.n ?? 0 } };
}

// ---- official account: material ----

export type MaterialType = 'image' | 'voice' | 'video' | 'news';

export async function listMaterial(db: Db, type: MaterialType, offset: number, countPerPage: number) {
  const c = await credentials(db, 'mp');
  const answer = await weChatCall(c, '读取素材', '/cgi-bin/material/batchget_material', {
    json: { type, offset, count: countPerPage },
  });
  return {
    totalCount: Number(answer.total_count ?? 0),
    itemCount: Number(answer.item_count ?? 0),
    list: (answer.item as Record<string, unknown>[] | undefined) ?? [],
  };
}

export async function uploadMaterial(
  db: Db,
  type: Exclude<MaterialType, 'news'>,
  file: { fileName: string; content: Buffer },
  video?: { title: string; introduction: string },
) {
  const c = await credentials(db, 'mp');
  const form = new FormData();
  form.append('media', new Blob([new Uint8Array(file.content)]), file.fileName);
  if (type === 'video')
    form.append('description', JSON.stringify(video ?? { title: file.fileName, introduction: '' }));
  const answer = await weChatCall(c, '上传素材', '/cgi-bin/material/add_material', { form, query: { type } });
  return { mediaId: String(answer.media_id ?? ''), url: typeof answer.url === 'string' ? answer.url : '' };
}

export async function deleteMaterial(db: Db, mediaId: string) {
  const c = await credentials(db, 'mp');
  await weChatCall(c, '删除素材', '/cgi-bin/material/del_material', { json: { media_id: mediaId } });
}

// ---- enterprise WeChat: departments and users ----

interface QyDepartment {
  id: number;
  name: string;
  parentid: number;
  order?: number;
}
interface QyUser {
  userid: string;
  name: string;
  department?: number[];
  mobile?: string;
  email?: string;
}

async function mapping(db: Db, dataType: number) {
  const rows = await db
    .select({ sysObjId: synThirdInfo.sysObjId, thirdObjId: synThirdInfo.thirdObjId })
    .from(synThirdInfo)
    .where(
      and(
        eq(synThirdInfo.thirdType, WECOM),
        eq(synThirdInfo.dataType, dataType),
        eq(synThirdInfo.enabledMark, 1),
      ),
    );
  /** WeCom id → console id. */
  return new Map(rows.filter((r) => r.thirdObjId).map((r) => [r.thirdObjId!, r.sysObjId]));
}

async function remember(db: Db, dataType: number, sysObjId: string, thirdObjId: string) {
  const values = { thirdObjId, enabledMark: 1, description: null, lastModifyTime: Date.now() };
  await db
    .insert(synThirdInfo)
    .values({ id: newId(), thirdType: WECOM, dataType, sysObjId, ...values })
    .onConflictDoUpdate({
      target: [synThirdInfo.thirdType, synThirdInfo.dataType, synThirdInfo.sysObjId],
      set: values,
    });
}

/** Departments parents first (WeChat lists them in any order). */
function parentsFirst(list: QyDepartment[]): QyDepartment[] {
  const ids = new Set(list.map((d) => d.id));
  const out: QyDepartment[] = [];
  const placed = new Set<number>();
  let pending = [...list];
  while (pending.length) {
    const ready = pending.filter(
      (d) => !ids.has(d.parentid) || placed.has(d.parentid) || d.parentid === d.id,
    );
    if (!ready.length) {
      out.push(...pending);
      break;
    }
    for (const d of ready) {
      out.push(d);
      placed.add(d.id);
    }
    pending = pending.filter((d) => !placed.has(d.id));
  }
  return out;
}

export interface DepartmentChange {
  wxId: number;
  name: string;
  parentName: string;
  /** create: new organisation; rename: the mapped organisation's name changes. */
  action: 'create' | 'rename';
  orgId?: string;
  from?: string;
}
export interface DepartmentPreview {
  changes: DepartmentChange[];
  unchanged: number;
  /** Organisations no enterprise-WeChat department maps to (left as they are). */
  onlyInConsole: { id: string; fullName: string }[];
  remoteCount: number;
}

async function departmentPlan(db: Db) {
  const c = await credentials(db, 'qy');
  const answer = await weChatCall(c, '读取企业微信部门', '/cgi-bin/department/list');
  const remote = parentsFirst(
    ((answer.department as QyDepartment[] | undefined) ?? []).map((d) => ({
      ...d,
      id: Number(d.id),
      parentid: Number(d.parentid),
    })),
  );
  const mapped = await mapping(db, ORGANIZE);
  const orgs = await db
    .select({
      id: organizes.id,
      fullName: organizes.fullName,
      parentId: organizes.parentId,
      tree: organizes.organizeIdTree,
    })
    .from(organizes)
    .where(eq(organizes.deleteMark, 0));
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const nameOf = new Map(remote.map((d) => [d.id, d.name]));
  const changes: DepartmentChange[] = [];
  const used = new Set<string>();
  let unchanged = 0;
  for (const d of remote) {
    const orgId = mapped.get(String(d.id));
    const org = orgId ? byId.get(orgId) : undefined;
    const parentName = nameOf.get(d.parentid) ?? '';
    if (org) {
      used.add(org.id);
      if (org.fullName !== d.name)
        changes.push({
          wxId: d.id,
          name: d.name,
          parentName,
          action: 'rename',
          orgId: org.id,
          from: org.fullName,
        });
      else unchanged++;
    } else changes.push({ wxId: d.id, name: d.name, parentName, action: 'create' });
  }
  const preview: DepartmentPreview = {
    changes,
    unchanged,
    onlyInConsole: orgs.filter((o) => !used.has(o.id)).map((o) => ({ id: o.id, fullName: o.fullName })),
    remoteCount: remote.length,
  };
  return { preview, remote, mapped, byId };
}

export async function previewDepartments(db: Db): Promise<DepartmentPreview> {
  return (await departmentPlan(db)).preview;
}

/**
 * Brings the enterprise WeChat's departments into the console's organisations: a department
 * never synced becomes an organisation (the top one a company at the root, the others
 * departments under their parent's organisation), a synced one whose name changed is renamed.
 * Organisations without a department are left as they are.
 */
export async function syncDepartments(db: Db, kv: Parameters<typeof bumpStamp>[0], userId: string) {
  const { preview, remote, mapped, byId } = await departmentPlan(db);
  let created = 0;
  let updated = 0;
  const trees = new Map([...byId.values()].map((o) => [o.id, o.tree]));
  for (const change of preview.changes) {
    if (change.action === 'rename') {
      await db
        .update(organizes)
        .set({
          fullName: change.name,
          lastModifyUserId: userId,
          lastModifyTime: Date.now(),
          version: sql`${organizes.version} + 1`,
        })
        .where(eq(organizes.id, change.orgId!));
      updated++;
      continue;
    }
    const d = remote.find((x) => x.id === change.wxId)!;
    const parentOrg = mapped.get(String(d.parentid));
    const parentTree = parentOrg ? trees.get(parentOrg) : undefined;
    const id = newId();
    const enCode = `wecom${d.id}_${randomBytes(3).toString('hex')}`;
    await db.insert(organizes).values({
      id,
      parentId: parentOrg && parentTree ? parentOrg : '-1',
      category: parentOrg && parentTree ? 'department' : 'company',
      fullName: d.name,
      enCode,
      organizeIdTree: parentOrg && parentTree ? `${parentTree},${id}` : id,
      sortCode: Number(d.order ?? 0) % 1_000_000,
      enabledMark: 1,
      description: `企业微信部门 ${d.id}`,
      creatorUserId: userId,
    });
    await remember(db, ORGANIZE, id, String(d.id));
    mapped.set(String(d.id), id);
    trees.set(id, parentOrg && parentTree ? `${parentTree},${id}` : id);
    created++;
  }
  if (created || updated) await bumpStamp(kv, StampKey.authorization);
  return { created, updated, preview };
}

export interface UserChange {
  userid: string;
  name: string;
  action: 'create' | 'rename';
  userId?: string;
  from?: string;
  departmentName: string;
}
export interface UserPreview {
  changes: UserChange[];
  unchanged: number;
  onlyInConsole: { id: string; account: string; realName: string }[];
  remoteCount: number;
}

async function userPlan(db: Db) {
  const c = await credentials(db, 'qy');
  const [deps, list] = await Promise.all([
    weChatCall(c, '读取企业微信部门', '/cgi-bin/department/list'),
    weChatCall(c, '读取企业微信成员', '/cgi-bin/user/list', {
      query: { department_id: '1', fetch_child: '1' },
    }),
  ]);
  const depName = new Map(
    ((deps.department as QyDepartment[] | undefined) ?? []).map((d) => [Number(d.id), d.name]),
  );
  const remote = (list.userlist as QyUser[] | undefined) ?? [];
  const local = await db
    .select({ id: users.id, account: users.account, realName: users.realName })
    .from(users)
    .where(eq(users.deleteMark, 0));
  const byAccount = new Map(local.map((u) => [u.account, u]));
  const seen = new Set<string>();
  const changes: UserChange[] = [];
  let unchanged = 0;
  for (const u of remote) {
    const departmentName = depName.get(u.department?.[0] ?? 1) ?? '';
    const mine = byAccount.get(u.userid);
    if (mine) {
      seen.add(mine.id);
      if (mine.realName !== u.name)
        changes.push({
          userid: u.userid,
          name: u.name,
          action: 'rename',
          userId: mine.id,
          from: mine.realName,
          departmentName,
        });
      else unchanged++;
    } else changes.push({ userid: u.userid, name: u.name, action: 'create', departmentName });
  }
  const preview: UserPreview = {
    changes,
    unchanged,
    onlyInConsole: local.filter((u) => !seen.has(u.id) && u.account !== 'admin'),
    remoteCount: remote.length,
  };
  return { preview, remote };
}

export async function previewUsers(db: Db): Promise<UserPreview> {
  return (await userPlan(db)).preview;
}

/**
 * Brings enterprise-WeChat members into the console's users by account = userid: new members
 * become users (in the organisation their first department was synced to, with a random
 * password an administrator resets, and a change required at first sign-in); renamed ones are
 * renamed.
 */
export async function syncUsers(db: Db, kv: Parameters<typeof bumpStamp>[0], userId: string) {
  const { preview, remote } = await userPlan(db);
  const departments = await mapping(db, ORGANIZE);
  let created = 0;
  let updated = 0;
  for (const change of preview.changes) {
    if (change.action === 'rename') {
      await db
        .update(users)
        .set({
          realName: change.name,
          lastModifyUserId: userId,
          lastModifyTime: Date.now(),
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, change.userId!));
      await remember(db, USER, change.userId!, change.userid);
      updated++;
      continue;
    }
    const u = remote.find((x) => x.userid === change.userid)!;
    const id = newId();
    await db.insert(users).values({
      id,
      account: u.userid,
      realName: u.name,
      mobilePhone: u.mobile || null,
      email: u.email || null,
      organizeId: departments.get(String(u.department?.[0] ?? '')) ?? null,
      passwordHash: await hashPassword(md5Hex(randomBytes(18).toString('base64'))),
      mustChangePassword: 1,
      creatorUserId: userId,
      creatorTime: Date.now(),
    });
    await remember(db, USER, id, u.userid);
    created++;
  }
  // Members synced before their organisation had a membership row (the user list by organisation
  // reads those rows) get one now.
  const mine = await mapping(db, USER);
  const members = await db
    .select({ id: users.id, organizeId: users.organizeId })
    .from(users)
    .where(
      and(inArray(users.id, [...mine.values(), '']), isNotNull(users.organizeId), eq(users.deleteMark, 0)),
    );
  for (const member of members) await joinUnit(db, member.id, member.organizeId!, userId);
  if (created || updated) await bumpStamp(kv, StampKey.authorization);
  return { created, updated, preview };
}

/** The user's membership of the organisation (base_user_relation), as the user form writes it. */
async function joinUnit(db: Db, userId: string, organizeId: string, actorId: string) {
  await db
    .insert(userRelations)
    .values({
      id: newId(),
      userId,
      objectType: RelationType.Organize,
      objectId: organizeId,
      sortCode: 0,
      creatorTime: Date.now(),
      creatorUserId: actorId,
    })
    .onConflictDoNothing();
}

// ---- enterprise WeChat: the console's organisations and users pushed to it ----

/** console id → WeCom id */
async function outgoing(db: Db, dataType: number) {
  return new Map([...(await mapping(db, dataType))].map(([wx, sys]) => [sys, wx]));
}

async function departmentPushPlan(db: Db) {
  const c = await credentials(db, 'qy');
  const answer = await weChatCall(c, '读取企业微信部门', '/cgi-bin/department/list');
  const remote = ((answer.department as QyDepartment[] | undefined) ?? []).map((d) => ({
    ...d,
    id: Number(d.id),
    parentid: Number(d.parentid),
  }));
  const remoteById = new Map(remote.map((d) => [String(d.id), d]));
  const toWx = await outgoing(db, ORGANIZE);
  const orgs = await db
    .select({
      id: organizes.id,
      fullName: organizes.fullName,
      parentId: organizes.parentId,
      sortCode: organizes.sortCode,
    })
    .from(organizes)
    .where(eq(organizes.deleteMark, 0))
    .orderBy(sql`length(${organizes.organizeIdTree})`, asc(organizes.sortCode), asc(organizes.id));
  const orgName = new Map(orgs.map((o) => [o.id, o.fullName]));
  const topName = remoteById.get(TOP_DEPARTMENT)?.name ?? '';
  const changes: PushChange[] = [];
  const used = new Set<string>();
  let unchanged = 0;
  for (const org of orgs) {
    const wxId = toWx.get(org.id);
    const there = wxId ? remoteById.get(wxId) : undefined;
    const parentName = orgName.get(org.parentId) ?? topName;
    if (there) {
      used.add(String(there.id));
      if (there.name !== org.fullName.slice(0, 32))
        changes.push({
          id: org.id,
          name: org.fullName,
          action: 'update',
          wxId,
          from: there.name,
          parentName,
        });
      else unchanged++;
    } else changes.push({ id: org.id, name: org.fullName, action: 'create', parentName });
  }
  const preview: PushPreview = {
    changes,
    unchanged,
    onlyInWeChat: remote
      .filter((d) => !used.has(String(d.id)) && String(d.id) !== TOP_DEPARTMENT)
      .map((d) => ({ id: String(d.id), name: d.name })),
  };
  return { c, preview, orgs, toWx };
}

export async function previewDepartmentPush(db: Db): Promise<PushPreview> {
  return (await departmentPushPlan(db)).preview;
}

/**
 * Pushes the console's organisations to enterprise WeChat, parents first: an organisation never
 * synced becomes a department under its parent's department (the top department 1 for a root),
 * a synced one whose name differs is renamed there. Departments of enterprise WeChat no
 * organisation maps to are left as they are.
 */
export async function pushDepartments(db: Db) {
  const { c, preview, orgs, toWx } = await departmentPushPlan(db);
  let created = 0;
  let updated = 0;
  const byId = new Map(orgs.map((o) => [o.id, o]));
  for (const change of preview.changes) {
    const org = byId.get(change.id)!;
    const name = org.fullName.slice(0, 32);
    if (change.action === 'update') {
      await weChatCall(c, '更新企业微信部门', '/cgi-bin/department/update', {
        json: { id: Number(change.wxId), name },
      });
      updated++;
      continue;
    }
    const parentid = Number(toWx.get(org.parentId) ?? TOP_DEPARTMENT);
    const answer = await weChatCall(c, '创建企业微信部门', '/cgi-bin/department/create', {
      json: { name, parentid, order: org.sortCode },
    });
    const wxId = String(answer.id ?? '');
    if (!wxId) throw badRequest(WeChatMessages.noDepartmentId(org.fullName));
    await remember(db, ORGANIZE, org.id, wxId);
    toWx.set(org.id, wxId);
    created++;
  }
  return { created, updated, preview };
}

async function userPushPlan(db: Db) {
  const c = await credentials(db, 'qy');
  const [deps, list] = await Promise.all([
    weChatCall(c, '读取企业微信部门', '/cgi-bin/department/list'),
    weChatCall(c, '读取企业微信成员', '/cgi-bin/user/list', {
      query: { department_id: TOP_DEPARTMENT, fetch_child: '1' },
    }),
  ]);
  const depName = new Map(
    ((deps.department as QyDepartment[] | undefined) ?? []).map((d) => [String(d.id), d.name]),
  );
  const remote = new Map(((list.userlist as QyUser[] | undefined) ?? []).map((u) => [u.userid, u]));
  const toWx = await outgoing(db, ORGANIZE);
  const local = await db
    .select({
      id: users.id,
      account: users.account,
      realName: users.realName,
      mobilePhone: users.mobilePhone,
      email: users.email,
      organizeId: users.organizeId,
    })
    .from(users)
    .where(and(eq(users.deleteMark, 0), sql`${users.account} <> 'admin'`))
    .orderBy(asc(users.sortCode), asc(users.id));
  const departmentOf = (organizeId: string | null) => (organizeId && toWx.get(organizeId)) || TOP_DEPARTMENT;
  const changes: PushChange[] = [];
  const seen = new Set<string>();
  let unchanged = 0;
  for (const u of local) {
    const there = remote.get(u.account);
    const parentName = depName.get(departmentOf(u.organizeId)) ?? '';
    if (there) {
      seen.add(u.account);
      if (there.name !== u.realName)
        changes.push({
          id: u.id,
          name: u.realName,
          action: 'update',
          wxId: u.account,
          from: there.name,
          parentName,
        });
      else unchanged++;
    } else changes.push({ id: u.id, name: u.realName, action: 'create', parentName });
  }
  const preview: PushPreview = {
    changes,
    unchanged,
    onlyInWeChat: [...remote.values()]
      .filter((u) => !seen.has(u.userid))
      .map((u) => ({ id: u.userid, name: u.name })),
  };
  return { c, preview, local, departmentOf };
}

export async function previewUserPush(db: Db): Promise<PushPreview> {
  return (await userPushPlan(db)).preview;
}

/**
 * Pushes the console's users to enterprise WeChat as members (userid = account), in the
 * department their organisation was synced to (push the organisations first; else the top
 * department); a member whose name differs is renamed. Members no user maps to are left.
 */
export async function pushUsers(db: Db) {
  const { c, preview, local, departmentOf } = await userPushPlan(db);
  let created = 0;
  let updated = 0;
  const byId = new Map(local.map((u) => [u.id, u]));
  for (const change of preview.changes) {
    const u = byId.get(change.id)!;
    if (change.action === 'update') {
      await weChatCall(c, '更新企业微信成员', '/cgi-bin/user/update', {
        json: { userid: u.account, name: u.realName },
      });
      await remember(db, USER, u.id, u.account);
      updated++;
      continue;
    }
    await weChatCall(c, '创建企业微信成员', '/cgi-bin/user/create', {
      json: {
        userid: u.account,
        name: u.realName,
        mobile: u.mobilePhone || undefined,
        email: u.email || undefined,
        department: [Number(departmentOf(u.organizeId))],
      },
    });
    await remember(db, USER, u.id, u.account);
    created++;
  }
  return { created, updated, preview };
}

// ---- enterprise WeChat: messages ----

export interface QyMessageInput {
  toUser: string[];
  toParty: string[];
  toTag: string[];
  msgType: 'text' | 'textcard' | 'markdown';
  content: string;
  title?: string;
  url?: string;
  btnTxt?: string;
}

export async function sendQyMessage(db: Db, input: QyMessageInput, userId: string) {
  const c = await credentials(db, 'qy');
  const payload =
    input.msgType === 'text'
      ? { text: { content: input.content } }
      : input.msgType === 'markdown'
        ? { markdown: { content: input.content } }
        : {
            textcard: {
              title: input.title,
              description: input.content,
              url: input.url,
              btntxt: input.btnTxt || '详情',
            },
          };
  const body = {
    touser: input.toUser.join('|'),
    toparty: input.toParty.join('|'),
    totag: input.toTag.join('|'),
    msgtype: input.msgType,
    agentid: Number(c.agentId),
    ...payload,
  };
  const id = newId();
  const record = {
    id,
    channel: 'qy',
    target: { toUser: input.toUser, toParty: input.toParty, toTag: input.toTag },
    msgType: input.msgType,
    content: Object.values(payload)[0] as Record<string, unknown>,
    creatorUserId: userId,
    creatorTime: Date.now(),
  };
  let answer: VendorAnswer;
  try {
    answer = await weChatCall(c, '发送企业微信消息', '/cgi-bin/message/send', { json: body });
  } catch (error) {
    await db.insert(wechatMessages).values({ ...record, status: 'failed', errmsg: (error as Error).message });
    throw error;
  }
  const invalid = ['invaliduser', 'invalidparty', 'invalidtag']
    .map((k) => (typeof answer[k] === 'string' && answer[k] ? `${k}: ${answer[k]}` : ''))
    .filter(Boolean)
    .join('; ');
  await db.insert(wechatMessages).values({
    ...record,
    status: invalid ? 'partial' : 'sent',
    msgId: typeof answer.msgid === 'string' ? answer.msgid : null,
    errmsg: invalid || null,
  });
  return { id, invalid };
}
