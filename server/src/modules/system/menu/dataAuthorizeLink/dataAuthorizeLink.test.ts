import { DataRuleValueType, type SystemItem, sampleColumnData, sampleForm } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../../test/harness.js';
import { newId } from '../../../../core/ids.js';
import { Messages } from '../../../../core/messages.js';
import { authorizes, moduleColumns, moduleForms, moduleLinks, modules } from '../../../../db/schema/index.js';
import { grantedUser, type PageGrant } from '../testing.js';
import { LinkMessages } from './service.js';

const suite = suiteServer();
let mainSystem: SystemItem;

const LINK = '/api/system/ModuleDataAuthorizeLink';
const BASE = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';

beforeAll(async () => {
  const list = await send<{ list: SystemItem[] }>('GET', '/api/system/System');
  mainSystem = list.data.list.find((s) => s.isMain === 1)!;
});

const { send } = suite;
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const linkRows = async () => (await suite.server.services.db.select({ n: count() }).from(moduleLinks))[0]!.n;

interface Field {
  field: string;
  fieldName: string;
  columnName: string;
  dataType: string;
}
interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** A design released to a type-3 menu; answers the design and its menu id. */
async function releasedDesign() {
  const categories = await send<{ list: { id: string }[] }>(
    'GET',
    '/api/system/DictionaryData/businessType/Data/Selector',
  );
  const [parent] = await suite.server.services.db
    .select()
    .from(modules)
    .where(eq(modules.enCode, 'onlineDev'));
  const enCode = unique('lk');
  const created = await send<{ id: string }>('POST', BASE, {
    fullName: '连接测试',
    enCode,
    category: categories.data.list[0]!.id,
    type: 1,
    webType: 2,
    tables: '[]',
    formData: JSON.stringify(sampleForm()),
    columnData: JSON.stringify(sampleColumnData()),
  });
  expect(created.code, created.msg).toBe(200);
  const released = await send('POST', `${BASE}/${created.data.id}/Actions/Release`, {
    pc: 1,
    app: 0,
    pcModuleParentId: parent!.id,
  });
  expect(released.code, released.msg).toBe(200);
  const [menu] = await suite.server.services.db.select().from(modules).where(eq(modules.enCode, enCode));
  return { designId: created.data.id, menuId: menu!.id };
}

