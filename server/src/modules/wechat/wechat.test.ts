import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';
import { STALE_VERSION_MESSAGE } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import {
  organizes,
  synThirdInfo,
  userRelations,
  users,
  wechatAccounts,
  wechatAutoReplies,
  wechatInbox,
  wechatMessages,
} from '../../db/schema/index.js';
import { CryptoMessages } from './crypto.js';
import { InboxMessages } from './inbox.js';
import { MenuMessages } from './menu.js';
import { WeChatInputMessages } from './routes.js';
import { WeChatMessages } from './service.js';
import { startWeChatStandIn } from './standin.js';

const APP_ID = 'wx1234567890abcdef';
const APP_SECRET = 'mp-Secret-9f8e7d';
const CORP_ID = 'ww0011223344';
const CORP_SECRET = 'qy-Secret-a1b2c3';
const TOKEN = 'districtToken1';
const AES_KEY = 'a'.repeat(43);

const suite = suiteServer({ env: { OUTBOUND_ALLOW: '127.0.0.1', SECRETS_KEY: 'ef'.repeat(32) } });
let wx: Awaited<ReturnType<typeof startWeChatStandIn>>;

beforeAll(async () => {
  wx = await startWeChatStandIn({
    appId: APP_ID,
    secret: APP_SECRET,
    corpId: CORP_ID,
    corpSecret: CORP_SECRET,
    pageSize: 2,
    tags: [
      { id: 100, name: '街道干部' },
      { id: 101, name: '志愿者' },
    ],
    followers: [
      { openid: 'o-1', nickname: '王小明', tagid_list: [100] },
      { openid: 'o-2', nickname: '李华', tagid_list: [] },
      { openid: 'o-3', nickname: '张丽', tagid_list: [100, 101] },
    ],
    departments: [
      { id: 1, name: '区政府', parentid: 0, order: 1 },
      { id: 3, name: '办公室', parentid: 2, order: 1 },
      { id: 2, name: '民政局', parentid: 1, order: 2 },
    ],
    qyUsers: [
      { userid: 'zhangsan', name: '张三', department: [2] },
      { userid: 'lisi', name: '李四', department: [3] },
    ],
  });
});
afterAll(async () => {
  await wx?.close();
});

const send = <T = unknown>(method: string, path: string, json?: unknown, token?: string) =>
  suite.send<T>(method, path, json, token);
const db = () => suite.server.services.db;

async function configureMp() {
  const answer = await send('PUT', '/api/wechat/mp/config', {
    appId: APP_ID,
    appSecret: APP_SECRET,
    token: TOKEN,
    encodingAesKey: AES_KEY,
    encryptMode: 'plain',
    apiBase: wx.base,
  });
  expect(answer.msg).toBe('保存成功');
}
async function configureQy() {
  const answer = await send('PUT', '/api/wechat/qy/config', {
    corpId: CORP_ID,
    agentId: '1000002',
    secret: CORP_SECRET,
    apiBase: wx.base,
  });
  expect(answer.msg).toBe('保存成功');
}

describe('official account configuration', () => {
  it('refuses bad settings with a message and saves nothing', async () => {
    const good = { appId: APP_ID, appSecret: APP_SECRET, token: TOKEN, encodingAesKey: '', apiBase: wx.base };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, appId: '' }, WeChatInputMessages.appId],
      [{ ...good, appId: 'wx 1' }, WeChatInputMessages.appId],
      [{ ...good, token: 'a!' }, WeChatInputMessages.token],
      [{ ...good, encodingAesKey: 'short' }, WeChatInputMessages.aesKey],
      [{ ...good, apiBase: 'ftp://x' }, WeChatInputMessages.apiBase],
      [{ ...good, encryptMode: 'aes' }, WeChatInputMessages.encryptMode],
      [{ ...good, encryptMode: 'safe' }, WeChatMessages.aesKeyNeeded],
      [{ ...good, encryptMode: 'compat', token: '', encodingAesKey: AES_KEY }, WeChatMessages.tokenNeeded],
    ];
    for (const [body, message] of cases) {
      const answer = await send('PUT', '/api/wechat/mp/config', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect((await db().select({ n: count() }).from(wechatAccounts))[0]!.n).toBe(0);
  });

  it('seals the AppSecret, never answers it, keeps it when left empty, and tests the connection', async () => {
    await configureMp();
    const shown = await send<Record<string, unknown>>('GET', '/api/wechat/mp/config');
    expect(shown.data).toMatchObject({
      appId: APP_ID,
      hasSecret: true,
      hasToken: true,
      hasEncodingAesKey: true,
      encryptMode: 'plain',
      apiBase: wx.base,
    });
    expect(shown.data).not.toHaveProperty('token');
    expect(shown.data).not.toHaveProperty('encodingAesKey');
    expect(JSON.stringify(shown.data)).not.toContain(TOKEN);
    expect(JSON.stringify(shown.data)).not.toContain(AES_KEY);
    expect(shown.data.serverUrl).toMatch(/\/api\/wechat\/mp\/callback$/);
    expect(JSON.stringify(shown.data)).not.toContain(APP_SECRET);
    const [stored] = await db().select().from(wechatAccounts).where(eq(wechatAccounts.kind, 'mp'));
    expect(stored!.secret.startsWith('enc:v1:')).toBe(true);
    expect(stored!.secret).not.toContain(APP_SECRET);
    // The server token and EncodingAESKey are sealed too (#22).
    for (const value of [stored!.token, stored!.encodingAesKey])
      expect(value.startsWith('enc:v1:')).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    expect(JSON.stringify(stored)).not.toContain(AES_KEY);

    // Saved again without a secret: the stored one stays and still connects.
    expect(
      (await send('PUT', '/api/wechat/mp/config', { appId: APP_ID, token: TOKEN, apiBase: wx.base })).code,
    ).toBe(200);
    expect((await send('POST', '/api/wechat/mp/config/test')).msg).toBe('连接成功，已取得access_token');

    await send('PUT', '/api/wechat/mp/config', {
      appId: APP_ID,
      appSecret: 'wrong',
      token: TOKEN,
      apiBase: wx.base,
    });
    const refused = await send('POST', '/api/wechat/mp/config/test');
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('获取access_token失败：invalid appsecret（errcode 40125）');
    await configureMp();
  });

  it('answers WeChat’s server verification only when the signature is right', async () => {
    await configureMp();
    const timestamp = '1700000000';
    const nonce = '12345';
    const signature = createHash('sha1').update([TOKEN, timestamp, nonce].sort().join('')).digest('hex');
    const url = (sig: string) =>
      `${suite.server.baseUrl}/api/wechat/mp/callback?signature=${sig}&timestamp=${timestamp}&nonce=${nonce}&echostr=echo-42`;
    const ok = await fetch(url(signature));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('echo-42');
    const bad = await fetch(url('0'.repeat(40)));
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain('echo-42');
    // Saved again with the token and key left empty: both are kept, and the check still passes.
    const kept = await send('PUT', '/api/wechat/mp/config', {
      appId: APP_ID,
      token: '',
      encodingAesKey: '',
      apiBase: wx.base,
    });
    expect(kept.code, kept.msg).toBe(200);
    expect(await (await fetch(url(signature))).text()).toBe('echo-42');
    expect((await send('GET', '/api/wechat/mp/config')).data).toMatchObject({
      hasToken: true,
      hasEncodingAesKey: true,
    });
  });
});

