/**
 * Issue #20, differences 1–9: what the existing 3.4.7 web client (jnpf-web) sends, replayed over
 * HTTP as recorded in Chromium, and the fields it reads from the answers. Each test names the
 * client file that sends the call and reads the answer.
 */
import type { OnlineUserItem, PagedList, RoleItem } from '@console/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { md5, suiteServer } from '../../test/harness.js';
import { newId } from '../core/ids.js';
import { Messages } from '../core/messages.js';
import { hashPassword } from '../core/passwords.js';
import {
  billRules,
  dictionaryData,
  dictionaryTypes,
  imReplies,
  moduleButtons,
  modules,
  users,
} from '../db/schema/index.js';
import { OAuthMessages } from './oauth/service.js';
import { createUnit, signedInUser, USER_PASSWORD } from './permission/organize/fixtures.js';

// The demo data: the client is tried against `npm start`, which seeds it; requests go out as the
// 3.4.7 client sends them (without our web client's x-console-client header).
const suite = suiteServer({ demo: true, client347: true });
const { send } = suite;

/** The image-code key the client makes for every code: String(Math.random()). */
const randomKey = () => String(Math.random());

/** Fetches an image code under the key and reads it from the store, as a person reads the image. */
async function imageCode(path: string, key: string) {
  const image = await suite.server.request<string>('GET', path);
  expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
  const code = await suite.server.services.kv.get(`captcha:${key}`);
  if (!code) throw new Error(`no code stored under ${key}`);
  return code;
}

interface Node {
  enCode: unknown;
  type: unknown;
  fullName: unknown;
  hasChildren: unknown;
  urlAddress?: unknown;
  propertyJson?: unknown;
  children?: Node[];
}

/**
 * What store/modules/user.js (getInfo → setData) does with each node of routerList: replaces
 * dots of enCode, descends into children when hasChildren, makes a route of urlAddress for type 2
 * and parses propertyJson for types 3, 4, 5 and 8. Answers the problems found.
 */
function nodeProblems(nodes: Node[], path = ''): string[] {
  return nodes.flatMap((n) => {
    const here = `${path}/${String(n.enCode)}`;
    const problems: string[] = [];
    if (typeof n.enCode !== 'string') problems.push(`${here}: enCode`);
    if (typeof n.fullName !== 'string') problems.push(`${here}: fullName`);
    if (typeof n.type !== 'number') problems.push(`${here}: type`);
    if (typeof n.hasChildren !== 'boolean') problems.push(`${here}: hasChildren`);
    if (!Array.isArray(n.children)) problems.push(`${here}: children`);
    if (n.type === 2 && typeof n.urlAddress !== 'string') problems.push(`${here}: urlAddress`);
    if ([3, 4, 5, 8].includes(n.type as number) && n.propertyJson) {
      try {
        JSON.parse(n.propertyJson as string);
      } catch {
        problems.push(`${here}: propertyJson`);
      }
    }
    if (n.hasChildren && Array.isArray(n.children)) problems.push(...nodeProblems(n.children, here));
    return problems;
  });
}

describe('1. CurrentUser (store/modules/user.js getInfo, views/dashboard, components/jnpf-open-data)', () => {
  it('answers every routerList node, from the systems down, with the fields the client walks', async () => {
    const me = await send<{
      routerList: (Node & { id: string })[];
      userInfo: Record<string, unknown> & { systemIds: { id: string; currentSystem: boolean }[] };
    }>('GET', '/api/oauth/CurrentUser');
    expect(me.code).toBe(200);
    expect(me.data.routerList.length).toBeGreaterThan(0);
    expect(me.data.routerList.every((s) => s.type === 0)).toBe(true);
    expect(nodeProblems(me.data.routerList)).toEqual([]);
    // The current system's menus become menuList; none means "您的权限不足".
    const current = me.data.userInfo.systemIds.find((s) => s.currentSystem)!;
    expect(me.data.routerList.find((s) => s.id === current.id)!.children!.length).toBeGreaterThan(0);
  });

  it('answers the unit chain and the position names of a staff member', async () => {
    const { server, admin } = suite;
    const company = await createUnit(server, admin, 'company', '0', '甲公司');
    const department = await createUnit(server, admin, 'department', company, '甲一部');
    const user = await signedInUser(server, department);
    const me = await send<{ userInfo: { organizeIdList: unknown; positionName: unknown } }>(
      'GET',
      '/api/oauth/CurrentUser',
      undefined,
      user.token,
    );
    expect(me.data.userInfo.organizeIdList).toEqual([company, department]);
    expect(me.data.userInfo.positionName).toBe('');
  });
});

