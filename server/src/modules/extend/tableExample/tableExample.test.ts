import type { Pagination } from '@console/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import { extTableExamples } from '../../../db/schema/index.js';
import { grantPages } from '../../knowledge/testing.js';
import { industryTypes } from './routes.js';

let server: TestServer;
let admin: string;
let viewer: string;
let types: Awaited<ReturnType<typeof industryTypes>>;

interface Row {
  id: string;
  projectName: string;
  projectCode: string;
  projectType: string;
  costAmount: number;
  tunesAmount: number;
  registrant: string;
  sign: string;
  postilCount: number;
  version: number;
}

const typeId = (code: string) => types.find((t) => t.enCode === code)?.id as string;
const project = (overrides: Record<string, unknown> = {}) => ({
  projectName: '老旧小区改造',
  projectCode: 'JS2026001',
  projectType: typeId('E'),
  projectPhase: '实施阶段',
  customerName: '区住房和城乡建设局',
  principal: '陈静',
  jackStands: '赵磊',
  interactionDate: Date.UTC(2026, 10, 1),
  costAmount: '2650000',
  tunesAmount: 1200000.5,
  projectedIncome: 0,
  description: '一期',
  ...overrides,
});
const snapshot = async () => server.services.db.select().from(extTableExamples).orderBy(extTableExamples.id);