describe('access token', () => {
  it('is cached, refreshed once when WeChat expires it, one refresh for many callers', async () => {
    await configureMp();
    await send('PUT', '/api/wechat/mp/menu', { button: [{ type: 'click', name: '今日', key: 'TODAY' }] });
    await send('POST', '/api/wechat/mp/menu/publish');
    const before = wx.state.tokenCalls;
    for (let i = 0; i < 3; i++) expect((await send('GET', '/api/wechat/mp/menu/remote')).code).toBe(200);
    expect(wx.state.tokenCalls).toBe(before);

    wx.expire();
    wx.state.tokenDelayMs = 150;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('GET', '/api/wechat/mp/menu/remote')),
    );
    wx.state.tokenDelayMs = 0;
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200]);
    expect(wx.state.tokenCalls).toBe(before + 1);
  });
});

describe('menu', () => {
  const twoLevel = {
    button: [
      { type: 'click', name: '办事指南', key: 'GUIDE' },
      {
        name: '政务服务',
        sub_button: [
          { type: 'view', name: '预约办理', url: 'https://gov.example/book' },
          {
            type: 'miniprogram',
            name: '随手拍',
            url: 'https://gov.example/shot',
            appid: 'wxmini01',
            pagepath: 'pages/index',
          },
        ],
      },
    ],
  };

  it('refuses menus WeChat would refuse, with a message, keeping the saved draft', async () => {
    await configureMp();
    await send('PUT', '/api/wechat/mp/menu', twoLevel);
    const item = { type: 'click', name: '项', key: 'K' };
    const cases: [unknown, string][] = [
      [{ button: [] }, MenuMessages.empty],
      [{ button: [item, item, item, item] }, MenuMessages.tooManyTop],
      [{ button: [{ name: '多', sub_button: Array(6).fill(item) }] }, MenuMessages.tooManySub('多')],
      [{ button: [{ name: '无类型' }] }, MenuMessages.badType('无类型')],
      [{ button: [{ type: 'click', name: '点' }] }, MenuMessages.noKey('点')],
      [{ button: [{ type: 'view', name: '链', url: 'javascript:alert(1)' }] }, MenuMessages.badUrl('链')],
      [{ button: [{ type: 'miniprogram', name: '小', url: 'https://a.example' }] }, MenuMessages.noApp('小')],
      [{ button: [{ type: 'click', name: '一二三四五六', key: 'K' }] }, '过长'],
      [{ button: [{ type: 'click', name: '', key: 'K' }] }, MenuMessages.noName],
      [{ menu: 1 }, MenuMessages.notMenu],
    ];
    for (const [body, message] of cases) {
      const answer = await send('PUT', '/api/wechat/mp/menu', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const draft = await send<{ menu: unknown }>('GET', '/api/wechat/mp/menu');
    expect(draft.data.menu).toEqual(twoLevel);
  });

  it('publishes a two-level menu with menu/create and reads it back with menu/get', async () => {
    await configureMp();
    expect((await send('PUT', '/api/wechat/mp/menu', twoLevel)).code).toBe(200);
    expect((await send('POST', '/api/wechat/mp/menu/publish')).msg).toBe('菜单已发布');
    expect(wx.state.menu).toEqual(twoLevel);
    const back = await send<{ button: unknown }>('GET', '/api/wechat/mp/menu/remote');
    expect(back.data).toEqual(twoLevel);
  });
});

describe('followers, tags and mass messages', () => {
  it('syncs followers over pages, lists, searches, filters by tag, sets remarks and tags', async () => {
    await configureMp();
    const synced = await send<{ count: number }>('POST', '/api/wechat/mp/followers/sync');
    expect(synced.data.count).toBe(3);
    type Page = {
      list: { openId: string; nickname: string; remark: string; tagIds: number[] }[];
      pagination: { total: number };
    };
    const all = await send<Page>('GET', '/api/wechat/mp/followers?currentPage=1&pageSize=20');
    expect(all.data.pagination.total).toBe(3);
    expect(
      (await send<Page>('GET', '/api/wechat/mp/followers?keyword=李')).data.list.map((f) => f.openId),
    ).toEqual(['o-2']);
    const tagged = await send<Page>('GET', '/api/wechat/mp/followers?tagId=100');
    expect(tagged.data.list.map((f) => f.openId).sort()).toEqual(['o-1', 'o-3']);
    const tags = await send<{ list: { id: number; name: string; count: number }[] }>(
      'GET',
      '/api/wechat/mp/tags',
    );
    expect(tags.data.list).toEqual([
      { id: 100, name: '街道干部', count: 2 },
      { id: 101, name: '志愿者', count: 1 },
    ]);

    expect((await send('PUT', '/api/wechat/mp/followers/o-2/remark', { remark: '社区网格员' })).code).toBe(
      200,
    );
    expect(wx.state.followers.find((f) => f.openid === 'o-2')!.remark).toBe('社区网格员');
    expect((await send<Page>('GET', '/api/wechat/mp/followers?keyword=网格')).data.list[0]!.openId).toBe(
      'o-2',
    );
    const long = await send('PUT', '/api/wechat/mp/followers/o-2/remark', { remark: 'x'.repeat(31) });
    expect(long.msg).toContain(WeChatInputMessages.remark);
    expect((await send('PUT', '/api/wechat/mp/followers/nobody/remark', { remark: 'a' })).code).toBe(400);

    expect(
      (await send('POST', '/api/wechat/mp/followers/tagging', { tagId: 101, openIds: ['o-2'] })).code,
    ).toBe(200);
    expect(wx.state.followers.find((f) => f.openid === 'o-2')!.tagid_list).toEqual([101]);
    expect((await send<Page>('GET', '/api/wechat/mp/followers?tagId=101')).data.pagination.total).toBe(2);
  });

  it('sends a mass message to a tag, records it and asks its status; bad input saves nothing', async () => {
    await configureMp();
    await send('POST', '/api/wechat/mp/followers/sync');
    const rows = async () => (await db().select({ n: count() }).from(wechatMessages))[0]!.n;
    const before = await rows();
    const cases: [unknown, string][] = [
      [{ toAll: false, msgType: 'text', content: '通知' }, WeChatInputMessages.target],
      [{ toAll: true, msgType: 'text', content: '' }, WeChatInputMessages.content],
      [{ toAll: true, msgType: 'image' }, WeChatInputMessages.mediaId],
      [{ toAll: true, msgType: 'fax', content: 'x' }, WeChatInputMessages.msgType],
      [{ toAll: false, tagId: 999, msgType: 'text', content: '通知' }, '标签不存在'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/wechat/mp/mass', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rows()).toBe(before);

    const sent = await send<{ id: string; msgId: string }>('POST', '/api/wechat/mp/mass', {
      toAll: false,
      tagId: 100,
      msgType: 'text',
      content: '本周六开展社区义诊',
    });
    expect(sent.msg).toBe('群发已提交');
    expect(wx.state.mass.at(-1)).toMatchObject({
      filter: { is_to_all: false, tag_id: 100 },
      msgtype: 'text',
      text: { content: '本周六开展社区义诊' },
    });
    type History = { list: { id: string; status: string; msgId: string }[] };
    const history = await send<History>('GET', '/api/wechat/mp/mass');
    expect(history.data.list[0]).toMatchObject({ id: sent.data.id, status: 'sent', msgId: sent.data.msgId });
    const status = await send<{ status: string }>('POST', `/api/wechat/mp/mass/${sent.data.id}/status`);
    expect(status.data.status).toBe('SEND_SUCCESS');
  });
});

describe('material', () => {
  it('uploads (multipart to add_material), lists and deletes', async () => {
    await configureMp();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])]), 'banner.png');
    const uploaded = (await fetch(`${suite.server.baseUrl}/api/wechat/mp/material?type=image`, {
      method: 'POST',
      headers: { authorization: suite.admin },
      body: form,
    }).then((r) => r.json())) as { code: number; data: { mediaId: string } };
    expect(uploaded.code).toBe(200);
    expect(wx.state.material.at(-1)).toMatchObject({ name: 'banner.png', type: 'image', size: 7 });
    type List = { totalCount: number; list: { media_id: string; name: string }[] };
    const listed = await send<List>('GET', '/api/wechat/mp/material?type=image');
    expect(listed.data.list.map((m) => m.name)).toContain('banner.png');
    expect((await send('GET', '/api/wechat/mp/material?type=gif')).msg).toContain(
      WeChatInputMessages.materialType,
    );
    expect((await send('DELETE', `/api/wechat/mp/material/${uploaded.data.mediaId}`)).msg).toBe('删除成功');
    expect((await send<List>('GET', '/api/wechat/mp/material?type=image')).data.totalCount).toBe(0);
    const gone = await send('DELETE', `/api/wechat/mp/material/${uploaded.data.mediaId}`);
    expect(gone.msg).toBe('删除素材失败：invalid media_id（errcode 40007）');
  });
});

