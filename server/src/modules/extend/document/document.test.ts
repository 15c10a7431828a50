import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DocumentFolderNode, DocumentRow, DocumentShareUser } from '@console/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import { extDocumentShares, extDocuments, storedFiles } from '../../../db/schema/index.js';
import { ChunkMessages } from '../../file/chunk.js';
import { grantPages } from '../../knowledge/testing.js';

const PAGE = 'extend.document';
const ALL = ['btn_add', 'btn_edit', 'btn_upload', 'btn_download', 'btn_share', 'btn_remove', 'btn_detail'];
const fileDir = mkdtempSync(path.join(tmpdir(), 'extend-document-'));

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;
let bobId: string;
let carolId: string;
let aliceId: string;

/** Sends `content` as one chunk; answers its identifier. */
async function sendChunk(token: string, content: Buffer) {
  const identifier = createHash('md5').update(content).digest('hex');
  const query = new URLSearchParams({
    identifier,
    totalSize: String(content.length),
    totalChunks: '1',
    chunkNumber: '1',
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'blob');
  const chunk = await fetch(`${server.baseUrl}/api/file/chunk?${query}`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  expect(((await chunk.json()) as { code: number }).code).toBe(200);
  return identifier;
}

const merge = (token: string, identifier: string, content: Buffer, fileName: string, parentId = '0') =>
  server.request<{ id: string }>('POST', '/api/extend/Document/merge', {
    token,
    json: { identifier, totalSize: content.length, fileName, parentId },
  });

/** Sends `content` as one chunk and merges it as a document of `parentId`. */
async function uploadDocument(token: string, fileName: string, content: Buffer, parentId = '0') {
  return merge(token, await sendChunk(token, content), content, fileName, parentId);
}

const list = async (token: string, parentId = '0', keyword = '') =>
  (
    await server.request<{ list: DocumentRow[] }>(
      'GET',
      `/api/extend/Document?parentId=${parentId}&keyword=${encodeURIComponent(keyword)}`,
      { token },
    )
  ).data.list;

const count = async () => ({
  documents: (await server.services.db.select().from(extDocuments)).length,
  shares: (await server.services.db.select().from(extDocumentShares)).length,
});

beforeAll(async () => {
  server = await startServer({ env: { FILE_DIR: fileDir } });
  aliceId = await server.addUser('doc-alice', 'Passw0rd!');
  bobId = await server.addUser('doc-bob', 'Passw0rd!');
  carolId = await server.addUser('doc-carol', 'Passw0rd!');
  await grantPages(server, aliceId, { [PAGE]: ALL });
  await grantPages(server, bobId, { [PAGE]: ['btn_download'] });
  alice = await server.login('doc-alice', 'Passw0rd!');
  bob = await server.login('doc-bob', 'Passw0rd!');
  carol = await server.login('doc-carol', 'Passw0rd!');
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(fileDir, { recursive: true, force: true });
});

describe('extend/document', () => {
  it('creates folders, uploads into them, renames and moves, and lists folders first', async () => {
    const created = await server.request<{ id: string }>('POST', '/api/extend/Document', {
      token: alice,
      json: { fullName: '项目资料', type: '0', parentId: '0' },
    });
    expect(created.code).toBe(200);
    const folder = created.data.id;
    const sub = (
      await server.request<{ id: string }>('POST', '/api/extend/Document', {
        token: alice,
        json: { fullName: '合同', type: 0, parentId: folder },
      })
    ).data.id;

    const text = Buffer.from('会议纪要：第一季度工作安排\n');
    const up = await uploadDocument(alice, '会议纪要.txt', text, folder);
    expect(up.code, up.msg).toBe(200);
    const rows = await list(alice, folder);
    expect(rows.map((r) => [r.fullName, r.type])).toEqual([
      ['合同', 0],
      ['会议纪要.txt', 1],
    ]);
    const file = rows[1]!;
    expect(file).toMatchObject({ fileSize: text.length, fileExtension: 'txt', isPreview: 1, isShare: 0 });
    // The bytes are a stored file of folder 'document', not served by the public image route.
    const [stored] = await server.services.db
      .select()
      .from(storedFiles)
      .innerJoin(extDocuments, eq(extDocuments.fileId, storedFiles.id))
      .where(eq(extDocuments.id, file.id));
    expect(stored?.base_file.folder).toBe('document');
    const open = await server.request('GET', `/api/file/Image/document/${stored?.base_file.name}`);
    expect(open.code).not.toBe(200);

    expect((await list(alice, folder, '纪要')).map((r) => r.fullName)).toEqual(['会议纪要.txt']);

    const renamed = await server.request('PUT', `/api/extend/Document/${file.id}`, {
      token: alice,
      json: { fullName: '一季度会议纪要.txt' },
    });
    expect(renamed.code).toBe(200);
    const moved = await server.request('PUT', `/api/extend/Document/${file.id}/Actions/MoveTo/${sub}`, {
      token: alice,
    });
    expect(moved.code).toBe(200);
    expect((await list(alice, sub)).map((r) => r.fullName)).toEqual(['一季度会议纪要.txt']);

    // The move-to tree leaves out the folder being moved and what it holds.
    const tree = await server.request<DocumentFolderNode[]>('GET', `/api/extend/Document/FolderTree/${sub}`, {
      token: alice,
    });
    expect(tree.data[0]).toMatchObject({ id: '0', fullName: '全部文档' });
    expect(tree.data[0]?.children.map((c) => [c.fullName, c.children.length])).toEqual([['项目资料', 0]]);
    const whole = await server.request<DocumentFolderNode[]>('GET', '/api/extend/Document/FolderTree/', {
      token: alice,
    });
    expect(whole.data[0]?.children[0]?.children.map((c) => c.fullName)).toEqual(['合同']);
  });

  it('refuses bad names, unknown folders, moves into itself and duplicate folder names, changing nothing', async () => {
    const parent = (
      await server.request<{ id: string }>('POST', '/api/extend/Document', {
        token: alice,
        json: { fullName: '归档', parentId: '0' },
      })
    ).data.id;
    const child = (
      await server.request<{ id: string }>('POST', '/api/extend/Document', {
        token: alice,
        json: { fullName: '2025', parentId: parent },
      })
    ).data.id;
    const before = await count();
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/api/extend/Document', { fullName: '', parentId: '0' }, /请输入名称/],
      ['POST', '/api/extend/Document', { fullName: 'a/b', parentId: '0' }, /不能包含/],
      ['POST', '/api/extend/Document', { fullName: 'x'.repeat(101), parentId: '0' }, /100个字符/],
      ['POST', '/api/extend/Document', { fullName: '文件', type: 1, parentId: '0' }, /只能新建文件夹/],
      ['POST', '/api/extend/Document', { fullName: '新建', parentId: 'nope' }, /文件夹不存在/],
      ['POST', '/api/extend/Document', { fullName: '归档', parentId: '0' }, /同名文件夹/],
      ['PUT', `/api/extend/Document/${parent}`, { fullName: ' ' }, /请输入名称/],
      ['PUT', `/api/extend/Document/${parent}`, { fullName: '新名', version: 99 }, /已被他人修改/],
      ['PUT', `/api/extend/Document/${parent}/Actions/MoveTo/${child}`, undefined, /自身或其下级/],
      ['PUT', `/api/extend/Document/${parent}/Actions/MoveTo/${parent}`, undefined, /自身或其下级/],
      ['PUT', `/api/extend/Document/${child}/Actions/MoveTo/unknown`, undefined, /文件夹不存在/],
      ['GET', '/api/extend/Document?parentId=unknown', undefined, /文件夹不存在/],
      ['GET', '/api/extend/Document?sidx=fullName', undefined, /sidx/],
      ['GET', '/api/extend/Document/unknown', undefined, /文档不存在/],
      ['DELETE', '/api/extend/Document/unknown', undefined, /文档不存在/],
      [
        'POST',
        '/api/extend/Document/merge',
        { identifier: 'x', totalSize: 1, fileName: 'a.txt' },
        /文件标识无效/,
      ],
      [
        'POST',
        '/api/extend/Document/merge',
        { identifier: 'a'.repeat(32), totalSize: 5, fileName: 'a.txt' },
        /还缺少分片/,
      ],
    ];
    for (const [method, url, json, message] of cases) {
      const answer = await server.request(method, url, { token: alice, json });
      expect(answer.code, `${method} ${url}`).toBe(400);
      expect(answer.msg, `${method} ${url}`).toMatch(message);
    }
    expect(await count()).toEqual(before);
    const [row] = await server.services.db.select().from(extDocuments).where(eq(extDocuments.id, parent));
    expect(row?.fullName).toBe('归档');
  });

  it('merges one upload once when two merges of it arrive together (issue #22)', async () => {
    const content = Buffer.from(`并发合并 ${Date.now()}`);
    const identifier = await sendChunk(alice, content);
    const files = async () => (await server.services.db.select().from(storedFiles)).length;
    const [before, storedBefore] = [await count(), await files()];
    const answers = await Promise.all([
      merge(alice, identifier, content, '并发.txt'),
      merge(alice, identifier, content, '并发.txt'),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.code === 400)!.msg).toBe(ChunkMessages.merging);
    expect((await count()).documents).toBe(before.documents + 1);
    expect(await files()).toBe(storedBefore + 1);
    const again = await merge(alice, identifier, content, '并发.txt');
    expect(again.code).toBe(400);
    expect((await count()).documents).toBe(before.documents + 1);
  });

  it('shares a file with users who list and download it; others and folders are refused', async () => {
    const content = Buffer.from('%PDF-1.4 sample');
    const id = (await uploadDocument(alice, '通知.pdf', content)).data.id;
    const folder = (await list(alice)).find((r) => r.type === 0)!;

    for (const [userId, message] of [
      ['', /请选择共享人员/],
      [aliceId, /不能共享给自己/],
      [`${bobId},ghost`, /不存在或已停用/],
    ] as const) {
      const answer = await server.request('POST', `/api/extend/Document/${id}/Actions/Share`, {
        token: alice,
        json: { userId },
      });
      expect(answer.code).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    const onFolder = await server.request('POST', `/api/extend/Document/${folder.id}/Actions/Share`, {
      token: alice,
      json: { userId: bobId },
    });
    expect(onFolder.msg).toMatch(/只能共享文件/);
    expect((await count()).shares).toBe(0);

    // Bob holds the page but no share button; Carol holds no page at all.
    const byBob = await server.request('POST', `/api/extend/Document/${id}/Actions/Share`, {
      token: bob,
      json: { userId: carolId },
    });
    expect(byBob.code).toBe(400);
    expect((await server.request('GET', '/api/extend/Document/ShareTome', { token: carol })).code).toBe(400);

    const shared = await server.request('POST', `/api/extend/Document/${id}/Actions/Share`, {
      token: alice,
      json: { userId: `${bobId},${carolId}` },
    });
    expect(shared.code).toBe(200);
    const users = await server.request<{ list: DocumentShareUser[] }>(
      'GET',
      `/api/extend/Document/ShareUser/${id}`,
      { token: alice },
    );
    expect(users.data.list.map((u) => u.account).sort()).toEqual(['doc-bob', 'doc-carol']);
    const mine = await server.request<{ list: DocumentRow[] }>('GET', '/api/extend/Document/Share', {
      token: alice,
    });
    expect(mine.data.list.map((r) => [r.fullName, r.isShare])).toEqual([['通知.pdf', 1]]);

    const toBob = await server.request<{ list: DocumentRow[] }>('GET', '/api/extend/Document/ShareTome', {
      token: bob,
    });
    expect(toBob.data.list).toHaveLength(1);
    expect(toBob.data.list[0]).toMatchObject({
      fullName: '通知.pdf',
      creatorUserName: '用户doc-alice/doc-alice',
    });
    // Bob reads it, but it is not among his own documents and he cannot rename it.
    expect(await list(bob)).toEqual([]);
    const rename = await server.request('PUT', `/api/extend/Document/${id}`, {
      token: bob,
      json: { fullName: 'x.pdf' },
    });
    expect(rename.code).toBe(400);

    const download = await server.request<{ name: string; url: string }>(
      'POST',
      `/api/extend/Document/Download/${id}`,
      { token: bob },
    );
    expect(download.code).toBe(200);
    expect(download.data.name).toBe('通知.pdf');
    const file = await fetch(`${server.baseUrl}${download.data.url}`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(content);

    // Sharing again replaces the set: Carol no longer sees it.
    await server.request('POST', `/api/extend/Document/${id}/Actions/Share`, {
      token: alice,
      json: { userId: bobId },
    });
    await grantPages(server, carolId, { [PAGE]: ['btn_download'] });
    const toCarol = await server.request<{ list: DocumentRow[] }>('GET', '/api/extend/Document/ShareTome', {
      token: carol,
    });
    expect(toCarol.data.list).toEqual([]);
    const carolDownload = await server.request('POST', `/api/extend/Document/Download/${id}`, {
      token: carol,
    });
    expect(carolDownload.code).toBe(400);

    // Cancelling ends it for everybody.
    const cancel = await server.request('DELETE', `/api/extend/Document/${id}/Actions/Share`, {
      token: alice,
    });
    expect(cancel.code).toBe(200);
    const after = await server.request<{ list: DocumentRow[] }>('GET', '/api/extend/Document/ShareTome', {
      token: bob,
    });
    expect(after.data.list).toEqual([]);
    expect((await server.request('POST', `/api/extend/Document/Download/${id}`, { token: bob })).code).toBe(
      400,
    );
    const [row] = await server.services.db.select().from(extDocuments).where(eq(extDocuments.id, id));
    expect(row?.isShare).toBe(0);
  });

  it('puts documents in the recycle bin, restores them and deletes them for good with their bytes', async () => {
    const folder = (
      await server.request<{ id: string }>('POST', '/api/extend/Document', {
        token: alice,
        json: { fullName: '临时', parentId: '0' },
      })
    ).data.id;
    const inside = (await uploadDocument(alice, '草稿.txt', Buffer.from('草稿内容'), folder)).data.id;
    await server.request('POST', `/api/extend/Document/${inside}/Actions/Share`, {
      token: alice,
      json: { userId: bobId },
    });

    const removed = await server.request('DELETE', `/api/extend/Document/${folder}`, { token: alice });
    expect(removed.code).toBe(200);
    expect((await list(alice)).some((r) => r.id === folder)).toBe(false);
    // Its contents are no longer shared.
    const toBob = await server.request<{ list: DocumentRow[] }>('GET', '/api/extend/Document/ShareTome', {
      token: bob,
    });
    expect(toBob.data.list.some((r) => r.id === inside)).toBe(false);
    const trash = await server.request<{ list: DocumentRow[] }>('GET', '/api/extend/Document/Trash', {
      token: alice,
    });
    expect(trash.data.list.map((r) => r.fullName)).toEqual(['临时']);

    // Bob has no remove button; nothing of the bin is his anyway.
    expect(
      (await server.request('POST', `/api/extend/Document/Trash/${folder}/Actions/Recovery`, { token: bob }))
        .code,
    ).toBe(400);
    const notTrashed = await server.request('POST', `/api/extend/Document/Trash/${inside}/Actions/Recovery`, {
      token: alice,
    });
    expect(notTrashed.msg).toMatch(/回收站中没有/);

    const recovered = await server.request('POST', `/api/extend/Document/Trash/${folder}/Actions/Recovery`, {
      token: alice,
    });
    expect(recovered.code).toBe(200);
    expect((await list(alice, folder)).map((r) => r.fullName)).toEqual(['草稿.txt']);

    await server.request('DELETE', `/api/extend/Document/${folder}`, { token: alice });
    const [doc] = await server.services.db.select().from(extDocuments).where(eq(extDocuments.id, inside));
    const destroyed = await server.request('DELETE', `/api/extend/Document/Trash/${folder}`, {
      token: alice,
    });
    expect(destroyed.code).toBe(200);
    const left = await server.services.db
      .select()
      .from(extDocuments)
      .where(inArray(extDocuments.id, [folder, inside]));
    expect(left).toEqual([]);
    expect(
      await server.services.db.select().from(storedFiles).where(eq(storedFiles.id, doc!.fileId!)),
    ).toEqual([]);
    const again = await server.request('DELETE', `/api/extend/Document/Trash/${folder}`, { token: alice });
    expect(again.code).toBe(400);
  });

  it('restores a file to the top when its folder is gone', async () => {
    const folder = (
      await server.request<{ id: string }>('POST', '/api/extend/Document', {
        token: alice,
        json: { fullName: '旧目录', parentId: '0' },
      })
    ).data.id;
    const file = (await uploadDocument(alice, '保留.txt', Buffer.from('保留'), folder)).data.id;
    await server.request('DELETE', `/api/extend/Document/${file}`, { token: alice });
    await server.request('DELETE', `/api/extend/Document/${folder}`, { token: alice });
    await server.request('DELETE', `/api/extend/Document/Trash/${folder}`, { token: alice });
    const recovered = await server.request('POST', `/api/extend/Document/Trash/${file}/Actions/Recovery`, {
      token: alice,
    });
    expect(recovered.code).toBe(200);
    expect((await list(alice)).find((r) => r.id === file)?.parentId).toBe('0');
  });
});
