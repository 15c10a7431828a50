import {
  type DictionaryDataNode,
  type PrintDataAnswer,
  type PrintDevItem,
  type PrintFieldGroup,
  renderPrintTemplate,
} from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { dictionaryTypes, printDevs, printLogs } from '../../../db/schema/index.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let category: string;
let typeId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  const categories = await server.request<{ list: DictionaryDataNode[] }>(
    'GET',
    '/api/system/DictionaryData/printDev/Data/Selector',
    { token },
  );
  category = categories.data.list[0]!.id;
  const [type] = await server.services.db
    .select({ id: dictionaryTypes.id })
    .from(dictionaryTypes)
    .where(eq(dictionaryTypes.enCode, 'printDev'));
  typeId = type!.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token, json });
const templateIds = async () =>
  (await server.services.db.select({ id: printDevs.id }).from(printDevs)).map((r) => r.id);
const templateCount = async () => (await server.services.db.select({ n: count() }).from(printDevs))[0]!.n;

/** A dictionary type as the header, its entries as detail group T1. */
const SQL_TEMPLATE = JSON.stringify([
  {
    sql: 'select full_name as "typeName", en_code as "code", 12345.67 as amount from public.base_dictionary_type where id = @formId',
  },
  {
    sql: 'select full_name as "itemName", en_code as "itemCode", sort_code as "sortCode" from public.base_dictionary_data where dictionary_type_id = @formId order by en_code',
  },
]);
const TEMPLATE =
  '<p>{{typeName}} {{capital amount}} {{thousands amount}}</p>' +
  '<table><tbody><tr><td>#</td><td>名称</td></tr><tr><td>{{@index}}</td><td>{{T1.itemName}}</td></tr></tbody></table>';

const good = () => ({
  fullName: '字典打印',
  enCode: `DP${Math.random().toString(36).slice(2, 8)}`,
  category,
  type: 2,
  dbLinkId: '0',
  sqlTemplate: SQL_TEMPLATE,
  printTemplate: TEMPLATE,
  pageParam: JSON.stringify({ type: '2', direction: '纵向', mt: 10, mb: 10, ml: 10, mr: 10 }),
  sortCode: 1,
  enabledMark: 1,
});

async function create(overrides: Record<string, unknown> = {}) {
  const answer = await send<{ id: string }>('POST', '/api/system/printDev', { ...good(), ...overrides });
  if (answer.code !== 200) throw new Error(answer.msg);
  return (await send<PrintDevItem>('GET', `/api/system/printDev/${answer.data.id}`)).data;
}

