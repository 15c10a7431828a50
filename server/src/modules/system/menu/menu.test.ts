import type { CurrentUserResult, MenuItem, MenuTreeNode, SystemItem } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import {
  authorizes,
  moduleButtons,
  moduleColumns,
  moduleDataFields,
  moduleDataSchemes,
  moduleForms,
  modules,
  systems,
} from '../../../db/schema/index.js';
import { grantedUser, type PageGrant } from './testing.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let mainSystem: SystemItem;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  const list = await send<{ list: SystemItem[] }>('GET', '/api/system/System');
  mainSystem = list.data.list.find((s) => s.isMain === 1)!;
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown, as: string = token) =>
  server.request<T>(method, path, { token: as, json });
const rows = async (table: typeof modules | typeof systems | typeof moduleButtons) =>
  (await server.services.db.select({ n: count() }).from(table))[0]!.n;
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

/** A signed-in user holding exactly the given pages and buttons (enCodes) through a role. */
const userWith = async (grants: PageGrant[]) => (await grantedUser(server, grants)).token;

async function createMenu(overrides: Record<string, unknown> = {}) {
  const answer = await send<{ id: string }>('POST', '/api/system/Menu', {
    systemId: mainSystem.id,
    parentId: '-1',
    type: 0,
    fullName: '测试目录',
    enCode: unique('dir'),
    ...overrides,
  });
  if (answer.code !== 200) throw new Error(answer.msg);
  return (await send<MenuItem>('GET', `/api/system/Menu/${answer.data.id}`)).data;
}

const findNode = (nodes: MenuTreeNode[], id: string): MenuTreeNode | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
};

describe('applications', () => {
  it('lists, creates, reads, updates and deletes an application', async () => {
    expect(mainSystem.enCode).toBe('main');
    const created = await send<{ id: string }>('POST', '/api/system/System', {
      fullName: '知识库',
      enCode: unique('kb'),
      icon: 'icon-ym icon-ym-book',
    });
    expect(created.code).toBe(200);
    const info = await send<SystemItem>('GET', `/api/system/System/${created.data.id}`);
    expect(info.data).toMatchObject({ fullName: '知识库', isMain: 0, enabledMark: 1, version: 0 });
    const found = await send<{ list: SystemItem[] }>('GET', '/api/system/System?keyword=知识');
    expect(found.data.list.map((s) => s.id)).toEqual([created.data.id]);

    const updated = await send('PUT', `/api/system/System/${created.data.id}`, {
      ...info.data,
      fullName: '知识库应用',
    });
    expect(updated.code).toBe(200);
    const stale = await send('PUT', `/api/system/System/${created.data.id}`, {
      ...info.data,
      fullName: '旧版本',
    });
    expect(stale).toMatchObject({ code: 400, msg: '数据已被他人修改，请刷新后重试' });

    const removed = await send('DELETE', `/api/system/System/${created.data.id}`);
    expect(removed.code).toBe(200);
    expect((await send('GET', `/api/system/System/${created.data.id}`)).code).toBe(400);
  });

  it('refuses bad input, a duplicate code, and deleting or disabling the main application', async () => {
    const before = await rows(systems);
    expect((await send('POST', '/api/system/System', { fullName: '', enCode: 'x' })).msg).toContain(
      '请输入应用名称',
    );
    expect((await send('POST', '/api/system/System', { fullName: '重复', enCode: 'main' })).msg).toBe(
      '应用编码已存在',
    );
    expect(await rows(systems)).toBe(before);

    expect((await send('DELETE', `/api/system/System/${mainSystem.id}`)).msg).toBe('主系统不能删除');
    const disable = await send('PUT', `/api/system/System/${mainSystem.id}`, {
      ...mainSystem,
      enabledMark: 0,
    });
    expect(disable.msg).toBe('主系统不能禁用');
    const still = await send<SystemItem>('GET', `/api/system/System/${mainSystem.id}`);
    expect(still.data.enabledMark).toBe(1);
  });

  it('refuses to delete an application that still has menus', async () => {
    const app = await send<{ id: string }>('POST', '/api/system/System', {
      fullName: '子系统',
      enCode: unique('s'),
    });
    await createMenu({ systemId: app.data.id });
    expect((await send('DELETE', `/api/system/System/${app.data.id}`)).msg).toBe(
      '该应用下还有菜单，请先删除菜单',
    );
  });

  it('is refused to users without the menu page, and writes need the button', async () => {
    const nobody = await userWith([]);
    const list = await send('GET', '/api/system/System', undefined, nobody);
    expect(list).toMatchObject({ code: 400, msg: '您没有此操作的权限，请联系管理员' });
    const reader = await userWith([{ page: 'system.menu' }]);
    expect((await send('GET', '/api/system/System', undefined, reader)).code).toBe(200);
    const before = await rows(systems);
    const create = await send(
      'POST',
      '/api/system/System',
      { fullName: '无权', enCode: unique('n') },
      reader,
    );
    expect(create.code).toBe(400);
    expect(await rows(systems)).toBe(before);
  });
});

