import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SynThirdTotal } from '@console/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { OutboundMessages } from '../../../core/outbound.js';
import { organizes, sysConfig, userSessions, users } from '../../../db/schema/index.js';
import { RECEIVER_FAILURE_BODY, startHttpReceiver } from '../../msgCenter/testing.js';
import { openSecret } from '../../systemData/secrets.js';
import { SYS_CONFIG_DEFAULTS } from './defaults.js';
import { SECRET_MASK } from './routes.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let adminId: string;

/** A stand-in for the WeCom and DingTalk APIs on loopback. */
let vendor: Server;
let vendorUrl: string;
const calls: { path: string; body: unknown; query: URLSearchParams }[] = [];
let nextDepartment = 100;
/** Allowed, and redirects on /redirect/…; and a loopback service OUTBOUND_ALLOW does not name. */
let hop: Awaited<ReturnType<typeof startHttpReceiver>>;
let internal: Awaited<ReturnType<typeof startHttpReceiver>>;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  vendor = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = await readBody(req);
    calls.push({ path: url.pathname, body, query: url.searchParams });
    const reply = (value: unknown) =>
      res.setHeader('content-type', 'application/json').end(JSON.stringify(value));
    const token = url.searchParams.get('access_token');
    switch (url.pathname) {
      case '/cgi-bin/gettoken':
        return url.searchParams.get('corpsecret')?.startsWith('good-')
          ? reply({ errcode: 0, errmsg: 'ok', access_token: 'wecom-token', expires_in: 7200 })
          : reply({ errcode: 40001, errmsg: 'invalid credential' });
      case '/gettoken':
        return url.searchParams.get('appsecret')?.startsWith('good-')
          ? reply({ errcode: 0, errmsg: 'ok', access_token: 'ding-token', expires_in: 7200 })
          : reply({ errcode: 40089, errmsg: '不合法的corpid或corpsecret' });
      case '/cgi-bin/department/create':
        return reply(
          token === 'wecom-token'
            ? { errcode: 0, errmsg: 'created', id: nextDepartment++ }
            : { errcode: 40014 },
        );
      case '/cgi-bin/user/create': {
        const user = body as { mobile?: string };
        return reply(
          user.mobile
            ? { errcode: 0, errmsg: 'created' }
            : { errcode: 60129, errmsg: '手机和邮箱不能都为空' },
        );
      }
      case '/topapi/v2/department/create':
        return reply({ errcode: 0, errmsg: 'ok', result: { dept_id: nextDepartment++ } });
      default:
        res.statusCode = 404;
        return reply({ errcode: 404, errmsg: 'no such api' });
    }
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
  [hop, internal] = await Promise.all([startHttpReceiver(), startHttpReceiver()]);

  database = await createTestDatabase();
  server = await startServer({
    database,
    env: { OUTBOUND_ALLOW: `${new URL(vendorUrl).host}, 127.0.0.1:${hop.port}` },
  });
  token = await server.adminToken();
  adminId = (
    await server.services.db.select({ id: users.id }).from(users).where(eq(users.account, 'admin'))
  )[0]!.id;
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise((resolve) => vendor?.close(resolve));
  await Promise.all([hop?.close(), internal?.close()]);
});

const send = <T = unknown>(method: string, path: string, json?: unknown, as = token) =>
  server.request<T>(method, path, { token: as, json });

const addUser = (account: string, extra: Partial<typeof users.$inferInsert> = {}) =>
  server.addUser(account, 'Passw0rd1', extra);