describe('enterprise WeChat', () => {
  it('refuses bad settings and never answers the Secret', async () => {
    const bad = await send('PUT', '/api/wechat/qy/config', { corpId: CORP_ID, agentId: 'abc', secret: 'x' });
    expect(bad.msg).toContain(WeChatInputMessages.agentId);
    expect((await send('GET', '/api/wechat/qy/config')).data).toMatchObject({ hasSecret: false, corpId: '' });
    await configureQy();
    const shown = await send<Record<string, unknown>>('GET', '/api/wechat/qy/config');
    expect(shown.data).toMatchObject({ corpId: CORP_ID, agentId: '1000002', hasSecret: true });
    expect(JSON.stringify(shown.data)).not.toContain(CORP_SECRET);
    expect((await send('POST', '/api/wechat/qy/config/test')).code).toBe(200);
  });

  it('previews the departments against the organisations, syncs them, and previews nothing left', async () => {
    await configureQy();
    type Preview = {
      changes: { wxId: number; name: string; action: string; parentName: string }[];
      unchanged: number;
    };
    const preview = await send<Preview>('GET', '/api/wechat/qy/departments/preview');
    expect(preview.data.changes.map((c) => [c.action, c.name, c.parentName])).toEqual([
      ['create', '区政府', ''],
      ['create', '民政局', '区政府'],
      ['create', '办公室', '民政局'],
    ]);
    const orgCount = async () => (await db().select({ n: count() }).from(organizes))[0]!.n;
    const before = await orgCount();
    const synced = await send<{ created: number }>('POST', '/api/wechat/qy/departments/sync');
    expect(synced.msg).toBe('部门同步完成：新建3个，更新0个');
    expect(await orgCount()).toBe(before + 3);
    const [office] = await db().select().from(organizes).where(eq(organizes.fullName, '办公室'));
    const [bureau] = await db().select().from(organizes).where(eq(organizes.fullName, '民政局'));
    expect(office!.parentId).toBe(bureau!.id);
    expect(office!.organizeIdTree.split(',')).toHaveLength(3);

    wx.state.departments.find((d) => d.id === 3)!.name = '综合办公室';
    const again = await send<Preview>('GET', '/api/wechat/qy/departments/preview');
    expect(again.data.unchanged).toBe(2);
    expect(again.data.changes.map((c) => [c.action, c.name])).toEqual([['rename', '综合办公室']]);
    expect((await send('POST', '/api/wechat/qy/departments/sync')).msg).toBe(
      '部门同步完成：新建0个，更新1个',
    );
    expect((await send<Preview>('GET', '/api/wechat/qy/departments/preview')).data.changes).toEqual([]);

    type UserPreview = { changes: { userid: string; action: string; departmentName: string }[] };
    const people = await send<UserPreview>('GET', '/api/wechat/qy/users/preview');
    expect(people.data.changes.map((c) => [c.userid, c.action, c.departmentName])).toEqual([
      ['zhangsan', 'create', '民政局'],
      ['lisi', 'create', '综合办公室'],
    ]);
    expect((await send('POST', '/api/wechat/qy/users/sync')).msg).toBe('用户同步完成：新建2个，更新0个');
    const [lisi] = await db().select().from(users).where(eq(users.account, 'lisi'));
    expect(lisi!.organizeId).toBe(office!.id);
    expect(lisi!.mustChangePassword).toBe(1);

    // The synced members belong to their organisations: the user list by organisation shows them.
    type Page = { list: { account: string }[] };
    const inOffice = await send<Page>('GET', `/api/permission/Users?organizeId=${office!.id}&pageSize=50`);
    expect(inOffice.data.list.map((u) => u.account)).toEqual(['lisi']);
    const inBureau = await send<Page>('GET', `/api/permission/Users?organizeId=${bureau!.id}&pageSize=50`);
    expect(inBureau.data.list.map((u) => u.account).sort()).toEqual(['lisi', 'zhangsan']);
    const rows = await db()
      .select()
      .from(userRelations)
      .where(and(eq(userRelations.userId, lisi!.id), eq(userRelations.objectType, 'Organize')));
    expect(rows.map((r) => r.objectId)).toEqual([office!.id]);
  });

  it('pushes the console’s organisations and users to enterprise WeChat after a preview', async () => {
    await configureQy();
    type Push = {
      changes: { id: string; name: string; action: string; parentName: string; from?: string }[];
      unchanged: number;
      onlyInWeChat: { id: string; name: string }[];
    };
    // A new unit under the synced 民政局 and a user in it; 综合办公室 renamed in the console.
    const [bureau] = await db().select().from(organizes).where(eq(organizes.fullName, '民政局'));
    const [office] = await db().select().from(organizes).where(eq(organizes.fullName, '综合办公室'));
    const unitId = newId();
    await db()
      .insert(organizes)
      .values({
        id: unitId,
        parentId: bureau!.id,
        category: 'department',
        fullName: '社会救助科',
        enCode: `push${unitId.slice(-6)}`,
        organizeIdTree: `${bureau!.organizeIdTree},${unitId}`,
        enabledMark: 1,
      });
    await db().update(organizes).set({ fullName: '党政办公室' }).where(eq(organizes.id, office!.id));
    const orgs = (await db().select().from(organizes).where(eq(organizes.deleteMark, 0))).length;

    const departmentsBefore = wx.state.departments.length;
    const preview = await send<Push>('GET', '/api/wechat/qy/departments/push/preview');
    expect(preview.code).toBe(200);
    expect(wx.state.departments).toHaveLength(departmentsBefore); // a preview changes nothing there
    const rescue = preview.data.changes.find((c) => c.name === '社会救助科');
    expect(rescue).toMatchObject({ action: 'create', parentName: '民政局' });
    expect(preview.data.changes.find((c) => c.id === office!.id)).toMatchObject({
      action: 'update',
      from: '综合办公室',
      name: '党政办公室',
    });
    expect(preview.data.unchanged).toBe(2);
    expect(preview.data.changes).toHaveLength(orgs - 2);

    const pushed = await send<{ created: number; updated: number }>(
      'POST',
      '/api/wechat/qy/departments/push',
    );
    expect(pushed.msg).toBe(`已推送到企业微信：新建部门${orgs - 3}个，更新1个`);
    const made = wx.state.departments.find((d) => d.name === '社会救助科');
    expect(made?.parentid).toBe(2);
    expect(wx.state.departments.find((d) => d.id === 3)?.name).toBe('党政办公室');
    const again = await send<Push>('GET', '/api/wechat/qy/departments/push/preview');
    expect(again.data.changes).toEqual([]);
    expect(again.data.unchanged).toBe(orgs);
    // Pulling back finds nothing to change either: the pushed departments are mapped.
    expect(
      (await send<{ changes: unknown[] }>('GET', '/api/wechat/qy/departments/preview')).data.changes,
    ).toEqual([]);

    await suite.server.addUser('wangwu', 'Wangwu12345');
    const [wangwu] = await db().select().from(users).where(eq(users.account, 'wangwu'));
    await db().update(users).set({ realName: '王五', organizeId: unitId }).where(eq(users.id, wangwu!.id));
    await db().update(users).set({ realName: '李四（民政）' }).where(eq(users.account, 'lisi'));
    const people = await send<Push>('GET', '/api/wechat/qy/users/push/preview');
    expect(people.data.changes.find((c) => c.name === '王五')).toMatchObject({
      action: 'create',
      parentName: '社会救助科',
    });
    expect(people.data.changes.find((c) => c.name === '李四（民政）')).toMatchObject({
      action: 'update',
      from: '李四',
    });
    const membersBefore = wx.state.qyUsers.length;
    const creates = people.data.changes.filter((c) => c.action === 'create').length;
    const done = await send('POST', '/api/wechat/qy/users/push');
    expect(done.msg).toBe(`已推送到企业微信：新建成员${creates}个，更新1个`);
    expect(wx.state.qyUsers).toHaveLength(membersBefore + creates);
    expect(wx.state.qyUsers.find((u) => u.userid === 'wangwu')).toMatchObject({
      name: '王五',
      department: [made!.id],
    });
    expect(wx.state.qyUsers.find((u) => u.userid === 'lisi')?.name).toBe('李四（民政）');
    expect((await send<Push>('GET', '/api/wechat/qy/users/push/preview')).data.changes).toEqual([]);
  });

  it('refuses a push when enterprise WeChat refuses, saying why, and records nothing for it', async () => {
    await configureQy();
    const unitId = newId();
    await db()
      .insert(organizes)
      .values({
        id: unitId,
        parentId: '-1',
        category: 'company',
        fullName: '区政府',
        enCode: `dup${unitId.slice(-6)}`,
        organizeIdTree: unitId,
        enabledMark: 1,
      });
    // 区政府 exists under the top department already: WeChat answers 60008.
    wx.state.departments.push({ id: 99, name: '区政府', parentid: 1 });
    const refused = await send('POST', '/api/wechat/qy/departments/push');
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('60008');
    const mapped = await db().select().from(synThirdInfo).where(eq(synThirdInfo.sysObjId, unitId));
    expect(mapped).toEqual([]);
    await db().delete(organizes).where(eq(organizes.id, unitId));
    wx.state.departments.pop();
  });

  it('sends text, card and markdown messages with their history; bad input saves nothing', async () => {
    await configureQy();
    const rows = async () => (await db().select({ n: count() }).from(wechatMessages)).at(0)!.n;
    const before = await rows();
    const cases: [unknown, string][] = [
      [{ msgType: 'text', content: '会议通知' }, WeChatInputMessages.recipients],
      [{ toUser: ['zhangsan'], msgType: 'text', content: '' }, WeChatInputMessages.content],
      [
        { toUser: ['zhangsan'], msgType: 'textcard', content: '详见', url: 'https://a.example' },
        WeChatInputMessages.cardTitle,
      ],
      [
        { toUser: ['zhangsan'], msgType: 'textcard', content: '详见', title: '通知', url: 'x' },
        WeChatInputMessages.cardUrl,
      ],
      [{ toUser: ['zhangsan'], msgType: 'voice', content: 'x' }, WeChatInputMessages.msgType],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/wechat/qy/messages', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rows()).toBe(before);

    expect(
      (
        await send('POST', '/api/wechat/qy/messages', {
          toUser: ['zhangsan', 'ghost'],
          msgType: 'text',
          content: '下午三点开会',
        })
      ).code,
    ).toBe(200);
    expect(wx.state.sent.at(-1)).toMatchObject({
      touser: 'zhangsan|ghost',
      msgtype: 'text',
      agentid: 1000002,
      text: { content: '下午三点开会' },
    });
    await send('POST', '/api/wechat/qy/messages', {
      toParty: ['2'],
      msgType: 'textcard',
      title: '防汛通知',
      content: '请各单位值守',
      url: 'https://gov.example/flood',
    });
    expect(wx.state.sent.at(-1)).toMatchObject({
      toparty: '2',
      textcard: { title: '防汛通知', url: 'https://gov.example/flood' },
    });
    await send('POST', '/api/wechat/qy/messages', {
      toTag: ['1'],
      msgType: 'markdown',
      content: '**周报**已发布',
    });
    type History = { list: { msgType: string; status: string; errmsg: string | null }[] };
    const history = await send<History>('GET', '/api/wechat/qy/messages');
    expect(history.data.list.map((m) => [m.msgType, m.status])).toEqual([
      ['markdown', 'sent'],
      ['textcard', 'sent'],
      ['text', 'partial'],
    ]);
    expect(history.data.list[2]!.errmsg).toBe('invaliduser: ghost');
  });
});

// ---- received messages, automatic replies and safe mode ----

const GH = 'gh_district01';
const sha1 = (parts: string[]) =>
  createHash('sha1')
    .update([...parts].sort().join(''))
    .digest('hex');
let msgCounter = 7_000_000_000 + Math.floor(Math.random() * 1_000_000);
const now = () => Math.floor(Date.now() / 1000);
const textXml = (from: string, content: string, msgId = ++msgCounter) =>
  `<xml><ToUserName><![CDATA[${GH}]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName>` +
  `<CreateTime>${now()}</CreateTime><MsgType><![CDATA[text]]></MsgType>` +
  `<Content><![CDATA[${content}]]></Content><MsgId>${msgId}</MsgId></xml>`;
const eventXml = (from: string, event: string, key = '', time = now()) =>
  `<xml><ToUserName><![CDATA[${GH}]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName>` +
  `<CreateTime>${time}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event>` +
  `<EventKey><![CDATA[${key}]]></EventKey></xml>`;
const imageXml = (from: string) =>
  `<xml><ToUserName><![CDATA[${GH}]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName>` +
  `<CreateTime>${now()}</CreateTime><MsgType><![CDATA[image]]></MsgType>` +
  `<PicUrl><![CDATA[http://mmbiz.example/pic1]]></PicUrl><MediaId><![CDATA[media-pic1]]></MediaId>` +
  `<MsgId>${++msgCounter}</MsgId></xml>`;

/** WeChat's side of safe mode, written here from its documentation (not with the server's code). */
function wxEncrypt(xml: string, aesKey: string, appId: string): string {
  const key = Buffer.from(`${aesKey}=`, 'base64');
  const body = Buffer.from(xml, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const plain = Buffer.concat([randomBytes(16), length, body, Buffer.from(appId)]);
  const pad = 32 - (plain.length % 32);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])),
    cipher.final(),
  ]).toString('base64');
}
function wxDecrypt(encrypted: string, aesKey: string): { xml: string; appId: string; pad: number } {
  const key = Buffer.from(`${aesKey}=`, 'base64');
  const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
  decipher.setAutoPadding(false);
  const data = Buffer.from(encrypted, 'base64');
  expect(data.length % 32).toBe(0);
  const plain = Buffer.concat([decipher.update(data), decipher.final()]);
  const pad = plain.at(-1)!;
  const body = plain.subarray(0, plain.length - pad);
  const length = body.readUInt32BE(16);
  return {
    xml: body.subarray(20, 20 + length).toString('utf8'),
    appId: body.subarray(20 + length).toString('utf8'),
    pad,
  };
}
const field = (xml: string, name: string) =>
  new RegExp(`<${name}>(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))</${name}>`)
    .exec(xml)
    ?.slice(1)
    .join('') ?? '';

