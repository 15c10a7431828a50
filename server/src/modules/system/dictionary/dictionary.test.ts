import type { DictionaryAllItem, DictionaryDataNode, DictionaryTypeNode } from '@console/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { dictionaryData, dictionaryTypes } from '../../../db/schema/index.js';
import { DICTIONARY_IMPORT_MAX_RECORDS, DictionaryMessages } from './service.js';

let database: TestDatabase;
let server: TestServer;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const get = <T>(path: string) => server.request<T>('GET', path, { token });
const send = <T = unknown>(method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token, json: json ?? {} });
const counts = async () => ({
  types: (await server.services.db.select({ n: count() }).from(dictionaryTypes))[0]!.n,
  entries: (await server.services.db.select({ n: count() }).from(dictionaryData))[0]!.n,
});
const flatten = <T extends { children: T[] }>(nodes: T[]): T[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);
async function typeByCode(code: string) {
  const tree = await get<{ list: DictionaryTypeNode[] }>('/api/system/DictionaryType');
  const found = flatten(tree.data.list).find((t) => t.enCode === code);
  if (!found) throw new Error(`no type ${code}`);
  return found;
}
async function upload(path: string, fileName: string, content: string | Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return (await response.json()) as { code: number; msg: string; data: unknown };
}

describe('seeded dictionaries', () => {
  it('has the product dictionaries in a tree of categories', async () => {
    const tree = await get<{ list: DictionaryTypeNode[] }>('/api/system/DictionaryType');
    expect(tree.code).toBe(200);
    const codes = flatten(tree.data.list).map((t) => t.enCode);
    for (const code of [
      'businessType',
      'sex',
      'Nation',
      'Education',
      'certificateType',
      'scheduleType',
      'Urgency',
      'flowStatus',
      'IndustryType',
    ])
      expect(codes).toContain(code);
    const nation = await typeByCode('Nation');
    const entries = await get<{ list: DictionaryDataNode[] }>(`/api/system/DictionaryData/${nation.id}`);
    expect(entries.data.list).toHaveLength(56);
    const urgency = await get<{ list: DictionaryDataNode[] }>(
      '/api/system/DictionaryData/Urgency/Data/Selector',
    );
    expect(urgency.data.list.map((e) => [e.enCode, e.fullName])).toEqual([
      ['1', '普通'],
      ['2', '重要'],
      ['3', '紧急'],
    ]);
  });

  it('answers every type with its enabled entries at /All', async () => {
    const all = await get<{ list: DictionaryAllItem[] }>('/api/system/DictionaryData/All');
    const industry = all.data.list.find((t) => t.enCode === 'IndustryType')!;
    expect(industry.isTree).toBe(1);
    const manufacturing = industry.dictionaryList.find((e) => e.enCode === 'C')!;
    expect(manufacturing.children.length).toBeGreaterThan(0);
    expect(Object.keys(manufacturing).sort()).toEqual(['children', 'enCode', 'fullName', 'id', 'parentId']);
  });
});

