/**
 * WeCom (企业微信) and DingTalk (钉钉) directory APIs at a configurable base address, for the
 * connection tests and the directory sync of the system configuration page. Every call goes
 * through core/outbound (public addresses or OUTBOUND_ALLOW only, a time limit); the vendor's
 * errcode/errmsg is reported as it is, anything else it answers never.
 */
import type { SynThirdTotal } from '@console/shared';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { OutboundError, type OutboundInit, outboundFetch, readText } from '../../../core/outbound.js';
import type { Db } from '../../../db/client.js';
import { organizes, synThirdInfo, users } from '../../../db/schema/index.js';
import { openSecret } from '../../systemData/secrets.js';
import type { SysConfigValues } from './defaults.js';

export const ThirdType = { WeCom: 1, DingTalk: 2 } as const;
export type ThirdType = (typeof ThirdType)[keyof typeof ThirdType];
export const DataType = { Organize: 1, User: 2 } as const;

export const CALL_TIMEOUT_MS = 5_000;

export const ThirdPartyMessages = {
  connected: '测试连接成功',
  failed: (errcode: unknown, errmsg: unknown) =>
    `测试连接失败：${String(errmsg ?? '')}（errcode ${String(errcode)}）`,
  notJson: (origin: string, status: number) => `${origin} 返回 HTTP ${status}，应答不是JSON`,
  weComMissing: '未配置企业微信的企业号Id和同步密钥，请先在系统配置中填写并保存',
  weComAgentMissing: '未配置企业微信的企业号Id和凭证密钥',
  dingMissing: '未配置钉钉的AppKey和AppSecret，请先在系统配置中填写并保存',
  synced: (name: string, ok: number, failed: number) => `${name}同步完成：成功${ok}条，失败${failed}条`,
} as const;

export interface VendorAnswer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

/** A WeChat-style vendor call through the outbound rules: its JSON answer, or 400 saying what went wrong. */
export async function callVendor(
  url: string,
  init: OutboundInit = {},
  timeoutMs = CALL_TIMEOUT_MS,
): Promise<VendorAnswer> {
  const origin = new URL(url).origin;
  let response: Response;
  let text: string;
  try {
    response = await outboundFetch(url, { ...init, timeoutMs });
    text = await readText(response, origin);
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(error.message);
    throw error;
  }
  try {
    return JSON.parse(text) as VendorAnswer;
  } catch {
    throw badRequest(ThirdPartyMessages.notJson(origin, response.status));
  }
}

