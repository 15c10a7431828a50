import type { CurrentUserResult, TicketStatusResult } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { logs, userSessions, users } from '../../db/schema/index.js';

let database: TestDatabase;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const newTicket = async (headers: Record<string, string> = {}) => {
  const answer = await server.request<string>('GET', '/api/oauth/getTicket', { headers });
  expect(answer.code).toBe(200);
  return answer;
};
const status = async (ticket: string) =>
  (await server.request<TicketStatusResult>('GET', `/api/oauth/getTicketStatus/${ticket}`)).data;
const sessionCount = async () => (await server.services.db.select({ n: count() }).from(userSessions))[0]!.n;

describe('scan-code sign-in', () => {
  it('describes the login page', async () => {
    const config = await server.request('GET', '/api/oauth/getLoginConfig');
    expect(config.data).toEqual({ redirect: false, url: '', ticketParams: 'jnpf_ticket', socialsList: [] });
  });

  it('hands out a ticket that waits three minutes', async () => {
    const answer = await newTicket();
    expect(answer.data).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(answer.msg).toBe('180000');
    const waiting = await status(answer.data);
    expect(waiting.status).toBe(2);
    expect(waiting.value).toBe('');
    expect(waiting.ticketTimeout).toBeGreaterThan(Date.now());
  });

  it('signs the waiting page in once a signed-in user confirms, with its own new session', async () => {
    const { data: ticket } = await newTicket({
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    });
    const before = await sessionCount();
    const confirmed = await server.request('POST', `/api/oauth/ConfirmTicket/${ticket}`, { token: admin });
    expect([confirmed.code, confirmed.msg]).toEqual([200, '已确认登录']);
    expect(await sessionCount()).toBe(before + 1);

    const signedIn = await status(ticket);
    expect(signedIn.status).toBe(1);
    expect(signedIn.value).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(signedIn.value).not.toBe(admin);
    expect(signedIn.theme).toBe('functional');
    const me = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', {
      token: signedIn.value,
    });
    expect(me.data.userInfo.userAccount).toBe('admin');
    // The new session is the waiting browser's, not the confirming device's.
    const [session] = await server.services.db
      .select()
      .from(userSessions)
      .orderBy(userSessions.createdTime)
      .offset(before)
      .limit(1);
    expect(session?.browser).toMatch(/^Firefox/);
    const scanLogs = await server.services.db
      .select()
      .from(logs)
      .where(eq(logs.abstracts, 'signed in by scan code'));
    expect(scanLogs).toHaveLength(1);

    // The token is handed out once: the ticket is gone after it was read.
    expect((await status(ticket)).status).toBe(5);
    // The confirming session is still alive.
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token: admin })).code).toBe(200);
  });

  it('fails the ticket when the user refuses', async () => {
    const { data: ticket } = await newTicket();
    const rejected = await server.request('POST', `/api/oauth/RejectTicket/${ticket}`, { token: admin });
    expect([rejected.code, rejected.msg]).toEqual([200, '已取消登录']);
    expect((await status(ticket)).status).toBe(3);
    const late = await server.request('POST', `/api/oauth/ConfirmTicket/${ticket}`, { token: admin });
    expect([late.code, late.msg]).toEqual([400, '二维码已失效，请刷新后重新扫码']);
    expect((await status(ticket)).status).toBe(3);
  });

  it('confirms a ticket only once', async () => {
    const { data: ticket } = await newTicket();
    const before = await sessionCount();
    const answers = await Promise.all([
      server.request('POST', `/api/oauth/ConfirmTicket/${ticket}`, { token: admin }),
      server.request('POST', `/api/oauth/ConfirmTicket/${ticket}`, { token: admin }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400]);
    expect(await sessionCount()).toBe(before + 1);
  });
});

