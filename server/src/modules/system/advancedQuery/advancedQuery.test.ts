import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { advancedQuerySchemes, authorizes, modules, roles, userRelations } from '../../../db/schema/index.js';

const suite = suiteServer();
let staff: string;
let other: string;
let grantedMenu: string;
let closedMenu: string;

beforeAll(async () => {
  const db = suite.server.services.db;
  const staffId = await suite.server.addUser('queryStaff', 'Secret#123');
  staff = await suite.server.login('queryStaff', 'Secret#123');
  const otherId = await suite.server.addUser('queryOther', 'Secret#123');
  other = await suite.server.login('queryOther', 'Secret#123');
  const menus = await db
    .select({ id: modules.id, enCode: modules.enCode })
    .from(modules)
    .where(inArray(modules.enCode, ['demo.generated', 'demo.leaveApply']));
  grantedMenu = menus.find((m) => m.enCode === 'demo.generated')!.id;
  closedMenu = menus.find((m) => m.enCode === 'demo.leaveApply')!.id;
  const roleId = newId();
  await db.insert(roles).values({ id: roleId, fullName: '查询方案', enCode: `queryRole${Date.now()}` });
  for (const userId of [staffId, otherId])
    await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
  await db
    .insert(authorizes)
    .values({ id: newId(), itemType: 'module', itemId: grantedMenu, objectType: 'Role', objectId: roleId });
}, 120_000);

const as = <T = unknown>(who: string, method: string, path: string, json?: unknown) =>
  suite.server.request<T>(method, path, { token: who, json });
const total = async () =>
  (await suite.server.services.db.select({ n: count() }).from(advancedQuerySchemes))[0]!.n;
const conditions = [
  { field: 'title', fieldValue: '通知', symbol: 'like', jnpfKey: 'input' },
  { field: 'amount', fieldValue: 10, symbol: '>=', jnpfKey: 'inputNumber' },
];

interface Scheme {
  id: string;
  fullName: string;
  matchLogic: string;
  moduleId: string;
  conditionJson: string;
}

