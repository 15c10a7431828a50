/**
 * Outside callers of data interfaces (system-data.md 4): `Authorization: {appId}::{secret or
 * signature}` and `YmDate: <epoch ms>`. Refused when the app is unknown or disabled, the
 * interface is not bound to it, it has expired, or the caller's IP is outside a non-empty white
 * list. verifySignature 0: the part after "::" equals the secret (compared in constant time).
 * verifySignature 1: YmDate within one minute of now and the part after "::" equals the
 * lower-case hex HMAC-SHA256, keyed with the Base64-decoded secret, of
 * `METHOD\nURI-path\nYmDate\nHost\n`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import type { DbOrTx } from '../../../db/client.js';
import { interfaceOauths } from '../../../db/schema/index.js';

export const OauthCallMessages = {
  missing: '缺少认证信息：请求头Authorization应为"appId::秘钥或签名"',
  unknownApp: '应用不存在或已停用',
  notBound: '该应用未被授权调用此接口',
  expired: '应用已过有效期',
  ipDenied: (ip: string) => `调用方IP ${ip} 不在应用的白名单内`,
  badSecret: '秘钥或签名不正确',
  badDate: 'YmDate须为当前时间前后1分钟内的毫秒时间戳',
  badWhiteList: (entry: string) => `白名单"${entry}"不是IP地址或网段（如 10.0.0.0/8）`,
} as const;

export const SIGNATURE_WINDOW_MS = 60_000;

/** IPs and CIDR ranges, separated by commas, semicolons or new lines; 400 naming a bad entry. */
export function parseIpList(text: string): BlockList | null {
  const entries = text
    .split(/[\s,;，；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    if (!family || (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > max)))
      throw badRequest(OauthCallMessages.badWhiteList(entry));
    list.addSubnet(address, bits === undefined ? max : Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

function ipAllowed(list: BlockList, ip: string): boolean {
  const bare = ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  const family = isIP(bare);
  if (!family) return false;
  return list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The signature of a call (lower-case hex). */
export function signCall(secret: string, method: string, path: string, ymDate: string, host: string): string {
  return createHmac('sha256', Buffer.from(secret, 'base64'))
    .update(`${method.toUpperCase()}\n${path}\n${ymDate}\n${host}\n`)
    .digest('hex');
}

export interface OutsideCall {
  authorization: string | undefined;
  ymDate: string | undefined;
  method: string;
  /** The request's path without the query string. */
  path: string;
  host: string;
  ip: string;
  interfaceId: string;
  now?: number;
}

/** The app's id when the call is allowed; 400 with the reason otherwise. */
export async function verifyOutsideCall(db: DbOrTx, call: OutsideCall): Promise<{ appId: string }> {
  const header = call.authorization ?? '';
  const split = header.indexOf('::');
  if (split <= 0) throw badRequest(OauthCallMessages.missing);
  const appId = header.slice(0, split);
  const proof = header.slice(split + 2);
  const [app] = await db
    .select()
    .from(interfaceOauths)
    .where(and(eq(interfaceOauths.appId, appId), eq(interfaceOauths.enabledMark, 1)));
  if (!app) throw badRequest(OauthCallMessages.unknownApp);
  const now = call.now ?? Date.now();
  if (app.usefulLife !== null && app.usefulLife < now) throw badRequest(OauthCallMessages.expired);
  const white = parseIpList(app.whiteList ?? '');
  if (white && !ipAllowed(white, call.ip)) throw badRequest(OauthCallMessages.ipDenied(call.ip));
  if (app.verifySignature === 1) {
    const date = Number(call.ymDate);
    if (!call.ymDate || !/^\d+$/.test(call.ymDate) || Math.abs(now - date) > SIGNATURE_WINDOW_MS)
      throw badRequest(OauthCallMessages.badDate);
    const expected = signCall(app.appSecret, call.method, call.path, call.ymDate, call.host);
    if (!same(proof.toLowerCase(), expected)) throw badRequest(OauthCallMessages.badSecret);
  } else if (!same(proof, app.appSecret)) throw badRequest(OauthCallMessages.badSecret);
  if (!app.dataInterfaceIds.split(',').includes(call.interfaceId))
    throw badRequest(OauthCallMessages.notBound);
  return { appId: app.appId };
}