describe('dictionary types', () => {
  it('refuses bad input and writes nothing', async () => {
    const before = await counts();
    const good = { parentId: '0', fullName: '测试分类', enCode: 'testType', isTree: 0, sortCode: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, fullName: '' }, '请输入名称'],
      [{ ...good, fullName: '名'.repeat(51) }, '字典名称最多为50个字符！'],
      [{ ...good, fullName: '名称<script>' }, '名称不能含有特殊字符'],
      [{ ...good, enCode: '' }, '请输入编码'],
      [{ ...good, enCode: 'a'.repeat(51) }, '字典编码最多为50个字符！'],
      [{ ...good, enCode: '.abc' }, '编码只能包含'],
      [{ ...good, sortCode: 1_000_000 }, '排序范围为0-999999'],
      [{ ...good, parentId: '' }, '上级不能为空'],
      [{ ...good, parentId: 'missing' }, '上级分类不存在'],
      [{ ...good, enCode: 'sex' }, '分类编码已存在'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/system/DictionaryType', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('creates, edits with a version, keeps isTree, and refuses unsafe deletes', async () => {
    const parent = await send<{ id: string }>('POST', '/api/system/DictionaryType', {
      parentId: '0',
      fullName: '父分类',
      enCode: 'parentType',
      isTree: 1,
    });
    expect(parent.code).toBe(200);
    const child = await send<{ id: string }>('POST', '/api/system/DictionaryType', {
      parentId: parent.data.id,
      fullName: '子分类',
      enCode: 'childType',
    });
    expect(child.code).toBe(200);
    const info = await get<DictionaryTypeNode>(`/api/system/DictionaryType/${parent.data.id}`);
    expect(info.data).toMatchObject({ fullName: '父分类', isTree: 1, version: 0, parentId: '0' });

    const base = { parentId: '0', fullName: '父分类2', enCode: 'parentType', isTree: 1, version: 0 };
    expect(
      (await send('PUT', `/api/system/DictionaryType/${parent.data.id}`, { ...base, isTree: 0 })).msg,
    ).toBe('树形结构创建后不能修改');
    expect(
      (
        await send('PUT', `/api/system/DictionaryType/${parent.data.id}`, {
          ...base,
          parentId: child.data.id,
        })
      ).msg,
    ).toBe('上级不能选择自己或自己的下级');
    expect((await send('PUT', `/api/system/DictionaryType/${parent.data.id}`, base)).code).toBe(200);
    const stale = await send('PUT', `/api/system/DictionaryType/${parent.data.id}`, {
      ...base,
      fullName: '又改',
    });
    expect(stale.code).toBe(400);
    expect(stale.msg).toBe('数据已被他人修改，请刷新后重试');
    expect(
      (await get<DictionaryTypeNode>(`/api/system/DictionaryType/${parent.data.id}`)).data.fullName,
    ).toBe('父分类2');

    // The selector leaves out the node being edited and everything below it.
    const selector = await get<{ list: DictionaryTypeNode[] }>(
      `/api/system/DictionaryType/Selector/${parent.data.id}`,
    );
    expect(selector.data.list[0]!.id).toBe('0');
    const ids = flatten(selector.data.list).map((n) => n.id);
    expect(ids).not.toContain(parent.data.id);
    expect(ids).not.toContain(child.data.id);
    const full = await get<{ list: DictionaryTypeNode[] }>('/api/system/DictionaryType/Selector/0');
    expect(flatten(full.data.list).map((n) => n.id)).toContain(child.data.id);

    const refused = await send('DELETE', `/api/system/DictionaryType/${parent.data.id}`);
    expect(refused.msg).toBe('该分类下有子分类，不能删除');
    await send('POST', '/api/system/DictionaryData', {
      dictionaryTypeId: child.data.id,
      parentId: child.data.id,
      fullName: '条目',
      enCode: 'item',
    });
    expect((await send('DELETE', `/api/system/DictionaryType/${child.data.id}`)).msg).toBe(
      '该分类下有字典数据，不能删除',
    );
  });
});