/** POSTs a message to the server URL as WeChat does (signed; encrypted when `aes` is given). */
async function deliver(
  xml: string,
  options: { signature?: string; aes?: { key: string; appId?: string; msgSignature?: string } } = {},
) {
  const timestamp = String(now());
  const nonce = randomBytes(4).toString('hex');
  const query = new URLSearchParams({
    signature: options.signature ?? sha1([TOKEN, timestamp, nonce]),
    timestamp,
    nonce,
  });
  let body = xml;
  if (options.aes) {
    const encrypted = wxEncrypt(xml, options.aes.key, options.aes.appId ?? APP_ID);
    query.set('encrypt_type', 'aes');
    query.set('msg_signature', options.aes.msgSignature ?? sha1([TOKEN, timestamp, nonce, encrypted]));
    body = `<xml><ToUserName><![CDATA[${GH}]]></ToUserName><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`;
  }
  const response = await fetch(`${suite.server.baseUrl}/api/wechat/mp/callback?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body,
  });
  return { status: response.status, text: await response.text(), timestamp, nonce };
}
const inboxRows = async () => (await db().select({ n: count() }).from(wechatInbox))[0]!.n;

type Inbox = {
  list: {
    id: string;
    openId: string;
    nickname: string | null;
    msgType: string;
    event: string | null;
    content: string;
    autoReply: string | null;
    autoReplyKind: string | null;
    replies: { content: string }[];
  }[];
  pagination: { total: number };
};

describe('received messages and automatic replies', () => {
  const GUIDE = '办事指南请见菜单「政务服务」';
  const SOCIAL = '社保缴费请到区社保中心三楼';
  const FOLLOW = '感谢关注区政务公众号';
  const DEFAULT = '您的留言已收到，工作人员会尽快回复';

  it('keeps keyword, follow and default replies; bad rules are refused and change nothing', async () => {
    await configureMp();
    const rules = async () => (await db().select({ n: count() }).from(wechatAutoReplies))[0]!.n;
    expect(
      (
        await send('POST', '/api/wechat/mp/auto-replies', {
          keyword: '办事指南',
          matchMode: 'exact',
          content: GUIDE,
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await send('POST', '/api/wechat/mp/auto-replies', {
          keyword: '社保',
          matchMode: 'contains',
          content: SOCIAL,
        })
      ).code,
    ).toBe(200);
    expect((await send('PUT', '/api/wechat/mp/auto-replies/fixed/follow', { content: FOLLOW })).code).toBe(
      200,
    );
    expect((await send('PUT', '/api/wechat/mp/auto-replies/fixed/default', { content: DEFAULT })).code).toBe(
      200,
    );
    const before = await rules();
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/wechat/mp/auto-replies',
        { keyword: '', matchMode: 'exact', content: 'x' },
        WeChatInputMessages.keyword,
      ],
      [
        'POST',
        '/api/wechat/mp/auto-replies',
        { keyword: 'k'.repeat(31), matchMode: 'exact', content: 'x' },
        WeChatInputMessages.keyword,
      ],
      [
        'POST',
        '/api/wechat/mp/auto-replies',
        { keyword: '你好', matchMode: 'regex', content: 'x' },
        WeChatInputMessages.matchMode,
      ],
      [
        'POST',
        '/api/wechat/mp/auto-replies',
        { keyword: '你好', matchMode: 'exact', content: ' ' },
        WeChatInputMessages.replyContent,
      ],
      [
        'POST',
        '/api/wechat/mp/auto-replies',
        { keyword: '办事指南', matchMode: 'exact', content: 'x' },
        InboxMessages.keywordTaken('办事指南'),
      ],
      [
        'PUT',
        '/api/wechat/mp/auto-replies/fixed/default',
        { content: 'x'.repeat(601) },
        WeChatInputMessages.fixedReply,
      ],
      [
        'PUT',
        '/api/wechat/mp/auto-replies/nobody',
        { keyword: 'a', matchMode: 'exact', content: 'x', version: 0 },
        InboxMessages.ruleMissing,
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await send(method, path, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rules()).toBe(before);
    const listed = await send<{
      follow: { content: string };
      default: { content: string };
      keywords: { keyword: string }[];
    }>('GET', '/api/wechat/mp/auto-replies');
    expect(listed.data.follow.content).toBe(FOLLOW);
    expect(listed.data.default.content).toBe(DEFAULT);
    expect(listed.data.keywords.map((k) => k.keyword)).toEqual(['办事指南', '社保']);
  });

  it('answers a keyword, an unknown text, a follow and an image with the passive reply XML, and keeps them', async () => {
    await configureMp();
    await send('POST', '/api/wechat/mp/followers/sync');
    const reply = async (xml: string) => {
      const answer = await deliver(xml);
      expect(answer.status, answer.text).toBe(200);
      return answer.text;
    };
    const keyword = await reply(textXml('o-1', '办事指南'));
    expect(field(keyword, 'Content')).toBe(GUIDE);
    expect(field(keyword, 'ToUserName')).toBe('o-1');
    expect(field(keyword, 'FromUserName')).toBe(GH);
    expect(field(keyword, 'MsgType')).toBe('text');
    expect(Number(field(keyword, 'CreateTime'))).toBeGreaterThan(1_700_000_000);
    expect(field(await reply(textXml('o-2', '请问社保在哪里交？')), 'Content')).toBe(SOCIAL);
    expect(field(await reply(textXml('o-2', '今天天气如何')), 'Content')).toBe(DEFAULT);
    expect(field(await reply(eventXml('o-3', 'subscribe')), 'Content')).toBe(FOLLOW);
    expect(field(await reply(imageXml('o-3')), 'Content')).toBe(DEFAULT);
    // A menu click has no automatic reply: WeChat is told "success".
    expect(await reply(eventXml('o-1', 'CLICK', 'GUIDE'))).toBe('success');

    // WeChat sends a message again when it got no answer in time: it is kept once.
    const rows = await inboxRows();
    const again = textXml('o-1', '办事指南', 424242);
    await reply(again);
    await reply(again);
    expect(await inboxRows()).toBe(rows + 1);

    const all = await send<Inbox>('GET', '/api/wechat/mp/inbox?pageSize=50');
    expect(all.data.pagination.total).toBe(rows + 1);
    const first = all.data.list.find((m) => m.content === '请问社保在哪里交？')!;
    expect(first).toMatchObject({
      openId: 'o-2',
      nickname: '李华',
      msgType: 'text',
      autoReply: SOCIAL,
      autoReplyKind: 'keyword',
    });
    const follow = all.data.list.find((m) => m.event === 'subscribe')!;
    expect(follow).toMatchObject({
      openId: 'o-3',
      nickname: '张丽',
      msgType: 'event',
      autoReplyKind: 'follow',
    });
    expect(all.data.list.find((m) => m.msgType === 'image')!.content).toBe('http://mmbiz.example/pic1');
    // Search (content, nickname or OpenID), filter and paging.
    expect(
      (await send<Inbox>('GET', '/api/wechat/mp/inbox?keyword=社保')).data.list.map((m) => m.openId),
    ).toEqual(['o-2']);
    const byName = await send<Inbox>('GET', '/api/wechat/mp/inbox?keyword=王小明');
    expect(new Set(byName.data.list.map((m) => m.openId))).toEqual(new Set(['o-1']));
    expect((await send<Inbox>('GET', '/api/wechat/mp/inbox?msgType=event')).data.pagination.total).toBe(2);
    const page2 = await send<Inbox>('GET', '/api/wechat/mp/inbox?pageSize=2&currentPage=2');
    expect(page2.data.list).toHaveLength(2);
    expect(page2.data.pagination.total).toBe(rows + 1);
  });

  it('refuses a bad signature, XML that is not WeChat’s and a message without its sender; keeps nothing', async () => {
    await configureMp();
    const rows = await inboxRows();
    const forged = await deliver(textXml('o-1', '办事指南'), { signature: '0'.repeat(40) });
    expect(forged).toMatchObject({ status: 400, text: InboxMessages.badSignature });
    for (const body of [
      '{"MsgType":"text"}',
      '<!DOCTYPE xml [<!ENTITY x "y">]><xml><Content>&x;</Content></xml>',
      '<xml><Content>unclosed</xml>',
    ]) {
      const answer = await deliver(body);
      expect(answer, body).toMatchObject({ status: 400, text: CryptoMessages.badXml });
    }
    const anonymous = await deliver(textXml('', '你好'));
    expect(anonymous).toMatchObject({ status: 400, text: InboxMessages.missingField('FromUserName') });
    expect(await inboxRows()).toBe(rows);
  });

  it('lets the administrator reply with a custom message within 48 hours', async () => {
    await configureMp();
    await deliver(textXml('o-2', '营业执照怎么办理'));
    const [message] = (await send<Inbox>('GET', '/api/wechat/mp/inbox?keyword=营业执照')).data.list;
    const sent = await send('POST', `/api/wechat/mp/inbox/${message!.id}/reply`, {
      content: '请携带身份证到政务中心2号窗口',
    });
    expect(sent.msg).toBe(InboxMessages.replied);
    expect(wx.state.custom.at(-1)).toEqual({
      touser: 'o-2',
      msgtype: 'text',
      text: { content: '请携带身份证到政务中心2号窗口' },
    });
    const empty = await send('POST', `/api/wechat/mp/inbox/${message!.id}/reply`, { content: '' });
    expect(empty.msg).toContain(WeChatInputMessages.replyContent);
    expect((await send('POST', '/api/wechat/mp/inbox/nothing/reply', { content: 'x' })).msg).toBe(
      InboxMessages.messageMissing,
    );
    // WeChat refuses a follower it does not know: the reply is not recorded.
    await deliver(textXml('o-stranger', '你好'));
    const [stranger] = (await send<Inbox>('GET', '/api/wechat/mp/inbox?keyword=o-stranger')).data.list;
    const refused = await send('POST', `/api/wechat/mp/inbox/${stranger!.id}/reply`, { content: '您好' });
    expect(refused.msg).toBe('回复消息失败：invalid openid（errcode 40003）');
    // Older than 48 hours: WeChat would refuse it, so it is not sent.
    await db()
      .update(wechatInbox)
      .set({ receiveTime: Date.now() - 49 * 3600_000 })
      .where(eq(wechatInbox.id, stranger!.id));
    const custom = wx.state.custom.length;
    expect((await send('POST', `/api/wechat/mp/inbox/${stranger!.id}/reply`, { content: '您好' })).msg).toBe(
      InboxMessages.replyWindow,
    );
    expect(wx.state.custom.length).toBe(custom);
    const listed = (await send<Inbox>('GET', '/api/wechat/mp/inbox?keyword=营业执照')).data.list[0]!;
    expect(listed.replies.map((r) => r.content)).toEqual(['请携带身份证到政务中心2号窗口']);
    expect(
      (await send<Inbox>('GET', '/api/wechat/mp/inbox?keyword=o-stranger')).data.list[0]!.replies,
    ).toEqual([]);
  });

  it('edits a keyword rule with its version, refuses a stale one, and deletes it', async () => {
    await configureMp();
    type Rules = { keywords: { id: string; keyword: string; version: number }[] };
    const rule = (await send<Rules>('GET', '/api/wechat/mp/auto-replies')).data.keywords.find(
      (k) => k.keyword === '办事指南',
    )!;
    const edit = { keyword: '办事指南', matchMode: 'exact', content: '新的办事指南', version: rule.version };
    expect((await send('PUT', `/api/wechat/mp/auto-replies/${rule.id}`, edit)).code).toBe(200);
    expect(
      (await send('PUT', `/api/wechat/mp/auto-replies/${rule.id}`, { ...edit, content: '旧' })).msg,
    ).toBe(STALE_VERSION_MESSAGE);
    expect(field((await deliver(textXml('o-1', '办事指南'))).text, 'Content')).toBe('新的办事指南');
    expect((await send('DELETE', `/api/wechat/mp/auto-replies/${rule.id}`)).code).toBe(200);
    expect(field((await deliver(textXml('o-1', '办事指南'))).text, 'Content')).toBe(DEFAULT);
  });
});

describe('safe mode (message encryption)', () => {
  const SAFE_KEY = randomBytes(32)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 43);

  it('decrypts a message, answers the reply encrypted and signed, and refuses a bad msg_signature', async () => {
    const saved = await send('PUT', '/api/wechat/mp/config', {
      appId: APP_ID,
      token: TOKEN,
      encodingAesKey: SAFE_KEY,
      encryptMode: 'safe',
      apiBase: wx.base,
    });
    expect(saved.code, saved.msg).toBe(200);
    await send('POST', '/api/wechat/mp/auto-replies', {
      keyword: '预约',
      matchMode: 'contains',
      content: '预约请点菜单「预约办理」',
    });

    const answer = await deliver(textXml('o-1', '我要预约'), { aes: { key: SAFE_KEY } });
    expect(answer.status, answer.text).toBe(200);
    const encrypted = field(answer.text, 'Encrypt');
    expect(field(answer.text, 'MsgSignature')).toBe(
      sha1([TOKEN, field(answer.text, 'TimeStamp'), field(answer.text, 'Nonce'), encrypted]),
    );
    expect(field(answer.text, 'Nonce')).toBe(answer.nonce);
    expect(answer.text).not.toContain('预约请点');
    const opened = wxDecrypt(encrypted, SAFE_KEY);
    expect(opened.appId).toBe(APP_ID);
    expect(opened.pad).toBeGreaterThanOrEqual(1);
    expect(opened.pad).toBeLessThanOrEqual(32);
    expect(field(opened.xml, 'Content')).toBe('预约请点菜单「预约办理」');
    expect(field(opened.xml, 'ToUserName')).toBe('o-1');
    expect((await send<Inbox>('GET', '/api/wechat/mp/inbox?keyword=我要预约')).data.list).toHaveLength(1);

    const rows = await inboxRows();
    const forged = await deliver(textXml('o-1', '我要预约'), {
      aes: { key: SAFE_KEY, msgSignature: '0'.repeat(40) },
    });
    expect(forged).toMatchObject({ status: 400, text: InboxMessages.badMsgSignature });
    const plain = await deliver(textXml('o-1', '我要预约'));
    expect(plain).toMatchObject({ status: 400, text: InboxMessages.notEncrypted });
    const otherApp = await deliver(textXml('o-1', '我要预约'), { aes: { key: SAFE_KEY, appId: 'wxother' } });
    expect(otherApp).toMatchObject({ status: 400, text: CryptoMessages.badAppId });
    const otherKey = await deliver(textXml('o-1', '我要预约'), { aes: { key: 'b'.repeat(43) } });
    expect(otherKey.status).toBe(400);
    expect(await inboxRows()).toBe(rows);

    // Compatible mode: an encrypted message is read, the reply is plain.
    await send('PUT', '/api/wechat/mp/config', { appId: APP_ID, encryptMode: 'compat', apiBase: wx.base });
    const compat = await deliver(textXml('o-1', '再次预约'), { aes: { key: SAFE_KEY } });
    expect(field(compat.text, 'Content')).toBe('预约请点菜单「预约办理」');
    await configureMp();
  });
});

describe('permissions', () => {
  it('refuses a user without the pages; the verification URL is the only public one', async () => {
    await suite.server.addUser('wxreader', 'Reader1234');
    const reader = await suite.server.login('wxreader', 'Reader1234');
    for (const [method, path] of [
      ['GET', '/api/wechat/mp/config'],
      ['PUT', '/api/wechat/mp/menu'],
      ['POST', '/api/wechat/mp/mass'],
      ['GET', '/api/wechat/qy/departments/preview'],
      ['GET', '/api/wechat/qy/departments/push/preview'],
      ['POST', '/api/wechat/qy/departments/push'],
      ['POST', '/api/wechat/qy/users/push'],
      ['POST', '/api/wechat/qy/messages'],
      ['GET', '/api/wechat/mp/inbox'],
      ['POST', '/api/wechat/mp/inbox/x/reply'],
      ['GET', '/api/wechat/mp/auto-replies'],
      ['POST', '/api/wechat/mp/auto-replies'],
    ] as const) {
      const answer = await send(method, path, method === 'GET' ? undefined : {}, reader);
      expect(answer.code, path).toBe(400);
      expect(answer.msg).toBe('您没有此操作的权限，请联系管理员');
    }
    expect((await suite.server.request('GET', '/api/wechat/mp/config')).code).not.toBe(200);
  });
});
