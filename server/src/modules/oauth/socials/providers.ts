/**
 * The three social sign-in providers (issue #27) and their OAuth 2 authorisation-code flows.
 * Their QR sign-in is the same redirect: the provider's page shows the code, the phone confirms,
 * and the browser comes back to our callback with `code` (DingTalk: `authCode`) and `state`.
 *
 * - Enterprise WeChat (企业微信): web login at login.work.weixin.qq.com; the code is exchanged
 *   with the application's access token (cgi-bin/gettoken) at cgi-bin/auth/getuserinfo, which
 *   answers the member's `userid` (the id the organisation sync records). No PKCE.
 * - DingTalk (钉钉): login.dingtalk.com/oauth2/auth; POST v1.0/oauth2/userAccessToken, then
 *   v1.0/contact/users/me answers `unionId` and `nick`; the member's `userid` (what the sync
 *   records) comes from topapi/user/getbyunionid with the application's token. No PKCE.
 * - Feishu (飞书): accounts.feishu.cn/open-apis/authen/v1/authorize with PKCE (S256); POST
 *   open-apis/authen/v2/oauth/token (with code_verifier), then open-apis/authen/v1/user_info
 *   answers `open_id` and `name`.
 *
 * Every call goes through core/outbound (public addresses or OUTBOUND_ALLOW only, a time limit).
 */
import { SOCIAL_PROVIDERS, type SocialProviderName } from '@console/shared';
import { badRequest } from '../../../core/errors.js';
import { OutboundError, type OutboundInit, outboundFetch, readText } from '../../../core/outbound.js';
import { ThirdType, weComToken } from '../../system/sysConfig/thirdParty.js';

export { SOCIAL_PROVIDERS, type SocialProviderName };
export const isSocialProvider = (name: string): name is SocialProviderName =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(name);

const CALL_TIMEOUT_MS = 5_000;

export const ProviderMessages = {
  failed: (provider: string, detail: string) => `${provider}登录失败：${detail}`,
  notJson: (origin: string, status: number) => `${origin} 返回 HTTP ${status}，应答不是JSON`,
  notMember: '该企业微信用户不是本企业成员，无法登录',
} as const;

/** What a provider's settings row holds, secrets opened. */
export interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  agentId: string;
  authorizeBase: string;
  apiBase: string;
}

/** The provider's user, from its user-info answer. */
export interface SocialIdentity {
  /** The id a binding records: WeCom userid, DingTalk unionId, Feishu open_id. */
  id: string;
  name: string;
  /** The id the organisation sync records for this person (base_syn_third_info), when known. */
  directoryId?: string;
}

export interface AuthorizeInput {
  redirectUri: string;
  state: string;
  /** The PKCE challenge (S256), for providers that take one. */
  challenge?: string;
}

export interface ProviderSpec {
  name: SocialProviderName;
  /** Shown on the sign-in page and the profile (zh-CN; the web client translates by `enname`). */
  label: string;
  /** The 3.4.7 client's icon class. */
  icon: string;
  description: string;
  defaultAuthorizeBase: string;
  defaultApiBase: string;
  pkce: boolean;
  /** The organisation sync whose ids bind a first sign-in (sysConfig/thirdParty.ts). */
  thirdType?: ThirdType;
  authorizeUrl(settings: ProviderSettings, input: AuthorizeInput): string;
  /** Exchanges the code and reads who signed in; a refusal is a 400 with the provider's words. */
  identify(
    settings: ProviderSettings,
    code: string,
    extra: { verifier?: string; redirectUri: string },
  ): Promise<SocialIdentity>;
}

type Json = Record<string, unknown>;

async function call(label: string, url: string, init: OutboundInit = {}): Promise<Json> {
  const origin = new URL(url).origin;
  let response: Response;
  let text: string;
  try {
    response = await outboundFetch(url, { ...init, timeoutMs: CALL_TIMEOUT_MS });
    text = await readText(response, origin);
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(ProviderMessages.failed(label, error.message));
    throw error;
  }
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw badRequest(ProviderMessages.notJson(origin, response.status));
  }
}

