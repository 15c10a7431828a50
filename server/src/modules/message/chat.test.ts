import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { addUsersWithSessions, LiveSocket, type TestUser } from './testing.js';

let database: TestDatabase;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  [alice, bob, carol] = (await addUsersWithSessions(server, 3, 'chat')) as [
    typeof alice,
    typeof bob,
    typeof carol,
  ];
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

async function uploadIm(token: string, content: Buffer, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  const response = await fetch(`${server.baseUrl}/api/file/Uploader/IM`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return (await response.json()) as { code: number; msg: string; data: { name: string; url: string } };
}

interface Reply {
  id: string;
  realName: string;
  account: string;
  unreadMessage: number;
  latestMessage: string;
  messageType: string;
  latestDate: number;
}
const replies = async (token: string) =>
  (await server.request<{ list: Reply[] }>('GET', '/api/message/imreply', { token })).data.list;

describe('internal chat', () => {
  it('delivers text and images, echoes to the sender, keeps history, unread counts and recent conversations', async () => {
    const a = await LiveSocket.open(server, alice.token);
    const b = await LiveSocket.open(server, bob.token);
    a.send({
      method: 'SendMessage',
      toUserId: bob.id,
      messageType: 'text',
      messageContent: '  你好  ',
      token: alice.token,
    });
    const received = await b.next('receiveMessage');
    expect(received).toMatchObject({
      formUserId: alice.id,
      formMessage: '你好',
      messageType: 'text',
      account: alice.account,
    });
    const echo = await a.next('sendMessage');
    expect(echo).toMatchObject({
      toUserId: bob.id,
      toMessage: '你好',
      toAccount: bob.account,
      messageType: 'text',
    });

    const image = await uploadIm(alice.token, PNG, 'photo.png');
    expect(image.code).toBe(200);
    a.send({
      method: 'SendMessage',
      toUserId: bob.id,
      messageType: 'image',
      messageContent: { name: image.data.name, width: 1, height: 1 },
      token: alice.token,
    });
    const picture = await b.next('receiveMessage', (f) => f.messageType === 'image');
    const content = JSON.parse(picture.formMessage as string);
    expect(content).toEqual({ path: `/api/file/Image/IM/${image.data.name}`, width: 1, height: 1 });
    const served = await fetch(`${server.baseUrl}${content.path}`);
    expect(served.headers.get('content-type')).toBe('image/png');

    const [conversation] = await replies(bob.token);
    expect(conversation).toMatchObject({
      id: alice.id,
      account: alice.account,
      unreadMessage: 2,
      messageType: 'image',
    });
    b.send({
      method: 'MessageList',
      toUserId: alice.id,
      formUserId: bob.id,
      currentPage: 1,
      pageSize: 30,
      sord: 'desc',
      keyword: '',
      token: bob.token,
    });
    const page = await b.next('messageList');
    expect((page.list as { contentType: string }[]).map((m) => m.contentType)).toEqual(['image', 'text']);
    expect(page.pagination).toEqual({ currentPage: 1, pageSize: 30, total: 2 });
    b.send({
      method: 'MessageList',
      toUserId: alice.id,
      currentPage: 1,
      pageSize: 50,
      sord: 'asc',
      keyword: '你',
      token: bob.token,
    });
    const searched = await b.next(
      'messageList',
      (f) => (f.pagination as { pageSize: number }).pageSize === 50,
    );
    expect(searched.list).toHaveLength(1);

    b.send({ method: 'UpdateReadMessage', formUserId: alice.id, token: bob.token });
    await expect.poll(async () => (await replies(bob.token))[0]?.unreadMessage).toBe(0);
    const reconnect = await LiveSocket.open(server, bob.token);
    expect((await reconnect.next('initMessage')).unreadNums).toEqual([]);
    await reconnect.close();

    // Bob clears his side: his history is empty, Alice keeps hers; removing the conversation hides it.
    expect(
      (
        await server.request('DELETE', `/api/message/imreply/deleteChatRecord/${alice.id}`, {
          token: bob.token,
        })
      ).code,
    ).toBe(200);
    b.send({
      method: 'MessageList',
      toUserId: alice.id,
      currentPage: 1,
      pageSize: 20,
      sord: 'desc',
      token: bob.token,
    });
    expect(
      (await b.next('messageList', (f) => (f.pagination as { pageSize: number }).pageSize === 20)).list,
    ).toEqual([]);
    a.send({
      method: 'MessageList',
      toUserId: bob.id,
      currentPage: 1,
      pageSize: 20,
      sord: 'desc',
      token: alice.token,
    });
    expect((await a.next('messageList')).list).toHaveLength(2);
    expect(
      (await server.request('DELETE', `/api/message/imreply/relocation/${alice.id}`, { token: bob.token }))
        .code,
    ).toBe(200);
    expect(await replies(bob.token)).toEqual([]);
    expect((await replies(alice.token)).map((r) => r.id)).toEqual([bob.id]);
    // Nothing left to remove, and no conversation with someone never written to.
    for (const path of [
      `/api/message/imreply/relocation/${alice.id}`,
      `/api/message/imreply/deleteChatRecord/${carol.id}`,
    ]) {
      const refused = await server.request('DELETE', path, { token: bob.token });
      expect(refused.code, path).toBe(400);
      expect(refused.msg).toBe('会话不存在');
    }
    expect((await replies(alice.token)).map((r) => r.id)).toEqual([bob.id]);
    await Promise.all([a.close(), b.close()]);
  });

  it('refuses empty text, oneself, unknown people, foreign or missing images and non-images', async () => {
    const a = await LiveSocket.open(server, alice.token);
    const refusals: [Record<string, unknown>, string][] = [
      [{ toUserId: bob.id, messageType: 'text', messageContent: '   ' }, '不能发送空消息'],
      [{ toUserId: alice.id, messageType: 'text', messageContent: '我' }, '不能给自己发消息'],
      [{ toUserId: 'nobody', messageType: 'text', messageContent: '在吗' }, '接收人不存在或已停用'],
      [{ toUserId: bob.id, messageType: 'voice', messageContent: 'x' }, 'messageType：只能发送文字或图片'],
      [{ toUserId: bob.id, messageType: 'text', messageContent: 'x'.repeat(2001) }, '消息最多为2000个字符'],
      [
        { toUserId: bob.id, messageType: 'image', messageContent: { name: '../../etc/passwd' } },
        '图片不存在，请重新上传',
      ],
    ];
    const bobsImage = await uploadIm(bob.token, PNG, 'b.png');
    refusals.push([
      { toUserId: carol.id, messageType: 'image', messageContent: { name: bobsImage.data.name } },
      '图片不存在，请重新上传',
    ]);
    for (const [frame, msg] of refusals) {
      a.send({ method: 'SendMessage', token: alice.token, ...frame });
      expect(await a.next('error', (f) => f.msg === msg)).toMatchObject({ request: 'SendMessage' });
    }
    a.send({ method: 'MessageList', token: alice.token, currentPage: 1 });
    expect((await a.next('error', (f) => f.request === 'MessageList')).msg).toBe('toUserId：请选择联系人');
    // A refusal names the field to correct.
    a.send({ method: 'MessageList', token: alice.token, toUserId: bob.id, pageSize: 'many' });
    expect(
      (await a.next('error', (f) => f.request === 'MessageList' && String(f.msg).startsWith('pageSize'))).msg,
    ).toMatch(/^pageSize：/);
    expect(await replies(carol.token)).toEqual([]);

    const text = await uploadIm(alice.token, Buffer.from('not an image'), 'x.png');
    expect(text.code).toBe(400);
    await a.close();
  });

  it('lists contacts with search and paging, and refuses anonymous callers and bad paging', async () => {
    const contacts = await server.request<{
      list: { id: string; account: string }[];
      pagination: { total: number };
    }>('GET', '/api/permission/Users/ImUser?currentPage=1&pageSize=20&keyword=chat', { token: alice.token });
    expect(contacts.data.list.map((c) => c.account).sort()).toEqual([bob.account, carol.account].sort());
    const byOrg = await server.request<{ list: unknown[]; pagination: { total: number } }>(
      'POST',
      '/api/permission/Users/ImUser/Selector/0',
      { token: alice.token, json: { keyword: carol.account, currentPage: 1, pageSize: 20 } },
    );
    expect(byOrg.data.pagination.total).toBe(1);
    expect(
      (await server.request('GET', '/api/permission/Users/ImUser?pageSize=0', { token: alice.token })).code,
    ).toBe(400);
    const badBody = await server.request('POST', '/api/permission/Users/ImUser/Selector/0', {
      token: alice.token,
      json: { pageSize: 0 },
    });
    expect(badBody.code).toBe(400);
    for (const [method, path] of [
      ['GET', '/api/permission/Users/ImUser'],
      ['GET', '/api/message/imreply'],
      ['GET', '/api/message/UnreadCount'],
      ['POST', '/api/permission/Users/ImUser/Selector/0'],
      ['DELETE', `/api/message/imreply/relocation/${bob.id}`],
      ['DELETE', `/api/message/imreply/deleteChatRecord/${bob.id}`],
    ] as const)
      expect((await server.request(method, path)).code, path).toBe(602);
  });
});

describe('logout push', () => {
  it('sends logout with the token and closes the socket when the session is forced offline or signed out', async () => {
    const [dave] = await addUsersWithSessions(server, 1, 'forced');
    const socket = await LiveSocket.open(server, dave!.token);
    await server.services.sessions.endAllForUser(server.services.db, dave!.id, 'forced');
    expect(await socket.next('logout')).toEqual({
      method: 'logout',
      token: dave!.token,
      msg: '您已被管理员强制下线，请重新登录',
    });
    expect(await socket.closed).toBe(4001);

    const [erin] = await addUsersWithSessions(server, 1, 'signout');
    const other = await LiveSocket.open(server, erin!.token);
    expect((await server.request('GET', '/api/oauth/Logout', { token: erin!.token })).code).toBe(200);
    expect((await other.next('logout')).token).toBe(erin!.token);
    expect(await other.closed).toBe(4001);
  });

  it('sends logout to the first sign-in when single login lets the same account sign in elsewhere', async () => {
    const { sysConfig, db } = server.services;
    await sysConfig.write(db, { singleLogin: 1 }, null);
    await sysConfig.invalidate();
    try {
      await server.addUser('single1', 'Single123');
      const first = await server.login('single1', 'Single123');
      const socket = await LiveSocket.open(server, first);
      await server.login('single1', 'Single123');
      expect(await socket.next('logout')).toEqual({
        method: 'logout',
        token: first,
        msg: '您的账号已在其他地方登录，请重新登录',
      });
      expect(await socket.closed).toBe(4001);
    } finally {
      await sysConfig.write(db, { singleLogin: 2 }, null);
      await sysConfig.invalidate();
    }
  });

  it('does not log out a socket when the ending transaction rolls back', async () => {
    const [frank] = await addUsersWithSessions(server, 1, 'rollback');
    const socket = await LiveSocket.open(server, frank!.token);
    await server.services.db
      .transaction(async (tx) => {
        await server.services.sessions.endAllForUser(tx, frank!.id, 'forced');
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(socket.count('logout')).toBe(0);
    await socket.close();
  });
});