describe('print templates', () => {
  it('refuses bad input with a message a person can act on and writes nothing', async () => {
    const before = await templateCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, '请输入模板名称'],
      [{ enCode: '' }, '请输入模板编码'],
      [{ category: 'nope' }, '模板分类不存在'],
      [{ type: 3 }, '模板类型只能是1（流程表单）或2（功能表单）'],
      [{ sqlTemplate: 'select 1' }, '数据SQL格式错误'],
      [{ sqlTemplate: '[]' }, '请至少输入一条数据SQL（第一条为主表）'],
      [{ sqlTemplate: JSON.stringify([{ sql: 'select 1' }]) }, '第1条数据SQL必须用 @formId 过滤业务主键'],
      [
        { sqlTemplate: JSON.stringify([{ sql: 'delete from base_user where id = @formId' }]) },
        '第1条数据SQL有误',
      ],
      [
        { sqlTemplate: JSON.stringify([{ sql: 'select 1 where @formId = 1; drop table base_user' }]) },
        '第1条数据SQL有误',
      ],
      [
        { sqlTemplate: JSON.stringify([{ sql: 'select * from base_user where id = @formId for update' }]) },
        '第1条数据SQL有误',
      ],
      [
        {
          sqlTemplate: JSON.stringify([
            { sql: 'select nope from public.base_dictionary_type where id = @formId' },
          ]),
        },
        '第1条数据SQL有误',
      ],
      [
        {
          sqlTemplate: JSON.stringify([{ sql: 'select password from public.base_user where id = @formId' }]),
        },
        '不能查询public.base_user',
      ],
      [
        { sqlTemplate: JSON.stringify([{ sql: "select pg_read_file('/etc/passwd') where @formId = '1'" }]) },
        '不允许调用函数pg_read_file',
      ],
      [{ sqlTemplate: JSON.stringify([{ sql: 'selec x @formId' }]) }, '第1条数据SQL有误'],
      [{ dbLinkId: 'other' }, '数据连接不存在'],
      [{ pageParam: '{"type":"9"}' }, '请选择纸张大小'],
      [{ sortCode: -1 }, '排序范围为0-999999'],
    ];
    for (const [overrides, message] of cases) {
      const answer = await send('POST', '/api/system/printDev', { ...good(), ...overrides });
      expect(answer.code, JSON.stringify(overrides)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await templateCount()).toBe(before);
  });

  it('stores the template sanitised and answers it in the list, info and selector', async () => {
    const made = await create({
      printTemplate: `${TEMPLATE}<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>`,
    });
    expect(made.printTemplate).toContain('{{T1.itemName}}');
    expect(made.printTemplate).not.toMatch(/onerror|<script|javascript:/);
    expect(made.creatorUser).toMatch(/\/admin$/);
    const list = await send<{ list: PrintDevItem[] }>(
      'GET',
      `/api/system/printDev?keyword=${made.enCode}&category=${category}`,
    );
    expect(list.data.list.map((t) => t.id)).toEqual([made.id]);
    expect(list.data.list[0]!.categoryName).toBe('流程表单');
    expect((await send('GET', '/api/system/printDev?sidx=printTemplate')).code).toBe(400);
    const selector = await send<{ list: { id: string; children: { id: string }[] }[] }>(
      'GET',
      '/api/system/printDev/Selector?type=2',
    );
    expect(selector.data.list.find((g) => g.id === category)?.children.map((c) => c.id)).toContain(made.id);
    const options = await send('POST', '/api/system/printDev/getListOptions', { ids: [made.id, 'gone'] });
    expect(options.data).toEqual([{ id: made.id, fullName: '字典打印' }]);
  });

  it('answers the fields of each statement and the data of a record with its detail rows', async () => {
    const fields = await send<PrintFieldGroup[]>('POST', '/api/system/printDev/Fields', {
      dbLinkId: '0',
      sqlTemplate: SQL_TEMPLATE,
    });
    expect(fields.data.map((g) => g.id)).toEqual(['headTable', 'T1']);
    expect(fields.data[0]!.children.map((c) => c.id)).toEqual(['typeName', 'code', 'amount']);
    expect(fields.data[1]!.children.map((c) => c.id)).toEqual(['itemName', 'itemCode', 'sortCode']);

    const made = await create();
    const data = await send<PrintDataAnswer>(
      'GET',
      `/api/system/printDev/Data?id=${made.id}&formId=${typeId}`,
    );
    expect(data.code).toBe(200);
    expect(data.data.printData.typeName).toBe('打印模板分类');
    const rows = data.data.printData.T1 as { itemName: string }[];
    expect(rows.map((r) => r.itemName)).toEqual(['流程表单', '功能表单', '报表单据']);
    const html = renderPrintTemplate(data.data.printTemplate, { data: data.data.printData });
    expect(html).toContain('打印模板分类 壹万贰仟叁佰肆拾伍元陆角柒分 12,345.67');
    expect(html).toContain('<tr><td>3</td><td>报表单据</td></tr>');

    // The record key is a bound parameter: quotes in it are data, not SQL.
    const injected = await send(
      'GET',
      `/api/system/printDev/Data?id=${made.id}&formId=${encodeURIComponent("x' or '1'='1")}`,
    );
    expect(injected.code).toBe(400);
    expect(injected.msg).toContain("没有找到业务主键为 x' or '1'='1 的数据");
    expect((await send('GET', `/api/system/printDev/Data?id=${made.id}`)).msg).toContain(
      '缺少业务主键formId',
    );

    const batch = await send<PrintDataAnswer[]>(
      'GET',
      `/api/system/printDev/BatchData?id=${made.id}&formId=${typeId},${typeId}`,
    );
    expect(batch.data).toHaveLength(2);
    const tooMany = Array.from({ length: 101 }, () => typeId).join(',');
    expect((await send('GET', `/api/system/printDev/BatchData?id=${made.id}&formId=${tooMany}`)).msg).toBe(
      '批量打印一次最多100条记录',
    );

    expect((await send('PUT', `/api/system/printDev/${made.id}/Actions/State`)).code).toBe(200);
    expect((await send('GET', `/api/system/printDev/Data?id=${made.id}&formId=${typeId}`)).msg).toBe(
      '该打印模板已被禁用',
    );
  });

  it('a statement cannot write, even hidden in a function call', async () => {
    const answer = await send('POST', '/api/system/printDev/Fields', {
      sqlTemplate: JSON.stringify([
        { sql: "select set_config('x', @formId, false), nextval('no_such_seq')" },
      ]),
    });
    expect(answer.code).toBe(400);
    expect(answer.msg).toContain('第1条数据SQL有误');
  });

  it('edits with the version, copies, exports and imports, logs prints and deletes', async () => {
    const made = await create();
    const edited = await send('PUT', `/api/system/printDev/${made.id}`, {
      ...good(),
      enCode: made.enCode,
      fullName: '字典打印二',
      version: made.version,
    });
    expect(edited.code).toBe(200);
    const stale = await send('PUT', `/api/system/printDev/${made.id}`, {
      ...good(),
      enCode: made.enCode,
      version: made.version,
    });
    expect(stale.code).toBe(400);
    expect(stale.msg).toBe('数据已被他人修改，请刷新后重试');

    const copy = await send<{ id: string }>('POST', `/api/system/printDev/${made.id}/Actions/Copy`);
    const copied = (await send<PrintDevItem>('GET', `/api/system/printDev/${copy.data.id}`)).data;
    expect(copied.fullName).toMatch(/^字典打印二副本\d{6}$/);
    expect(copied.enabledMark).toBe(0);

    const exported = await send<{ name: string; url: string }>(
      'GET',
      `/api/system/printDev/${made.id}/Actions/Export`,
    );
    expect(exported.data.name).toBe('字典打印二.bp');
    const file = await (await fetch(`${server.baseUrl}${exported.data.url}`)).text();
    const upload = async (content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content]), 'template.bp');
      const response = await fetch(`${server.baseUrl}/api/system/printDev/Actions/ImportData`, {
        method: 'POST',
        headers: { authorization: token },
        body: form,
      });
      return (await response.json()) as { code: number; msg: string; data: { id: string } };
    };
    const before = await templateCount();
    expect((await upload('{')).msg).toBe('导入文件格式错误：不是有效的打印模板文件(.bp)');
    expect((await upload(JSON.stringify({ ...JSON.parse(file), sqlTemplate: '[]' }))).code).toBe(400);
    expect(await templateCount()).toBe(before);
    const imported = await upload(file);
    expect(imported.code).toBe(200);
    expect(
      (await send<PrintDevItem>('GET', `/api/system/printDev/${imported.data.id}`)).data.enCode,
    ).not.toBe(made.enCode);

    const bad = await send('POST', '/api/system/printLog/save', {
      printId: made.id,
      printTitle: 'x',
      printNum: 0,
    });
    expect(bad.msg).toContain('打印份数为1-10000');
    expect(
      (await send('POST', '/api/system/printLog/save', { printId: 'gone', printTitle: 'x', printNum: 1 }))
        .msg,
    ).toBe('打印模板不存在');
    expect(
      (
        await send('POST', '/api/system/printLog/save', {
          printId: made.id,
          printTitle: '字典打印二',
          printNum: 2,
        })
      ).code,
    ).toBe(200);
    const logs = await send<{ list: { printTitle: string; printMan: string; printNum: number }[] }>(
      'GET',
      `/api/system/printLog/${made.id}?keyword=字典`,
    );
    expect(logs.data.list).toMatchObject([{ printTitle: '字典打印二', printNum: 2 }]);
    expect(logs.data.list[0]!.printMan).toMatch(/\/admin$/);

    expect((await send('DELETE', `/api/system/printDev/${made.id}`)).code).toBe(200);
    expect((await send('GET', `/api/system/printDev/${made.id}`)).msg).toBe('打印模板不存在');
    const left = await server.services.db.select().from(printLogs).where(eq(printLogs.printId, made.id));
    expect(left).toHaveLength(0);
  });

  it('is refused to a user without the page', async () => {
    await server.addUser('printless', 'Secret#123');
    const other = await server.login('printless', 'Secret#123');
    const answer = await server.request('GET', '/api/system/printDev', { token: other });
    expect(answer.code).not.toBe(200);
    const one = await server.request<PrintDevItem>(
      'GET',
      `/api/system/printDev/${(await templateIds())[0]}`,
      {
        token: other,
      },
    );
    expect(one.code).not.toBe(200);
    // The pickers answer names only, to anyone signed in (a flow designer picks the print button's templates).
    const selector = await server.request<{ list: { children: Record<string, unknown>[] }[] }>(
      'GET',
      '/api/system/printDev/Selector',
      { token: other },
    );
    expect(selector.code).toBe(200);
    const picked = selector.data.list.flatMap((group) => group.children);
    expect(picked.length).toBeGreaterThan(0);
    for (const option of picked)
      expect(Object.keys(option).sort()).toEqual(['category', 'enCode', 'fullName', 'id']);
  });
});