/** A hand-written page (menu type 2). */
async function pageMenu() {
  const answer = await send<{ id: string }>('POST', '/api/system/Menu', {
    systemId: mainSystem.id,
    parentId: '-1',
    type: 2,
    fullName: '连接页面',
    enCode: unique('pg'),
    urlAddress: 'demo/linked',
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id;
}

/** A user holding the given pages and buttons (enCodes) through a new role; answers token and role. */
const userWith = (grants: PageGrant[]) => grantedUser(suite.server, grants);

describe('generated pages', () => {
  it("answers a generated menu's design tables and their fields under the names its rules use", async () => {
    const { menuId } = await releasedDesign();
    const tables = await send<{ linkId: string; linkTables: string[] }>(
      'GET',
      `${LINK}/getVisualTables/${menuId}/3`,
    );
    expect(tables.code, tables.msg).toBe(200);
    expect(tables.data.linkId).toBe('0');
    expect(tables.data.linkTables).toHaveLength(2);
    const [main, sub] = tables.data.linkTables as [string, string];
    expect(main).toMatch(/^mt/);

    const data = await send<Page<Field>>('GET', `${LINK}/0/Tables/${main}/Fields/${menuId}/3`);
    expect(data.code, data.msg).toBe(200);
    const byField = new Map(data.data.list.map((f) => [f.field, f]));
    expect(byField.get('creatorUserId')).toMatchObject({
      fieldName: '创建人',
      columnName: 'f_creatoruserid',
    });
    expect(byField.get('applyDate')).toMatchObject({ fieldName: '申请日期', columnName: 'applydate' });
    expect(byField.get('title')).toMatchObject({ fieldName: '标题', dataType: 'text' });
    expect(data.data.pagination.total).toBe(data.data.list.length);

    // Keyword and paging; the reference client sends the menu type instead of the menu id.
    const searched = await send<Page<Field>>(
      'GET',
      `${LINK}/0/Tables/${main}/Fields/3/3?keyword=${encodeURIComponent('申请')}&currentPage=1&pageSize=5`,
    );
    expect(searched.data.list.map((f) => f.field)).toEqual(['applyDate']);
    const paged = await send<Page<Field>>('GET', `${LINK}/0/Tables/${main}/Fields/${menuId}/3?pageSize=2`);
    expect(paged.data.list).toHaveLength(2);
    expect(paged.data.pagination.total).toBe(data.data.list.length);

    // Sub-table columns for the list editor, as `{sub}-{field}`; none for data rules.
    const columns = await send<Page<Field>>('GET', `${LINK}/0/Tables/${sub}/Fields/${menuId}/1`);
    expect(columns.data.list.map((f) => f.field)).toEqual(['items-itemName', 'items-qty']);
    expect((await send<Page<Field>>('GET', `${LINK}/0/Tables/${sub}/Fields/${menuId}/3`)).data.list).toEqual(
      [],
    );

    // A picked list or form field names exactly the column/form item the runtime hides when not
    // granted (the codes the release generated), so rules set through the pickers apply.
    const db = suite.server.services.db;
    for (const [type, table] of [
      [1, moduleColumns],
      [2, moduleForms],
    ] as const) {
      const codes = new Set(
        (await db.select({ enCode: table.enCode }).from(table).where(eq(table.moduleId, menuId))).map(
          (r) => r.enCode,
        ),
      );
      for (const name of [main, sub]) {
        const picked = await send<Page<Field>>('GET', `${LINK}/0/Tables/${name}/Fields/${menuId}/${type}`);
        expect(picked.data.list.length).toBeGreaterThan(0);
        for (const f of picked.data.list)
          expect([type, f.field, codes.has(f.field)]).toEqual([type, f.field, true]);
      }
    }
  });

  it('answers FieldList of a generated menu per editor, [] for other pages', async () => {
    const { menuId } = await releasedDesign();
    const column = await send<{ field: string; fieldName: string }[]>(
      'GET',
      `/api/system/ModuleColumn/${menuId}/FieldList`,
    );
    expect(column.code, column.msg).toBe(200);
    expect(column.data.map((f) => f.field)).toEqual(['title', 'amount', 'level', 'applyDate', 'creator']);
    const form = await send<{ field: string }[]>('GET', `/api/system/ModuleForm/${menuId}/FieldList`);
    expect(form.data.map((f) => f.field)).toEqual(
      expect.arrayContaining(['title', 'items', 'items-itemName', 'items-qty']),
    );
    const data = await send<{ field: string; fieldName: string }[]>(
      'GET',
      `/api/system/ModuleDataAuthorize/${menuId}/FieldList`,
    );
    expect(data.data).toContainEqual({ field: 'level', fieldName: '紧急程度' });
    expect(data.data.map((f) => f.field)).not.toContain('items-qty');
    const page = await pageMenu();
    expect((await send('GET', `/api/system/ModuleForm/${page}/FieldList`)).data).toEqual([]);
    const unknown = await send('GET', '/api/system/ModuleColumn/nosuchmenu/FieldList');
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toBe('菜单不存在');
  });

  it('refuses unknown menus, kinds and tables, and a link on a generated page', async () => {
    const { menuId } = await releasedDesign();
    const { menuId: other } = await releasedDesign();
    const otherMain = (await send<{ linkTables: string[] }>('GET', `${LINK}/getVisualTables/${other}/1`)).data
      .linkTables[0]!;
    const main = (await send<{ linkTables: string[] }>('GET', `${LINK}/getVisualTables/${menuId}/1`)).data
      .linkTables[0]!;
    const cases: [string, string][] = [
      [`${LINK}/getInfo/nosuchmenu/1`, '菜单不存在'],
      [`${LINK}/getInfo/${menuId}/4`, LinkMessages.badType],
      [`${LINK}/getVisualTables/nosuchmenu/3`, '菜单不存在'],
      [`${LINK}/getVisualTables/${menuId}/0`, LinkMessages.badType],
      [`${LINK}/0/Tables/${main}/Fields/nosuchmenu/3`, '菜单不存在'],
      [`${LINK}/0/Tables/${main}/Fields/${menuId}/7`, LinkMessages.badType],
      // Another design's table, a table that is nowhere, a name that is no identifier.
      [`${LINK}/0/Tables/${otherMain}/Fields/${menuId}/3`, LinkMessages.tableNotLinked(otherMain)],
      [`${LINK}/0/Tables/base_user/Fields/${menuId}/3`, LinkMessages.tableNotLinked('base_user')],
      [`${LINK}/0/Tables/nosuch/Fields/3/3`, LinkMessages.tableNotLinked('nosuch')],
      [`${LINK}/0/Tables/a%3Bdrop/Fields/${menuId}/3`, LinkMessages.badTable('a;drop')],
      [`${LINK}/other/Tables/${main}/Fields/${menuId}/3`, LinkMessages.tableNotLinked(main)],
    ];
    for (const [path, msg] of cases) {
      const got = await send('GET', path);
      expect([path, got.code, got.msg]).toEqual([path, 400, msg]);
    }
    const before = await linkRows();
    const generated = await send('POST', `${LINK}/saveLinkData`, {
      moduleId: menuId,
      linkId: '0',
      linkTables: main,
      dataType: '3',
    });
    expect([generated.code, generated.msg]).toEqual([400, LinkMessages.generated]);
    expect(await linkRows()).toBe(before);
  });
});

describe('links of hand-written pages', () => {
  it('saves, reads and replaces a link; its tables feed the field pickers', async () => {
    const page = await pageMenu();
    expect((await send('GET', `${LINK}/getInfo/${page}/1`)).data).toBeNull();
    expect((await send('GET', `${LINK}/getVisualTables/${page}/1`)).data).toEqual({
      linkId: '',
      linkTables: [],
    });
    const saved = await send('POST', `${LINK}/saveLinkData`, {
      moduleId: page,
      linkId: '0',
      linkTables: 'base_user,base_organize',
      dataType: '1',
      id: '',
    });
    expect([saved.code, saved.msg]).toEqual([200, LinkMessages.saved]);
    const info = await send<{ id: string; linkId: string; linkTables: string; dataType: string }>(
      'GET',
      `${LINK}/getInfo/${page}/1`,
    );
    expect(info.data).toMatchObject({ linkId: '0', linkTables: 'base_user,base_organize', dataType: '1' });
    expect((await send('GET', `${LINK}/getInfo/${page}/3`)).data).toBeNull();
    expect((await send('GET', `${LINK}/getVisualTables/${page}/1`)).data).toEqual({
      linkId: '0',
      linkTables: ['base_user', 'base_organize'],
    });
    const fields = await send<Page<Field>>(
      'GET',
      `${LINK}/0/Tables/base_user/Fields/${page}/1?keyword=account`,
    );
    expect(fields.code, fields.msg).toBe(200);
    expect(fields.data.list.map((f) => f.field)).toContain('account');
    // The reference client's form (menu type instead of id) reaches tables some type-2 page links.
    expect((await send('GET', `${LINK}/0/Tables/base_user/Fields/2/1`)).code).toBe(200);
    // The link of kind 1 does not open the table to the data-rule editor (kind 3).
    expect((await send('GET', `${LINK}/0/Tables/base_user/Fields/${page}/3`)).msg).toBe(
      LinkMessages.tableNotLinked('base_user'),
    );
    // Saving again replaces the link (one per page and kind).
    await send('POST', `${LINK}/saveLinkData`, {
      moduleId: page,
      linkId: '0',
      linkTables: ['base_role'],
      dataType: 1,
    });
    const rows = await suite.server.services.db
      .select()
      .from(moduleLinks)
      .where(eq(moduleLinks.moduleId, page));
    expect(rows.map((r) => [r.dataType, r.linkTables])).toEqual([[1, 'base_role']]);
    expect((await send('GET', `${LINK}/0/Tables/base_user/Fields/${page}/1`)).code).toBe(400);
  });

  it('refuses bad links and changes nothing', async () => {
    const page = await pageMenu();
    await send('POST', `${LINK}/saveLinkData`, {
      moduleId: page,
      linkId: '0',
      linkTables: 'base_user',
      dataType: 2,
    });
    const before = await suite.server.services.db
      .select()
      .from(moduleLinks)
      .where(eq(moduleLinks.moduleId, page));
    const body = { moduleId: page, linkId: '0', linkTables: 'base_role', dataType: 2 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, moduleId: 'nosuchmenu' }, '菜单不存在'],
      [{ ...body, dataType: 9 }, LinkMessages.badType],
      [{ ...body, linkId: 'nosuchlink' }, LinkMessages.linkMissing],
      [{ ...body, linkTables: '' }, LinkMessages.noTables],
      [{ ...body, linkTables: 'base_role,nosuch_table' }, LinkMessages.tableMissing('nosuch_table')],
      [{ ...body, linkTables: 'base_role;drop' }, LinkMessages.badTable('base_role;drop')],
      [{ ...body, linkTables: 'base_role,base_role' }, LinkMessages.duplicateTable('base_role')],
      [{ ...body, linkTables: Array.from({ length: 21 }, (_, i) => `t${i}`) }, LinkMessages.tooManyTables],
    ];
    for (const [input, msg] of cases) {
      const got = await send('POST', `${LINK}/saveLinkData`, input);
      expect([got.code, got.msg]).toEqual([400, msg]);
    }
    const missing = await send('POST', `${LINK}/saveLinkData`, { linkId: '0' });
    expect(missing.code).toBe(400);
    expect(
      await suite.server.services.db.select().from(moduleLinks).where(eq(moduleLinks.moduleId, page)),
    ).toEqual(before);
  });

  it("gates each kind by its editor's button on system/menu", async () => {
    const page = await pageMenu();
    const { menuId } = await releasedDesign();
    const outsider = await userWith([]);
    const viewer = await userWith([{ page: 'system.menu' }]);
    const columnEditor = await userWith([{ page: 'system.menu', buttons: ['btn_column'] }]);
    const denied = async (as: string, method: string, path: string, json?: unknown) => {
      const got = await send(method, path, json, as);
      return got.code === 400 && got.msg === Messages.permissionDenied;
    };
    const save = { moduleId: page, linkId: '0', linkTables: 'base_role', dataType: 1 };
    for (const who of [outsider.token, viewer.token]) {
      expect(await denied(who, 'GET', `${LINK}/getInfo/${page}/1`)).toBe(true);
      expect(await denied(who, 'GET', `${LINK}/getVisualTables/${menuId}/1`)).toBe(true);
      expect(await denied(who, 'POST', `${LINK}/saveLinkData`, save)).toBe(true);
      expect(await denied(who, 'GET', `/api/system/ModuleColumn/${menuId}/FieldList`)).toBe(true);
    }
    expect(await linkRows()).toBeGreaterThanOrEqual(0);
    const rowsBefore = await suite.server.services.db
      .select()
      .from(moduleLinks)
      .where(eq(moduleLinks.moduleId, page));
    expect(rowsBefore).toEqual([]);
    // btn_column opens kind 1 only.
    const ok = await send('POST', `${LINK}/saveLinkData`, save, columnEditor.token);
    expect(ok.code, ok.msg).toBe(200);
    expect((await send('GET', `${LINK}/getInfo/${page}/1`, undefined, columnEditor.token)).code).toBe(200);
    expect(
      (await send('GET', `/api/system/ModuleColumn/${menuId}/FieldList`, undefined, columnEditor.token)).code,
    ).toBe(200);
    expect(await denied(columnEditor.token, 'GET', `${LINK}/getInfo/${page}/3`)).toBe(true);
    expect(await denied(columnEditor.token, 'POST', `${LINK}/saveLinkData`, { ...save, dataType: 3 })).toBe(
      true,
    );
    expect(
      await denied(columnEditor.token, 'GET', `/api/system/ModuleDataAuthorize/${menuId}/FieldList`),
    ).toBe(true);
    const main = (await send<{ linkTables: string[] }>('GET', `${LINK}/getVisualTables/${menuId}/3`)).data
      .linkTables[0]!;
    expect(await denied(columnEditor.token, 'GET', `${LINK}/0/Tables/${main}/Fields/${menuId}/3`)).toBe(true);
    expect(
      (await send('GET', `${LINK}/0/Tables/${main}/Fields/${menuId}/1`, undefined, columnEditor.token)).code,
    ).toBe(200);
    const rows = await suite.server.services.db
      .select()
      .from(moduleLinks)
      .where(eq(moduleLinks.moduleId, page));
    expect(rows.map((r) => r.dataType)).toEqual([1]);
  });
});