describe('2. layout/components/AppMain.vue: POST /api/oauth/updatePasswordMessage with no body', () => {
  it('answers 200 on every layout load and changes nothing', async () => {
    const user = await signedInUser(suite.server, null);
    const check = await suite.server.request('POST', '/api/oauth/updatePasswordMessage', {
      token: user.token,
    });
    expect([check.code, check.msg]).toEqual([200, Messages.success]);
    expect((await send('GET', '/api/oauth/CurrentUser', undefined, user.token)).code).toBe(200);
    // A body that is there but incomplete is still refused.
    const partial = await send('POST', '/api/oauth/updatePasswordMessage', { oldPassword: '' }, user.token);
    expect(partial.code).toBe(400);
  });
});

describe('3. image codes keyed by Math.random() (views/login, layout/components/ResetPassword.vue)', () => {
  it('serves both image routes and signs in with a code under such a key', async () => {
    const { server } = suite;
    const account = `code${newId().slice(-8)}`;
    await server.addUser(account, USER_PASSWORD);
    // Five failures make the code required (modules/oauth/signInGuard).
    for (let i = 0; i < 5; i++) await server.loginAnswer(account, 'wrong-password');
    const key = randomKey();
    const code = await imageCode(`/api/oauth/ImageCode/4/${key}`, key);
    const signedIn = await server.loginAnswer(account, USER_PASSWORD, { code, timestamp: key });
    expect([signedIn.code, signedIn.msg]).toEqual([200, OAuthMessages.loginSuccess]);

    const dialogKey = randomKey();
    await imageCode(`/api/file/ImageCode/${dialogKey}`, dialogKey);
    expect((await server.request('GET', '/api/file/ImageCode/abc')).code).toBe(400);
  });
});

describe('4. forced change after a reset (layout/components/AppMain.vue, ResetPassword.vue)', () => {
  it('lets a staff member whose password was reset read the password rules and replace it', async () => {
    const { server } = suite;
    const account = `reset${newId().slice(-8)}`;
    const userId = await server.addUser(account, USER_PASSWORD);
    const reset = await send('POST', `/api/permission/Users/${userId}/Actions/ResetPassword`, {
      userPassword: md5('Initial123'),
      validatePassword: md5('Initial123'),
    });
    expect(reset.code).toBe(200);
    const token = await server.login(account, 'Initial123');
    const me = await send<{ userInfo: { changePasswordDate: number | null } }>(
      'GET',
      '/api/oauth/CurrentUser',
      undefined,
      token,
    );
    expect(me.data.userInfo.changePasswordDate).toBeNull();
    // AppMain reads mandatoryModificationOfInitialPassword; the dialog reads the password rules.
    const config = await send<Record<string, unknown>>('GET', '/api/system/SysConfig', undefined, token);
    expect(config.code).toBe(200);
    expect(config.data).toMatchObject({ mandatoryModificationOfInitialPassword: 1 });
    for (const key of [
      'passwordStrengthLimit',
      'passwordLengthMin',
      'passwordLengthMinNumber',
      'containsNumbers',
      'includeLowercaseLetters',
      'includeUppercaseLetters',
      'containsCharacters',
    ])
      expect(typeof config.data[key], key).toBe('number');
    // Only what every user may see: not the settings of the page.
    expect(config.data).not.toHaveProperty('tokenTimeout');

    const key = randomKey();
    const code = await imageCode(`/api/file/ImageCode/${key}`, key);
    // ResetPassword.vue sends the key as the number Math.random() gave.
    const changed = await send(
      'POST',
      '/api/permission/Users/Current/Actions/ModifyPassword',
      { oldPassword: md5('Initial123'), password: md5('Changed123'), code, timestamp: Number(key) },
      token,
    );
    expect([changed.code, changed.msg]).toEqual([200, OAuthMessages.passwordChanged]);
    // On success the dialog emits refreshDataList: AppMain calls updatePasswordMessage and
    // SysConfig again and, its stored userInfo still having no changePasswordDate, would open the
    // dialog once more (seen in Chromium: the change looped). The session that changed its
    // password ends too, so those calls answer 600 and the client returns to the sign-in page.
    const next = await suite.server.request('POST', '/api/oauth/updatePasswordMessage', { token });
    expect(next.code).toBe(600);
    expect((await send('GET', '/api/system/SysConfig', undefined, token)).code).toBe(600);
    const fresh = await server.login(account, 'Changed123');
    const again = await send<{ userInfo: { changePasswordDate: number | null } }>(
      'GET',
      '/api/oauth/CurrentUser',
      undefined,
      fresh,
    );
    expect(typeof again.data.userInfo.changePasswordDate).toBe('number');
  });

  it('keeps our web client signed in after its own change (it reloads the user instead)', async () => {
    const { server } = suite;
    const account = `keep${newId().slice(-8)}`;
    await server.addUser(account, USER_PASSWORD);
    const token = await server.login(account, USER_PASSWORD);
    const key = randomKey();
    const code = await imageCode(`/api/file/ImageCode/${key}`, key);
    const ours = { 'x-console-client': 'console-web' };
    const changed = await server.request('POST', '/api/permission/Users/Current/Actions/ModifyPassword', {
      token,
      headers: ours,
      json: { oldPassword: md5(USER_PASSWORD), password: md5('Changed123'), code, timestamp: Number(key) },
    });
    expect(changed.code).toBe(200);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token, headers: ours })).code).toBe(200);
  });
});