describe('dictionary entries', () => {
  it('creates entries of a tree type, lists them as a tree or flat, filters, toggles and deletes', async () => {
    const type = await send<{ id: string }>('POST', '/api/system/DictionaryType', {
      parentId: '0',
      fullName: '区域级别',
      enCode: 'areaLevel',
      isTree: 1,
    });
    const typeId = type.data.id;
    // A parent equal to the type id means the top level.
    const top = await send<{ id: string }>('POST', '/api/system/DictionaryData', {
      dictionaryTypeId: typeId,
      parentId: typeId,
      fullName: '省级',
      enCode: 'province',
      sortCode: 1,
    });
    expect(top.code).toBe(200);
    const sub = await send<{ id: string }>('POST', '/api/system/DictionaryData', {
      dictionaryTypeId: typeId,
      parentId: top.data.id,
      fullName: '市级',
      enCode: 'city',
      sortCode: 2,
    });
    expect(sub.code).toBe(200);
    const info = await get<DictionaryDataNode>(`/api/system/DictionaryData/${top.data.id}/Info`);
    expect(info.data).toMatchObject({ parentId: '0', enCode: 'province', enabledMark: 1, version: 0 });

    const before = await counts();
    const good = { dictionaryTypeId: typeId, parentId: '0', fullName: '县级', enCode: 'county' };
    for (const [body, message] of [
      [{ ...good, enCode: 'city' }, '字典编码已存在'],
      [{ ...good, parentId: 'nope' }, '上级字典不存在'],
      [{ ...good, dictionaryTypeId: 'nope' }, '字典分类不存在'],
      [{ ...good, fullName: '' }, '请输入名称'],
      [{ ...good, sortCode: -1 }, '排序范围为0-999999'],
      [{ ...good, enabledMark: 3 }, '状态只能为0或1'],
    ] as const) {
      const answer = await send('POST', '/api/system/DictionaryData', body);
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await counts()).toEqual(before);

    const tree = await get<{ list: DictionaryDataNode[] }>(`/api/system/DictionaryData/${typeId}?isTree=1`);
    expect(tree.data.list).toHaveLength(1);
    expect(tree.data.list[0]!.hasChildren).toBe(true);
    expect(tree.data.list[0]!.children[0]!.enCode).toBe('city');
    const filtered = await get<{ list: DictionaryDataNode[] }>(
      `/api/system/DictionaryData/${typeId}?isTree=1&keyword=市`,
    );
    expect(flatten(filtered.data.list).map((e) => e.enCode)).toEqual(['province', 'city']);
    const flat = await get<{ list: DictionaryDataNode[] }>(
      `/api/system/DictionaryData/${typeId}?isTree=0&keyword=CITY`,
    );
    expect(flat.data.list.map((e) => e.enCode)).toEqual(['city']);

    const selector = await get<{ list: DictionaryDataNode[] }>(
      `/api/system/DictionaryData/${typeId}/Selector/${top.data.id}?isTree=1`,
    );
    expect(selector.data.list[0]!.id).toBe(typeId);
    expect(selector.data.list[0]!.children).toHaveLength(0);

    // Moving a node below its own child is refused; a stale version too.
    const edit = {
      dictionaryTypeId: typeId,
      parentId: sub.data.id,
      fullName: '省级',
      enCode: 'province',
      version: 0,
    };
    expect((await send('PUT', `/api/system/DictionaryData/${top.data.id}`, edit)).msg).toBe(
      '上级不能选择自己或自己的下级',
    );
    expect(
      (
        await send('PUT', `/api/system/DictionaryData/${top.data.id}`, {
          ...edit,
          parentId: typeId,
          fullName: '省',
        })
      ).code,
    ).toBe(200);
    expect(
      (await send('PUT', `/api/system/DictionaryData/${top.data.id}`, { ...edit, parentId: '0' })).msg,
    ).toBe('数据已被他人修改，请刷新后重试');

    const toggled = await send('PUT', `/api/system/DictionaryData/${sub.data.id}/Actions/State`);
    expect(toggled.code).toBe(200);
    const all = await get<{ list: DictionaryAllItem[] }>('/api/system/DictionaryData/All');
    const mine = all.data.list.find((t) => t.id === typeId)!;
    expect(mine.dictionaryList[0]!.children).toHaveLength(0);
    const selectable = await get<{ list: DictionaryDataNode[] }>(
      '/api/system/DictionaryData/areaLevel/Data/Selector',
    );
    expect(flatten(selectable.data.list).map((e) => e.enCode)).toEqual(['province']);

    expect((await send('DELETE', `/api/system/DictionaryData/${top.data.id}`)).msg).toBe(
      '该字典下有子字典，不能删除',
    );
    expect((await send('DELETE', `/api/system/DictionaryData/${sub.data.id}`)).code).toBe(200);
    expect((await send('DELETE', `/api/system/DictionaryData/${top.data.id}`)).code).toBe(200);
    expect((await get(`/api/system/DictionaryData/${top.data.id}/Info`)).msg).toBe('字典数据不存在');
  });

  it('keeps entries of a flat type at the top level', async () => {
    const sex = await typeByCode('sex');
    const [first] = (await get<{ list: DictionaryDataNode[] }>(`/api/system/DictionaryData/${sex.id}`)).data
      .list;
    const answer = await send('POST', '/api/system/DictionaryData', {
      dictionaryTypeId: sex.id,
      parentId: first!.id,
      fullName: '其他',
      enCode: '9',
    });
    expect(answer.msg).toBe('该分类不是树形结构，只能在顶级新建字典');
  });
});

