import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { messageReceipts, messages } from '../../db/schema/index.js';
import { addUsersWithSessions, LiveSocket, type TestUser } from './testing.js';

let database: TestDatabase;
let server: TestServer;
let admin: string;
let people: TestUser[];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  admin = await server.adminToken();
  people = await addUsersWithSessions(server, 3, 'notice');
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const noticeCount = async () => (await server.services.db.select({ n: count() }).from(messages))[0]!.n;
const receiptCount = async (messageId: string) =>
  (
    await server.services.db
      .select({ n: count() })
      .from(messageReceipts)
      .where(eq(messageReceipts.messageId, messageId))
  )[0]!.n;

async function createNotice(body: Record<string, unknown>) {
  const created = await server.request<{ id: string }>('POST', '/api/message', { token: admin, json: body });
  expect(created.code, created.msg).toBe(200);
  return created.data.id;
}

const HOSTILE = [
  '<p onclick="steal()">通知<b>正文</b> <a href="javascript:alert(1)">坏链接</a>',
  ' <a href="https://example.com/x" target="_blank">好链接</a></p>',
  '<script>alert(document.cookie)</script>',
  '<img src="x" onerror="alert(1)"><img src="/api/file/Image/annex/a.png" alt="图">',
  '<img src="javascript:alert(1)">',
  '<iframe src="https://evil.example"></iframe><object data="evil.swf"></object><embed src="e.swf">',
  '<div style="color: red; background-image: url(javascript:alert(1))">红字</div>',
  '<svg onload="alert(1)"></svg><form action="https://evil.example"><input name="p"></form>',
].join('');

function expectClean(html: string) {
  for (const bad of [
    '<script',
    'onclick',
    'onerror',
    'onload',
    'javascript:',
    '<iframe',
    '<object',
    '<embed',
    '<svg',
    '<form',
    'url(',
  ])
    expect(html.toLowerCase()).not.toContain(bad);
  expect(html).toContain('<b>正文</b>');
  expect(html).toContain('href="https://example.com/x"');
  expect(html).toContain('rel="noopener noreferrer"');
  expect(html).toContain('<img src="/api/file/Image/annex/a.png" alt="图" />');
  expect(html).toContain('style="color:red"');
}

