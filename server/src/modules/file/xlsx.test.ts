import { count } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { storedFiles, users } from '../../db/schema/index.js';
import { createBase, upload as uploadDocument } from '../knowledge/testing.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let template: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  const issued = await server.request<{ url: string }>('GET', '/api/permission/Users/TemplateDownload', {
    token,
  });
  template = Buffer.from(await (await fetch(`${server.baseUrl}${issued.data.url}`)).arrayBuffer());
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

/** The downloaded template with its sheet's rows replaced (header kept), deflated as Excel does. */
async function withRows(rowsXml: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(template);
  const path = 'xl/worksheets/sheet1.xml';
  const xml = await zip.file(path)!.async('string');
  const header = /<row r="1"[\s\S]*?<\/row>/.exec(xml)![0];
  zip.file(
    path,
    xml.replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${header}${rowsXml}</sheetData>`),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** What a forged archive says: every entry's uncompressed size written as 1 KB. */
function understated(zip: Buffer): Buffer {
  const forged = Buffer.from(zip);
  for (let at = 0; at < forged.length - 4; at++) {
    const signature = forged.readUInt32LE(at);
    if (signature === 0x04034b50) forged.writeUInt32LE(1024, at + 22);
    if (signature === 0x02014b50) forged.writeUInt32LE(1024, at + 24);
  }
  return forged;
}

async function upload(content: Buffer) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(content)]), 'users.xlsx');
  const response = await fetch(`${server.baseUrl}/api/permission/Users/Uploader`, {
    method: 'POST',
    headers: { authorization: token },
    body,
  });
  return (await response.json()) as { code: number; msg: string };
}

const rowsOf = async (table: typeof storedFiles | typeof users) =>
  (await server.services.db.select({ n: count() }).from(table))[0]!.n;

describe('an uploaded xlsx that inflates beyond reason', () => {
  // 40 MB of one repeated cell text: well under the 500 KB upload limit once deflated.
  const bombRow = `<row r="2"><c r="A2" t="inlineStr"><is><t>${'a'.repeat(40 * 1024 * 1024)}</t></is></c></row>`;

  it('is refused with code 400 before any workbook is built, and nothing is written', async () => {
    const bomb = await withRows(bombRow);
    expect(bomb.length).toBeLessThan(500 * 1024);
    const [files, people] = [await rowsOf(storedFiles), await rowsOf(users)];
    expect(await upload(bomb)).toMatchObject({
      code: 400,
      msg: 'Excel文件解压后的内容不能超过20MB，请删除多余的内容后重试',
    });
    // The same archive claiming small sizes is inflated and stopped at the limit all the same.
    expect(await upload(understated(bomb))).toMatchObject({
      code: 400,
      msg: 'Excel文件解压后的内容不能超过20MB，请删除多余的内容后重试',
    });
    expect([await rowsOf(storedFiles), await rowsOf(users)]).toEqual([files, people]);
  });

  it('is refused when a sheet holds more rows or cells than an import can take, empty or not', async () => {
    const files = await rowsOf(storedFiles);
    const emptyRows = Array.from({ length: 3000 }, (_, i) => `<row r="${i + 2}"/>`).join('');
    expect(await upload(await withRows(emptyRows))).toMatchObject({
      code: 400,
      msg: '工作表不能超过2000行（含空行），请删除多余的行后重试',
    });
    const emptyCells = `<row r="2">${'<c/>'.repeat(100_000)}</row>`;
    expect(await upload(await withRows(emptyCells))).toMatchObject({
      code: 400,
      msg: '工作表不能超过64000个单元格，请删除多余的列后重试',
    });
    expect(await rowsOf(storedFiles)).toBe(files);
  });

  it('leaves an ordinary sheet alone', async () => {
    const row = `<row r="2"><c r="A2" t="inlineStr"><is><t>zhang3</t></is></c><c r="B2" t="inlineStr"><is><t>张三</t></is></c></row>`;
    expect((await upload(await withRows(row))).code).toBe(200);
  });
});

describe('a knowledge base spreadsheet that inflates beyond reason', () => {
  it('is refused with code 400 at upload, and nothing is stored or queued', async () => {
    const baseId = await createBase(server, token, { fullName: '表格库' });
    const files = await rowsOf(storedFiles);
    const emptyCells = `<row r="2">${'<c/>'.repeat(600_000)}</row>`;
    expect(
      await uploadDocument(server, token, baseId, '网点.xlsx', await withRows(emptyCells)),
    ).toMatchObject({
      code: 400,
      msg: '工作表不能超过500000个单元格，请删除多余的列后重试',
    });
    expect(await rowsOf(storedFiles)).toBe(files);
  });
});

describe('a knowledge base Word document that inflates beyond reason', () => {
  /** A docx whose body inflates to 70 MB of one repeated letter: about 70 KB deflated. */
  async function wordBomb(): Promise<Buffer> {
    const zip = new JSZip();
    zip.file(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    );
    zip.file(
      'word/document.xml',
      `<w:document><w:body><w:p><w:r><w:t>${'a'.repeat(70 * 1024 * 1024)}</w:t></w:r></w:p></w:body></w:document>`,
    );
    return zip.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
  }

  it('is refused with code 400 at upload, declared sizes true or forged, and nothing is stored', async () => {
    const baseId = await createBase(server, token, { fullName: '文书库' });
    const files = await rowsOf(storedFiles);
    const bomb = await wordBomb();
    for (const content of [bomb, understated(bomb)]) {
      expect(await uploadDocument(server, token, baseId, '通知.docx', content)).toMatchObject({
        code: 400,
        msg: 'Word文件解压后的内容不能超过64MB，请删除多余的内容后重试',
      });
    }
    expect(await rowsOf(storedFiles)).toBe(files);
  });
});
