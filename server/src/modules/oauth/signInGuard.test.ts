import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { userSessions } from '../../db/schema/index.js';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  // Behind a trusted proxy each test signs in from an address of its own.
  server = await startServer({ database, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const config = (account: string, ip: string) =>
  server.request<{ enableVerificationCode: number; verificationCodeNumber: number }>(
    'GET',
    `/api/oauth/getConfig/${encodeURIComponent(account)}`,
    { headers: from(ip) },
  );

/** Drives one account name through the protection; answers must not depend on whether it exists. */
async function walkToLock(account: string, ip: string) {
  const trace: string[] = [];
  const attempt = async (extra: Record<string, string> = {}) =>
    trace.push((await server.loginAnswer(account, 'wrong-1', extra, from(ip))).msg);
  trace.push(`config ${(await config(account, ip)).data.enableVerificationCode}`);
  for (let i = 0; i < 5; i++) await attempt();
  trace.push(`config ${(await config(account, ip)).data.enableVerificationCode}`);
  await attempt();
  await attempt({ code: 'zzzz', timestamp: '123' });
  for (let i = 0; i < 5; i++) await attempt(await server.imageCode());
  await attempt();
  return trace;
}

describe('brute-force protection', () => {
  it('requires the image code after 5 failures and locks after 5 more, the same for unknown accounts', async () => {
    const real = await walkToLock('admin', '10.0.0.1');
    const unknown = await walkToLock('ghost-account', '10.0.0.2');
    expect(real).toEqual(unknown);
    expect(real).toEqual([
      'config 0',
      ...Array(5).fill('账号或密码错误'),
      'config 1',
      '请输入验证码',
      '验证码错误或已过期',
      ...Array(4).fill('账号或密码错误'),
      '账号已被锁定，请10分钟后再试',
      '账号已被锁定，请10分钟后再试',
    ]);
  });

  it('keeps a locked account out even with the right password, until an administrator unlocks it', async () => {
    const sessionsBefore = (await server.services.db.select({ n: count() }).from(userSessions))[0]!.n;
    const locked = await server.loginAnswer(
      'admin',
      ADMIN_PASSWORD,
      await server.imageCode(),
      from('10.0.0.4'),
    );
    expect(locked.msg).toBe('账号已被锁定，请10分钟后再试');
    expect((await server.services.db.select({ n: count() }).from(userSessions))[0]!.n).toBe(sessionsBefore);
    await server.services.signInGuard.unlock('admin');
    expect((await server.loginAnswer('admin', ADMIN_PASSWORD, {}, from('10.0.0.4'))).code).toBe(200);
  });

  it('counts failures per address too', async () => {
    // Spread over many account names, the address alone reaches its limit (4 × 5).
    for (let i = 0; i < 19; i++) await server.loginAnswer(`spray-${i}`, 'wrong', {}, from('10.0.0.5'));
    expect((await config('fresh-name', '10.0.0.5')).data.enableVerificationCode).toBe(0);
    await server.loginAnswer('spray-last', 'wrong', {}, from('10.0.0.5'));
    expect((await config('fresh-name', '10.0.0.5')).data.enableVerificationCode).toBe(1);
    expect((await server.loginAnswer('fresh-name', 'wrong', {}, from('10.0.0.5'))).msg).toBe('请输入验证码');
    // Another address is not affected.
    expect((await config('fresh-name', '10.0.0.6')).data.enableVerificationCode).toBe(0);
  });
});

describe('image codes', () => {
  it('are single-use, case-insensitive and bound to their timestamp', async () => {
    const first = await server.imageCode();
    const second = await server.imageCode();
    const { captcha } = server.services;
    expect(await captcha.verify(first.timestamp, second.code === first.code ? 'nope' : second.code)).toBe(
      false,
    );
    expect(await captcha.verify(second.timestamp, second.code.toUpperCase())).toBe(true);
    expect(await captcha.verify(second.timestamp, second.code)).toBe(false);
  });

  it('serves an SVG image that does not contain the code as text', async () => {
    const timestamp = String(Date.now());
    const image = await server.request<string>('GET', `/api/oauth/ImageCode/4/${timestamp}`);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(image.headers.get('cache-control')).toBe('no-store');
    const code = (await server.services.kv.get(`captcha:${timestamp}`))!;
    expect(code).toHaveLength(4);
    expect(image.data).not.toContain(code);
    expect(image.data).not.toContain('<text');
  });

  it('refuses bad lengths and keys', async () => {
    expect((await server.request('GET', '/api/oauth/ImageCode/99/123')).code).toBe(400);
    expect((await server.request('GET', '/api/oauth/ImageCode/4/abc')).code).toBe(400);
  });
});