describe('menus', () => {
  it('answers the tree of an application, filtered by keyword and category', async () => {
    const tree = await send<{ list: MenuTreeNode[] }>(
      'GET',
      `/api/system/Menu/ModuleBySystem/${mainSystem.id}`,
    );
    const system = tree.data.list.find((n) => n.enCode === 'system')!;
    expect(system.hasChildren).toBe(true);
    expect(system.children.some((c) => c.enCode === 'system.menu')).toBe(true);

    const filtered = await send<{ list: MenuTreeNode[] }>(
      'GET',
      `/api/system/Menu/ModuleBySystem/${mainSystem.id}?keyword=${encodeURIComponent('单据规则')}`,
    );
    expect(filtered.data.list.map((n) => n.enCode)).toEqual(['system']);
    expect(filtered.data.list[0]!.children.map((n) => n.enCode)).toEqual(['system.billRule']);

    const app = await send<{ list: MenuTreeNode[] }>(
      'GET',
      `/api/system/Menu/ModuleBySystem/${mainSystem.id}?category=App`,
    );
    expect(app.data.list).toEqual([]);
    expect((await send('GET', `/api/system/Menu/ModuleBySystem/${mainSystem.id}?category=Mac`)).code).toBe(
      400,
    );
  });

  it('checks the rules of each menu type and writes nothing on a refusal', async () => {
    const before = await rows(modules);
    const base = { systemId: mainSystem.id, parentId: '-1', fullName: '菜单', enCode: unique('m') };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, type: 2 }, '页面菜单必须填写路由地址'],
      [{ ...base, type: 3, urlAddress: 'x' }, '该类型菜单必须在扩展属性中关联功能(moduleId)'],
      [{ ...base, type: 8, propertyJson: '{"isTree":0}' }, '该类型菜单必须在扩展属性中关联功能(moduleId)'],
      [{ ...base, type: 5, propertyJson: 'not json' }, '扩展属性必须是JSON'],
      [{ ...base, type: 7, urlAddress: 'https://example.com' }, '外链菜单必须选择打开方式'],
      [{ ...base, type: 7, linkTarget: '_self' }, '外链菜单必须填写链接地址'],
      // Links and dashboards open their address (a dashboard with the user's token): no script, no foreign host without scheme.
      [
        { ...base, type: 7, linkTarget: '_blank', urlAddress: 'javascript:alert(1)' },
        '链接地址必须以http://、https://或/开头',
      ],
      [
        { ...base, type: 7, linkTarget: '_self', urlAddress: ' data:text/html,<script>1</script>' },
        '链接地址必须以http://、https://或/开头',
      ],
      [{ ...base, type: 6, urlAddress: 'JAVASCRIPT:alert(1)' }, '链接地址必须以http://、https://或/开头'],
      [{ ...base, type: 6, urlAddress: '//evil.example/steal' }, '链接地址必须以http://、https://或/开头'],
      [{ ...base, type: 9 }, '菜单类型只能是0-8'],
      [{ ...base, type: 0, fullName: '' }, '请输入菜单名称'],
      [{ ...base, type: 0, enCode: '.bad' }, '编码只能包含'],
      [{ ...base, type: 0, systemId: 'missing' }, '应用不存在'],
      [{ ...base, type: 0, parentId: 'missing' }, '上级菜单不存在'],
      [{ ...base, type: 0, enCode: 'system.menu' }, '菜单编码已存在'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/system/Menu', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rows(modules)).toBe(before);

    // Each type with what it needs is accepted; the same code is free in the App category.
    const dir = await createMenu();
    for (const body of [
      { type: 2, urlAddress: 'system/newPage' },
      { type: 3, propertyJson: JSON.stringify({ moduleId: 'form1', isTree: 0 }) },
      { type: 7, urlAddress: 'https://example.com', linkTarget: '_blank' },
      { type: 1 },
      { type: 6, urlAddress: 'https://viewer.example.com' },
      { type: 6, urlAddress: '/DataV/view/1' },
    ])
      await createMenu({ ...body, parentId: dir.id });
    const page = await createMenu({ type: 2, urlAddress: 'a/b', enCode: 'system.menu', category: 'App' });
    expect(page.category).toBe('App');
    // A page cannot hold menus.
    const under = await send('POST', '/api/system/Menu', {
      ...base,
      type: 0,
      parentId: page.id,
      category: 'App',
    });
    expect(under.msg).toBe('上级菜单只能是目录或分类');
  });

  it('offers parents without the menu itself and its descendants, and refuses a move below itself', async () => {
    const top = await createMenu();
    const child = await createMenu({ parentId: top.id });
    const selector = await send<{ list: MenuTreeNode[] }>('GET', `/api/system/Menu/Selector/${top.id}`);
    expect(findNode(selector.data.list, top.id)).toBeUndefined();
    expect(findNode(selector.data.list, child.id)).toBeUndefined();
    const forNew = await send<{ list: MenuTreeNode[] }>('GET', '/api/system/Menu/Selector/0');
    expect(findNode(forNew.data.list, child.id)).toBeDefined();
    const bare = await send<{ list: MenuTreeNode[] }>('GET', '/api/system/Menu/Selector/');
    expect(bare.data.list).toEqual(forNew.data.list);
    // Pages are never offered as parents.
    expect(JSON.stringify(forNew.data.list)).not.toContain('"type":2');

    const all = await send<{ list: { id: string; children: MenuTreeNode[] }[] }>(
      'GET',
      '/api/system/Menu/Selector/All',
    );
    expect(findNode(all.data.list.find((s) => s.id === mainSystem.id)!.children, child.id)).toBeDefined();

    const moved = await send('PUT', `/api/system/Menu/${top.id}`, { ...top, parentId: child.id });
    expect(moved.msg).toBe('上级菜单不能是自己或自己的下级');
    const toPage = await send('PUT', `/api/system/Menu/${top.id}`, { ...top, type: 2, urlAddress: 'a/b' });
    expect(toPage.msg).toBe('该菜单下还有子菜单，只能是目录或分类');
    const renamed = await send('PUT', `/api/system/Menu/${top.id}`, { ...top, fullName: '改名' });
    expect(renamed.code).toBe(200);
    const stale = await send('PUT', `/api/system/Menu/${top.id}`, { ...top, fullName: '旧的' });
    expect(stale.msg).toBe('数据已被他人修改，请刷新后重试');
  });

  it('refuses to delete a menu with children; deleting removes its items and grants at once', async () => {
    const dir = await createMenu();
    const page = await createMenu({ parentId: dir.id, type: 2, urlAddress: 'x/y' });
    expect((await send('DELETE', `/api/system/Menu/${dir.id}`)).msg).toBe(
      '该菜单下还有子菜单，请先删除子菜单',
    );
    const button = await send<{ id: string }>('POST', '/api/system/ModuleButton', {
      moduleId: page.id,
      fullName: '新建',
      enCode: 'btn_add',
    });
    const field = await send<{ id: string }>('POST', '/api/system/ModuleDataAuthorize', {
      moduleId: page.id,
      fullName: '创建人',
      enCode: 'creatorUserId',
      type: 'varchar',
      conditionText: 'currentUser',
    });
    expect(field.code).toBe(200);
    await send('POST', '/api/system/ModuleColumn', {
      moduleId: page.id,
      fullName: '名称',
      enCode: 'fullName',
    });
    await send('POST', '/api/system/ModuleForm', { moduleId: page.id, fullName: '名称', enCode: 'fullName' });
    await send('POST', '/api/system/ModuleDataAuthorizeScheme', {
      moduleId: page.id,
      fullName: '全部',
      enCode: 'all',
      allData: 1,
    });
    const db = server.services.db;
    await db.insert(authorizes).values([
      { id: newId(), itemType: 'module', itemId: page.id, objectType: 'Role', objectId: 'r1' },
      { id: newId(), itemType: 'button', itemId: button.data.id, objectType: 'Role', objectId: 'r1' },
    ]);

    expect((await send('DELETE', `/api/system/Menu/${page.id}`)).code).toBe(200);
    for (const table of [moduleButtons, moduleColumns, moduleForms, moduleDataSchemes, moduleDataFields]) {
      const left = await db
        .select({ n: count() })
        .from(table as typeof moduleButtons)
        .where(eq((table as typeof moduleButtons).moduleId, page.id));
      expect(left[0]!.n).toBe(0);
    }
    const grants = await db.select().from(authorizes).where(eq(authorizes.objectId, 'r1'));
    expect(grants).toEqual([]);
    expect((await send('DELETE', `/api/system/Menu/${dir.id}`)).code).toBe(200);
  });

  it('shows a new or disabled menu in the very next CurrentUser', async () => {
    const page = await createMenu({ type: 2, urlAddress: 'system/fresh', fullName: '新页面' });
    const me = async () =>
      JSON.stringify((await send<CurrentUserResult>('GET', '/api/oauth/CurrentUser')).data.menuList);
    expect(await me()).toContain(page.id);
    expect((await send('PUT', `/api/system/Menu/${page.id}/Actions/State`)).code).toBe(200);
    expect(await me()).not.toContain(page.id);
    expect((await send('PUT', `/api/system/Menu/${page.id}/Actions/State`)).code).toBe(200);
    expect(await me()).toContain(page.id);
    expect((await send('PUT', '/api/system/Menu/missing/Actions/State')).msg).toBe('菜单不存在');
  });

  it('exports a menu with its items through a one-use download', async () => {
    const page = await createMenu({ type: 2, urlAddress: 'x/export', fullName: '导出页' });
    await send('POST', '/api/system/ModuleButton', {
      moduleId: page.id,
      fullName: '导出',
      enCode: 'btn_export',
    });
    const ticket = await send<{ name: string; url: string }>(
      'GET',
      `/api/system/Menu/${page.id}/Action/Export`,
    );
    expect(ticket.data.name).toBe('导出页.json');
    const file = await fetch(`${server.baseUrl}${ticket.data.url}`);
    const body = (await file.json()) as { menu: MenuItem; buttons: { enCode: string }[] };
    expect(body.menu.id).toBe(page.id);
    expect(body.buttons.map((b) => b.enCode)).toEqual(['btn_export']);
    const again = (await (await fetch(`${server.baseUrl}${ticket.data.url}`)).json()) as { code: number };
    expect(again.code).toBe(400);

    const reader = await userWith([{ page: 'system.menu' }]);
    expect((await send('GET', `/api/system/Menu/${page.id}/Action/Export`, undefined, reader)).code).toBe(
      400,
    );
  });

  it('imports an exported menu into another application, all or nothing', async () => {
    const page = await createMenu({ type: 2, urlAddress: 'x/imported', fullName: '可导入' });
    const parent = await send<{ id: string }>('POST', '/api/system/ModuleButton', {
      moduleId: page.id,
      fullName: '更多',
      enCode: 'btn_more',
    });
    await send('POST', '/api/system/ModuleButton', {
      moduleId: page.id,
      parentId: parent.data.id,
      fullName: '复制',
      enCode: 'btn_copy',
    });
    await send('POST', '/api/system/ModuleDataAuthorize', {
      moduleId: page.id,
      fullName: '创建人',
      enCode: 'creatorUserId',
      type: 'varchar',
      conditionText: 'currentUser',
    });
    await send('POST', '/api/system/ModuleDataAuthorizeScheme', {
      moduleId: page.id,
      fullName: '本人',
      enCode: 'own',
      conditionJson: { conditions: [{ field: 'creatorUserId', op: '==', valueType: 'currentUser' }] },
    });
    const ticket = await send<{ url: string }>('GET', `/api/system/Menu/${page.id}/Action/Export`);
    const content = await (await fetch(`${server.baseUrl}${ticket.data.url}`)).text();
    const target = await send<{ id: string }>('POST', '/api/system/System', {
      fullName: '目标',
      enCode: unique('t'),
    });

    const upload = async (body: string, name = 'menu.json', systemId = target.data.id, as = token) => {
      const form = new FormData();
      form.append('file', new Blob([body]), name);
      const response = await fetch(`${server.baseUrl}/api/system/Menu/Action/Import?systemId=${systemId}`, {
        method: 'POST',
        headers: { authorization: as },
        body: form,
      });
      return (await response.json()) as { code: number; msg: string; data: { id: string } };
    };
    const imported = await upload(content);
    expect(imported.code).toBe(200);
    const copy = await send<MenuItem>('GET', `/api/system/Menu/${imported.data.id}`);
    expect(copy.data).toMatchObject({ systemId: target.data.id, parentId: '-1', fullName: '可导入' });
    const buttons = await send<{ list: MenuTreeNode[] }>(
      'GET',
      `/api/system/ModuleButton/${copy.data.id}/List`,
    );
    expect(buttons.data.list.map((b) => b.enCode)).toEqual(['btn_more']);
    expect(buttons.data.list[0]!.children.map((b) => b.enCode)).toEqual(['btn_copy']);
    const schemes = await send<{ list: { conditionJson: unknown }[] }>(
      'GET',
      `/api/system/ModuleDataAuthorizeScheme/${copy.data.id}/List`,
    );
    expect(schemes.data.list).toHaveLength(1);

    const before = await rows(modules);
    const buttonsBefore = await rows(moduleButtons);
    expect((await upload(content)).msg).toContain('菜单编码已存在');
    expect((await upload('{oops')).msg).toBe('导入文件格式错误：不是有效的JSON');
    expect((await upload(content, 'menu.txt')).msg).toBe('请选择.json格式的文件');
    expect((await upload(JSON.stringify({ menu: { type: 2 } }))).code).toBe(400);
    // At most 500 items of each kind (issue #10: an import has a record cap).
    const exported = JSON.parse(content) as { buttons: Record<string, unknown>[] };
    const tooMany = {
      ...exported,
      menu: { ...(exported as unknown as { menu: object }).menu, enCode: unique('many') },
      buttons: Array.from({ length: 501 }, (_, i) => ({
        ...exported.buttons[0],
        id: `b${i}`,
        enCode: `btn_${i}`,
      })),
    };
    const capped = await upload(JSON.stringify(tooMany));
    expect([capped.code, capped.msg]).toEqual([400, 'buttons：导入文件的按钮最多500个']);
    expect(await rows(modules)).toBe(before);
    expect(await rows(moduleButtons)).toBe(buttonsBefore);
    const reader = await userWith([{ page: 'system.menu', buttons: ['btn_add'] }]);
    expect((await upload(content, 'menu.json', mainSystem.id, reader)).code).toBe(400);
  });
});