describe('5. role members (views/permission/role/userRelation.vue)', () => {
  it('answers the member ids without objectType and the candidates as a tree in data', async () => {
    const { server, admin } = suite;
    const company = await createUnit(server, admin, 'company', '0', '乙公司');
    const department = await createUnit(server, admin, 'department', company, '乙一部');
    const member = await signedInUser(server, department, `m${newId().slice(-8)}`);
    const created = await send<{ id: string }>('POST', '/api/permission/Role', {
      fullName: '乙公司角色',
      enCode: `R${newId().slice(-8)}`,
      globalMark: 0,
      organizeIdsTree: [[company]],
    });
    const roleId = created.data.id;
    const bound = await send('POST', `/api/permission/UserRelation/${roleId}`, {
      objectId: roleId,
      objectType: 'Role',
      userIds: [member.id],
    });
    expect(bound.code).toBe(200);

    const ids = await send<{ ids: string[] }>('GET', `/api/permission/UserRelation/${roleId}`);
    expect([ids.code, ids.data.ids]).toEqual([200, [member.id]]);
    expect((await send('GET', `/api/permission/UserRelation/${newId()}`)).code).toBe(400);

    type Candidate = { id: string; fullName: string; type: string; isLeaf: boolean };
    const level = (organizeId: string, keyword = '') =>
      send<Candidate[]>(
        'GET',
        `/api/permission/Users/GetUsersByRoleOrgId?keyword=${keyword}&organizeId=${organizeId}&roleId=${roleId}`,
      );
    const top = await level('0');
    expect(top.data.map((n) => [n.id, n.fullName, n.isLeaf])).toEqual([[company, '乙公司', false]]);
    const below = await level(company);
    expect(below.data.map((n) => n.id)).toEqual([department]);
    const people = await level(department);
    expect(people.data).toEqual([expect.objectContaining({ id: member.id, type: 'user', isLeaf: true })]);
    const found = await level('0', encodeURIComponent(people.data[0]!.fullName.split('/')[1]!));
    expect(found.data.map((n) => n.id)).toEqual([member.id]);
  });
});

describe('6. roles (views/permission/user/Form.vue, views/permission/role/index.vue)', () => {
  it('offers the global roles with the roles of the chosen units, and names each role type', async () => {
    const { server, admin } = suite;
    const unit = await createUnit(server, admin, 'company', '0', '丙公司');
    const global = await send<{ id: string }>('POST', '/api/permission/Role', {
      fullName: '丙全局角色',
      enCode: `G${newId().slice(-8)}`,
      globalMark: 1,
    });
    const own = await send<{ id: string }>('POST', '/api/permission/Role', {
      fullName: '丙公司角色',
      enCode: `C${newId().slice(-8)}`,
      globalMark: 0,
      organizeIdsTree: [[unit]],
    });
    const tree = await send<{ list: { children: unknown[] }[] }>(
      'POST',
      '/api/permission/Role/getListByOrgIds',
      {
        organizeIds: [unit],
      },
    );
    // Form.vue keeps the top nodes that have children.
    const offered = JSON.stringify(tree.data.list.filter((n) => n.children.length));
    expect(offered).toContain(global.data.id);
    expect(offered).toContain(own.data.id);

    const list = await send<PagedList<RoleItem>>(
      'GET',
      '/api/permission/Role?currentPage=1&pageSize=50&keyword=丙',
    );
    const types = Object.fromEntries(list.data.list.map((r) => [r.id, r.type]));
    expect(types).toEqual({ [global.data.id]: '全局', [own.data.id]: '组织' });
  });
});

