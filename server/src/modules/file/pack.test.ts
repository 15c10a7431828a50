import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.js';
import { newId } from '../../core/ids.js';
import { storedFiles } from '../../db/schema/index.js';
import { fileStoreFor } from './file-store.js';
import { saveFile } from './storage.js';

interface Packed {
  downloadVo: { name: string; url: string };
  downloadName: string;
}

describe('batch download (PackDownload)', () => {
  let server: TestServer;
  let token: string;
  const fileDir = mkdtempSync(path.join(tmpdir(), 'console-files-'));
  const small = randomBytes(3000);
  const large = randomBytes(700 * 1024);
  let inDatabase: string;
  let inStore: string;
  let image: string;

  beforeAll(async () => {
    server = await startServer({ env: { FILE_DIR: fileDir, PACK_DOWNLOAD_MAX_MB: '1' } });
    token = await server.adminToken();
    const { db, config } = server.services;
    const userId = (
      await server.request<{ userInfo: { userId: string } }>('GET', '/api/oauth/CurrentUser', { token })
    ).data.userInfo.userId;
    inDatabase = (
      await saveFile(db, {
        folder: 'annex',
        extension: 'pdf',
        mime: 'application/pdf',
        content: small,
        userId,
      })
    ).name;
    // A chunk-uploaded file: its bytes in the file store.
    inStore = `${crypto.randomUUID()}.bin`;
    await fileStoreFor(config).put(`files/annex/${inStore}`, large);
    await db.insert(storedFiles).values({
      id: newId(),
      folder: 'annex',
      name: inStore,
      mime: 'application/octet-stream',
      size: large.length,
      content: Buffer.alloc(0),
      storageKey: `files/annex/${inStore}`,
      creatorUserId: userId,
    });
    image = (
      await saveFile(db, {
        folder: 'userAvatar',
        extension: 'png',
        mime: 'image/png',
        content: small,
        userId,
      })
    ).name;
  });
  afterAll(async () => {
    await server.close();
    rmSync(fileDir, { recursive: true, force: true });
  });

  const pack = (list: unknown, type = 'annex', auth = token) =>
    server.request<Packed>('POST', `/api/file/PackDownload/${type}`, { token: auth, json: list });

  it('answers a one-use address of a zip holding the files under their names, from the database and the store', async () => {
    const answer = await pack([
      { fileId: inDatabase, fileName: '合同.pdf' },
      { fileId: inStore, fileName: 'data/../报表#1.bin' },
      { fileId: inDatabase, fileName: '合同.pdf' },
    ]);
    expect(answer.code).toBe(200);
    expect(answer.data.downloadName).toMatch(/^打包下载_\d{8}\.zip$/);
    expect(answer.data.downloadVo.name).toBe(answer.data.downloadName);
    const response = await fetch(`${server.baseUrl}${answer.data.downloadVo.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['合同.pdf', 'data_.._报表1.bin', '合同 (2).pdf']);
    expect(Buffer.from(files['合同.pdf'] as Uint8Array).equals(small)).toBe(true);
    expect(Buffer.from(files['data_.._报表1.bin'] as Uint8Array).equals(large)).toBe(true);
    // One use.
    const again = await fetch(`${server.baseUrl}${answer.data.downloadVo.url}`);
    expect(((await again.json()) as { code: number }).code).toBe(400);
  });

  it('refuses an unknown file, another folder, an empty list, a bad type and more than the size cap, issuing nothing', async () => {
    const cases: [unknown, string, string][] = [
      [[{ fileId: `${crypto.randomUUID()}.pdf`, fileName: '丢失.pdf' }], 'annex', '文件不存在：丢失.pdf'],
      // An avatar is not an attachment: files are packed only from the folder named.
      [[{ fileId: image, fileName: 'a.png' }], 'annex', '文件不存在：a.png'],
      [[], 'annex', '请选择要下载的文件'],
      [[{ fileId: '../../etc/passwd' }], 'annex', '0.fileId：文件标识无效'],
      [[{ fileId: inDatabase }], 'knowledge', 'type：不支持的文件类型'],
      // 1 MB cap: the 700 KB file twice is 1.4 MB.
      [[{ fileId: inStore }, { fileId: inStore }], 'annex', '打包下载的文件合计不能超过1MB'],
    ];
    for (const [list, type, message] of cases) {
      const answer = await pack(list, type);
      expect(answer.code, message).toBe(400);
      expect(answer.msg).toBe(message);
      expect(answer.data).toBeNull();
    }
    const anonymous = await pack([{ fileId: inDatabase }], 'annex', '');
    expect([600, 601, 602]).toContain(anonymous.code);
  });
});