describe('saved advanced-query schemes', () => {
  it('refuses bad input with a message naming the problem and writes nothing', async () => {
    const before = await total();
    const good = {
      fullName: '我的方案',
      matchLogic: 'AND',
      moduleId: grantedMenu,
      conditionJson: JSON.stringify(conditions),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, fullName: ' ' }, '请输入方案名称'],
      [{ ...good, fullName: 'x'.repeat(51) }, '方案名称最多为50个字符'],
      [{ ...good, matchLogic: 'XOR' }, '匹配逻辑只能是 AND 或 OR'],
      [{ ...good, moduleId: '' }, '缺少菜单（moduleId）'],
      [{ ...good, moduleId: 'no-such-menu' }, '菜单不存在'],
      [{ ...good, conditionJson: '{oops' }, '查询条件（conditionJson）有误：不是有效的JSON'],
      [{ ...good, conditionJson: '{"field":"a"}' }, '查询条件（conditionJson）有误：须为条件数组'],
      [{ ...good, conditionJson: '[]' }, '至少需要一个条件'],
      [
        {
          ...good,
          conditionJson: JSON.stringify([conditions[0], { field: 'a', symbol: 'between', fieldValue: 1 }]),
        },
        '第2个条件：条件符号（symbol）只能是 >=、>、==、<=、<、<>、like、notLike',
      ],
      [
        { ...good, conditionJson: JSON.stringify([{ field: '', symbol: '==' }]) },
        '第1个条件：每个条件都需要字段（field）',
      ],
      [{ ...good, conditionJson: 5 }, '须为条件数组的JSON文本'],
    ];
    for (const [body, message] of cases) {
      const answer = await as(staff, 'POST', '/api/system/AdvancedQuery', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    // A menu the caller does not hold.
    const closed = await as(staff, 'POST', '/api/system/AdvancedQuery', { ...good, moduleId: closedMenu });
    expect(closed.msg).toBe('您没有此操作的权限，请联系管理员');
    expect((await as(staff, 'GET', `/api/system/AdvancedQuery/${closedMenu}/List`)).code).toBe(400);
    expect(await total()).toBe(before);
  });

  it('saves, lists, reads, edits and deletes the caller’s own schemes only', async () => {
    const created = await as<{ id: string }>(staff, 'POST', '/api/system/AdvancedQuery', {
      fullName: '大额通知',
      matchLogic: 'or',
      moduleId: grantedMenu,
      conditionJson: JSON.stringify(conditions),
    });
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id;
    // The array itself is taken too.
    const second = await as<{ id: string }>(staff, 'POST', '/api/system/AdvancedQuery', {
      fullName: '标题',
      moduleId: grantedMenu,
      conditionJson: [conditions[0]],
    });
    expect(second.code).toBe(200);
    await as(other, 'POST', '/api/system/AdvancedQuery', {
      fullName: '别人的',
      moduleId: grantedMenu,
      conditionJson: JSON.stringify(conditions),
    });

    const list = await as<{ list: Scheme[] }>(staff, 'GET', `/api/system/AdvancedQuery/${grantedMenu}/List`);
    expect(list.data.list.map((s) => s.fullName).sort()).toEqual(['大额通知', '标题']);
    const info = await as<Scheme>(staff, 'GET', `/api/system/AdvancedQuery/${id}`);
    expect(info.data).toMatchObject({ fullName: '大额通知', matchLogic: 'OR', moduleId: grantedMenu });
    expect(JSON.parse(info.data.conditionJson)).toEqual(conditions);
    expect(
      (await as<{ list: Scheme[] }>(suite.admin, 'GET', `/api/system/AdvancedQuery/${grantedMenu}/List`)).data
        .list,
    ).toEqual([]);

    // Someone else's scheme is not found for them.
    expect((await as(other, 'GET', `/api/system/AdvancedQuery/${id}`)).msg).toBe(
      '查询方案不存在或不是您保存的方案',
    );
    const othersEdit = await as(other, 'PUT', `/api/system/AdvancedQuery/${id}`, {
      fullName: '改',
      moduleId: grantedMenu,
      conditionJson: JSON.stringify(conditions),
    });
    expect(othersEdit.code).toBe(400);
    expect((await as(other, 'DELETE', `/api/system/AdvancedQuery/${id}`)).code).toBe(400);

    const badEdit = await as(staff, 'PUT', `/api/system/AdvancedQuery/${id}`, {
      fullName: '改名',
      moduleId: grantedMenu,
      conditionJson: '[{"field":"x","symbol":"~"}]',
    });
    expect(badEdit.code).toBe(400);
    expect((await as<Scheme>(staff, 'GET', `/api/system/AdvancedQuery/${id}`)).data.fullName).toBe(
      '大额通知',
    );

    const edit = await as(staff, 'PUT', `/api/system/AdvancedQuery/${id}`, {
      fullName: '改名',
      matchLogic: 'AND',
      moduleId: grantedMenu,
      conditionJson: JSON.stringify([{ field: 'title', fieldValue: '', symbol: '<>', jnpfKey: 'input' }]),
    });
    expect(edit.code, edit.msg).toBe(200);
    const edited = await as<Scheme>(staff, 'GET', `/api/system/AdvancedQuery/${id}`);
    expect(edited.data).toMatchObject({ fullName: '改名', matchLogic: 'AND' });

    expect((await as(staff, 'DELETE', `/api/system/AdvancedQuery/${id}`)).code).toBe(200);
    expect((await as(staff, 'GET', `/api/system/AdvancedQuery/${id}`)).code).toBe(400);
    const [left] = await suite.server.services.db
      .select({ n: count() })
      .from(advancedQuerySchemes)
      .where(eq(advancedQuerySchemes.id, id));
    expect(left!.n).toBe(0);
  });
});