describe('7. categories by name and the creator (views/system/billRule, views/onlineDev/webDesign)', () => {
  it('lists a bill rule with its category name and creator', async () => {
    const { db } = suite.server.services;
    const [type] = await db.select().from(dictionaryTypes).where(eq(dictionaryTypes.enCode, 'businessType'));
    const [category] = await db
      .select()
      .from(dictionaryData)
      .where(eq(dictionaryData.dictionaryTypeId, type!.id));
    const enCode = `B${newId().slice(-8)}`;
    const created = await send('POST', '/api/system/BillRule', {
      fullName: '测试单号',
      enCode,
      category: category!.id,
      prefix: 'T',
      dateFormat: 'no',
      digit: 4,
      startNumber: '1',
    });
    expect(created.code, created.msg).toBe(200);
    const list = await send<PagedList<Record<string, unknown>>>(
      'GET',
      `/api/system/BillRule?currentPage=1&pageSize=20&keyword=${enCode}&categoryId=`,
    );
    expect(list.data.list).toEqual([
      expect.objectContaining({
        category: category!.fullName,
        creatorUser: expect.stringMatching(/\/admin$/),
      }),
    ]);
    const [row] = await db.select().from(billRules).where(eq(billRules.enCode, enCode));
    const info = await send<Record<string, unknown>>('GET', `/api/system/BillRule/${row!.id}`);
    expect(info.data.category).toBe(category!.id);
  });

  it('lists a design with its category name', async () => {
    const list = await send<PagedList<{ category: string; categoryName: string | null }>>(
      'GET',
      '/api/visualdev/Base?currentPage=1&pageSize=20&keyword=&type=1&category=',
    );
    expect(list.code).toBe(200);
    expect(list.data.list.length).toBeGreaterThan(0);
    for (const item of list.data.list) expect(item.category).toBe(item.categoryName);
  });
});

