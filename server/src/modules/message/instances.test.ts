import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instances, startInstances, type TestServer } from '../../../test/harness.js';
import { messageReceipts } from '../../db/schema/index.js';
import { addUsersWithSessions, LiveSocket, type TestUser } from './testing.js';

// Two instances need a shared PostgreSQL (PGlite is one process) and Redis to reach each other's sockets.
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'messages across two instances',
  () => {
    let pair: Instances;
    let a: TestServer;
    let b: TestServer;
    let admin: string;

    beforeAll(async () => {
      pair = await startInstances(2);
      [a, b] = pair.servers as [TestServer, TestServer];
      admin = await a.adminToken();
    }, 60_000);
    afterAll(async () => {
      await pair?.close();
    });

    it('delivers a chat message sent through one instance to a user connected to the other, and presence', async () => {
      const [alice, bob] = (await addUsersWithSessions(a, 2, 'pair')) as [TestUser, TestUser];
      const onA = await LiveSocket.open(a, alice.token);
      const onB = await LiveSocket.open(b, bob.token);
      // Alice (on a) hears that Bob came online on b, and Bob's initMessage lists Alice.
      await onA.next('Online', (f) => f.userId === bob.id);
      expect((await onB.next('initMessage')).onlineUsers).toEqual(expect.arrayContaining([alice.id, bob.id]));

      onA.send({
        method: 'SendMessage',
        toUserId: bob.id,
        messageType: 'text',
        messageContent: '跨实例',
        token: alice.token,
      });
      expect(await onB.next('receiveMessage')).toMatchObject({ formUserId: alice.id, formMessage: '跨实例' });
      expect(await onA.next('sendMessage')).toMatchObject({ toUserId: bob.id, toMessage: '跨实例' });

      await onB.close();
      await onA.next('Offline', (f) => f.userId === bob.id);
      await onA.close();
    });

    it('closes the socket on the other instance with a logout frame when the session is forced offline', async () => {
      const [carol] = await addUsersWithSessions(a, 1, 'forced');
      const socket = await LiveSocket.open(b, carol!.token);
      const online = await a.request<{ id: string; userId: string }[]>(
        'GET',
        `/api/system/OnlineUser?keyword=${carol!.account}`,
        { token: admin },
      );
      const session = online.data.find((s) => s.userId === carol!.id);
      expect(session).toBeDefined();
      const forced = await a.request('DELETE', `/api/system/OnlineUser/${session!.id}`, { token: admin });
      expect(forced.code, forced.msg).toBe(200);
      expect(await socket.next('logout')).toEqual({
        method: 'logout',
        token: carol!.token,
        msg: '您已被管理员强制下线，请重新登录',
      });
      expect(await socket.closed).toBe(4001);
    });

    it('releases a notice to 1,000 users: each receives it exactly once, with the right unread counts', async () => {
      const people = await addUsersWithSessions(a, 1000, 'crowd');
      const sockets: LiveSocket[] = [];
      // Half connect to each instance, a few at a time.
      for (let i = 0; i < people.length; i += 50)
        sockets.push(
          ...(await Promise.all(
            people.slice(i, i + 50).map((p, j) => LiveSocket.open((i + j) % 2 === 0 ? a : b, p.token)),
          )),
        );
      const created = await a.request<{ id: string }>('POST', '/api/message', {
        token: admin,
        json: { title: '全员通知', bodyText: '<p>请注意</p>', toUserIds: people.map((p) => p.id) },
      });
      expect(created.code).toBe(200);
      const release = () =>
        b.request<{ receivers: number }>('PUT', `/api/message/${created.data.id}/Actions/Release`, {
          token: admin,
        });
      const [first, second] = await Promise.all([release(), release()]);
      expect(first.data.receivers + second.data.receivers).toBe(1000);

      const pushes = await Promise.all(
        sockets.map((s) => s.next('messagePush', (f) => f.title === '全员通知', 30_000)),
      );
      expect(pushes.every((p) => p.unreadNoticeCount === 1 && p.unreadTotalCount === 1)).toBe(true);
      expect(new Set(pushes.map((p) => p.toUserId)).size).toBe(1000);
      // A third release, then time for any duplicate push to arrive.
      expect((await release()).data.receivers).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(sockets.map((s) => s.count('messagePush')).filter((n) => n !== 1)).toEqual([]);
      const [receipts] = await a.services.db
        .select({ n: count() })
        .from(messageReceipts)
        .where(eq(messageReceipts.messageId, created.data.id));
      expect(receipts!.n).toBe(1000);

      const sample = people[7]!;
      const unread = await b.request<{ unreadNoticeCount: number; unreadTotalCount: number }>(
        'GET',
        '/api/message/UnreadCount',
        { token: sample.token },
      );
      expect(unread.data).toMatchObject({ unreadNoticeCount: 1, unreadTotalCount: 1 });
      const reconnect = await LiveSocket.open(a, sample.token);
      expect(await reconnect.next('initMessage')).toMatchObject({
        unreadNoticeCount: 1,
        unreadTotalCount: 1,
        messageDefaultText: '全员通知',
      });
      await reconnect.close();
      await Promise.all(sockets.map((s) => s.close()));
    }, 120_000);
  },
);
