import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { CurrentUserResult } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { logs, userSessions, users } from '../../db/schema/index.js';
import { startHttpReceiver } from '../msgCenter/testing.js';

let database: TestDatabase;
let server: TestServer;
const logLines: { level: number; msg: string }[] = [];

/** A stand-in SMS gateway: records what it receives and answers with `status`. */
let received: Record<string, string>[] = [];
let gatewayStatus = 200;
let gateway: Server;
let gatewayUrl: string;
/** Allowed, and redirects on /redirect/…; and a loopback service OUTBOUND_ALLOW does not name. */
let hop: Awaited<ReturnType<typeof startHttpReceiver>>;
let internal: Awaited<ReturnType<typeof startHttpReceiver>>;

let ipCounter = 0;
/** Each test speaks from its own address, so per-address limits do not leak between tests. */
const freshIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  gateway = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.statusCode = gatewayStatus;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
  [hop, internal] = await Promise.all([startHttpReceiver(), startHttpReceiver()]);
  database = await createTestDatabase();
  server = await startServer({
    database,
    demo: true,
    env: { TRUST_PROXY: '1', OUTBOUND_ALLOW: `${new URL(gatewayUrl).host},127.0.0.1:${hop.port}` },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    }),
  });
});
afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
  await Promise.all([hop.close(), internal.close()]);
  await server.close();
  await database.drop();
});

async function setChannel(smsChannel: '' | 'webhook', smsEndpoint = '') {
  const { sysConfig, db } = server.services;
  await sysConfig.write(
    db,
    { smsChannel, smsEndpoint, smsSignName: '区政府', smsTemplateCode: 'SMS_001' },
    null,
  );
  await sysConfig.invalidate();
}

const sendCode = (mobile: unknown, ip: string, form = false) =>
  server.request<{ channel?: string; waitSeconds?: number }>('POST', '/api/oauth/SmsCode', {
    ...(form ? { form: { mobile: String(mobile) } } : { json: { mobile } }),
    headers: { 'x-forwarded-for': ip },
  });

const smsLogin = (mobile: string, code: string, ip: string) =>
  server.request<{ token: string; theme: string }>('POST', '/api/oauth/Login', {
    form: { account: mobile, code, origin: 'sms', grant_type: 'password', timestamp: '' },
    headers: { 'x-forwarded-for': ip },
  });

const storedCode = (mobile: string) => server.services.kv.get(`sms:code:${mobile}`);
const sessionCount = async () => (await server.services.db.select({ n: count() }).from(userSessions))[0]!.n;

async function staffWithPhone(offset: number) {
  const [staff] = await server.services.db
    .select()
    .from(users)
    .where(eq(users.isAdministrator, 0))
    .orderBy(users.account)
    .offset(offset)
    .limit(1);
  expect(staff?.mobilePhone).toMatch(/^1[3-9]\d{9}$/);
  return staff!;
}

