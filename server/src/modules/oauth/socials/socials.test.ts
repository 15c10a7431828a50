/**
 * Social sign-in (issue #27) over HTTP, against stand-ins of the three providers' authorise,
 * token and user-info endpoints started here on loopback.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TicketStatus, type TicketStatusResult } from '@console/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  md5,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { socialBindings, socialProviders, synThirdInfo, sysConfig } from '../../../db/schema/index.js';
import { ThirdType } from '../../system/sysConfig/thirdParty.js';
import { SocialMessages } from './service.js';

let database: TestDatabase;
let server: TestServer;
let admin: string;
let standIn: Server;
let standInUrl: string;

/** Codes the stand-ins hand out, each once: code → the provider's user (and PKCE challenge). */
const codes = new Map<string, { id: string; name: string; challenge?: string }>();
const verifiers: string[] = [];
const DING_MEMBERS: Record<string, string> = {};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const s256 = (text: string) => createHash('sha256').update(text).digest('base64url');
/** The stand-ins' user access token: the user itself, in header-safe characters. */
const tokenOf = (user: { id: string; name: string }) =>
  Buffer.from(JSON.stringify({ id: user.id, name: user.name })).toString('base64url');
const userOf = (token: string) =>
  JSON.parse(Buffer.from(token, 'base64url').toString()) as { id: string; name: string };

beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = req.method === 'POST' ? await readJson(req) : {};
    const reply = (value: unknown) =>
      res.setHeader('content-type', 'application/json').end(JSON.stringify(value));
    const q = (name: string) => url.searchParams.get(name) ?? '';
    switch (url.pathname) {
      // Enterprise WeChat
      case '/cgi-bin/gettoken':
        return reply(
          q('corpsecret') === 'wc-secret'
            ? { errcode: 0, errmsg: 'ok', access_token: 'wc-token', expires_in: 7200 }
            : { errcode: 40001, errmsg: 'invalid credential' },
        );
      case '/cgi-bin/auth/getuserinfo': {
        const user = codes.get(q('code'));
        codes.delete(q('code'));
        if (q('access_token') !== 'wc-token' || !user)
          return reply({ errcode: 40029, errmsg: 'invalid code' });
        return reply({ errcode: 0, errmsg: 'ok', userid: user.id });
      }
      case '/cgi-bin/user/get':
        return reply({ errcode: 0, errmsg: 'ok', userid: q('userid'), name: `企微${q('userid')}` });
      // DingTalk (api.dingtalk.com, then oapi for the member id)
      case '/v1.0/oauth2/userAccessToken': {
        const user = codes.get(String(body.code));
        codes.delete(String(body.code));
        if (body.clientSecret !== 'dt-secret' || !user) {
          res.statusCode = 400;
          return reply({ code: 'invalidAuthCode', message: '不合法的临时授权码' });
        }
        return reply({ accessToken: tokenOf(user), expireIn: 7200 });
      }
      case '/v1.0/contact/users/me': {
        const { id, name } = userOf(String(req.headers['x-acs-dingtalk-access-token']));
        return reply({ unionId: id, nick: name, openId: `open-${id}` });
      }
      case '/gettoken':
        return reply({ errcode: 0, errmsg: 'ok', access_token: 'dt-app', expires_in: 7200 });
      case '/topapi/user/getbyunionid': {
        const member = DING_MEMBERS[String(body.unionid)];
        return reply(
          member ? { errcode: 0, result: { userid: member } } : { errcode: 60121, errmsg: '找不到该用户' },
        );
      }
      // Feishu, with PKCE
      case '/open-apis/authen/v2/oauth/token': {
        const user = codes.get(String(body.code));
        codes.delete(String(body.code));
        verifiers.push(String(body.code_verifier));
        if (!user || body.client_secret !== 'fs-secret')
          return reply({ code: 20003, error: 'invalid_grant', error_description: 'The code is invalid' });
        if (s256(String(body.code_verifier)) !== user.challenge)
          return reply({ code: 20050, error: 'invalid_grant', error_description: 'code_verifier mismatch' });
        return reply({ code: 0, access_token: tokenOf(user), expires_in: 7200 });
      }
      case '/open-apis/authen/v1/user_info': {
        const { id, name } = userOf(String(req.headers.authorization).replace(/^Bearer /, ''));
        return reply({ code: 0, msg: 'success', data: { open_id: id, name } });
      }
      default:
        res.statusCode = 404;
        return reply({ errcode: 404, errmsg: 'no such api' });
    }
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  server = await startServer({ database, env: { OUTBOUND_ALLOW: new URL(standInUrl).host } });
  admin = await server.adminToken();
  // DingTalk's directory API (oapi) is the organisation sync's address of system configuration.
  await server.services.db
    .update(sysConfig)
    .set({ value: standInUrl })
    .where(eq(sysConfig.key, 'dingBaseUrl'));
  await bumpStamp(server.services.kv, StampKey.sysConfig);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise((resolve) => standIn?.close(resolve));
});

