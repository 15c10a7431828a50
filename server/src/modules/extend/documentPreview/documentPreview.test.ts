import type { DocumentPreviewRow } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import { extDocumentPreviews, storedFiles } from '../../../db/schema/index.js';
import { grantPages } from '../../knowledge/testing.js';
import { DocumentPreviewMessages } from './routes.js';

const BASE = '/api/extend/DocumentPreview';
let server: TestServer;
let reader: string;
let outsider: string;

beforeAll(async () => {
  server = await startServer();
  const id = await server.addUser('preview-reader', 'Passw0rd!');
  await grantPages(server, id, { 'extend.documentPreview': [] });
  reader = await server.login('preview-reader', 'Passw0rd!');
  await server.addUser('preview-outsider', 'Passw0rd!');
  outsider = await server.login('preview-outsider', 'Passw0rd!');
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const list = () => server.request<DocumentPreviewRow[]>('GET', BASE, { token: reader });
const preview = (id: string, type = '') =>
  server.request<string>('GET', `${BASE}/${id}/Preview?previewType=${type}`, { token: reader });
const open = (url: string) => server.app.inject({ method: 'GET', url });

describe('extend/documentPreview', () => {
  it('lists the generated samples once, stored under generated names', async () => {
    const first = await list();
    expect(first.code, first.msg).toBe(200);
    expect(first.data.map((r) => r.fileName)).toEqual([
      '区政务服务中心办事指南.docx',
      '办件统计.xlsx',
      '政务公开月报.pdf',
      '便民服务说明.txt',
    ]);
    expect(first.data.every((r) => r.fileSize > 0)).toBe(true);
    await list();
    const { db } = server.services;
    const [[rows], files] = await Promise.all([
      db.select({ n: count() }).from(extDocumentPreviews),
      db
        .select({ name: storedFiles.name })
        .from(storedFiles)
        .where(eq(storedFiles.folder, 'documentPreview')),
    ]);
    expect(rows?.n).toBe(4);
    expect(files).toHaveLength(4);
    for (const f of files) expect(f.name).toMatch(/^[0-9a-f-]{36}\.(docx|xlsx|pdf|txt)$/);
  });

  it('renders a Word file to sanitised HTML, a workbook to tables, and serves PDF and text as they are', async () => {
    const rows = (await list()).data;
    const byExt = (ext: string) => rows.find((r) => r.fileExtension === ext)!.id;

    const docx = await preview(byExt('docx'));
    expect(docx.code, docx.msg).toBe(200);
    expect(docx.data).toMatch(/^\/api\/file\/Download\/html\//);
    const html = await open(docx.data);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('<h1>区政务服务中心办事指南</h1>');
    expect(html.body).toContain('<td><p>居住证办理</p></td>');
    expect(html.body).not.toContain('<script');
    // The address works once.
    expect((await open(docx.data)).json()).toMatchObject({ code: 400 });

    const xlsx = await open((await preview(byExt('xlsx'), 'html')).data);
    expect(xlsx.body).toContain('<h2 class="sheet">办件统计</h2>');
    expect(xlsx.body).toContain('<td>98.9%</td>');

    const pdf = await open((await preview(byExt('pdf'))).data);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.4');

    const txt = await open((await preview(byExt('txt'))).data);
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.body).toContain('便民服务说明');

    const raw = await open((await preview(byExt('docx'), 'file')).data);
    expect(raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses an unknown file, a bad preview type and a user without the page', async () => {
    const rows = (await list()).data;
    const unknown = await preview('no-such-file');
    expect([unknown.code, unknown.msg]).toEqual([400, DocumentPreviewMessages.notFound]);
    const badType = await preview(rows[0]!.id, 'pptx');
    expect([badType.code, badType.msg]).toEqual([400, `previewType：${DocumentPreviewMessages.badType}`]);
    expect((await server.request('GET', BASE, { token: outsider })).code).not.toBe(200);
    expect(
      (await server.request('GET', `${BASE}/${rows[0]!.id}/Preview`, { token: outsider })).code,
    ).not.toBe(200);
  });
});