const post = (url: string, body: unknown) =>
  callVendor(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Asks the vendor for an access token; a non-zero errcode is refused with the vendor's words. */
export async function weComToken(base: string, corpId: string, secret: string): Promise<string> {
  const answer = await callVendor(
    `${base}/cgi-bin/gettoken?corpid=${encodeURIComponent(corpId)}&corpsecret=${encodeURIComponent(secret)}`,
  );
  if (answer.errcode !== 0 || typeof answer.access_token !== 'string')
    throw badRequest(ThirdPartyMessages.failed(answer.errcode, answer.errmsg));
  return answer.access_token;
}

export async function dingTalkToken(base: string, appKey: string, appSecret: string): Promise<string> {
  const answer = await callVendor(
    `${base}/gettoken?appkey=${encodeURIComponent(appKey)}&appsecret=${encodeURIComponent(appSecret)}`,
  );
  if (answer.errcode !== 0 || typeof answer.access_token !== 'string')
    throw badRequest(ThirdPartyMessages.failed(answer.errcode, answer.errmsg));
  return answer.access_token;
}

/** Sync totals of one vendor, from our own organisations and users and the recorded results. */
export async function synTotals(db: Db, thirdType: ThirdType): Promise<SynThirdTotal[]> {
  const [orgTotal] = await db.select({ n: count() }).from(organizes).where(eq(organizes.deleteMark, 0));
  const [userTotal] = await db.select({ n: count() }).from(users).where(eq(users.deleteMark, 0));
  const results = await db
    .select({
      dataType: synThirdInfo.dataType,
      ok: sql<number>`count(*) filter (where ${synThirdInfo.enabledMark} = 1)`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${synThirdInfo.enabledMark} = 0)`.mapWith(Number),
      last: max(synThirdInfo.lastModifyTime),
    })
    .from(synThirdInfo)
    .where(eq(synThirdInfo.thirdType, thirdType))
    .groupBy(synThirdInfo.dataType);
  const row = (dataType: number, synType: SynThirdTotal['synType'], total: number): SynThirdTotal => {
    const r = results.find((x) => x.dataType === dataType);
    const ok = r?.ok ?? 0;
    const failed = r?.failed ?? 0;
    return {
      synType,
      recordTotal: total,
      synSuccessCount: ok,
      synFailCount: failed,
      unSynCount: Math.max(0, total - ok - failed),
      synDate: r?.last === undefined || r?.last === null ? null : Number(r.last),
    };
  };
  return [row(DataType.Organize, '组织', orgTotal?.n ?? 0), row(DataType.User, '用户', userTotal?.n ?? 0)];
}

type Outcome = { ok: true; thirdId: string } | { ok: false; reason: string };

async function record(
  db: Db,
  thirdType: ThirdType,
  dataType: number,
  sysObjId: string,
  outcome: Outcome,
  previousThirdId: string | null,
) {
  const values = {
    thirdObjId: outcome.ok ? outcome.thirdId : previousThirdId,
    enabledMark: outcome.ok ? 1 : 0,
    description: outcome.ok ? null : outcome.reason.slice(0, 500),
    lastModifyTime: Date.now(),
  };
  await db
    .insert(synThirdInfo)
    .values({ id: newId(), thirdType, dataType, sysObjId, ...values })
    .onConflictDoUpdate({
      target: [synThirdInfo.thirdType, synThirdInfo.dataType, synThirdInfo.sysObjId],
      set: values,
    });
}

async function mapping(db: Db, thirdType: ThirdType, dataType: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ sysObjId: synThirdInfo.sysObjId, thirdObjId: synThirdInfo.thirdObjId })
    .from(synThirdInfo)
    .where(and(eq(synThirdInfo.thirdType, thirdType), eq(synThirdInfo.dataType, dataType)));
  return new Map(rows.filter((r) => r.thirdObjId).map((r) => [r.sysObjId, r.thirdObjId!]));
}

const outcomeOf = (answer: VendorAnswer, thirdId: unknown): Outcome =>
  answer.errcode === 0 && thirdId !== undefined && thirdId !== null
    ? { ok: true, thirdId: String(thirdId) }
    : { ok: false, reason: `errcode ${String(answer.errcode)}：${String(answer.errmsg ?? '')}` };

const orderedOrganizes = (db: Db) =>
  db
    .select({
      id: organizes.id,
      parentId: organizes.parentId,
      fullName: organizes.fullName,
      sortCode: organizes.sortCode,
    })
    .from(organizes)
    .where(eq(organizes.deleteMark, 0))
    .orderBy(sql`length(${organizes.organizeIdTree})`, asc(organizes.sortCode), asc(organizes.id));

const activeUsers = (db: Db) =>
  db
    .select({
      id: users.id,
      account: users.account,
      realName: users.realName,
      mobilePhone: users.mobilePhone,
      email: users.email,
      organizeId: users.organizeId,
    })
    .from(users)
    .where(eq(users.deleteMark, 0))
    .orderBy(asc(users.sortCode), asc(users.id));

/** The vendor's top department: WeCom 1, DingTalk 1. */
const TOP_DEPARTMENT = '1';

/** Pushes our organisations (parents first) or users to a vendor; answers the message. */
export async function synchronise(
  db: Db,
  config: SysConfigValues,
  thirdType: ThirdType,
  dataType: (typeof DataType)[keyof typeof DataType],
): Promise<string> {
  if (thirdType === ThirdType.WeCom && (!config.qyhCorpId || !config.qyhCorpSecret))
    throw badRequest(ThirdPartyMessages.weComMissing);
  if (thirdType === ThirdType.DingTalk && (!config.dingSynAppKey || !config.dingSynAppSecret))
    throw badRequest(ThirdPartyMessages.dingMissing);
  const weCom = thirdType === ThirdType.WeCom;
  const base = weCom ? config.qyhBaseUrl : config.dingBaseUrl;
  const token = weCom
    ? await weComToken(base, config.qyhCorpId, openSecret(config.qyhCorpSecret))
    : await dingTalkToken(base, config.dingSynAppKey, openSecret(config.dingSynAppSecret));
  const q = `access_token=${encodeURIComponent(token)}`;
  const departments = await mapping(db, thirdType, DataType.Organize);
  let ok = 0;
  let failed = 0;
  const note = async (sysId: string, outcome: Outcome, previous: string | null) => {
    if (outcome.ok) ok++;
    else failed++;
    await record(db, thirdType, dataType, sysId, outcome, previous);
  };

  if (dataType === DataType.Organize) {
    for (const org of await orderedOrganizes(db)) {
      const parent = departments.get(org.parentId) ?? TOP_DEPARTMENT;
      const existing = departments.get(org.id) ?? null;
      let outcome: Outcome;
      try {
        if (weCom) {
          const body = { name: org.fullName.slice(0, 32), parentid: Number(parent), order: org.sortCode };
          const answer = existing
            ? await post(`${base}/cgi-bin/department/update?${q}`, { ...body, id: Number(existing) })
            : await post(`${base}/cgi-bin/department/create?${q}`, body);
          outcome = outcomeOf(answer, existing ?? answer.id);
        } else {
          const body = { name: org.fullName.slice(0, 64), parent_id: Number(parent), order: org.sortCode };
          const answer = existing
            ? await post(`${base}/topapi/v2/department/update?${q}`, { ...body, dept_id: Number(existing) })
            : await post(`${base}/topapi/v2/department/create?${q}`, body);
          outcome = outcomeOf(
            answer,
            existing ?? (answer.result as { dept_id?: unknown } | undefined)?.dept_id,
          );
        }
      } catch (error) {
        outcome = { ok: false, reason: (error as Error).message };
      }
      if (outcome.ok) departments.set(org.id, outcome.thirdId);
      await note(org.id, outcome, existing);
    }
    return ThirdPartyMessages.synced('组织', ok, failed);
  }

  const people = await mapping(db, thirdType, DataType.User);
  for (const user of await activeUsers(db)) {
    const department = (user.organizeId && departments.get(user.organizeId)) || TOP_DEPARTMENT;
    const existing = people.get(user.id) ?? null;
    let outcome: Outcome;
    try {
      if (weCom) {
        const body = {
          userid: user.account,
          name: user.realName,
          mobile: user.mobilePhone ?? undefined,
          email: user.email ?? undefined,
          department: [Number(department)],
        };
        const answer = await post(`${base}/cgi-bin/user/${existing ? 'update' : 'create'}?${q}`, body);
        outcome = outcomeOf(answer, user.account);
      } else {
        const body = {
          userid: existing ?? user.account,
          name: user.realName,
          mobile: user.mobilePhone ?? undefined,
          email: user.email ?? undefined,
          dept_id_list: department,
        };
        const answer = await post(`${base}/topapi/v2/user/${existing ? 'update' : 'create'}?${q}`, body);
        outcome = outcomeOf(
          answer,
          existing ??
            (answer.result as { userid?: unknown } | undefined)?.userid ??
            (answer.errcode === 0 ? user.account : undefined),
        );
      }
    } catch (error) {
      outcome = { ok: false, reason: (error as Error).message };
    }
    await note(user.id, outcome, existing);
  }
  return ThirdPartyMessages.synced('用户', ok, failed);
}