describe('notices', () => {
  it('stores and answers a body without scripts, event handlers, javascript: links or frames', async () => {
    const id = await createNotice({ title: '恶意内容', bodyText: HOSTILE, toUserIds: [people[0]!.id] });
    const [row] = await server.services.db.select().from(messages).where(eq(messages.id, id));
    expectClean(row!.bodyText!);
    const info = await server.request<{ bodyText: string }>('GET', `/api/message/${id}`, { token: admin });
    expectClean(info.data.bodyText);

    expect((await server.request('PUT', `/api/message/${id}/Actions/Release`, { token: admin })).code).toBe(
      200,
    );
    const list = await server.request<{ list: { id: string; title: string }[] }>('GET', '/api/message', {
      token: people[0]!.token,
    });
    const receipt = list.data.list.find((m) => m.title === '恶意内容')!;
    const read = await server.request<{ bodyText: string }>('GET', `/api/message/ReadInfo/${receipt.id}`, {
      token: people[0]!.token,
    });
    expectClean(read.data.bodyText);
  });

  it('lists, edits and deletes drafts; refuses stale, released, unknown and bad input with nothing written', async () => {
    const id = await createNotice({
      title: '草稿',
      bodyText: '<p>内容</p>',
      excerpt: '摘要',
      files: [{ name: 'a.pdf', url: '/x' }],
    });
    const list = await server.request<{
      list: { id: string; enabledMark: number }[];
      pagination: { total: number };
    }>('POST', '/api/message/Notice', {
      token: admin,
      json: { currentPage: 1, pageSize: 20, keyword: '草稿', enabledMark: 0 },
    });
    expect(list.code).toBe(200);
    expect(list.data.list.map((n) => n.id)).toEqual([id]);

    const info = await server.request<{ version: number; files: string }>('GET', `/api/message/${id}`, {
      token: admin,
    });
    expect(JSON.parse(info.data.files)).toEqual([{ name: 'a.pdf', url: '/x' }]);
    const edit = (version: number, title = '草稿二') =>
      server.request('PUT', `/api/message/${id}`, {
        token: admin,
        json: { title, bodyText: '<p>新</p>', version },
      });
    expect((await edit(info.data.version)).code).toBe(200);
    const emptyTitle = await server.request('PUT', `/api/message/${id}`, {
      token: admin,
      json: { title: ' ', version: info.data.version },
    });
    expect(emptyTitle.code).toBe(400);
    expect(emptyTitle.msg).toContain('请输入标题');
    const stale = await edit(info.data.version, '过期写入');
    expect(stale.code).toBe(400);
    expect(
      (await server.request<{ title: string }>('GET', `/api/message/${id}`, { token: admin })).data.title,
    ).toBe('草稿二');

    const before = await noticeCount();
    for (const body of [
      {},
      { title: '' },
      { title: 'x'.repeat(101) },
      { title: '过期', expirationTime: Date.now() - 1000 },
      { title: '无此人', toUserIds: ['no-such-user'] },
      { title: '附件', files: 'not-a-list' },
      { title: '封面', coverImage: 'javascript:alert(1)' },
    ]) {
      const refused = await server.request('POST', '/api/message', { token: admin, json: body });
      expect(refused.code, JSON.stringify(body)).toBe(400);
      expect(refused.msg).toBeTruthy();
    }
    expect(await noticeCount()).toBe(before);
    expect(
      (await server.request('POST', '/api/message/Notice', { token: admin, json: { enabledMark: 7 } })).code,
    ).toBe(400);
    expect((await server.request('GET', '/api/message/no-such-id', { token: admin })).code).toBe(400);
    expect(
      (await server.request('PUT', '/api/message/no-such-id/Actions/Release', { token: admin })).code,
    ).toBe(400);
    expect((await server.request('DELETE', '/api/message/no-such-id', { token: admin })).code).toBe(400);

    expect((await server.request('PUT', `/api/message/${id}/Actions/Release`, { token: admin })).code).toBe(
      200,
    );
    const current = await server.request<{ version: number }>('GET', `/api/message/${id}`, { token: admin });
    const released = await edit(current.data.version, '发布后修改');
    expect(released.code).toBe(400);
    expect(released.msg).toBe('公告已发布，不能修改');

    expect((await server.request('DELETE', `/api/message/${id}`, { token: admin })).code).toBe(200);
    expect((await server.request('GET', `/api/message/${id}`, { token: admin })).code).toBe(400);
  });

  it('refuses attachment and cover addresses that would run script or leave the site unannounced, writing nothing', async () => {
    const before = await noticeCount();
    for (const url of [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x.pdf',
      '/\\evil.example/x.pdf',
    ]) {
      const refused = await server.request('POST', '/api/message', {
        token: admin,
        json: { title: '附件', files: [{ name: 'a.pdf', url }] },
      });
      expect([refused.code, refused.msg], url).toEqual([400, 'files.0.url：附件地址无效']);
    }
    const cover = await server.request('POST', '/api/message', {
      token: admin,
      json: { title: '封面', coverImage: '//evil.example/a.png' },
    });
    expect([cover.code, cover.msg]).toEqual([400, 'coverImage：封面图片地址无效']);
    expect(await noticeCount()).toBe(before);
    const id = await createNotice({
      title: '正常附件',
      files: [
        { name: 'a.pdf', url: '/api/file/Image/annex/0190a0a0-0000-7000-8000-000000000000.pdf' },
        { name: 'b.pdf', url: 'https://example.com/b.pdf' },
        { name: 'c.pdf', fileId: '0190a0a0-0000-7000-8000-000000000001.pdf' },
      ],
    });
    const info = await server.request<{ files: string; version: number }>('GET', `/api/message/${id}`, {
      token: admin,
    });
    expect(JSON.parse(info.data.files)).toHaveLength(3);
    // An edit cannot bring a script address back.
    const edit = await server.request('PUT', `/api/message/${id}`, {
      token: admin,
      json: {
        title: '正常附件',
        version: info.data.version,
        files: [{ name: 'x', url: 'javascript:alert(1)' }],
      },
    });
    expect([edit.code, edit.msg]).toEqual([400, 'files.0.url：附件地址无效']);
  });

  it('refuses notice administration to a user without the notice page, and anonymous callers', async () => {
    const plain = people[2]!.token;
    const before = await noticeCount();
    const refused = await server.request('POST', '/api/message', { token: plain, json: { title: '越权' } });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('您没有此操作的权限，请联系管理员');
    expect(await noticeCount()).toBe(before);
    expect((await server.request('POST', '/api/message/Notice', { token: plain, json: {} })).code).toBe(400);
    const id = await createNotice({ title: '他人草稿' });
    for (const [method, path] of [
      ['GET', `/api/message/${id}`],
      ['PUT', `/api/message/${id}/Actions/Release`],
      ['DELETE', `/api/message/${id}`],
    ] as const)
      expect((await server.request(method, path, { token: plain })).code, path).toBe(400);
    expect(await receiptCount(id)).toBe(0);
    expect((await server.request('GET', '/api/message')).code).toBe(602);
  });
});