describe('SMS codes without a channel', () => {
  it('writes a masked line with the code to the log and says no channel is set', async () => {
    await setChannel('');
    const staff = await staffWithPhone(0);
    const mobile = staff.mobilePhone!;
    const sent = await sendCode(mobile, freshIp());
    expect([sent.code, sent.data]).toEqual([200, { channel: 'none' }]);
    const code = await storedCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
    const line = logLines.find((l) => l.msg?.startsWith(`SMS code for ${masked}`));
    expect(line).toMatchObject({
      level: 40,
      msg: `SMS code for ${masked}: ${code} (no SMS channel configured)`,
    });
    // The full number never reaches the log.
    expect(logLines.some((l) => JSON.stringify(l).includes(mobile))).toBe(false);
  });

  it('signs in with the code once, like a password sign-in', async () => {
    await setChannel('');
    const staff = await staffWithPhone(1);
    const mobile = staff.mobilePhone!;
    const ip = freshIp();
    expect((await sendCode(mobile, ip, true)).code).toBe(200);
    const code = (await storedCode(mobile))!;
    const signedIn = await smsLogin(mobile, code, ip);
    expect(signedIn.code).toBe(200);
    expect(signedIn.msg).toBe('登录成功');
    expect(signedIn.data.token).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(signedIn.data.theme).toBe('functional');
    const me = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', {
      token: signedIn.data.token,
    });
    expect(me.data.userInfo.userId).toBe(staff.id);
    const [log] = await server.services.db
      .select()
      .from(logs)
      .where(eq(logs.userId, staff.id))
      .orderBy(logs.creatorTime)
      .limit(1);
    expect(log).toMatchObject({ category: 1, loginMark: 1, abstracts: 'signed in by SMS code' });

    // Single use.
    const again = await smsLogin(mobile, code, ip);
    expect([again.code, again.msg]).toEqual([400, '手机号或验证码错误']);
  });

  it('throws a code away after five wrong guesses', async () => {
    const staff = await staffWithPhone(2);
    const mobile = staff.mobilePhone!;
    const ip = freshIp();
    expect((await sendCode(mobile, ip)).code).toBe(200);
    const code = (await storedCode(mobile))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await smsLogin(mobile, wrong, ip)).code).toBe(400);
    expect(await storedCode(mobile)).toBeNull();
    expect((await smsLogin(mobile, code, ip)).code).toBe(400);
  });

  it('answers a phone nobody has like any other, and the sign-in fails', async () => {
    const before = await sessionCount();
    const ip = freshIp();
    const sent = await sendCode('13000000009', ip);
    expect([sent.code, sent.data]).toEqual([200, { channel: 'none' }]);
    const signIn = await smsLogin('13000000009', (await storedCode('13000000009'))!, ip);
    expect([signIn.code, signIn.msg]).toEqual([400, '手机号或验证码错误']);
    expect(await sessionCount()).toBe(before);
  });
});

describe('SMS limits', () => {
  it('allows one send a minute per phone and says how long to wait', async () => {
    const ip = freshIp();
    expect((await sendCode('13900000001', ip)).code).toBe(200);
    const first = await storedCode('13900000001');
    const again = await sendCode('13900000001', ip);
    expect(again.code).toBe(400);
    expect(again.msg).toMatch(/^发送过于频繁，请\d+秒后再试$/);
    expect(again.data.waitSeconds).toBeGreaterThan(0);
    expect(again.data.waitSeconds).toBeLessThanOrEqual(60);
    // The refused send left the first code alone.
    expect(await storedCode('13900000001')).toBe(first);
  });

  it('allows ten sends a day per phone', async () => {
    const mobile = '13900000002';
    for (let i = 0; i < 10; i++) {
      // Skip the one-minute gap as if a minute had passed.
      await server.services.kv.del(`sms:gap:${mobile}`);
      expect((await sendCode(mobile, freshIp())).code).toBe(200);
    }
    await server.services.kv.del(`sms:gap:${mobile}`);
    const eleventh = await sendCode(mobile, freshIp());
    expect(eleventh.code).toBe(400);
    expect(eleventh.msg).toContain('今日获取验证码次数已达上限');
    expect(eleventh.data.waitSeconds).toBeGreaterThan(0);
    expect(eleventh.data.waitSeconds).toBeLessThanOrEqual(86_400);
  });

  it('allows twenty sends an hour per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await sendCode(`1370000${String(i).padStart(4, '0')}`, ip)).code).toBe(200);
    }
    const refused = await sendCode('13700009999', ip);
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('当前网络获取验证码次数过多');
    expect(refused.data.waitSeconds).toBeLessThanOrEqual(3600);
    expect(await storedCode('13700009999')).toBeNull();
  });
});

