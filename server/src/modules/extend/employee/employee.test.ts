import type { EmployeeRow, ImportPreview, ImportResult, Pagination } from '@console/shared';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import { extEmployees, storedFiles } from '../../../db/schema/index.js';
import { grantPages } from '../../knowledge/testing.js';
import { ImportMessages } from '../../permission/user/importExport.js';
import { EMPLOYEE_COLUMNS } from './sheet.js';

const BASE = '/api/extend/Employee';
let server: TestServer;
let admin: string;
let reader: string;

const employees = async () =>
  (
    await server.services.db.select({ n: count() }).from(extEmployees).where(eq(extEmployees.deleteMark, 0))
  )[0]?.n ?? 0;
const uploads = async () =>
  (
    await server.services.db
      .select({ n: count() })
      .from(storedFiles)
      .where(eq(storedFiles.folder, 'employeeImport'))
  )[0]?.n ?? 0;

async function sheet(
  rows: Record<string, string>[],
  header: string[] = EMPLOYEE_COLUMNS.map((c) => c.fullName),
) {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('员工信息');
  ws.addRow(header);
  for (const row of rows) ws.addRow(EMPLOYEE_COLUMNS.map((c) => row[c.id] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(token: string, content: Buffer, name = 'employees.xlsx') {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${server.baseUrl}${BASE}/Uploader`, {
    method: 'POST',
    headers: { authorization: token },
    body,
  });
  return (await response.json()) as { code: number; msg: string; data: { name: string } };
}

async function download(url: string) {
  const response = await fetch(`${server.baseUrl}${url}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

beforeAll(async () => {
  server = await startServer();
  admin = await server.adminToken();
  const id = await server.addUser('employee-reader', 'Passw0rd!');
  await grantPages(server, id, { 'extend.importAndExport': [] });
  reader = await server.login('employee-reader', 'Passw0rd!');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('extend/importAndExport', () => {
  it('imports a sheet through upload, preview and import: bad rows reported, the rest listed and exported', async () => {
    const template = await server.request<{ url: string }>('GET', `${BASE}/TemplateDownload`, {
      token: admin,
    });
    expect((await download(template.data.url)).getRow(1).values).toEqual([
      undefined,
      ...EMPLOYEE_COLUMNS.map((c) => c.fullName),
    ]);

    const rows = Array.from({ length: 5 }, (_, i) => ({
      enCode: `E00${i}`,
      fullName: `员工${i}`,
      gender: '女',
      departmentName: '民政局',
      telephone: '13800000000',
      birthday: `1990-05-0${i + 1}`,
    }));
    rows[1]!.telephone = '12345';
    rows[3]!.enCode = 'E002';
    rows[4]!.birthday = '五月';
    const uploaded = await upload(admin, await sheet(rows));
    expect([uploaded.code, uploaded.msg]).toEqual([200, ImportMessages.uploaded]);
    const previewed = await server.request<ImportPreview>(
      'GET',
      `${BASE}/ImportPreview?fileName=${uploaded.data.name}`,
      {
        token: admin,
      },
    );
    expect(previewed.data.headerRow[0]).toEqual({ id: 'enCode', fullName: '工号' });
    expect(previewed.data.dataRow).toHaveLength(5);
    expect(previewed.data.dataRow.map((r) => r.errorsInfo)).toEqual([
      undefined,
      '联系电话应为11位手机号',
      undefined,
      '工号已存在：E002',
      '出生年月格式应为yyyy-mm-dd',
    ]);

    const result = await server.request<ImportResult>('POST', `${BASE}/ImportData`, {
      token: admin,
      json: { list: previewed.data.dataRow.map(({ errorsInfo, ...row }) => row) },
    });
    expect(result.msg).toBe(ImportMessages.partly(2, 3));
    expect(result.data.failResult.map((r) => [r.enCode, r.errorsInfo])).toEqual([
      ['E001', '联系电话应为11位手机号'],
      ['E002', '工号已存在：E002'],
      ['E004', '出生年月格式应为yyyy-mm-dd'],
    ]);
    expect(await employees()).toBe(2);

    const list = await server.request<{ list: EmployeeRow[]; pagination: Pagination }>(
      'GET',
      `${BASE}?keyword=E00&sidx=enCode&sort=asc`,
      { token: reader },
    );
    expect(list.data.list.map((r) => [r.enCode, r.birthday])).toEqual([
      ['E000', Date.UTC(1990, 4, 1)],
      ['E002', Date.UTC(1990, 4, 3)],
    ]);

    const exported = await server.request<{ url: string }>('GET', `${BASE}/ExportExcelData?keyword=E000`, {
      token: admin,
    });
    const ws = await download(exported.data.url);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe('E000');
    expect(ws.getRow(2).getCell(9).value).toBe('1990-05-01');

    const failed = await server.request<{ url: string }>('POST', `${BASE}/ExportExceptionData`, {
      token: admin,
      json: { list: result.data.failResult },
    });
    expect((await download(failed.data.url)).getRow(2).getCell(EMPLOYEE_COLUMNS.length + 1).value).toBe(
      '联系电话应为11位手机号',
    );

    const removed = await server.request('DELETE', `${BASE}/${list.data.list[0]!.id}`, { token: admin });
    expect(removed.code).toBe(200);
    expect(await employees()).toBe(1);
    expect((await server.request('DELETE', `${BASE}/${list.data.list[0]!.id}`, { token: admin })).code).toBe(
      400,
    );
  });

  it('refuses a sheet with a wrong header, a non-xlsx file, bad queries and callers without the buttons, changing nothing', async () => {
    const before = [await employees(), await uploads()];
    const wrong = await upload(admin, await sheet([{ enCode: 'X1', fullName: '甲' }], ['编号', '名字']));
    expect([wrong.code, wrong.msg]).toEqual([400, ImportMessages.badHeader]);
    const text = await upload(admin, Buffer.from('工号,姓名\nX1,甲\n'), 'employees.xlsx');
    expect(text.code).toBe(400);
    const missing = await server.request('GET', `${BASE}/ImportPreview?fileName=nothing.xlsx`, {
      token: admin,
    });
    expect(missing.code).toBe(400);
    expect(
      (await server.request('POST', `${BASE}/ImportData`, { token: admin, json: { list: [] } })).code,
    ).toBe(400);
    expect((await server.request('GET', `${BASE}?sidx=idNumber`, { token: admin })).code).toBe(400);

    // The reader holds the page, not its import, export or remove buttons.
    const denied = await upload(reader, await sheet([{ enCode: 'X1', fullName: '甲' }]));
    expect(denied.code).toBe(400);
    const deniedImport = await server.request('POST', `${BASE}/ImportData`, {
      token: reader,
      json: { list: [{ enCode: 'X1', fullName: '甲' }] },
    });
    expect(deniedImport.code).toBe(400);
    expect((await server.request('GET', `${BASE}/ExportExcelData`, { token: reader })).code).toBe(400);
    const [row] = await server.services.db
      .select({ id: extEmployees.id })
      .from(extEmployees)
      .where(and(eq(extEmployees.deleteMark, 0)));
    expect((await server.request('DELETE', `${BASE}/${row!.id}`, { token: reader })).code).toBe(400);
    expect([await employees(), await uploads()]).toEqual(before);
  });
});