const postJson = (label: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(label, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const str = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

const weCom: ProviderSpec = {
  name: 'wechat_enterprise',
  label: '企业微信',
  icon: 'icon-ym icon-ym-logo-wechatWork',
  description: '绑定企业微信账号后，可使用企业微信扫码登录',
  defaultAuthorizeBase: 'https://login.work.weixin.qq.com',
  defaultApiBase: 'https://qyapi.weixin.qq.com',
  pkce: false,
  thirdType: ThirdType.WeCom,
  authorizeUrl: (s, { redirectUri, state }) =>
    `${s.authorizeBase}/wwlogin/sso/login?${query({
      login_type: 'CorpApp',
      appid: s.clientId,
      agentid: s.agentId,
      redirect_uri: redirectUri,
      state,
    })}`,
  async identify(s, code) {
    // weComToken refuses a non-zero errcode with the vendor's words.
    const token = await weComToken(s.apiBase, s.clientId, s.clientSecret);
    const info = await call(
      this.label,
      `${s.apiBase}/cgi-bin/auth/getuserinfo?${query({ access_token: token, code })}`,
    );
    if (info.errcode !== 0) throw badRequest(ProviderMessages.failed(this.label, str(info.errmsg)));
    const userId = str(info.userid);
    if (!userId) throw badRequest(ProviderMessages.notMember);
    let name = userId;
    const user = await call(
      this.label,
      `${s.apiBase}/cgi-bin/user/get?${query({ access_token: token, userid: userId })}`,
    );
    if (user.errcode === 0 && str(user.name)) name = str(user.name);
    return { id: userId, name, directoryId: userId };
  },
};

const dingTalk: ProviderSpec = {
  name: 'dingtalk',
  label: '钉钉',
  icon: 'icon-ym icon-ym-logo-dingding',
  description: '绑定钉钉账号后，可使用钉钉扫码登录',
  defaultAuthorizeBase: 'https://login.dingtalk.com',
  defaultApiBase: 'https://api.dingtalk.com',
  pkce: false,
  thirdType: ThirdType.DingTalk,
  authorizeUrl: (s, { redirectUri, state }) =>
    `${s.authorizeBase}/oauth2/auth?${query({
      redirect_uri: redirectUri,
      response_type: 'code',
      client_id: s.clientId,
      scope: 'openid',
      state,
      prompt: 'consent',
    })}`,
  async identify(s, code) {
    const token = await postJson(this.label, `${s.apiBase}/v1.0/oauth2/userAccessToken`, {
      clientId: s.clientId,
      clientSecret: s.clientSecret,
      code,
      grantType: 'authorization_code',
    });
    const accessToken = str(token.accessToken);
    if (!accessToken)
      throw badRequest(ProviderMessages.failed(this.label, str(token.message) || str(token.code)));
    const me = await call(this.label, `${s.apiBase}/v1.0/contact/users/me`, {
      headers: { 'x-acs-dingtalk-access-token': accessToken },
    });
    const unionId = str(me.unionId);
    if (!unionId) throw badRequest(ProviderMessages.failed(this.label, str(me.message) || str(me.code)));
    return { id: unionId, name: str(me.nick) || unionId };
  },
};

/**
 * The DingTalk member id of a unionId (what the organisation sync records), asked at the
 * directory API (oapi) with the application's own token; undefined when the person is not a
 * member or the directory does not answer.
 */
export async function dingTalkUserId(
  directoryBase: string,
  s: ProviderSettings,
  unionId: string,
): Promise<string | undefined> {
  try {
    const token = await call(
      '钉钉',
      `${directoryBase}/gettoken?${query({ appkey: s.clientId, appsecret: s.clientSecret })}`,
    );
    if (token.errcode !== 0 || !str(token.access_token)) return undefined;
    const answer = await postJson(
      '钉钉',
      `${directoryBase}/topapi/user/getbyunionid?${query({ access_token: str(token.access_token) })}`,
      { unionid: unionId },
    );
    const result = answer.result as Json | undefined;
    return answer.errcode === 0 && result && str(result.userid) ? str(result.userid) : undefined;
  } catch {
    return undefined;
  }
}

const feishu: ProviderSpec = {
  name: 'feishu',
  label: '飞书',
  icon: 'icon-ym icon-ym-logo-feishu',
  description: '绑定飞书账号后，可使用飞书扫码登录',
  defaultAuthorizeBase: 'https://accounts.feishu.cn',
  defaultApiBase: 'https://open.feishu.cn',
  pkce: true,
  authorizeUrl: (s, { redirectUri, state, challenge }) =>
    `${s.authorizeBase}/open-apis/authen/v1/authorize?${query({
      client_id: s.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      state,
      code_challenge: challenge ?? '',
      code_challenge_method: 'S256',
    })}`,
  async identify(s, code, { verifier, redirectUri }) {
    const token = await postJson(this.label, `${s.apiBase}/open-apis/authen/v2/oauth/token`, {
      grant_type: 'authorization_code',
      client_id: s.clientId,
      client_secret: s.clientSecret,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier ?? '',
    });
    const accessToken = str(token.access_token);
    if (token.code !== 0 || !accessToken)
      throw badRequest(
        ProviderMessages.failed(
          this.label,
          str(token.error_description) || str(token.error) || str(token.code),
        ),
      );
    const info = await call(this.label, `${s.apiBase}/open-apis/authen/v1/user_info`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const data = info.data as Json | undefined;
    const openId = data ? str(data.open_id) : '';
    if (info.code !== 0 || !openId) throw badRequest(ProviderMessages.failed(this.label, str(info.msg)));
    return { id: openId, name: str(data?.name) || openId };
  },
};

export const PROVIDER_SPECS: Record<SocialProviderName, ProviderSpec> = {
  wechat_enterprise: weCom,
  dingtalk: dingTalk,
  feishu,
};