describe('8. online users (views/permission/userOnline/index.vue)', () => {
  it('answers an array of rows with the sign-in time as text and forces off by the row userId', async () => {
    const user = await signedInUser(suite.server, null);
    const list = await send<OnlineUserItem[]>('GET', '/api/system/OnlineUser?keyword=');
    expect(Array.isArray(list.data)).toBe(true);
    const row = list.data.find((r) => r.userId === user.id)!;
    expect(row.loginTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(typeof row.loginPlatForm).toBe('string');

    const forced = await send('DELETE', `/api/system/OnlineUser/${row.userId}`);
    expect(forced.code).toBe(200);
    expect((await send('GET', '/api/oauth/CurrentUser', undefined, user.token)).code).toBe(601);
    const own = await send('DELETE', '/api/system/OnlineUser', {
      ids: [list.data.find((r) => r.userAccount === 'admin')!.userId],
    });
    expect(own.code).toBe(400);
  });
});

describe('9. an empty query parameter means "not given" (views/workFlow/flowTodo, views/system/log)', () => {
  it('lists todo and launched flows with every search field empty', async () => {
    const empty =
      'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&startTime=&endTime=&templateId=&flowId=&flowUrgent=&flowCategory=&creatorUserId=';
    for (const path of ['/api/workflow/Engine/FlowBefore/List/1', '/api/workflow/Engine/FlowLaunch']) {
      const answer = await send(`GET`, `${path}?${empty}`);
      expect([answer.code, answer.msg], path).toEqual([200, Messages.success]);
    }
  });

  it('lists the login log with empty startTime and endTime', async () => {
    const log = await send<PagedList<unknown>>(
      'GET',
      '/api/system/Log/1?keyword=&startTime=&endTime=&sort=desc&currentPage=1&pageSize=20',
    );
    expect(log.code).toBe(200);
    expect(log.data.list.length).toBeGreaterThan(0);
  });
});

describe('seeded menus and rows give the pages what they read (seen in the 3.4.7 client)', () => {
  const find = (nodes: (Node & { id?: string })[], code: string): (Node & { id?: string }) | undefined => {
    for (const n of nodes) {
      if (n.enCode === code) return n;
      const below = find(n.children ?? [], code);
      if (below) return below;
    }
    return undefined;
  };

  it('demo/politicalStatus (type 4): views/basic/dynamicDictionary asks DictionaryData/{moduleId}', async () => {
    const me = await send<{ routerList: Node[] }>('GET', '/api/oauth/CurrentUser');
    const menu = find(me.data.routerList, 'demo.politicalStatus')!;
    // store/modules/user.js: relationId = JSON.parse(propertyJson).moduleId, isTree likewise.
    const { moduleId, isTree } = JSON.parse(menu.propertyJson as string) as {
      moduleId: string;
      isTree: number;
    };
    const answer = await send<{ list: { fullName: string }[] }>(
      'GET',
      `/api/system/DictionaryData/${moduleId}?keyword=&isTree=${isTree}`,
    );
    expect([answer.code, answer.msg]).toEqual([200, Messages.success]);
    expect(answer.data.list.map((e) => e.fullName)).toContain('中共党员');
  });

  it('basic/externalLink: the menu address carries the Base64 ?href the page decodes', async () => {
    const me = await send<{ routerList: Node[] }>('GET', '/api/oauth/CurrentUser');
    const menu = find(me.data.routerList, 'basic.externalLink')!;
    // The route is the address before "?"; the menu opens '/' + urlAddress, query included.
    const [path, query] = (menu.urlAddress as string).split('?');
    expect(path).toBe('basic/externalLink');
    const href = new URLSearchParams(query).get('href');
    expect(href).toBeTruthy();
    expect(Buffer.from(href!, 'base64').toString('utf8')).toBe('about:blank');
  });

  it('system/billRule: the seeded 订单编号 shows a 业务分类 and its creator', async () => {
    const list = await send<PagedList<{ enCode: string; category: string; creatorUser: string | null }>>(
      'GET',
      '/api/system/BillRule?keyword=&currentPage=1&pageSize=20&categoryId=',
    );
    expect(list.code).toBe(200);
    const order = list.data.list.find((r) => r.enCode === 'OrderNumber')!;
    expect(order.category).toBe('合同管理');
    expect(order.creatorUser).toMatch(/管理员/);
  });

  it('workFlow/flowEngine: the seeded 订单示例 shows a 流程分类 and its creator', async () => {
    // views/workFlow/flowEngine/index.vue shows row.category and row.creatorUser as they come.
    const list = await send<
      PagedList<{ enCode: string; category: string | null; creatorUser: string | null }>
    >('GET', '/api/workflow/Engine/flowTemplate?currentPage=1&pageSize=50&keyword=&category=');
    const order = list.data.list.find((f) => f.enCode === 'crmOrder')!;
    expect(order.category).toBeTruthy();
    expect(order.creatorUser).toBeTruthy();
  });

  it("system/notice: the 类型 list is the NoticeType dictionary, holding the form's default 1", async () => {
    // views/system/notice/Form.vue and index.vue ask the store for the entries of NoticeType
    // (store/modules/base.js reads DictionaryData/All); the form starts with category '1' and
    // offers the entries by enCode. Without the type the select showed a bare "1" and no option.
    const all = await send<{
      list: { enCode: string; dictionaryList: { enCode: string; fullName: string }[] }[];
    }>('GET', '/api/system/DictionaryData/All');
    const types = all.data.list.find((t) => t.enCode === 'NoticeType');
    expect(types?.dictionaryList.map((e) => e.enCode)).toContain('1');
    // A notice saved with that category is listed with it.
    const title = `公告${newId().slice(-6)}`;
    const saved = await send('POST', '/api/message', {
      title,
      category: '1',
      bodyText: '<p>正文</p>',
      toUserIds: '',
      files: '[]',
      remindCategory: 1,
      excerpt: '',
      coverImage: '',
      expirationTime: '',
    });
    expect([saved.code, saved.msg]).toMatchObject([200, expect.any(String)]);
  });
});

describe('10. notices from the users picker (views/system/notice/Form.vue, components/JNPF-usersSelect)', () => {
  it('saves and releases a notice to "id--user" and "id--role" items, received by those users', async () => {
    const { server } = suite;
    const account = `note${newId().slice(-8)}`;
    const userId = await server.addUser(account, USER_PASSWORD);
    const token = await server.login(account, USER_PASSWORD);
    const role = await send<string>('POST', '/api/permission/Role', {
      fullName: `公告角色${newId().slice(-6)}`,
      enCode: `noticeRole${newId().slice(-6)}`,
      globalMark: 1,
      enabledMark: 1,
      sortCode: 0,
      organizeIdsTree: [],
      type: '',
      description: '',
      id: '',
    });
    const roleId = (role.data as unknown as { id?: string })?.id ?? (role.data as string);
    const member = `memb${newId().slice(-8)}`;
    const memberId = await server.addUser(member, USER_PASSWORD);
    const memberToken = await server.login(member, USER_PASSWORD);
    expect(
      (
        await send('POST', `/api/permission/UserRelation/${roleId}`, {
          objectType: 'Role',
          userIds: [memberId],
        })
      ).code,
    ).toBe(200);
    const title = `公告${newId().slice(-6)}`;
    // As recorded: toUserIds is the picker's value joined, files a JSON string, id 0.
    const saved = await send('POST', '/api/message', {
      id: 0,
      toUserIds: `${userId}--user,${roleId}--role`,
      title,
      files: '[]',
      bodyText: '<p>走查公告正文</p>',
      coverImage: '',
      remindCategory: 1,
      category: '1',
      sendConfigId: '',
      sendConfigName: '',
      expirationTime: null,
      excerpt: '走查摘要',
    });
    expect([saved.code, saved.msg]).toEqual([200, expect.any(String)]);
    const list = await send<PagedList<{ id: string; title: string }>>('POST', '/api/message/Notice', {
      keyword: title,
      currentPage: 1,
      pageSize: 20,
      enabledMark: [],
      type: [],
    });
    const notice = list.data.list.find((n) => n.title === title)!;
    // The edit form shows the picked items back (usersSelect.setDefault → getSelectedList).
    const info = await send<{ toUserIds: string }>('GET', `/api/message/${notice.id}`);
    expect(info.data.toUserIds.split(',')).toEqual([`${userId}--user`, `${roleId}--role`]);
    expect((await send('PUT', `/api/message/${notice.id}/Actions/Release`)).code).toBe(200);
    for (const t of [token, memberToken]) {
      const inbox = await send<PagedList<{ title: string }>>(
        'GET',
        '/api/message?currentPage=1&pageSize=20&keyword=&type=',
        undefined,
        t,
      );
      expect(inbox.data.list.map((m) => m.title)).toContain(title);
    }
  });
});

/** Lets a seeded demo user (no password) sign in, as an administrator's reset would. */
async function demoUser(account: string) {
  const { server } = suite;
  await server.services.db
    .update(users)
    .set({ passwordHash: await hashPassword(md5(USER_PASSWORD)), changePasswordDate: Date.now() })
    .where(eq(users.account, account));
  return server.login(account, USER_PASSWORD);
}

describe('profile (views/basic/profile: index.vue, components/UserInfo.vue, Authorize.vue)', () => {
  it('answers the account tab the texts it shows and saves the 个人资料 form as it sends it', async () => {
    // 李秀英 of 区政府办公室 reports to 王建国 and holds a position and a role (the demo data).
    await demoUser('lixiuying');
    // Signed in a second time, so there is a previous sign-in to show.
    const token = await suite.server.login('lixiuying', USER_PASSWORD);
    const info = await send<Record<string, unknown>>(
      'GET',
      '/api/permission/Users/Current/BaseInfo',
      undefined,
      token,
    );
    // UserInfo.vue shows organize, manager, position and roleId as text, prevLogTime as a date.
    expect(info.data).toMatchObject({
      organize: '示范区人民政府/区政府办公室',
      manager: expect.stringContaining('王建国'),
      position: expect.any(String),
      roleId: expect.any(String),
      prevLogTime: expect.any(Number),
    });
    expect(info.data.position).not.toBe('');
    expect(info.data.roleId).not.toBe('');
    expect('avatar' in info.data).toBe(true);
    // Recorded: form2's keys, no version; gender is the sex dictionary's enCode.
    const telePhone = `0591-${String(Date.now()).slice(-7)}`;
    const saved = await send(
      'PUT',
      '/api/permission/Users/Current/BaseInfo',
      {
        realName: '李秀英',
        signature: null,
        gender: '2',
        nation: null,
        nativePlace: null,
        certificatesType: null,
        certificatesNumber: null,
        education: null,
        birthday: null,
        telePhone,
        landline: null,
        mobilePhone: '13905710102',
        email: 'lixiuying@district.example.com',
        urgentContacts: null,
        urgentTelePhone: null,
        postalAddress: null,
      },
      token,
    );
    expect([saved.code, saved.msg]).toEqual([200, expect.any(String)]);
    const after = await send<{ telePhone: string }>(
      'GET',
      '/api/permission/Users/Current/BaseInfo',
      undefined,
      token,
    );
    expect(after.data.telePhone).toBe(telePhone);
  });

  it('answers organisations, positions, subordinates and signatures as arrays in data', async () => {
    const manager = await demoUser('wangjianguo');
    for (const path of ['getUserOrganizes', 'getUserPositions', 'SignImg']) {
      const answer = await send<unknown>('GET', `/api/permission/Users/Current/${path}`, undefined, manager);
      expect([path, Array.isArray(answer.data)]).toEqual([path, true]);
    }
    const organizes = await send<{ id: string; fullName: string; isDefault: boolean }[]>(
      'GET',
      '/api/permission/Users/Current/getUserOrganizes',
      undefined,
      manager,
    );
    expect(organizes.data.filter((o) => o.isDefault)).toHaveLength(1);
    // index.vue: the lazy tree's label is userName, the card shows avatar, department, position.
    const reports = await send<Record<string, unknown>[]>(
      'GET',
      '/api/permission/Users/Current/Subordinate/0',
      undefined,
      manager,
    );
    expect(Array.isArray(reports.data)).toBe(true);
    const li = reports.data.find((r) => r.userName === '李秀英')!;
    expect(li).toMatchObject({
      id: expect.any(String),
      department: '区政府办公室',
      isLeaf: expect.any(Boolean),
    });
    expect('avatar' in li).toBe(true);
  });

  it('answers 系统权限 as one tree per tab: module, button, column, form, resource', async () => {
    const token = await demoUser('lixiuying');
    const answer = await send<Record<string, { fullName: string; children: unknown[] }[]>>(
      'GET',
      '/api/permission/Users/Current/Authorize',
      undefined,
      token,
    );
    for (const tab of ['module', 'button', 'column', 'form', 'resource']) {
      expect([tab, Array.isArray(answer.data[tab])]).toEqual([tab, true]);
    }
    expect(answer.data.module!.length).toBeGreaterThan(0);
    expect(answer.data.module![0]).toMatchObject({
      fullName: expect.any(String),
      children: expect.any(Array),
    });
  });
});

describe('web design release (views/onlineDev/webDesign/index.vue 发布表单)', () => {
  it('offers the parent menus at Menu/Selector/0/0 with each node naming its system', async () => {
    // Recorded: getMenuSelector({ category: 'Web' }, 0) → /Selector/{id or 0}/{systemId or 0}.
    const tree = await send<{
      list: { id: string; systemId: string; fullName: string; children?: unknown[] }[];
    }>('GET', '/api/system/Menu/Selector/0/0?category=Web');
    expect(tree.code).toBe(200);
    expect(tree.data.list.length).toBeGreaterThan(0);
    type Node = { id: string; systemId: string; fullName: string; children?: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const all = flat(tree.data.list as Node[]);
    // treeSelectChange reads the picked node's systemId.
    expect(all.every((n) => typeof n.systemId === 'string' && n.systemId.length > 0)).toBe(true);
    const parent = all.find((n) => n.fullName === '在线表单示例') ?? all.find((n) => n.id !== n.systemId)!;
    expect(parent).toBeDefined();
    // One system named: the same tree as the one-segment form.
    const one = await send<{ list: unknown[] }>(
      'GET',
      `/api/system/Menu/Selector/0/${parent.systemId}?category=Web`,
    );
    expect(one.code).toBe(200);
    expect(flat(one.data.list as Node[]).map((n) => n.id)).toContain(parent.id);
  });
});

describe('lists show the category by name (views/workFlow/flowEngine, views/onlineDev/visualPortal)', () => {
  /** The dictionary entry names by id, as the pages' category selects offer them. */
  async function namesOf(dictionary: string) {
    const { db } = suite.server.services;
    const [type] = await db.select().from(dictionaryTypes).where(eq(dictionaryTypes.enCode, dictionary));
    const rows = await db.select().from(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, type!.id));
    return new Map(rows.map((r) => [r.id, r.fullName]));
  }

  it('workFlow/flowEngine: 流程分类 is the WorkFlowCategory name; the filter and the form keep the id', async () => {
    // index.vue: <el-table-column prop="category" label="流程分类"> shows the value as it comes;
    // the search select sends the entry id as ?category=, and Form.vue reads the id from the info.
    const names = await namesOf('WorkFlowCategory');
    const list = await send<PagedList<{ id: string; enCode: string; category: string; categoryId: string }>>(
      'GET',
      '/api/workflow/Engine/flowTemplate?currentPage=1&pageSize=50&keyword=&category=',
    );
    const order = list.data.list.find((f) => f.enCode === 'crmOrder')!;
    expect(names.get(order.categoryId)).toBeDefined();
    expect(order.category).toBe(names.get(order.categoryId));
    const filtered = await send<PagedList<{ enCode: string }>>(
      'GET',
      `/api/workflow/Engine/flowTemplate?currentPage=1&pageSize=50&keyword=&category=${order.categoryId}`,
    );
    expect(filtered.data.list.map((f) => f.enCode)).toContain('crmOrder');
    const info = await send<{ category: string }>('GET', `/api/workflow/Engine/flowTemplate/${order.id}`);
    expect(info.data.category).toBe(order.categoryId);
  });

  it('onlineDev/visualPortal: 分类 is the portalDesigner name; the info keeps the id', async () => {
    const names = await namesOf('portalDesigner');
    const list = await send<PagedList<{ id: string; category: string; categoryName: string }>>(
      'GET',
      '/api/visualdev/Portal?currentPage=1&pageSize=50&keyword=&category=&type=',
    );
    expect(list.data.list.length).toBeGreaterThan(0);
    for (const row of list.data.list) {
      expect([...names.values()]).toContain(row.category);
      expect(row.categoryName).toBe(row.category);
    }
    const info = await send<{ category: string }>('GET', `/api/visualdev/Portal/${list.data.list[0]!.id}`);
    expect(names.has(info.data.category)).toBe(true);
  });
});

describe('web design release to App (views/onlineDev/webDesign/index.vue 发布表单 ticks both)', () => {
  it('creates the App menu under the chosen App parent as the Web one, and refuses a bad App parent', async () => {
    const { db } = suite.server.services;
    type TreeNode = { id: string; systemId: string; fullName: string; type: unknown; children?: TreeNode[] };
    const flat = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const web = await send<{ list: TreeNode[] }>('GET', '/api/system/Menu/Selector/0/0?category=Web');
    const app = await send<{ list: TreeNode[] }>('GET', '/api/system/Menu/Selector/0/0?category=App');
    const pcParent = flat(web.data.list).find((n) => n.fullName === '在线表单示例')!;
    // getAPPMenuSelector disables nodes of type 0; what is left must be pickable.
    const appParent = flat(app.data.list).find((n) => n.type !== 0)!;
    expect(appParent).toBeDefined();
    const seeded = await send<PagedList<{ id: string; enCode: string }>>(
      'GET',
      '/api/visualdev/Base?currentPage=1&pageSize=50&keyword=&type=1&category=',
    );
    const leave = seeded.data.list.find((d) => d.enCode === 'leaveApply')!;
    expect((await send('POST', `/api/visualdev/Base/${leave.id}/Actions/Copy`)).code).toBe(200);
    const copies = await send<PagedList<{ id: string; enCode: string }>>(
      'GET',
      '/api/visualdev/Base?currentPage=1&pageSize=50&keyword=&type=1&category=',
    );
    const copy = copies.data.list.find((d) => d.id !== leave.id && d.enCode.startsWith('leaveApply'))!;
    const release = (body: Record<string, unknown>) =>
      send('POST', `/api/visualdev/Base/${copy.id}/Actions/Release`, body);
    // Recorded: { pc: 1, app: 1, pcModuleParentId, appModuleParentId, pcSystemId, appSystemId }.
    const recorded = {
      pc: 1,
      app: 1,
      pcModuleParentId: pcParent.id,
      appModuleParentId: appParent.id,
      pcSystemId: pcParent.systemId,
      appSystemId: appParent.systemId,
    };
    const before = await db.select().from(modules).where(eq(modules.enCode, copy.enCode));
    const noAppParent = await release({ ...recorded, appModuleParentId: '' });
    expect([noAppParent.code, noAppParent.msg]).toEqual([400, expect.stringMatching(/appModuleParentId/)]);
    const wrongAppParent = await release({ ...recorded, appModuleParentId: pcParent.id });
    expect(wrongAppParent.code).toBe(400);
    expect(await db.select().from(modules).where(eq(modules.enCode, copy.enCode))).toEqual(before);

    const done = await release(recorded);
    expect(done.code, done.msg).toBe(200);
    const menus = await db.select().from(modules).where(eq(modules.enCode, copy.enCode));
    const byCategory = Object.fromEntries(menus.map((m) => [m.category, m]));
    expect(Object.keys(byCategory).sort()).toEqual(['App', 'Web']);
    expect(byCategory.Web).toMatchObject({ type: 3, parentId: pcParent.id, systemId: pcParent.systemId });
    expect(byCategory.App).toMatchObject({ type: 3, systemId: appParent.systemId, enabledMark: 1 });
    expect(JSON.parse(byCategory.App!.propertyJson!)).toEqual({ moduleId: copy.id, isTree: 0 });
    // The App menu's buttons are granted as the Web menu's.
    const [appButtons, webButtons] = await Promise.all(
      [byCategory.App!, byCategory.Web!].map((m) =>
        db
          .select({ enCode: moduleButtons.enCode })
          .from(moduleButtons)
          .where(eq(moduleButtons.moduleId, m.id)),
      ),
    );
    expect(appButtons!.map((b) => b.enCode).sort()).toEqual(webButtons!.map((b) => b.enCode).sort());
    // The App tree now holds it under its parent; releasing again updates the same two menus.
    expect((await release(recorded)).code).toBe(200);
    expect(await db.select().from(modules).where(eq(modules.enCode, copy.enCode))).toHaveLength(2);
    // The web client's menus are the Web ones only.
    const me = await send<{ routerList: Node[] }>('GET', '/api/oauth/CurrentUser');
    const codes = (nodes: Node[]): string[] =>
      nodes.flatMap((n) => [String(n.enCode), ...codes(n.children ?? [])]);
    expect(codes(me.data.routerList).filter((c) => c === copy.enCode)).toHaveLength(1);
  });
});

describe('chat avatars (layout/components/userList/UserList.vue, Im.vue: define.comUrl + headIcon)', () => {
  it('answers a loadable avatar path for users without a picture in ImUser, imreply and the picture itself', async () => {
    const account = `u${newId().slice(-10)}`;
    const user = await signedInUser(suite.server, null, account);
    const contacts = await send<PagedList<{ id: string; headIcon: unknown }>>(
      'GET',
      `/api/permission/Users/ImUser?currentPage=1&pageSize=20&keyword=${account}`,
    );
    expect(contacts.code, contacts.msg).toBe(200);
    const row = contacts.data.list.find((u) => u.id === user.id)!;
    expect(row.headIcon).toEqual(expect.stringMatching(/^\/api\//));
    // The client asks for that path with no Authorization header (an <img>).
    const picture = await suite.server.request<string>('GET', row.headIcon as string);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);

    // A conversation with another user without a picture, as the recent list shows it.
    const other = await signedInUser(suite.server, null);
    await suite.server.services.db
      .insert(imReplies)
      .values({ id: newId(), userId: user.id, receiveUserId: other.id, latestTime: Date.now() });
    const replies = await send<{ list: { id: string; headIcon: unknown }[] }>(
      'GET',
      '/api/message/imreply',
      undefined,
      user.token,
    );
    expect(replies.data.list.map((r) => r.id)).toEqual([other.id]);
    for (const reply of replies.data.list) expect(reply.headIcon).toEqual(expect.stringMatching(/^\/api\//));
  });
});