describe('scan-code bad input changes nothing', () => {
  it('answers 5 for an unknown ticket and refuses to confirm it', async () => {
    const before = await sessionCount();
    expect((await status('x'.repeat(32))).status).toBe(5);
    const confirm = await server.request('POST', `/api/oauth/ConfirmTicket/${'x'.repeat(32)}`, {
      token: admin,
    });
    expect(confirm.code).toBe(400);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses malformed tickets with 400', async () => {
    const before = await sessionCount();
    for (const ticket of ['short', 'bad%20ticket%20with%20spaces', `${'a'.repeat(65)}`]) {
      const answer = await server.request('GET', `/api/oauth/getTicketStatus/${ticket}`);
      expect(answer.code).toBe(400);
      expect(answer.msg).toMatch(/^ticket：/);
      expect(
        (await server.request('POST', `/api/oauth/ConfirmTicket/${ticket}`, { token: admin })).code,
      ).toBe(400);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('limits how many tickets one address may ask for', async () => {
    // Every request here comes from 127.0.0.1; ask until refused (30 a minute).
    let refused = null;
    for (let i = 0; i < 70 && !refused; i++) {
      const answer = await server.request('GET', '/api/oauth/getTicket');
      if (answer.code !== 200) refused = answer;
    }
    expect([refused?.code, refused?.msg]).toEqual([400, '操作过于频繁，请稍后再试']);
    await server.services.kv.del('ticket:rate:127.0.0.1');
  });

  it('needs a signed-in user to confirm', async () => {
    const { data: ticket } = await newTicket();
    const before = await sessionCount();
    expect((await server.request('POST', `/api/oauth/ConfirmTicket/${ticket}`)).code).toBe(602);
    expect((await server.request('POST', `/api/oauth/RejectTicket/${ticket}`)).code).toBe(602);
    expect((await status(ticket)).status).toBe(2);
    expect(await sessionCount()).toBe(before);
  });
});

// Tickets, SMS codes and uploaded files live in the shared store and database: any instance serves them.
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'two instances on one PostgreSQL and Redis',
  () => {
    let shared: TestDatabase;
    let a: TestServer;
    let b: TestServer;
    const redisPrefix = `test:tickets:${Date.now()}:`;

    beforeAll(async () => {
      shared = await createTestDatabase();
      a = await startServer({ database: shared, redisPrefix, demo: true });
      b = await startServer({ database: shared, redisPrefix, demo: true });
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await shared?.drop();
    });

    it('waits on one instance, is confirmed through another, and signs in on a third request anywhere', async () => {
      const token = await b.adminToken();
      const { data: ticket } = await a.request<string>('GET', '/api/oauth/getTicket');
      expect((await b.request('POST', `/api/oauth/ConfirmTicket/${ticket}`, { token })).code).toBe(200);
      const signedIn = await a.request<TicketStatusResult>('GET', `/api/oauth/getTicketStatus/${ticket}`);
      expect(signedIn.data.status).toBe(1);
      expect((await b.request('GET', '/api/oauth/CurrentUser', { token: signedIn.data.value })).code).toBe(
        200,
      );
      expect(
        (await b.request<TicketStatusResult>('GET', `/api/oauth/getTicketStatus/${ticket}`)).data.status,
      ).toBe(5);
    });

    it('checks an SMS code sent through the other instance', async () => {
      const [staff] = await a.services.db.select().from(users).where(eq(users.isAdministrator, 0)).limit(1);
      const mobile = staff!.mobilePhone!;
      expect((await a.request('POST', '/api/oauth/SmsCode', { json: { mobile } })).code).toBe(200);
      const code = (await b.services.kv.get(`sms:code:${mobile}`))!;
      const signedIn = await b.request('POST', '/api/oauth/Login', {
        form: { account: mobile, code, origin: 'sms' },
      });
      expect(signedIn.code).toBe(200);
    });

    it('serves a file uploaded through the other instance', async () => {
      const token = await a.adminToken();
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      );
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)]), 'a.png');
      const uploaded = (await (
        await fetch(`${a.baseUrl}/api/file/Uploader/userAvatar`, {
          method: 'POST',
          headers: { authorization: token },
          body: form,
        })
      ).json()) as { data: { url: string } };
      const served = await fetch(`${b.baseUrl}${uploaded.data.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    });
  },
);