describe('per page items', () => {
  it('keeps buttons as a tree, with a selector, state toggle and refusals', async () => {
    const page = await createMenu({ type: 2, urlAddress: 'x/buttons' });
    const parent = await send<{ id: string }>('POST', '/api/system/ModuleButton', {
      moduleId: page.id,
      fullName: '更多',
      enCode: 'btn_more',
    });
    const child = await send<{ id: string }>('POST', '/api/system/ModuleButton', {
      moduleId: page.id,
      parentId: parent.data.id,
      fullName: '复制',
      enCode: 'btn_copy',
    });
    const permissions = (await send<CurrentUserResult>('GET', '/api/oauth/CurrentUser')).data.permissionList;
    expect(
      permissions
        .find((p) => p.modelId === page.id)!
        .button.map((b) => b.enCode)
        .sort(),
    ).toEqual(['btn_copy', 'btn_more']);
    const list = await send<{ list: MenuTreeNode[] }>('GET', `/api/system/ModuleButton/${page.id}/List`);
    expect(list.data.list.map((b) => b.id)).toEqual([parent.data.id]);
    expect(list.data.list[0]!.children.map((b) => b.id)).toEqual([child.data.id]);

    const before = await rows(moduleButtons);
    const bad: [Record<string, unknown>, string][] = [
      [{ moduleId: page.id, fullName: '', enCode: 'btn_x' }, '请输入名称'],
      [{ moduleId: page.id, fullName: '重复', enCode: 'btn_more' }, '按钮编码已存在'],
      [{ moduleId: page.id, fullName: '数字', enCode: '1btn' }, '编码须以字母开头'],
      [{ moduleId: 'missing', fullName: '无', enCode: 'btn_y' }, '菜单不存在'],
      [{ moduleId: page.id, parentId: 'nope', fullName: '孤', enCode: 'btn_z' }, '上级按钮不存在'],
    ];
    for (const [body, message] of bad)
      expect((await send('POST', '/api/system/ModuleButton', body)).msg).toContain(message);
    expect(await rows(moduleButtons)).toBe(before);

    const info = await send<{ version: number; fullName: string }>(
      'GET',
      `/api/system/ModuleButton/${parent.data.id}`,
    );
    const moved = await send('PUT', `/api/system/ModuleButton/${parent.data.id}`, {
      ...info.data,
      moduleId: page.id,
      parentId: child.data.id,
    });
    expect(moved.msg).toBe('上级按钮不能是自己或自己的下级');
    expect((await send('DELETE', `/api/system/ModuleButton/${parent.data.id}`)).msg).toBe(
      '该按钮下还有子按钮，请先删除子按钮',
    );
    expect((await send('PUT', `/api/system/ModuleButton/${child.data.id}/Actions/State`)).code).toBe(200);
    const selector = await send<{ list: MenuTreeNode[] }>(
      'GET',
      `/api/system/ModuleButton/${page.id}/Selector`,
    );
    expect(selector.data.list[0]!.children).toEqual([]);
    expect((await send('DELETE', `/api/system/ModuleButton/${child.data.id}`)).code).toBe(200);
    expect((await send('DELETE', `/api/system/ModuleButton/${parent.data.id}`)).code).toBe(200);

    // The item dialogs need the page's item button, not only the page.
    const reader = await userWith([{ page: 'system.menu', buttons: ['btn_column'] }]);
    expect((await send('GET', `/api/system/ModuleButton/${page.id}/List`, undefined, reader)).code).toBe(400);
    expect((await send('GET', `/api/system/ModuleColumn/${page.id}/List`, undefined, reader)).code).toBe(200);
  });

  it('adds columns and form fields in batches, all or nothing, and offers known fields', async () => {
    const page = await createMenu({ type: 2, urlAddress: 'x/columns' });
    const batch = await send<{ ids: string[] }>('POST', '/api/system/ModuleColumn/Actions/Batch', {
      moduleId: page.id,
      bindTable: 'base_user',
      columnJson: [
        { fullName: '账户', enCode: 'account' },
        { fullName: '姓名', enCode: 'realName', sortCode: 2 },
      ],
    });
    expect(batch.data.ids).toHaveLength(2);
    const before = await rows(moduleColumns as unknown as typeof moduleButtons);
    const dupInBatch = await send('POST', '/api/system/ModuleColumn/Actions/Batch', {
      moduleId: page.id,
      columnJson: [
        { fullName: '手机', enCode: 'mobilePhone' },
        { fullName: '手机', enCode: 'mobilePhone' },
      ],
    });
    expect(dupInBatch.msg).toBe('字段编码重复：mobilePhone');
    const existing = await send('POST', '/api/system/ModuleColumn/Actions/Batch', {
      moduleId: page.id,
      columnJson: [
        { fullName: '邮箱', enCode: 'email' },
        { fullName: '账户', enCode: 'account' },
      ],
    });
    expect(existing.msg).toBe('列表字段编码已存在：account');
    expect(await rows(moduleColumns as unknown as typeof moduleButtons)).toBe(before);

    const form = await send('POST', '/api/system/ModuleForm/Actions/Batch', {
      moduleId: page.id,
      formJson: [{ fullName: '邮箱', enCode: 'email' }],
    });
    expect(form.code).toBe(200);
    const columnFields = await send<{ list: { field: string }[] }>(
      'GET',
      `/api/system/ModuleColumn/${page.id}/Fields`,
    );
    expect(columnFields.data.list.map((f) => f.field)).toEqual(['email']);
    const formFields = await send<{ list: { field: string }[] }>(
      'GET',
      `/api/system/ModuleForm/${page.id}/Fields`,
    );
    expect(formFields.data.list.map((f) => f.field)).toEqual(['account', 'realName']);

    const list = await send<{ list: { id: string; bindTable: string }[] }>(
      'GET',
      `/api/system/ModuleColumn/${page.id}/List`,
    );
    expect(list.data.list.map((c) => c.bindTable)).toEqual(['base_user', 'base_user']);
    const column = await send<{ version: number }>(
      'GET',
      `/api/system/ModuleColumn/${list.data.list[0]!.id}`,
    );
    const edit = await send('PUT', `/api/system/ModuleColumn/${list.data.list[0]!.id}`, {
      ...column.data,
      fullName: '登录账户',
    });
    expect(edit.code).toBe(200);
    expect((await send('PUT', `/api/system/ModuleForm/missing/Actions/State`)).msg).toBe('表单字段不存在');
  });

  it('checks data-rule schemes against the page fields', async () => {
    const page = await createMenu({ type: 2, urlAddress: 'x/data' });
    const field = await send<{ id: string }>('POST', '/api/system/ModuleDataAuthorize', {
      moduleId: page.id,
      fullName: '所属组织',
      enCode: 'organizeId',
      type: 'varchar',
      conditionSymbol: '==,in',
      conditionText: 'currentOrganize,currentOrganizeAndSub',
    });
    expect(field.code).toBe(200);
    const badField = await send('POST', '/api/system/ModuleDataAuthorize', {
      moduleId: page.id,
      fullName: '坏',
      enCode: 'x',
      type: 'varchar',
      conditionSymbol: '~=',
    });
    expect(badField.msg).toContain('条件符号只能是');
    const fields = await send<{ list: { enCode: string; conditionSymbol: string }[] }>(
      'GET',
      `/api/system/ModuleDataAuthorize/${page.id}/List`,
    );
    expect(fields.data.list).toMatchObject([{ enCode: 'organizeId', conditionSymbol: '==,in' }]);

    const scheme = (conditions: unknown[], extra: Record<string, unknown> = {}) =>
      send<{ id: string }>('POST', '/api/system/ModuleDataAuthorizeScheme', {
        moduleId: page.id,
        fullName: '本部门',
        enCode: unique('org'),
        conditionJson: JSON.stringify({ matchLogic: 'and', conditions }),
        ...extra,
      });
    const before = await rows(moduleDataSchemes as unknown as typeof moduleButtons);
    expect((await scheme([])).msg).toBe('非全部数据的方案至少需要一个条件');
    expect((await scheme([{ field: 'creatorUserId', op: '==', valueType: 'currentUser' }])).msg).toContain(
      '不是该菜单的数据权限字段',
    );
    expect((await scheme([{ field: 'organizeId', op: 'like', valueType: 'currentOrganize' }])).msg).toBe(
      '字段“organizeId”不允许使用条件符号“like”',
    );
    expect((await scheme([{ field: 'organizeId', op: '==', valueType: 'currentUser' }])).msg).toBe(
      '字段“organizeId”不允许使用条件内容“currentUser”',
    );
    expect((await scheme([{ field: 'organizeId', op: '???' }])).code).toBe(400);
    expect(await rows(moduleDataSchemes as unknown as typeof moduleButtons)).toBe(before);

    const ok = await scheme([{ field: 'organizeId', op: 'in', valueType: 'currentOrganizeAndSub' }]);
    expect(ok.code).toBe(200);
    const stored = await send<{ conditionJson: unknown; allData: number; version: number }>(
      'GET',
      `/api/system/ModuleDataAuthorizeScheme/${ok.data.id}`,
    );
    expect(stored.data.conditionJson).toEqual({
      matchLogic: 'and',
      conditions: [{ field: 'organizeId', op: 'in', valueType: 'currentOrganizeAndSub', value: '' }],
    });
    const all = await send('PUT', `/api/system/ModuleDataAuthorizeScheme/${ok.data.id}`, {
      ...stored.data,
      moduleId: page.id,
      fullName: '全部',
      enCode: 'all',
      allData: 1,
    });
    expect(all.code).toBe(200);
    const after = await send<{ conditionJson: unknown }>(
      'GET',
      `/api/system/ModuleDataAuthorizeScheme/${ok.data.id}`,
    );
    expect(after.data.conditionJson).toBeNull();
    expect((await send('DELETE', `/api/system/ModuleDataAuthorize/${field.data.id}`)).code).toBe(200);
    expect((await send('DELETE', `/api/system/ModuleDataAuthorizeScheme/${ok.data.id}`)).code).toBe(200);

    const noResource = await userWith([{ page: 'system.menu', buttons: ['btn_button'] }]);
    expect(
      (await send('GET', `/api/system/ModuleDataAuthorizeScheme/${page.id}/List`, undefined, noResource))
        .code,
    ).toBe(400);
  });
});