describe('.bdd export and import', () => {
  it('exports through a one-use download address and imports all or nothing', async () => {
    const industry = await typeByCode('IndustryType');
    const exported = await get<{ name: string; url: string }>(
      `/api/system/DictionaryData/${industry.id}/Action/Export`,
    );
    expect(exported.code).toBe(200);
    expect(exported.data.name).toBe('行业类型.bdd');
    expect(exported.data.url).toMatch(/^\/api\/file\/Download\/bdd\/[A-Za-z0-9_-]{32}\.bdd$/);
    const response = await fetch(`${server.baseUrl}${exported.data.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''%E8%A1%8C");
    const file = (await response.json()) as { list: DictionaryTypeNode[]; modelList: DictionaryDataNode[] };
    expect(file.list).toHaveLength(1);
    expect(file.list[0]!.parentId).toBe(industry.parentId);
    expect(file.modelList.length).toBeGreaterThan(20);
    const again = await fetch(`${server.baseUrl}${exported.data.url}`);
    expect(((await again.json()) as { msg: string }).msg).toBe('下载链接已失效，请重新导出');

    // Re-import under new ids and codes.
    const typeId = newId();
    const ids = new Map(file.modelList.map((e) => [e.id, newId()]));
    const renamed = {
      list: [{ ...file.list[0]!, id: typeId, enCode: 'IndustryCopy' }],
      modelList: file.modelList.map((e) => ({
        ...e,
        id: ids.get(e.id),
        dictionaryTypeId: typeId,
        parentId: e.parentId === '0' ? '0' : ids.get(e.parentId),
      })),
    };
    const before = await counts();
    const bad: [unknown, string][] = [
      ['{not json', '不是有效的JSON'],
      [{ items: [] }, '应为 { list: [字典分类], modelList: [字典数据] }'],
      [
        { ...renamed, list: [{ ...renamed.list[0], enCode: 'sex' }] },
        '第1个字典分类（行业类型/sex）：编码“sex”已存在',
      ],
      [
        { ...renamed, modelList: [...renamed.modelList, { ...renamed.modelList[0], id: newId() }] },
        `第${renamed.modelList.length + 1}条字典数据（${renamed.modelList[0]!.fullName}/${renamed.modelList[0]!.enCode}）：编码“${renamed.modelList[0]!.enCode}”已存在`,
      ],
      [
        { ...renamed, modelList: [{ ...renamed.modelList[0], parentId: 'ghost' }] },
        `第1条字典数据（${renamed.modelList[0]!.fullName}/${renamed.modelList[0]!.enCode}）：上级字典不存在`,
      ],
      [
        // Two categories of the file each other's parent.
        {
          ...renamed,
          list: [
            { ...renamed.list[0], parentId: 'loopB' },
            { ...renamed.list[0], id: 'loopB', enCode: 'loopB', parentId: typeId },
          ],
        },
        '上级分类不存在',
      ],
      [
        { ...renamed, modelList: [{ ...renamed.modelList[0], fullName: 'x'.repeat(51) }] },
        '字典名称最多为50个字符！',
      ],
    ];
    for (const [content, message] of bad) {
      const answer = await upload(
        '/api/system/DictionaryData/Action/Import',
        'x.bdd',
        typeof content === 'string' ? content : JSON.stringify(content),
      );
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect((await upload('/api/system/DictionaryData/Action/Import', 'x.txt', '{}')).msg).toBe(
      '请选择.bdd格式的文件',
    );
    const big = new Uint8Array(5 * 1024 * 1024 + 10).fill(32);
    expect((await upload('/api/system/DictionaryData/Action/Import', 'x.bdd', big)).msg).toBe(
      '文件大小不能超过5MB',
    );
    expect(await counts()).toEqual(before);

    const ok = await upload('/api/system/DictionaryData/Action/Import', 'x.bdd', JSON.stringify(renamed));
    expect(ok.code).toBe(200);
    expect(ok.data).toEqual({ types: 1, entries: renamed.modelList.length });
    const copy = await get<{ list: DictionaryDataNode[] }>(
      '/api/system/DictionaryData/IndustryCopy/Data/Selector',
    );
    expect(flatten(copy.data.list)).toHaveLength(renamed.modelList.length);
  });
});

describe('.bdd files and lists refused whole (issue #22)', () => {
  it('refuses a file with a __proto__ key anywhere, writing nothing', async () => {
    const typeId = newId();
    const type = { id: typeId, parentId: '0', fullName: '原型', enCode: 'protoType', isTree: 0, sortCode: 0 };
    const entry = { id: newId(), dictionaryTypeId: typeId, parentId: '0', fullName: '条目', enCode: 'p1' };
    const before = await counts();
    for (const text of [
      `{"__proto__":{"polluted":1},"list":${JSON.stringify([type])}}`,
      `{"list":[${JSON.stringify(type).replace('{', '{"__proto__":{"isAdmin":1},')}]}`,
      `{"list":${JSON.stringify([type])},"modelList":[${JSON.stringify(entry).replace('{', '{"a":{"__proto__":[]},')}]}`,
    ]) {
      const refused = await upload('/api/system/DictionaryData/Action/Import', 'proto.bdd', text);
      expect([refused.code, refused.msg], text).toEqual([400, DictionaryMessages.importProto]);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for a sort field on the dictionary type list, as every fixed-order list does', async () => {
    const answer = await get('/api/system/DictionaryType?sidx=nope');
    expect(answer.code).toBe(400);
    expect(answer.msg).toMatch(/sidx/);
    expect((await get('/api/system/DictionaryType?sidx=')).code).toBe(200);
  });
});

describe('.bdd record cap (issue #10)', () => {
  it(`refuses a file of more than ${DICTIONARY_IMPORT_MAX_RECORDS} records and writes nothing`, async () => {
    const typeId = newId();
    const file = {
      list: [
        { id: typeId, parentId: '0', fullName: '大字典', enCode: 'bigDictionary', isTree: 0, sortCode: 0 },
      ],
      modelList: Array.from({ length: DICTIONARY_IMPORT_MAX_RECORDS }, (_, i) => ({
        id: newId(),
        dictionaryTypeId: typeId,
        parentId: '0',
        fullName: `条目${i}`,
        enCode: `e${i}`,
        enabledMark: 1,
        sortCode: i,
      })),
    };
    const before = await counts();
    const refused = await upload('/api/system/DictionaryData/Action/Import', 'big.bdd', JSON.stringify(file));
    expect([refused.code, refused.msg]).toEqual([
      400,
      DictionaryMessages.importTooMany(DICTIONARY_IMPORT_MAX_RECORDS + 1),
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe('.bdd between installations', () => {
  it('reproduces a category tree with nested entries in a fresh database', async () => {
    // A parent category with a tree-shaped child category and entries three levels deep.
    const parent = await send<{ id: string }>('POST', '/api/system/DictionaryType', {
      parentId: '0',
      fullName: '政务服务',
      enCode: 'govService',
      isTree: 0,
    });
    const child = await send<{ id: string }>('POST', '/api/system/DictionaryType', {
      parentId: parent.data.id,
      fullName: '办理事项',
      enCode: 'govServiceItem',
      isTree: 1,
    });
    const add = async (parentId: string, fullName: string, enCode: string) =>
      (
        await send<{ id: string }>('POST', '/api/system/DictionaryData', {
          dictionaryTypeId: child.data.id,
          parentId,
          fullName,
          enCode,
        })
      ).data.id;
    const license = await add('0', '证照办理', 'license');
    const business = await add(license, '营业执照', 'business');
    await add(business, '设立登记', 'establish');
    await add(business, '变更登记', 'change');
    await add('0', '社保服务', 'socialSecurity');

    const exported = await get<{ url: string }>(`/api/system/DictionaryData/${parent.data.id}/Action/Export`);
    const content = await (await fetch(`${server.baseUrl}${exported.data.url}`)).text();

    /** The shape a person sees: each category and entry by name and code, nested as in the tree. */
    const shapeOf = async (target: TestServer, targetToken: string) => {
      const types = await target.request<{ list: DictionaryTypeNode[] }>(
        'GET',
        '/api/system/DictionaryType',
        {
          token: targetToken,
        },
      );
      const root = types.data.list.find((t) => t.enCode === 'govService')!;
      const entries = await target.request<{ list: DictionaryDataNode[] }>(
        'GET',
        `/api/system/DictionaryData/${root.children[0]!.id}?isTree=1`,
        { token: targetToken },
      );
      const strip = (nodes: { fullName: string; enCode: string; children?: unknown[] | null }[]): unknown =>
        nodes.map((n) => ({
          name: n.fullName,
          code: n.enCode,
          children: strip((n.children ?? []) as typeof nodes),
        }));
      return { types: strip([root]), entries: strip(entries.data.list) };
    };

    const freshDatabase = await createTestDatabase();
    const fresh = await startServer({ database: freshDatabase });
    try {
      const freshToken = await fresh.adminToken();
      const form = new FormData();
      form.append('file', new Blob([content]), 'govService.bdd');
      const imported = await fetch(`${fresh.baseUrl}/api/system/DictionaryData/Action/Import`, {
        method: 'POST',
        headers: { authorization: freshToken },
        body: form,
      });
      expect(((await imported.json()) as { code: number }).code).toBe(200);
      const original = await shapeOf(server, token);
      expect(original.entries).toHaveLength(2);
      expect(await shapeOf(fresh, freshToken)).toEqual(original);
    } finally {
      await fresh.close();
      await freshDatabase.drop();
    }
  });
});

describe('access', () => {
  it('lets any signed-in user read the shared lists and needs the page for the rest', async () => {
    await server.addUser('dictreader', 'Reader123', { realName: '读者' });
    const reader = await server.login('dictreader', 'Reader123');
    expect((await server.request('GET', '/api/system/DictionaryData/All', { token: reader })).code).toBe(200);
    expect(
      (await server.request('GET', '/api/system/DictionaryData/sex/Data/Selector', { token: reader })).code,
    ).toBe(200);
    const denied = await server.request('GET', '/api/system/DictionaryType', { token: reader });
    expect(denied.code).toBe(400);
    expect(denied.msg).toBe('您没有此操作的权限，请联系管理员');
    const write = await server.request('POST', '/api/system/DictionaryType', {
      token: reader,
      json: { parentId: '0', fullName: '越权', enCode: 'denied' },
    });
    expect(write.msg).toBe('您没有此操作的权限，请联系管理员');
  });
});

// What the 3.4.7 client's dictionary pages send (issue #20, item 11).
describe('dictionaries as the 3.4.7 client writes them', () => {
  it('takes entry codes with underscores and other characters its entry form allows', async () => {
    const type = await send<{ id: string }>('POST', '/api/system/DictionaryType', {
      id: '',
      parentId: '0',
      fullName: '下划线编码',
      enCode: 'underscoreCodes',
      isTree: 0,
      sortCode: 0,
      description: '',
    });
    expect(type.code, type.msg).toBe(200);
    // The entry form checks only that a code is given and at most 50 characters.
    for (const enCode of ['sys_code', 'A-1', 'x_y.z']) {
      const entry = await send('POST', '/api/system/DictionaryData', {
        id: '',
        dictionaryTypeId: type.data.id,
        parentId: '0',
        fullName: `条目${enCode.replace('.', '')}`,
        enCode,
        enabledMark: 1,
        sortCode: 0,
        description: '',
      });
      expect([entry.code, entry.msg], enCode).toEqual([200, expect.any(String)]);
    }
    const listed = await get<{ list: DictionaryDataNode[] }>(`/api/system/DictionaryData/${type.data.id}`);
    expect(listed.data.list.map((e) => e.enCode).sort()).toEqual(['A-1', 'sys_code', 'x_y.z']);
    // The type form keeps its code rule (letters, digits and inner dots), as that client's does.
    const badType = await send('POST', '/api/system/DictionaryType', {
      parentId: '0',
      fullName: '坏编码',
      enCode: 'bad_code',
      isTree: 0,
    });
    expect(badType.code).toBe(400);
  });

  it('exports a category with its own parentId; an import places it under that parent when it exists here, else at the top', async () => {
    const parent = await send<{ id: string }>('POST', '/api/system/DictionaryType', {
      parentId: '0',
      fullName: '导出上级',
      enCode: 'exportParent',
      isTree: 0,
    });
    const child = await send<{ id: string }>('POST', '/api/system/DictionaryType', {
      parentId: parent.data.id,
      fullName: '导出下级',
      enCode: 'exportChild',
      isTree: 0,
    });
    const exported = await get<{ url: string }>(`/api/system/DictionaryData/${child.data.id}/Action/Export`);
    const file = (await (await fetch(`${server.baseUrl}${exported.data.url}`)).json()) as {
      list: DictionaryTypeNode[];
      modelList: DictionaryDataNode[];
    };
    expect(file.list.map((t) => t.parentId)).toEqual([parent.data.id]);

    const copy = (enCode: string, parentId: string) => ({
      list: [{ ...file.list[0]!, id: newId(), enCode, parentId }],
      modelList: [],
    });
    const here = await upload(
      '/api/system/DictionaryData/Action/Import',
      'a.bdd',
      JSON.stringify(copy('exportCopyA', parent.data.id)),
    );
    expect(here.code, here.msg).toBe(200);
    const elsewhere = await upload(
      '/api/system/DictionaryData/Action/Import',
      'b.bdd',
      JSON.stringify(copy('exportCopyB', newId())),
    );
    expect(elsewhere.code, elsewhere.msg).toBe(200);
    expect((await typeByCode('exportCopyA')).parentId).toBe(parent.data.id);
    expect((await typeByCode('exportCopyB')).parentId).toBe('0');
  });
});