describe('inbox', () => {
  it('delivers a release once (released twice), pushes it with the counts, reads, reads all and deletes', async () => {
    const [alice, bob] = people as [TestUser, TestUser];
    const socket = await LiveSocket.open(server, alice.token);
    const id = await createNotice({ title: '放假通知', excerpt: '五一', toUserIds: [alice.id, bob.id] });
    expect((await server.request('PUT', `/api/message/${id}/Actions/Release`, { token: admin })).code).toBe(
      200,
    );
    const push = await socket.next('messagePush', (f) => f.title === '放假通知');
    expect(push).toMatchObject({ messageType: 1, userId: alice.id, toUserId: alice.id });
    const unreadBefore = push.unreadNoticeCount as number;
    expect(push.unreadTotalCount).toBe(unreadBefore);

    // A second release reaches nobody again.
    const again = await server.request<{ receivers: number }>('PUT', `/api/message/${id}/Actions/Release`, {
      token: admin,
    });
    expect(again.data.receivers).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.count('messagePush', (f) => f.title === '放假通知')).toBe(1);
    expect(await receiptCount(id)).toBe(2);

    const list = await server.request<{
      list: { id: string; title: string; isRead: string; releaseUser: string; excerpt: string }[];
      pagination: { pageSize: number };
    }>('GET', '/api/message?currentPage=1&pageSize=20&type=1&isRead=0&keyword=放假', { token: alice.token });
    expect(list.code).toBe(200);
    expect(list.data.list).toHaveLength(1);
    const item = list.data.list[0]!;
    expect(item).toMatchObject({ title: '放假通知', isRead: '0', excerpt: '五一' });
    expect(item.releaseUser).toBe('管理员/admin');

    const counts = async (token: string) =>
      (
        await server.request<{ unreadNoticeCount: number; unreadTotalCount: number }>(
          'GET',
          '/api/message/UnreadCount',
          { token },
        )
      ).data;
    expect((await counts(alice.token)).unreadNoticeCount).toBe(unreadBefore);
    const detail = await server.request<Record<string, unknown>>('GET', `/api/message/ReadInfo/${item.id}`, {
      token: alice.token,
    });
    expect(detail.data).toMatchObject({
      title: '放假通知',
      excerpt: '五一',
      releaseUser: '管理员/admin',
      files: '[]',
    });
    expect((await counts(alice.token)).unreadNoticeCount).toBe(unreadBefore - 1);

    // Someone else's message is not found, and reading it changes nothing.
    expect((await server.request('GET', `/api/message/ReadInfo/${item.id}`, { token: bob.token })).code).toBe(
      400,
    );
    const bobUnread = (await counts(bob.token)).unreadNoticeCount;
    expect(bobUnread).toBeGreaterThan(0);
    expect(
      (await server.request('POST', '/api/message/Actions/ReadAll', { token: bob.token, json: { type: 3 } }))
        .code,
    ).toBe(200);
    expect((await counts(bob.token)).unreadNoticeCount).toBe(bobUnread);
    expect(
      (await server.request('POST', '/api/message/Actions/ReadAll', { token: bob.token, json: { type: 1 } }))
        .code,
    ).toBe(200);
    expect((await counts(bob.token)).unreadNoticeCount).toBe(0);

    // Alice cannot delete Bob's record; a bad list deletes nothing.
    const bobItem = (
      await server.request<{ list: { id: string }[] }>('GET', '/api/message?keyword=放假', {
        token: bob.token,
      })
    ).data.list[0]!;
    const mixed = await server.request('DELETE', '/api/message/Record', {
      token: alice.token,
      json: { ids: [item.id, bobItem.id] },
    });
    expect(mixed.code).toBe(400);
    expect(
      (await server.request('DELETE', '/api/message/Record', { token: alice.token, json: { ids: [] } })).code,
    ).toBe(400);
    expect(
      (await server.request<{ list: unknown[] }>('GET', '/api/message?keyword=放假', { token: alice.token }))
        .data.list,
    ).toHaveLength(1);
    expect(
      (await server.request('DELETE', '/api/message/Record', { token: alice.token, json: { ids: item.id } }))
        .code,
    ).toBe(200);
    expect(
      (await server.request<{ list: unknown[] }>('GET', '/api/message?keyword=放假', { token: alice.token }))
        .data.list,
    ).toHaveLength(0);
    await socket.close();
  });

  it('drops expired notices from lists and counts, and refuses bad filters', async () => {
    const carol = people[2]!;
    const id = await createNotice({
      title: '即将过期',
      toUserIds: [carol.id],
      expirationTime: Date.now() + 60_000,
    });
    await server.request('PUT', `/api/message/${id}/Actions/Release`, { token: admin });
    const listed = async () =>
      (
        await server.request<{ list: { title: string }[] }>('GET', '/api/message', { token: carol.token })
      ).data.list.map((m) => m.title);
    expect(await listed()).toContain('即将过期');
    await server.services.db
      .update(messages)
      .set({ expirationTime: Date.now() - 1 })
      .where(eq(messages.id, id));
    expect(await listed()).not.toContain('即将过期');
    const unread = await server.services.db
      .select({ n: count() })
      .from(messageReceipts)
      .where(and(eq(messageReceipts.userId, carol.id), eq(messageReceipts.messageId, id)));
    expect(unread[0]!.n).toBe(1);
    const counts = await server.request<{ unreadNoticeCount: number }>('GET', '/api/message/UnreadCount', {
      token: carol.token,
    });
    expect(counts.data.unreadNoticeCount).toBe(0);
    expect((await server.request('PUT', `/api/message/${id}/Actions/Release`, { token: admin })).msg).toBe(
      '公告已过期，不能发布',
    );

    for (const query of ['type=9', 'isRead=3', 'pageSize=0', 'currentPage=abc'])
      expect((await server.request('GET', `/api/message?${query}`, { token: carol.token })).code, query).toBe(
        400,
      );
    expect((await server.request('GET', '/api/message?type=&isRead=', { token: carol.token })).code).toBe(
      200,
    );
    // Inbox, notice and contact lists keep a fixed order: a sort field is refused, not ignored.
    for (const [method, path, json] of [
      ['GET', '/api/message?sidx=title', undefined],
      ['POST', '/api/message/Notice', { sidx: 'title' }],
      ['GET', '/api/permission/Users/ImUser?sidx=account', undefined],
      ['POST', '/api/permission/Users/ImUser/Selector/0', { sidx: 'account' }],
    ] as const) {
      const refused = await server.request(method, path, {
        token: method === 'POST' && path.includes('Notice') ? admin : carol.token,
        json,
      });
      expect([refused.code, refused.msg], path).toEqual([
        400,
        'sidx：该列表按固定顺序排列，不能指定排序字段',
      ]);
    }
    expect(
      (
        await server.request('POST', '/api/message/Actions/ReadAll', {
          token: carol.token,
          json: { type: 'x' },
        })
      ).code,
    ).toBe(400);
  });
});