describe('access', () => {
  it('refuses every menu endpoint to a signed-in user without the page, writing nothing', async () => {
    const page = await createMenu({ type: 2, urlAddress: 'x/matrix' });
    const nobody = await userWith([]);
    const id = page.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/system/System'],
      ['POST', '/api/system/System', { fullName: '无', enCode: 'nobody' }],
      ['GET', `/api/system/System/${mainSystem.id}`],
      ['PUT', `/api/system/System/${mainSystem.id}`, mainSystem],
      ['DELETE', `/api/system/System/${mainSystem.id}`],
      ['GET', `/api/system/Menu/ModuleBySystem/${mainSystem.id}`],
      ['GET', '/api/system/Menu/Selector/0'],
      ['GET', '/api/system/Menu/Selector/All'],
      [
        'POST',
        '/api/system/Menu',
        { systemId: mainSystem.id, parentId: '-1', type: 0, fullName: '无', enCode: 'x' },
      ],
      ['GET', `/api/system/Menu/${id}`],
      ['PUT', `/api/system/Menu/${id}`, page],
      ['DELETE', `/api/system/Menu/${id}`],
      ['PUT', `/api/system/Menu/${id}/Actions/State`],
      ['GET', `/api/system/Menu/${id}/Action/Export`],
      ...(
        [
          'ModuleButton',
          'ModuleColumn',
          'ModuleForm',
          'ModuleDataAuthorize',
          'ModuleDataAuthorizeScheme',
        ] as const
      ).flatMap((base): [string, string, unknown?][] => [
        ['GET', `/api/system/${base}/${id}/List`],
        ['POST', `/api/system/${base}`, { moduleId: id, fullName: '无', enCode: 'x', type: 'varchar' }],
        ['GET', `/api/system/${base}/${id}`],
        ['PUT', `/api/system/${base}/${id}`, { moduleId: id, fullName: '无', enCode: 'x', version: 0 }],
        ['DELETE', `/api/system/${base}/${id}`],
      ]),
      ['GET', `/api/system/ModuleButton/${id}/Selector`],
      ['PUT', `/api/system/ModuleButton/${id}/Actions/State`],
      ['PUT', `/api/system/ModuleColumn/${id}/Actions/State`],
      ['PUT', `/api/system/ModuleForm/${id}/Actions/State`],
      ['GET', `/api/system/ModuleColumn/${id}/Fields`],
      ['GET', `/api/system/ModuleForm/${id}/Fields`],
      [
        'POST',
        '/api/system/ModuleColumn/Actions/Batch',
        { moduleId: id, columnJson: [{ fullName: '无', enCode: 'x' }] },
      ],
      [
        'POST',
        '/api/system/ModuleForm/Actions/Batch',
        { moduleId: id, formJson: [{ fullName: '无', enCode: 'x' }] },
      ],
    ];
    const before = [await rows(systems), await rows(modules), await rows(moduleButtons)];
    for (const [method, path, body] of calls) {
      const answer = await send(method, path, body, nobody);
      expect(answer, `${method} ${path}`).toMatchObject({
        code: 400,
        msg: '您没有此操作的权限，请联系管理员',
      });
    }
    expect([await rows(systems), await rows(modules), await rows(moduleButtons)]).toEqual(before);
    expect((await send('GET', '/api/system/System', undefined, '')).code).not.toBe(200);
  });
});