const SECRETS = { wechat_enterprise: 'wc-secret', dingtalk: 'dt-secret', feishu: 'fs-secret' } as const;
type Provider = keyof typeof SECRETS;

async function configure(provider: Provider, extra: Record<string, unknown> = {}) {
  return server.request('PUT', `/api/system/Socials/${provider}`, {
    token: admin,
    json: {
      enabledMark: 1,
      clientId: `${provider}-app`,
      clientSecret: SECRETS[provider],
      agentId: provider === 'wechat_enterprise' ? '1000002' : '',
      authorizeBase: `${standInUrl}/authorize-page`,
      apiBase: standInUrl,
      ...extra,
    },
  });
}

/** The sign-in page's steps: a ticket, then the provider window's redirect (not followed). */
async function startSignIn(provider: Provider) {
  const { data: ticket } = await server.request<string>('GET', '/api/oauth/getTicket');
  const response = await fetch(`${server.baseUrl}/api/oauth/socials/render/${provider}?ticket=${ticket}`, {
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  return { ticket, location, state: location.searchParams.get('state') ?? '' };
}

/** The provider sends the browser back: our callback with a code it will accept once. */
async function callback(provider: Provider, params: Record<string, string>) {
  const response = await fetch(
    `${server.baseUrl}/api/oauth/socials/callback/${provider}?${new URLSearchParams(params)}`,
  );
  return { status: response.status, text: await response.text() };
}

function grant(user: { id: string; name: string }, challenge?: string) {
  const code = `code-${newId()}`;
  codes.set(code, { ...user, challenge });
  return code;
}

const ticketStatus = async (ticket: string) =>
  (await server.request<TicketStatusResult>('GET', `/api/oauth/getTicketStatus/${ticket}`)).data;

const bindingsOf = (userId: string) =>
  server.services.db.select().from(socialBindings).where(eq(socialBindings.userId, userId));

describe('social sign-in settings', () => {
  it('offers no provider until one is enabled, refuses incomplete settings and never answers the secret', async () => {
    expect((await server.request('GET', '/api/oauth/getLoginConfig')).data).toMatchObject({
      socialsList: [],
    });

    const noSecret = await server.request('PUT', '/api/system/Socials/dingtalk', {
      token: admin,
      json: { enabledMark: 1, clientId: 'x' },
    });
    expect(noSecret.code).toBe(400);
    expect(noSecret.msg).toBe(SocialMessages.incomplete('钉钉'));
    const badBase = await configure('dingtalk', { apiBase: 'ftp://x' });
    expect(badBase.code).toBe(400);
    expect(badBase.msg).toContain('http://');
    const unknown = await server.request('PUT', '/api/system/Socials/weibo', { token: admin, json: {} });
    expect(unknown.code).toBe(400);
    expect(await server.services.db.select().from(socialProviders)).toEqual([]);

    for (const provider of ['wechat_enterprise', 'dingtalk', 'feishu'] as const) {
      expect((await configure(provider)).code).toBe(200);
    }
    const list = await server.request<{ enname: string; hasSecret: boolean }[]>(
      'GET',
      '/api/system/Socials',
      {
        token: admin,
      },
    );
    expect(list.data.map((p) => [p.enname, p.hasSecret])).toEqual([
      ['wechat_enterprise', true],
      ['dingtalk', true],
      ['feishu', true],
    ]);
    expect(JSON.stringify(list.data)).not.toMatch(/wc-secret|dt-secret|fs-secret/);
    // Saving again without a secret keeps the stored one.
    expect((await configure('feishu', { clientSecret: '' })).code).toBe(200);

    const config = await server.request<{ socialsList: { enname: string; renderUrl: string }[] }>(
      'GET',
      '/api/oauth/getLoginConfig',
    );
    expect(config.data.socialsList.map((s) => s.enname)).toEqual(['wechat_enterprise', 'dingtalk', 'feishu']);
    expect(config.data.socialsList[1]!.renderUrl).toBe(
      '/api/oauth/socials/render/dingtalk?ticket=JNPF_TICKET',
    );
  });

  it('sends the provider window to the authorise page with a random state, and PKCE to Feishu', async () => {
    const ding = await startSignIn('dingtalk');
    expect(ding.location.pathname).toBe('/authorize-page/oauth2/auth');
    expect(ding.location.searchParams.get('client_id')).toBe('dingtalk-app');
    expect(ding.location.searchParams.get('redirect_uri')).toBe(
      `${server.baseUrl}/api/oauth/socials/callback/dingtalk`,
    );
    expect(ding.state).toMatch(/^[\w-]{32}$/);
    expect(ding.location.searchParams.get('code_challenge')).toBeNull();
    const again = await startSignIn('dingtalk');
    expect(again.state).not.toBe(ding.state);

    const fs = await startSignIn('feishu');
    expect(fs.location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(fs.location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const wc = await startSignIn('wechat_enterprise');
    expect(wc.location.searchParams.get('agentid')).toBe('1000002');

    const noTicket = await server.request('GET', '/api/oauth/socials/render/dingtalk?ticket=nope');
    expect(noTicket.code).toBe(400);
    const unknown = await server.request('GET', '/api/oauth/socials/render/weibo?ticket=nope');
    expect(unknown.code).toBe(400);
  });
});

describe('social sign-in', () => {
  let userId: string;
  let userToken: string;
  const account = `social${Date.now()}`;

  beforeAll(async () => {
    userId = await server.addUser(account, 'pass-1234');
    userToken = await server.login(account, 'pass-1234');
  });

  it('binds from the profile, then signs in the bound user through DingTalk', async () => {
    const render = await server.request<string>('GET', '/api/permission/socials/render/dingtalk', {
      token: userToken,
    });
    expect(render.code).toBe(200);
    const state = new URL(render.msg).searchParams.get('state') ?? '';
    const bound = await callback('dingtalk', { authCode: grant({ id: 'union-li', name: '李四' }), state });
    expect(bound.status).toBe(200);
    expect(bound.text).toContain(SocialMessages.bound);

    const list = await server.request<{ enname: string; entity: { socialName: string } | null }[]>(
      'GET',
      '/api/permission/socials',
      { token: userToken },
    );
    expect(list.data.find((p) => p.enname === 'dingtalk')?.entity?.socialName).toBe('李四');
    expect(list.data.find((p) => p.enname === 'feishu')?.entity).toBeNull();

    const flow = await startSignIn('dingtalk');
    expect((await ticketStatus(flow.ticket)).status).toBe(TicketStatus.Waiting);
    const code = grant({ id: 'union-li', name: '李四' });
    const signedIn = await callback('dingtalk', { authCode: code, state: flow.state });
    expect(signedIn.status).toBe(200);
    const status = await ticketStatus(flow.ticket);
    expect(status.status).toBe(TicketStatus.SignedIn);
    const me = await server.request<{ userInfo: { userAccount: string } }>('GET', '/api/oauth/CurrentUser', {
      token: status.value,
    });
    expect(me.data.userInfo.userAccount).toBe(account);

    // The same callback again: refused, and no second sign-in.
    const replay = await callback('dingtalk', { authCode: code, state: flow.state });
    expect(replay.status).toBe(400);
    expect(replay.text).toContain(SocialMessages.stateInvalid);
  });

  it('refuses a state it never issued, or one issued for another provider, and changes nothing', async () => {
    const flow = await startSignIn('dingtalk');
    const forged = await callback('dingtalk', {
      authCode: grant({ id: 'union-li', name: '李四' }),
      state: 'x'.repeat(32),
    });
    expect(forged.status).toBe(400);
    const elsewhere = await callback('feishu', {
      code: grant({ id: 'union-li', name: '李四' }),
      state: flow.state,
    });
    expect(elsewhere.status).toBe(400);
    const noCode = await callback('dingtalk', { state: flow.state });
    expect(noCode.status).toBe(400);
    expect(noCode.text).toContain(SocialMessages.codeMissing);
    expect((await ticketStatus(flow.ticket)).status).toBe(TicketStatus.Waiting);
    // The state was not spent by those: the real callback still signs in.
    const real = await callback('dingtalk', {
      authCode: grant({ id: 'union-li', name: '李四' }),
      state: flow.state,
    });
    expect(real.status).toBe(200);
    expect((await ticketStatus(flow.ticket)).status).toBe(TicketStatus.SignedIn);
  });

  it('answers "bind" for an unbound Feishu user, whom the console password then binds (PKCE checked)', async () => {
    const flow = await startSignIn('feishu');
    const challenge = flow.location.searchParams.get('code_challenge') ?? '';
    const result = await callback('feishu', {
      code: grant({ id: 'ou_wang', name: '王五' }, challenge),
      state: flow.state,
    });
    expect(result.status).toBe(200);
    expect(s256(verifiers.at(-1) ?? '')).toBe(challenge);
    const status = await ticketStatus(flow.ticket);
    expect(status.status).toBe(TicketStatus.NotBound);
    expect(status.value).toBe('飞书：王五');

    const wrong = await server.request('POST', '/api/oauth/Login/socials', {
      form: { account, password: md5('wrong'), jnpf_ticket: flow.ticket },
    });
    expect(wrong.code).toBe(400);
    expect((await bindingsOf(userId)).map((b) => b.enname)).toEqual(['dingtalk']);
    const expired = await server.request('POST', '/api/oauth/Login/socials', {
      form: { account, password: md5('pass-1234'), jnpf_ticket: 'other-ticket' },
    });
    expect(expired.code).toBe(400);
    expect(expired.msg).toBe(SocialMessages.bindExpired);

    const bound = await server.request<{ token: string }>('POST', '/api/oauth/Login/socials', {
      form: { account, password: md5('pass-1234'), jnpf_ticket: flow.ticket },
    });
    expect(bound.code).toBe(200);
    expect(bound.data.token).toMatch(/^Bearer /);
    const rows = await bindingsOf(userId);
    expect(rows.find((b) => b.enname === 'feishu')).toMatchObject({
      socialId: 'ou_wang',
      bindMode: 'password',
    });

    // Now bound: the next Feishu sign-in goes straight through.
    const next = await startSignIn('feishu');
    const nextChallenge = next.location.searchParams.get('code_challenge') ?? '';
    await callback('feishu', {
      code: grant({ id: 'ou_wang', name: '王五' }, nextChallenge),
      state: next.state,
    });
    expect((await ticketStatus(next.ticket)).status).toBe(TicketStatus.SignedIn);
  });

  it('refuses a Feishu code presented without the matching PKCE verifier', async () => {
    const flow = await startSignIn('feishu');
    const result = await callback('feishu', {
      code: grant({ id: 'ou_wang', name: '王五' }, s256('another')),
      state: flow.state,
    });
    expect(result.status).toBe(400);
    expect(result.text).toContain('code_verifier mismatch');
    const status = await ticketStatus(flow.ticket);
    expect(status.status).toBe(TicketStatus.Failed);
  });

  it('binds an enterprise WeChat user by the id the organisation sync recorded', async () => {
    const syncedId = await server.addUser(`synced${Date.now()}`, 'pass-5678');
    await server.services.db.insert(synThirdInfo).values({
      id: newId(),
      thirdType: ThirdType.WeCom,
      dataType: 2,
      sysObjId: syncedId,
      thirdObjId: 'zhangsan',
      enabledMark: 1,
      lastModifyTime: Date.now(),
    });
    const flow = await startSignIn('wechat_enterprise');
    const result = await callback('wechat_enterprise', {
      code: grant({ id: 'zhangsan', name: '' }),
      state: flow.state,
    });
    expect(result.status).toBe(200);
    expect((await ticketStatus(flow.ticket)).status).toBe(TicketStatus.SignedIn);
    expect(await bindingsOf(syncedId)).toMatchObject([
      {
        enname: 'wechat_enterprise',
        socialId: 'zhangsan',
        socialName: '企微zhangsan',
        bindMode: 'directory',
      },
    ]);
  });

  it('binds a DingTalk user by the member id of the synced directory', async () => {
    const syncedId = await server.addUser(`dsynced${Date.now()}`, 'pass-5678');
    DING_MEMBERS['union-zhao'] = 'ding-zhao';
    await server.services.db.insert(synThirdInfo).values({
      id: newId(),
      thirdType: ThirdType.DingTalk,
      dataType: 2,
      sysObjId: syncedId,
      thirdObjId: 'ding-zhao',
      enabledMark: 1,
      lastModifyTime: Date.now(),
    });
    const flow = await startSignIn('dingtalk');
    await callback('dingtalk', { authCode: grant({ id: 'union-zhao', name: '赵六' }), state: flow.state });
    expect((await ticketStatus(flow.ticket)).status).toBe(TicketStatus.SignedIn);
    expect((await bindingsOf(syncedId)).map((b) => b.socialId)).toEqual(['union-zhao']);
  });

  it('refuses binding a provider user that is bound to someone else', async () => {
    const otherAccount = `other${Date.now()}`;
    const otherId = await server.addUser(otherAccount, 'pass-0000');
    const otherToken = await server.login(otherAccount, 'pass-0000');
    const render = await server.request<string>('GET', '/api/permission/socials/render/dingtalk', {
      token: otherToken,
    });
    const state = new URL(render.msg).searchParams.get('state') ?? '';
    const taken = await callback('dingtalk', { authCode: grant({ id: 'union-li', name: '李四' }), state });
    expect(taken.status).toBe(400);
    expect(taken.text).toContain(SocialMessages.boundToOther('钉钉'));
    expect(await bindingsOf(otherId)).toEqual([]);

    // Another user's bindings are neither listed nor removed without the user page.
    const mine = (await bindingsOf(userId)).find((b) => b.enname === 'dingtalk')!;
    const peek = await server.request('GET', `/api/permission/socials?userId=${userId}`, {
      token: otherToken,
    });
    expect(peek.code).toBe(400);
    const remove = await server.request('DELETE', `/api/permission/socials/${mine.id}?userId=${userId}`, {
      token: otherToken,
    });
    expect(remove.code).toBe(400);
    const notMine = await server.request('DELETE', `/api/permission/socials/${mine.id}`, {
      token: otherToken,
    });
    expect(notMine.code).toBe(400);
    expect((await bindingsOf(userId)).length).toBe(2);
    // The administrator may look.
    const byAdmin = await server.request<unknown[]>('GET', `/api/permission/socials?userId=${userId}`, {
      token: admin,
    });
    expect(byAdmin.code).toBe(200);
  });

  it('unbinds from the profile; the next DingTalk sign-in is asked to bind', async () => {
    const mine = (await bindingsOf(userId)).find((b) => b.enname === 'dingtalk')!;
    const removed = await server.request('DELETE', `/api/permission/socials/${mine.id}?userId=${userId}`, {
      token: userToken,
    });
    expect(removed.code).toBe(200);
    const again = await server.request('DELETE', `/api/permission/socials/${mine.id}`, { token: userToken });
    expect(again.code).toBe(400);
    const flow = await startSignIn('dingtalk');
    await callback('dingtalk', { authCode: grant({ id: 'union-li', name: '李四' }), state: flow.state });
    expect((await ticketStatus(flow.ticket)).status).toBe(TicketStatus.NotBound);
  });
});