// What the 3.4.7 client's system/notice page and message drawer send and read (issue #20, item 10).
describe('notices as the 3.4.7 client sends and reads them', () => {
  it('lists with array filters: type = notice categories, enabledMark 0 draft / 1 sent / 2 expired', async () => {
    const [alice, bob] = people as [TestUser, TestUser];
    const list = (json: Record<string, unknown>) =>
      server.request<{ list: Record<string, unknown>[]; pagination: { total: number } }>(
        'POST',
        '/api/message/Notice',
        { token: admin, json: { keyword: '', currentPage: 1, pageSize: 20, ...json } },
      );
    const first = await list({ enabledMark: [], type: [] });
    expect([first.code, first.msg]).toEqual([200, expect.any(String)]);

    // The form sends id 0, files as a JSON string, toUserIds comma-joined and its own extra fields.
    const created = await server.request<{ id: string }>('POST', '/api/message', {
      token: admin,
      json: {
        id: 0,
        toUserIds: `${alice.id},${bob.id}`,
        title: '客户端公告',
        files: JSON.stringify([{ fileId: 'f1.pdf', name: '附件.pdf', url: '/api/file/Download/f1.pdf' }]),
        bodyText: '<p>正文</p>',
        coverImage: '',
        remindCategory: 1,
        category: '2',
        sendConfigId: '',
        sendConfigName: '',
        expirationTime: null,
        excerpt: '',
      },
    });
    expect([created.code, created.msg]).toEqual([200, '新建成功']);
    const id = created.data.id;

    // The edit form does JSON.parse(files) and toUserIds.split(','), then sends it all back.
    const info = await server.request<Record<string, unknown>>('GET', `/api/message/${id}`, { token: admin });
    expect(typeof info.data.files).toBe('string');
    expect(JSON.parse(info.data.files as string)).toEqual([
      { fileId: 'f1.pdf', name: '附件.pdf', url: '/api/file/Download/f1.pdf' },
    ]);
    expect((info.data.toUserIds as string).split(',').sort()).toEqual([alice.id, bob.id].sort());
    const resent = await server.request('PUT', `/api/message/${id}`, {
      token: admin,
      json: { ...info.data, title: '客户端公告二', files: '[]', toUserIds: alice.id },
    });
    expect([resent.code, resent.msg]).toEqual([200, '更新成功']);
    const edited = await server.request<Record<string, unknown>>('GET', `/api/message/${id}`, {
      token: admin,
    });
    expect([edited.data.files, edited.data.toUserIds]).toEqual(['[]', alice.id]);

    // Everyone: toUserIds '' answers ''.
    const everyone = await createNotice({ title: '客户端全员', toUserIds: '', files: '', category: '1' });
    expect(
      (await server.request<Record<string, unknown>>('GET', `/api/message/${everyone}`, { token: admin }))
        .data.toUserIds,
    ).toBe('');

    const drafts = await list({ keyword: '客户端', enabledMark: ['0'], type: ['2'] });
    expect(drafts.code).toBe(200);
    expect(drafts.data.list.map((n) => n.title)).toEqual(['客户端公告二']);
    expect(drafts.data.list[0]).toMatchObject({ category: '2', enabledMark: 0, creatorUser: '管理员/admin' });
    for (const field of ['expirationTime', 'releaseUser', 'releaseTime'])
      expect(drafts.data.list[0]).toHaveProperty(field);

    await server.request('PUT', `/api/message/${id}/Actions/Release`, { token: admin });
    const sent = await list({ keyword: '客户端', enabledMark: ['1', '2'], type: [] });
    expect(sent.data.list.map((n) => [n.title, n.enabledMark])).toEqual([['客户端公告二', 1]]);
    await server.services.db
      .update(messages)
      .set({ expirationTime: Date.now() - 1 })
      .where(eq(messages.id, id));
    const expired = await list({ keyword: '客户端', enabledMark: ['2'], type: [] });
    expect(expired.data.list.map((n) => [n.title, n.enabledMark])).toEqual([['客户端公告二', 2]]);
    expect((await list({ keyword: '客户端', enabledMark: ['1'] })).data.list).toEqual([]);

    for (const bad of [{ enabledMark: ['5'] }, { enabledMark: 'x' }, { type: [{}] }])
      expect((await list(bad)).code, JSON.stringify(bad)).toBe(400);
    const before = await noticeCount();
    const badFiles = await server.request('POST', '/api/message', {
      token: admin,
      json: { title: '坏附件', files: '[{' },
    });
    expect([badFiles.code, badFiles.msg]).toEqual([400, expect.stringContaining('附件')]);
    expect(await noticeCount()).toBe(before);
  });

  it('answers a received message with files as the JSON text the message drawer parses', async () => {
    const carol = people[2]!;
    const id = await createNotice({
      title: '带附件',
      toUserIds: carol.id,
      files: JSON.stringify([{ fileId: 'g.pdf', name: 'g.pdf', url: '/api/file/Download/g.pdf' }]),
    });
    await server.request('PUT', `/api/message/${id}/Actions/Release`, { token: admin });
    const inbox = await server.request<{ list: { id: string; title: string }[] }>(
      'GET',
      '/api/message?currentPage=1&pageSize=20&keyword=带附件&type=&isRead=',
      { token: carol.token },
    );
    const receipt = inbox.data.list.find((m) => m.title === '带附件')!;
    const read = await server.request<{ files: string }>('GET', `/api/message/ReadInfo/${receipt.id}`, {
      token: carol.token,
    });
    expect(JSON.parse(read.data.files)).toEqual([
      { fileId: 'g.pdf', name: 'g.pdf', url: '/api/file/Download/g.pdf' },
    ]);
  });
});