describe('settings', () => {
  it('answers every setting', async () => {
    const answer = await send<Record<string, unknown>>('GET', '/api/system/SysConfig');
    expect(answer.code).toBe(200);
    expect(Object.keys(answer.data).sort()).toEqual(Object.keys(SYS_CONFIG_DEFAULTS).sort());
    expect(answer.data.qyhBaseUrl).toBe('https://qyapi.weixin.qq.com');
  });

  it('never sends credentials back, and keeps them when the mask is saved', async () => {
    expect((await send('PUT', '/api/system/SysConfig', { dingSynAppSecret: 'real-secret-1' })).code).toBe(
      200,
    );
    const shown = await send<Record<string, unknown>>('GET', '/api/system/SysConfig');
    expect(shown.data.dingSynAppSecret).toBe(SECRET_MASK);
    expect(JSON.stringify(shown.data)).not.toContain('real-secret-1');
    expect((await send('PUT', '/api/system/SysConfig', { ...shown.data, sysName: '区智能问答' })).code).toBe(
      200,
    );
    expect(openSecret((await server.services.sysConfig.get()).dingSynAppSecret)).toBe('real-secret-1');
    await send('PUT', '/api/system/SysConfig', { dingSynAppSecret: '', sysName: '智能问答管理平台' });
  });

  it('refuses unknown keys, out-of-range numbers and bad values, writing nothing', async () => {
    const before = await server.services.db.select().from(sysConfig);
    for (const [body, message] of [
      [{ sysName: 'x', secretKey: 1 }, '未知的配置项：secretKey'],
      [{ tokenTimeout: 1 }, '登录超时范围为5-10080'],
      [{ passwordErrorsNumber: 'many' }, '密码错误次数必须是数字'],
      [{ singleLogin: 3 }, '登录方式只能为1或2'],
      [{ sysName: '' }, '请输入系统名称'],
      [{ dingBaseUrl: 'ftp://x' }, '钉钉接口地址必须是http或https地址'],
      [{ containsNumbers: 2 }, '包含数字只能为0或1'],
    ] as const) {
      const answer = await send('PUT', '/api/system/SysConfig', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await server.services.db.select().from(sysConfig)).toEqual(before);
  });

  it('applies a changed passwordErrorsNumber and tokenTimeout at once', async () => {
    await addUser('guarded');
    for (let i = 0; i < 2; i++) await server.loginAnswer('guarded', 'wrong-password');
    const config = () =>
      server.request<{ enableVerificationCode: number }>('GET', '/api/oauth/getConfig/guarded');
    expect((await config()).data.enableVerificationCode).toBe(0);
    expect(
      (await send('PUT', '/api/system/SysConfig', { passwordErrorsNumber: 3, sysName: '区智能问答' })).code,
    ).toBe(200);
    await server.loginAnswer('guarded', 'wrong-password');
    expect((await config()).data.enableVerificationCode).toBe(1);
    const me = await send<{ sysConfigInfo: { sysName: string } }>('GET', '/api/oauth/CurrentUser');
    expect(me.data.sysConfigInfo.sysName).toBe('区智能问答');

    // A session idle for 6 minutes lives under the default 120 but not under 5.
    const other = await server.login('admin', `${ADMIN_PASSWORD}x`);
    const [session] = await server.services.db
      .select({ id: userSessions.id })
      .from(userSessions)
      .orderBy(desc(userSessions.createdTime))
      .limit(1);
    const idle = () =>
      server.services.db
        .update(userSessions)
        .set({ lastActiveTime: Date.now() - 6 * 60_000 })
        .where(eq(userSessions.id, session!.id));
    await idle();
    expect((await send('GET', '/api/system/SysConfig', undefined, other)).code).toBe(200);
    expect((await send('PUT', '/api/system/SysConfig', { tokenTimeout: 5 })).code).toBe(200);
    await idle();
    expect((await send('GET', '/api/system/SysConfig', undefined, other)).code).toBe(600);
    expect(
      (await send('PUT', '/api/system/SysConfig', { tokenTimeout: 120, passwordErrorsNumber: 5 })).code,
    ).toBe(200);
  });
});

describe('administrators', () => {
  it('lists administrators and changes them with the last-one and yourself rules', async () => {
    const deputy = await addUser('deputy');
    const list = await send<{ list: { id: string; account: string }[] }>(
      'GET',
      '/api/system/SysConfig/getAdminList',
    );
    expect(list.data.list.map((u) => u.account)).toEqual(['admin']);

    for (const [adminIds, message] of [
      [[], '至少需要保留一名超级管理员'],
      [[deputy], '不能取消自己的超级管理员身份'],
      [[adminId, 'ghost'], '所选用户不存在'],
    ] as const) {
      const answer = await send('PUT', '/api/system/SysConfig/setAdminList', { adminIds });
      expect(answer.code).toBe(400);
      expect(answer.msg).toBe(message);
    }
    expect((await send('PUT', '/api/system/SysConfig/setAdminList', { adminIds: 'x' })).code).toBe(400);

    const deputyToken = await server.login('deputy', 'Passw0rd1');
    // Without the page: only the settings every user reads (the password rules), not the page's.
    const shown = async () =>
      (await send<Record<string, unknown>>('GET', '/api/system/SysConfig', undefined, deputyToken)).data;
    expect(await shown()).not.toHaveProperty('tokenTimeout');
    expect(
      (await send('PUT', '/api/system/SysConfig/setAdminList', { adminIds: [adminId, deputy] })).code,
    ).toBe(200);
    expect(await shown()).toHaveProperty('tokenTimeout');
    const after = await send<{ list: { account: string }[] }>('GET', '/api/system/SysConfig/getAdminList');
    expect(after.data.list.map((u) => u.account).sort()).toEqual(['admin', 'deputy']);
    // The deputy may now remove the first administrator, but not itself.
    expect(
      (await send('PUT', '/api/system/SysConfig/setAdminList', { adminIds: [deputy] }, deputyToken)).code,
    ).toBe(200);
    expect((await send('GET', '/api/system/SysConfig/getAdminList', undefined, deputyToken)).data).toEqual({
      list: [expect.objectContaining({ account: 'deputy' })],
    });
    expect(
      (await send('PUT', '/api/system/SysConfig/setAdminList', { adminIds: [deputy, adminId] }, deputyToken))
        .code,
    ).toBe(200);
  });
});

describe('WeCom and DingTalk', () => {
  it('tests connections against the configured base address and reports the vendor error', async () => {
    expect((await send('POST', '/api/system/SysConfig/1/testQyWebChatConnect', {})).msg).toContain(
      '未配置企业微信',
    );
    expect(
      (await send('PUT', '/api/system/SysConfig', { qyhBaseUrl: `${vendorUrl}/`, dingBaseUrl: vendorUrl }))
        .code,
    ).toBe(200);
    const bad = await send('POST', '/api/system/SysConfig/1/testQyWebChatConnect', {
      qyhCorpId: 'corp',
      qyhCorpSecret: 'wrong',
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('测试连接失败：invalid credential（errcode 40001）');
    const good = await send('POST', '/api/system/SysConfig/0/testQyWebChatConnect', {
      qyhCorpId: 'corp',
      qyhAgentSecret: 'good-secret',
    });
    expect(good.code).toBe(200);
    expect(good.msg).toBe('测试连接成功');
    expect((await send('POST', '/api/system/SysConfig/7/testQyWebChatConnect', {})).code).toBe(400);
    const ding = await send('POST', '/api/system/SysConfig/testDingTalkConnect', {
      dingSynAppKey: 'key',
      dingSynAppSecret: 'nope',
    });
    expect(ding.msg).toBe('测试连接失败：不合法的corpid或corpsecret（errcode 40089）');
    expect(
      (
        await send('POST', '/api/system/SysConfig/testDingTalkConnect', {
          dingSynAppKey: 'key',
          dingSynAppSecret: 'good-secret',
        })
      ).code,
    ).toBe(200);
  });

  it('refuses base addresses that are not public, in any spelling and through redirects', async () => {
    const p = internal.port;
    hop.redirectTo(`http://127.0.0.1:${p}`);
    for (const base of [
      `http://127.0.0.1:${p}`,
      `http://localhost:${p}`,
      `http://0x7f000001:${p}`,
      `http://2130706433:${p}`,
      `http://127.1:${p}`,
      `http://[::1]:${p}`,
      'http://169.254.169.254',
      `${hop.base}/redirect`,
    ]) {
      expect((await send('PUT', '/api/system/SysConfig', { qyhBaseUrl: base, dingBaseUrl: base })).code).toBe(
        200,
      );
      const origin = new URL(base).origin;
      for (const path of [
        '/api/system/SysConfig/1/testQyWebChatConnect',
        '/api/system/SysConfig/testDingTalkConnect',
      ]) {
        const answer = await send('POST', path, {
          qyhCorpId: 'corp',
          qyhCorpSecret: 'good-secret',
          dingSynAppKey: 'key',
          dingSynAppSecret: 'good-secret',
        });
        expect([answer.code, answer.msg], base).toEqual([400, OutboundMessages.refused(origin)]);
        expect(answer.msg).not.toContain(RECEIVER_FAILURE_BODY);
      }
    }
    expect(internal.requests).toEqual([]);
    await send('PUT', '/api/system/SysConfig', { qyhBaseUrl: vendorUrl, dingBaseUrl: vendorUrl });
  });

  it('counts our organisations and users and syncs them only with credentials', async () => {
    const root = newId();
    const child = newId();
    await server.services.db.insert(organizes).values([
      {
        id: root,
        parentId: '-1',
        category: 'company',
        fullName: '区人民政府',
        enCode: 'gov',
        organizeIdTree: root,
      },
      {
        id: child,
        parentId: root,
        category: 'department',
        fullName: '区数据局',
        enCode: 'data',
        organizeIdTree: `${root},${child}`,
      },
    ]);
    await addUser('withphone', { mobilePhone: '13800000000', organizeId: child });
    const userCount = (await server.services.db.select({ id: users.id }).from(users)).length;

    const totals = await send<SynThirdTotal[]>('GET', '/api/system/SynThirdInfo/getSynThirdTotal/1');
    expect(totals.data).toEqual([
      { synType: '组织', recordTotal: 2, synSuccessCount: 0, synFailCount: 0, unSynCount: 2, synDate: null },
      {
        synType: '用户',
        recordTotal: userCount,
        synSuccessCount: 0,
        synFailCount: 0,
        unSynCount: userCount,
        synDate: null,
      },
    ]);
    expect((await send('GET', '/api/system/SynThirdInfo/getSynThirdTotal/9')).code).toBe(400);

    const unconfigured = await send('GET', '/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=1');
    expect(unconfigured.code).toBe(400);
    expect(unconfigured.msg).toContain('未配置企业微信');
    expect((await send('GET', '/api/system/SynThirdInfo/synAllUserSysToDing?type=1')).msg).toContain(
      '未配置钉钉',
    );

    await send('PUT', '/api/system/SysConfig', { qyhCorpId: 'corp', qyhCorpSecret: 'good-secret' });
    calls.length = 0;
    const orgs = await send<SynThirdTotal[]>('GET', '/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=1');
    expect(orgs.code).toBe(200);
    expect(orgs.msg).toBe('组织同步完成：成功2条，失败0条');
    const created = calls.filter((c) => c.path === '/cgi-bin/department/create').map((c) => c.body);
    expect(created).toEqual([
      { name: '区人民政府', parentid: 1, order: 0 },
      { name: '区数据局', parentid: expect.any(Number), order: 0 },
    ]);
    expect((created[1] as { parentid: number }).parentid).not.toBe(1);

    const people = await send<SynThirdTotal[]>('GET', '/api/system/SynThirdInfo/synAllUserSysToQy?type=1');
    expect(people.msg).toBe(`用户同步完成：成功1条，失败${userCount - 1}条`);
    expect(people.data[1]).toMatchObject({
      recordTotal: userCount,
      synSuccessCount: 1,
      synFailCount: userCount - 1,
      unSynCount: 0,
    });
    expect(typeof people.data[1]!.synDate).toBe('number');
  });
});

// Issue #22: the directory-sync secrets are sealed at rest like the other stored secrets.
describe('secrets at rest', () => {
  const SECRETS = {
    qyhAgentSecret: 'good-agent-at-rest',
    qyhCorpSecret: 'good-sync-at-rest',
    dingSynAppSecret: 'good-ding-at-rest',
  } as const;
  /** The settings rows as a backup holds them. */
  const rows = async () => JSON.stringify(await server.services.db.select().from(sysConfig));
  const stored = async (key: string) =>
    (await server.services.db.select().from(sysConfig).where(eq(sysConfig.key, key)))[0]?.value;
  const lastQuery = (path: string) => calls.filter((c) => c.path === path).at(-1)?.query;

  it('seals the WeCom and DingTalk secrets, answers only the mask, keeps them on a masked save', async () => {
    const saved = await send('PUT', '/api/system/SysConfig', {
      qyhBaseUrl: vendorUrl,
      dingBaseUrl: vendorUrl,
      qyhCorpId: 'corp',
      dingSynAppKey: 'key',
      ...SECRETS,
    });
    expect(saved.code, saved.msg).toBe(200);
    const backup = await rows();
    for (const [key, secret] of Object.entries(SECRETS)) {
      expect(backup).not.toContain(secret);
      expect(await stored(key), key).toMatch(/^enc:v1:/);
    }
    const shown = await send<Record<string, unknown>>('GET', '/api/system/SysConfig');
    for (const key of Object.keys(SECRETS)) expect(shown.data[key], key).toBe(SECRET_MASK);
    for (const secret of Object.values(SECRETS)) expect(JSON.stringify(shown.data)).not.toContain(secret);

    // The page saved as shown (masks included), and a save that leaves them out: both keep them.
    expect((await send('PUT', '/api/system/SysConfig', { ...shown.data, sysName: '区智能问答' })).code).toBe(
      200,
    );
    expect((await send('PUT', '/api/system/SysConfig', { sysName: '智能问答管理平台' })).code).toBe(200);
    const after = await rows();
    for (const secret of Object.values(SECRETS)) expect(after).not.toContain(secret);

    // Used where they are used: the connection tests with the mask and the sync.
    calls.length = 0;
    const agent = await send('POST', '/api/system/SysConfig/0/testQyWebChatConnect', {
      qyhCorpId: 'corp',
      qyhAgentSecret: SECRET_MASK,
    });
    expect(agent.code, agent.msg).toBe(200);
    expect(lastQuery('/cgi-bin/gettoken')?.get('corpsecret')).toBe(SECRETS.qyhAgentSecret);
    const directory = await send('POST', '/api/system/SysConfig/1/testQyWebChatConnect', {
      qyhCorpSecret: SECRET_MASK,
    });
    expect(directory.code, directory.msg).toBe(200);
    expect(lastQuery('/cgi-bin/gettoken')?.get('corpsecret')).toBe(SECRETS.qyhCorpSecret);
    const ding = await send('POST', '/api/system/SysConfig/testDingTalkConnect', {
      dingSynAppSecret: SECRET_MASK,
    });
    expect(ding.code, ding.msg).toBe(200);
    expect(lastQuery('/gettoken')?.get('appsecret')).toBe(SECRETS.dingSynAppSecret);

    calls.length = 0;
    const weComSync = await send('GET', '/api/system/SynThirdInfo/synAllOrganizeSysToQy?type=1');
    expect(weComSync.code, weComSync.msg).toBe(200);
    expect(lastQuery('/cgi-bin/gettoken')?.get('corpsecret')).toBe(SECRETS.qyhCorpSecret);
    const dingSync = await send('GET', '/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=2');
    expect(dingSync.code, dingSync.msg).toBe(200);
    expect(lastQuery('/gettoken')?.get('appsecret')).toBe(SECRETS.dingSynAppSecret);
  });

  it('still reads a secret written in plain text before, and seals it at the next save', async () => {
    await server.services.db
      .update(sysConfig)
      .set({ value: 'good-plain-before' })
      .where(eq(sysConfig.key, 'dingSynAppSecret'));
    await server.services.sysConfig.invalidate();
    const shown = await send<Record<string, unknown>>('GET', '/api/system/SysConfig');
    expect(shown.data.dingSynAppSecret).toBe(SECRET_MASK);
    calls.length = 0;
    const ding = await send('POST', '/api/system/SysConfig/testDingTalkConnect', {});
    expect(ding.code, ding.msg).toBe(200);
    expect(lastQuery('/gettoken')?.get('appsecret')).toBe('good-plain-before');

    expect((await send('PUT', '/api/system/SysConfig', shown.data)).code).toBe(200);
    expect(await stored('dingSynAppSecret')).toMatch(/^enc:v1:/);
    expect(await rows()).not.toContain('good-plain-before');
    calls.length = 0;
    expect((await send('GET', '/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=2')).code).toBe(200);
    expect(lastQuery('/gettoken')?.get('appsecret')).toBe('good-plain-before');
  });

  it('clears a secret saved empty (the page emptied the field)', async () => {
    expect((await send('PUT', '/api/system/SysConfig', { qyhAgentSecret: '' })).code).toBe(200);
    expect(await stored('qyhAgentSecret')).toBe('');
    expect((await send<Record<string, unknown>>('GET', '/api/system/SysConfig')).data.qyhAgentSecret).toBe(
      '',
    );
    const agent = await send('POST', '/api/system/SysConfig/0/testQyWebChatConnect', { qyhCorpId: 'corp' });
    expect([agent.code, agent.msg]).toEqual([400, '未配置企业微信的企业号Id和凭证密钥']);
  });
});