describe('rules on fields picked from a linked generated table', () => {
  it('filters the generated list of a user of the role by a data rule on a picked field', async () => {
    const { designId, menuId } = await releasedDesign();
    const db = suite.server.services.db;
    const main = (await send<{ linkTables: string[] }>('GET', `${LINK}/getVisualTables/${menuId}/3`)).data
      .linkTables[0]!;
    const picked = (
      await send<Page<Field>>('GET', `${LINK}/0/Tables/${main}/Fields/${menuId}/3?keyword=标题`)
    ).data.list[0]!;
    expect(picked).toMatchObject({ field: 'title', fieldName: '标题' });
    // The data-rule field as the editor saves it from the picker, and a scheme on it.
    const field = await send('POST', '/api/system/ModuleDataAuthorize', {
      moduleId: menuId,
      fullName: picked.fieldName,
      enCode: picked.field,
      bindTable: main,
      type: 'varchar',
      conditionSymbol: '==,like',
      conditionText: 'text',
    });
    expect(field.code, field.msg).toBe(200);
    const scheme = await send<{ id: string }>('POST', '/api/system/ModuleDataAuthorizeScheme', {
      moduleId: menuId,
      fullName: '甲类',
      enCode: unique('s'),
      conditionJson: {
        matchLogic: 'and',
        conditions: [{ field: 'title', op: 'like', valueType: DataRuleValueType.Text, value: '甲' }],
      },
    });
    expect(scheme.code, scheme.msg).toBe(200);
    for (const title of ['甲一', '乙一', '甲二']) {
      const made = await send('POST', `${ONLINE}/${designId}`, { data: JSON.stringify({ title }) });
      expect(made.code, made.msg).toBe(200);
    }
    const [menu] = await db.select().from(modules).where(eq(modules.id, menuId));
    const user = await userWith([{ page: menu!.enCode }]);
    await db.insert(authorizes).values({
      id: newId(),
      itemType: 'resource',
      itemId: scheme.data.id,
      objectType: 'Role',
      objectId: user.roleId,
    });
    const titles = async (as: string) =>
      (await send<{ list: { title: string }[] }>('POST', `${ONLINE}/${designId}/List`, {}, as)).data.list
        .map((r) => r.title)
        .sort();
    expect(await titles(user.token)).toEqual(['甲一', '甲二']);
    expect(await titles(suite.admin)).toEqual(['乙一', '甲一', '甲二'].sort());
  });

  it('accepts the physical column name of a linked table in a data rule', async () => {
    const { designId, menuId } = await releasedDesign();
    const db = suite.server.services.db;
    // A field typed as the table's column (what a non-generated picker answers).
    const field = await send('POST', '/api/system/ModuleDataAuthorize', {
      moduleId: menuId,
      fullName: '创建人列',
      enCode: 'f_creatoruserid',
      type: 'varchar',
      conditionSymbol: '==',
      conditionText: DataRuleValueType.CurrentUser,
    });
    expect(field.code, field.msg).toBe(200);
    const scheme = await send<{ id: string }>('POST', '/api/system/ModuleDataAuthorizeScheme', {
      moduleId: menuId,
      fullName: '本人列名',
      enCode: unique('s'),
      conditionJson: {
        matchLogic: 'and',
        conditions: [
          { field: 'f_creatoruserid', op: '==', valueType: DataRuleValueType.CurrentUser, value: '' },
        ],
      },
    });
    expect(scheme.code, scheme.msg).toBe(200);
    const [menu] = await db.select().from(modules).where(eq(modules.id, menuId));
    const user = await userWith([{ page: menu!.enCode, buttons: ['btn_add'] }]);
    await db.insert(authorizes).values({
      id: newId(),
      itemType: 'resource',
      itemId: scheme.data.id,
      objectType: 'Role',
      objectId: user.roleId,
    });
    await send('POST', `${ONLINE}/${designId}`, { data: JSON.stringify({ title: '管理员的' }) });
    const mine = await send(
      'POST',
      `${ONLINE}/${designId}`,
      { data: JSON.stringify({ title: '我的' }) },
      user.token,
    );
    expect(mine.code, mine.msg).toBe(200);
    const list = await send<{ list: { title: string }[] }>(
      'POST',
      `${ONLINE}/${designId}/List`,
      {},
      user.token,
    );
    expect(list.data.list.map((r) => r.title)).toEqual(['我的']);
  });
});
