/**
 * Calls to the WeChat APIs (official account: api.weixin.qq.com, enterprise WeChat:
 * qyapi.weixin.qq.com) at the configured API base, through core/outbound (public addresses or
 * OUTBOUND_ALLOW only, a time limit). Access tokens are cached per account until shortly before
 * their expiry; one refresh at a time (callers waiting on a refresh share it); a call answered
 * with an expired/invalid token errcode refreshes once and is tried again.
 */
import { badRequest } from '../../core/errors.js';
import type { OutboundInit } from '../../core/outbound.js';
import { callVendor, type VendorAnswer } from '../system/sysConfig/thirdParty.js';

export const WECHAT_CALL_TIMEOUT_MS = 10_000;
/** Refresh this long before WeChat's expires_in runs out. */
export const TOKEN_MARGIN_MS = 5 * 60_000;
/** invalid credential / access_token expired / invalid access_token. */
const TOKEN_ERRCODES = new Set([40001, 40014, 42001]);

export const DEFAULT_API_BASE = {
  mp: 'https://api.weixin.qq.com',
  qy: 'https://qyapi.weixin.qq.com',
} as const;

export const WeChatCallMessages = {
  failed: (what: string, errcode: unknown, errmsg: unknown) =>
    `${what}失败：${String(errmsg ?? '')}（errcode ${String(errcode)}）`,
  noToken: '获取access_token失败：应答缺少access_token',
} as const;

export type { VendorAnswer };

export interface WeChatCredentials {
  kind: 'mp' | 'qy';
  base: string;
  appId: string;
  secret: string;
}

const call = (url: string, init: OutboundInit = {}) => callVendor(url, init, WECHAT_CALL_TIMEOUT_MS);

interface CachedToken {
  token: string;
  expiresAt: number;
}
const tokens = new Map<string, CachedToken>();
const refreshing = new Map<string, Promise<CachedToken>>();
/** Token requests made (for tests and the status line of the config page). */
export const tokenStats = { fetched: 0 };

const cacheKey = (c: WeChatCredentials) => `${c.kind}|${c.base}|${c.appId}|${c.secret}`;

/** Forgets the cached tokens of an account (its settings changed). */
export function forgetTokens(kind: 'mp' | 'qy') {
  for (const key of tokens.keys()) if (key.startsWith(`${kind}|`)) tokens.delete(key);
}

async function fetchToken(c: WeChatCredentials): Promise<CachedToken> {
  const url =
    c.kind === 'mp'
      ? `${c.base}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(c.appId)}&secret=${encodeURIComponent(c.secret)}`
      : `${c.base}/cgi-bin/gettoken?corpid=${encodeURIComponent(c.appId)}&corpsecret=${encodeURIComponent(c.secret)}`;
  tokenStats.fetched++;
  const answer = await call(url);
  if (answer.errcode !== undefined && answer.errcode !== 0)
    throw badRequest(WeChatCallMessages.failed('获取access_token', answer.errcode, answer.errmsg));
  if (typeof answer.access_token !== 'string') throw badRequest(WeChatCallMessages.noToken);
  const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 7200;
  return { token: answer.access_token, expiresAt: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
}

/**
 * The account's access token: cached while valid, else fetched, one fetch at a time per account
 * (callers arriving during a fetch share it). `replacing` names a token WeChat refused: it is
 * renewed unless another caller has renewed it already.
 */
export async function accessToken(c: WeChatCredentials, replacing?: string): Promise<string> {
  const key = cacheKey(c);
  const cached = tokens.get(key);
  const stale = replacing !== undefined && cached?.token === replacing;
  if (cached && !stale && cached.expiresAt > Date.now()) return cached.token;
  let pending = refreshing.get(key);
  if (!pending) {
    tokens.delete(key);
    pending = fetchToken(c)
      .then((fresh) => {
        tokens.set(key, fresh);
        return fresh;
      })
      .finally(() => refreshing.delete(key));
    refreshing.set(key, pending);
  }
  return (await pending).token;
}

/**
 * One API call with the account's token (as ?access_token=); `path` is below the base, e.g.
 * '/cgi-bin/menu/get'. A token errcode refreshes the token and tries once more; any other non-zero
 * errcode is refused as a 400 with WeChat's words, named by `what`.
 */
export async function weChatCall(
  c: WeChatCredentials,
  what: string,
  path: string,
  init: { json?: unknown; form?: FormData; query?: Record<string, string> } = {},
): Promise<VendorAnswer> {
  const once = async (token: string) => {
    const query = new URLSearchParams({ access_token: token, ...init.query });
    const url = `${c.base}${path}?${query.toString()}`;
    if (init.form) {
      const request = new Request(url, { method: 'POST', body: init.form });
      const body = new Uint8Array(await request.arrayBuffer());
      return call(url, {
        method: 'POST',
        headers: { 'content-type': request.headers.get('content-type') ?? 'multipart/form-data' },
        body,
      });
    }
    if (init.json !== undefined)
      return call(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(init.json),
      });
    return call(url);
  };
  const token = await accessToken(c);
  let answer = await once(token);
  if (typeof answer.errcode === 'number' && TOKEN_ERRCODES.has(answer.errcode))
    answer = await once(await accessToken(c, token));
  if (answer.errcode !== undefined && answer.errcode !== 0)
    throw badRequest(WeChatCallMessages.failed(what, answer.errcode, answer.errmsg));
  return answer;
}