beforeAll(async () => {
  server = await startServer();
  admin = await server.adminToken();
  types = await industryTypes(server.services.db);
  const viewerId = await server.addUser('table-viewer', 'Passw0rd!');
  await grantPages(server, viewerId, { 'extend.tableDemo.commonTable': [] });
  viewer = await server.login('table-viewer', 'Passw0rd!');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('extend/TableExample', () => {
  it('creates, pages, reads, edits a row in place (RowsEdit, versioned) and deletes', async () => {
    const created = await server.request<{ id: string }>('POST', '/api/extend/TableExample', {
      token: admin,
      json: project(),
    });
    expect(created.code).toBe(200);
    const id = created.data.id;
    await server.request('POST', '/api/extend/TableExample', {
      token: admin,
      json: project({
        projectName: '政务外网安全加固',
        projectCode: 'ZW2026005',
        projectType: typeId('I63'),
      }),
    });

    const page = await server.request<{ list: Row[]; pagination: Pagination }>(
      'GET',
      '/api/extend/TableExample?keyword=JS2026&currentPage=1&pageSize=20&sort=desc&sidx=costAmount',
      { token: viewer },
    );
    expect(page.code).toBe(200);
    expect(page.data.pagination.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({
      id,
      costAmount: 2650000,
      tunesAmount: 1200000.5,
      registrant: '管理员',
      sign: '0000000',
      version: 0,
    });

    const row = await server.request<Row>('GET', `/api/extend/TableExample/${id}`, { token: viewer });
    const saved = await server.request('PUT', `/api/extend/TableExample/${id}/Actions/RowsEdit`, {
      token: admin,
      json: { ...row.data, projectPhase: '验收阶段', costAmount: '2700000', postilCount: 9, registrant: 'x' },
    });
    expect(saved.code).toBe(200);
    const after = await server.request<Row & { projectPhase: string }>(
      'GET',
      `/api/extend/TableExample/${id}`,
      {
        token: admin,
      },
    );
    expect(after.data).toMatchObject({
      projectPhase: '验收阶段',
      costAmount: 2700000,
      postilCount: 0,
      registrant: '管理员',
      version: 1,
    });

    // The row as read before the edit is stale now: refused, nothing changed.
    const stale = await server.request('PUT', `/api/extend/TableExample/${id}`, {
      token: admin,
      json: { ...row.data, projectPhase: '已撤销' },
    });
    expect(stale.code).toBe(400);
    expect(
      (await server.request<Row>('GET', `/api/extend/TableExample/${id}`, { token: admin })).data,
    ).toMatchObject({ version: 1 });

    const all = await server.request<{ list: Row[] }>('GET', '/api/extend/TableExample/All', {
      token: viewer,
    });
    expect(all.data.list).toHaveLength(2);
    const byType = await server.request<{ list: Row[]; pagination: Pagination }>(
      'GET',
      `/api/extend/TableExample/ControlSample/${typeId('I')}`,
      { token: viewer },
    );
    // I63 is under I: the sub-type's project is listed with its parent type.
    expect(byType.data.list.map((r) => r.projectCode)).toEqual(['ZW2026005']);

    expect((await server.request('DELETE', `/api/extend/TableExample/${id}`, { token: admin })).code).toBe(
      200,
    );
    expect((await server.request('GET', `/api/extend/TableExample/${id}`, { token: admin })).code).toBe(400);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await snapshot();
    const bad = [
      project({ projectName: '' }),
      project({ projectType: 'no-such-type' }),
      project({ costAmount: 'abc' }),
      project({ tunesAmount: -1 }),
      project({ interactionDate: 'yesterday' }),
      project({ projectCode: 'x'.repeat(51) }),
    ];
    for (const json of bad) {
      const res = await server.request('POST', '/api/extend/TableExample', { token: admin, json });
      expect(res.code, JSON.stringify(json)).toBe(400);
      expect(res.msg).toMatch(/项目|金额|日期|数字|负数|字符/);
    }
    const sorted = await server.request('GET', '/api/extend/TableExample?sidx=password', { token: admin });
    expect(sorted.code).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('marks rows, keeps notes (add, list, remove by index) and refuses bad marks and indexes', async () => {
    const { data } = await server.request<{ id: string }>('POST', '/api/extend/TableExample', {
      token: admin,
      json: project({ projectCode: 'JS2026009' }),
    });
    const id = data.id;
    expect(
      (
        await server.request('PUT', `/api/extend/TableExample/UpdateSign/${id}`, {
          token: admin,
          json: { sign: '1030000' },
        })
      ).code,
    ).toBe(200);
    for (const sign of ['2000000', '10300', 'abcdefg'])
      expect(
        (
          await server.request('PUT', `/api/extend/TableExample/UpdateSign/${id}`, {
            token: admin,
            json: { sign },
          })
        ).code,
      ).toBe(400);
    expect(
      (await server.request<Row>('GET', `/api/extend/TableExample/${id}`, { token: admin })).data.sign,
    ).toBe('1030000');

    for (const text of ['请补充资金明细', '已补充'])
      expect(
        (
          await server.request('POST', `/api/extend/TableExample/${id}/Postil`, {
            token: admin,
            json: { text },
          })
        ).code,
      ).toBe(200);
    expect(
      (
        await server.request('POST', `/api/extend/TableExample/${id}/Postil`, {
          token: admin,
          json: { text: ' ' },
        })
      ).code,
    ).toBe(400);
    const read = async () =>
      JSON.parse(
        (
          await server.request<{ postilJson: string }>(
            'GET',
            `/api/extend/TableExample/${id}/Actions/Postil`,
            { token: admin },
          )
        ).data.postilJson,
      ) as { text: string; userId: string }[];
    expect((await read()).map((p) => p.text)).toEqual(['已补充', '请补充资金明细']);
    expect((await read())[0]?.userId).toBe('管理员');
    expect(
      (await server.request('DELETE', `/api/extend/TableExample/${id}/Postil/5`, { token: admin })).code,
    ).toBe(400);
    expect(
      (await server.request('DELETE', `/api/extend/TableExample/${id}/Postil/0`, { token: admin })).code,
    ).toBe(200);
    expect((await read()).map((p) => p.text)).toEqual(['请补充资金明细']);
    const [row] = await server.services.db.select().from(extTableExamples).where(eq(extTableExamples.id, id));
    expect(row?.postilCount).toBe(1);
  });

  it('answers the lookups: provinces, their cities, the industry tree', async () => {
    const provinces = await server.request<{ list: { id: string; fullName: string }[] }>(
      'GET',
      '/api/extend/TableExample/IndustryList?keyword=浙江',
      { token: viewer },
    );
    expect(provinces.data.list.map((p) => p.fullName)).toEqual(['浙江省']);
    const cities = await server.request<{ list: { fullName: string }[] }>(
      'GET',
      `/api/extend/TableExample/CityList/${provinces.data.list[0]?.id}`,
      { token: viewer },
    );
    expect(cities.data.list.map((c) => c.fullName)).toContain('杭州市');
    const tree = await server.request<{ list: { enCode: string; children: { enCode: string }[] }[] }>(
      'GET',
      '/api/extend/TableExample/ControlSample/TreeList',
      { token: viewer },
    );
    expect(tree.data.list.find((t) => t.enCode === 'I')?.children.map((c) => c.enCode)).toContain('I65');
  });

  it('needs a table demo page to read and the page button to write', async () => {
    const noPage = await server.addUser('table-nobody', 'Passw0rd!');
    expect(noPage).toBeTruthy();
    const nobody = await server.login('table-nobody', 'Passw0rd!');
    expect((await server.request('GET', '/api/extend/TableExample', { token: nobody })).code).not.toBe(200);
    const before = await snapshot();
    const denied = await server.request('POST', '/api/extend/TableExample', {
      token: viewer,
      json: project(),
    });
    expect(denied.code).not.toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});