describe('SMS bad input changes nothing', () => {
  it('refuses malformed phone numbers with 400 naming the field', async () => {
    const ip = freshIp();
    for (const mobile of ['12345678901', '1380000000', 'abc', '', 13800000000, null]) {
      const answer = await sendCode(mobile, ip);
      expect(answer.code).toBe(400);
      expect(answer.msg).toMatch(/^mobile：/);
    }
    expect(await storedCode('1380000000')).toBeNull();
    // None of them counted against the address.
    for (let i = 0; i < 20; i++) {
      expect((await sendCode(`1360000${String(i).padStart(4, '0')}`, ip)).code).toBe(200);
    }
  });

  it('refuses an SMS sign-in without a phone or a 6-digit code', async () => {
    const before = await sessionCount();
    const ip = freshIp();
    const noPhone = await smsLogin('admin', '123456', ip);
    expect([noPhone.code, noPhone.msg.startsWith('account：')]).toEqual([400, true]);
    const shortCode = await smsLogin('13800000000', '123', ip);
    expect([shortCode.code, shortCode.msg.startsWith('code：')]).toEqual([400, true]);
    const unknownOrigin = await server.request('POST', '/api/oauth/Login', {
      form: { account: 'admin', password: 'x', origin: 'qq' },
    });
    expect([unknownOrigin.code, unknownOrigin.msg]).toEqual([400, 'origin：不支持的登录方式']);
    expect(await sessionCount()).toBe(before);
  });

  it('locks the phone after repeated wrong codes (SignInGuard)', async () => {
    const mobile = '13900000003';
    const ip = freshIp();
    // passwordErrorsNumber 5: ten failures lock the name for lockTime minutes.
    for (let i = 0; i < 10; i++) await smsLogin(mobile, '000000', ip);
    expect((await sendCode(mobile, ip)).code).toBe(200);
    const locked = await smsLogin(mobile, (await storedCode(mobile))!, ip);
    expect(locked.code).toBe(400);
    expect(locked.msg).toMatch(/^账号已被锁定/);
    await server.services.signInGuard.unlock(mobile);
  });
});

describe('SMS webhook channel', () => {
  it('posts mobile, code, sign name and template code to the endpoint', async () => {
    await setChannel('webhook', gatewayUrl);
    received = [];
    gatewayStatus = 200;
    const staff = await staffWithPhone(3);
    const mobile = staff.mobilePhone!;
    const ip = freshIp();
    const sent = await sendCode(mobile, ip);
    expect([sent.code, sent.data]).toEqual([200, { channel: 'webhook' }]);
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      mobile,
      code: expect.stringMatching(/^\d{6}$/),
      signName: '区政府',
      templateCode: 'SMS_001',
    });
    const signedIn = await smsLogin(mobile, received[0]!.code!, ip);
    expect(signedIn.code).toBe(200);
  });

  it('reports a failing gateway clearly and keeps no code', async () => {
    await setChannel('webhook', gatewayUrl);
    gatewayStatus = 500;
    const ip = freshIp();
    const sent = await sendCode('13900000004', ip);
    expect([sent.code, sent.msg]).toEqual([400, '短信发送失败：短信通道返回 HTTP 500']);
    expect(await storedCode('13900000004')).toBeNull();
    // Nothing was delivered, so the person may try again at once.
    gatewayStatus = 200;
    expect((await sendCode('13900000004', ip)).code).toBe(200);
  });

  it('reports an unreachable gateway', async () => {
    await setChannel('webhook', 'http://127.0.0.1:1/sms');
    const sent = await sendCode('13900000005', freshIp());
    expect([sent.code, sent.msg]).toEqual([400, '短信发送失败：无法连接短信通道']);
    await setChannel('');
  });

  it('refuses a gateway that is not public, in any spelling and through a redirect, like an unreachable one', async () => {
    const p = internal.port;
    hop.redirectTo(internal.base);
    for (const endpoint of [
      `http://127.0.0.1:${p}/sms`,
      `http://0x7f000001:${p}/sms`,
      `http://localhost:${p}/sms`,
      `http://[::ffff:127.0.0.1]:${p}/sms`,
      'http://169.254.169.254/sms',
      `${hop.base}/redirect/sms`,
    ]) {
      await setChannel('webhook', endpoint);
      const sent = await sendCode('13900000006', freshIp());
      expect([sent.code, sent.msg], endpoint).toEqual([400, '短信发送失败：无法连接短信通道']);
    }
    expect(internal.requests).toEqual([]);
    await setChannel('');
  });
});
