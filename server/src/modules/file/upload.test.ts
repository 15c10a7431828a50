import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { storedFiles, users } from '../../db/schema/index.js';
import { sampleDocx } from '../extend/documentPreview/samples.js';
import { saveFile } from './storage.js';

let database: TestDatabase;
let server: TestServer;
let token: string;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Uploads like a browser: multipart with a `file` part. */
async function upload(
  baseUrl: string,
  authorization: string | undefined,
  type: string,
  content: Buffer,
  fileName: string,
  contentType = 'application/octet-stream',
): Promise<Envelope<{ name: string; url: string }> & { status: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: contentType }), fileName);
  const response = await fetch(`${baseUrl}/api/file/Uploader/${type}`, {
    method: 'POST',
    headers: authorization ? { authorization } : {},
    body: form,
  });
  return { status: response.status, ...((await response.json()) as Envelope<{ name: string; url: string }>) };
}

const fileCount = async () => (await server.services.db.select({ n: count() }).from(storedFiles))[0]!.n;

describe('uploads', () => {
  it('stores an avatar under a generated name with the sniffed extension and serves it', async () => {
    // The client's name and type say text; the content is a PNG.
    const answer = await upload(server.baseUrl, token, 'userAvatar', PNG, 'me.txt', 'text/plain');
    expect(answer.code).toBe(200);
    expect(answer.data.name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(answer.data.url).toBe(`/api/file/Image/userAvatar/${answer.data.name}`);

    const served = await fetch(`${server.baseUrl}${answer.data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('names files with 122 random bits, unrelated to any id (uuidv7 ids of one millisecond differ only in a counter and 32 random bits)', async () => {
    const names: string[] = [];
    for (let i = 0; i < 3; i++)
      names.push((await upload(server.baseUrl, token, 'IM', PNG, 'a.png')).data.name);
    for (const name of names) {
      expect(name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/);
      const [row] = await server.services.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.name, name));
      expect(name.startsWith(row!.id)).toBe(false);
    }
  });

  it('takes a signature image', async () => {
    const answer = await upload(server.baseUrl, token, 'signImg', GIF, 'sign.png', 'image/png');
    expect(answer.code).toBe(200);
    expect(answer.data.name).toMatch(/\.gif$/);
    const served = await fetch(`${server.baseUrl}${answer.data.url}`);
    expect(served.headers.get('content-type')).toBe('image/gif');
  });

  it('answers 404 for a file that is not there', async () => {
    const missing = await fetch(
      `${server.baseUrl}/api/file/Image/userAvatar/0190a0a0-0000-7000-8000-000000000000.png`,
    );
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Envelope).code).toBe(404);
  });
});

describe('rejected uploads write nothing', () => {
  it('refuses content that is not an image, whatever it is called', async () => {
    const before = await fileCount();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [content, name] of [
      [Buffer.from('just some text'), 'avatar.png'],
      [svg, 'avatar.svg'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'), 'avatar.jpg'],
    ] as const) {
      const answer = await upload(server.baseUrl, token, 'userAvatar', content, name, 'image/png');
      expect([answer.code, answer.msg]).toEqual([400, '只能上传图片文件（png、jpg、gif、webp、bmp）']);
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses files over 5 MB', async () => {
    const before = await fileCount();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const answer = await upload(server.baseUrl, token, 'userAvatar', big, 'big.png', 'image/png');
    expect([answer.code, answer.msg]).toEqual([400, '文件大小不能超过5MB']);
    expect(await fileCount()).toBe(before);
  });

  it('refuses what would take a user over UPLOAD_MB_PER_USER_PER_DAY, storing nothing; others still upload', async () => {
    const limited = await startServer({ env: { UPLOAD_MB_PER_USER_PER_DAY: '1' } });
    try {
      const admin = await limited.adminToken();
      const files = async () => (await limited.services.db.select({ n: count() }).from(storedFiles))[0]!.n;
      // A PNG signature is what the content check reads; the rest pads it to 600 KB.
      const big = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
      expect((await upload(limited.baseUrl, admin, 'annex', big, 'a.png')).code).toBe(200);
      const before = await files();
      const refused = await upload(limited.baseUrl, admin, 'annex', big, 'b.png');
      expect(refused).toMatchObject({ code: 400, msg: '24小时内上传的文件已达上限（1 MB），请稍后再试' });
      expect(await files()).toBe(before);
      // What still fits goes in, and another user has a quota of their own.
      expect((await upload(limited.baseUrl, admin, 'annex', PNG, 'c.png')).code).toBe(200);
      await limited.addUser('quota2', 'Quota12345x');
      const other = await limited.login('quota2', 'Quota12345x');
      expect((await upload(limited.baseUrl, other, 'annex', big, 'd.png')).code).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses unknown types, empty requests and strangers', async () => {
    const before = await fileCount();
    const unknownType = await upload(server.baseUrl, token, 'scripts', PNG, 'a.png');
    expect(unknownType.code).toBe(400);
    expect(unknownType.msg).toMatch(/^type：/);
    const noFile = await server.request('POST', '/api/file/Uploader/userAvatar', { token, json: {} });
    expect([noFile.code, noFile.msg]).toEqual([400, '请选择要上传的文件']);
    const empty = await upload(server.baseUrl, token, 'userAvatar', Buffer.alloc(0), 'a.png');
    expect(empty.code).toBe(400);
    const stranger = await upload(server.baseUrl, undefined, 'userAvatar', PNG, 'a.png');
    expect(stranger.code).toBe(602);
    expect(await fileCount()).toBe(before);
  });

  it('refuses malformed image addresses', async () => {
    for (const path of ['userAvatar/..%2F..%2Fetc%2Fpasswd', 'userAvatar/abc.png', 'other/x.png']) {
      const answer = await server.request('GET', `/api/file/Image/${path}`);
      expect(answer.code).toBe(400);
    }
  });
});

describe('how stored files are served', () => {
  it('inline only for raster images; anything else, an SVG too, as an attachment', async () => {
    const [me] = await server.services.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.account, 'admin'));
    // Uploads refuse SVG today; a file stored by any other path must still never render on our origin.
    const svg = await saveFile(server.services.db, {
      folder: 'annex',
      extension: 'svg',
      mime: 'image/svg+xml',
      content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      userId: me!.id,
    });
    const png = await upload(server.baseUrl, token, 'annex', PNG, 'a.png');
    const pdf = await upload(
      server.baseUrl,
      token,
      'annex',
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'),
      'a.pdf',
    );
    const disposition = async (url: string) =>
      (await fetch(`${server.baseUrl}${url}`)).headers.get('content-disposition');
    expect(await disposition(png.data.url)).toBe('inline');
    expect(await disposition(pdf.data.url)).toMatch(/^attachment; filename="[0-9a-f-]{36}\.pdf"$/);
    expect(await disposition(`/api/file/Image/annex/${svg.name}`)).toMatch(
      /^attachment; filename="[0-9a-f-]{36}\.svg"$/,
    );
  });
});

// The 3.4.7 client's attachment preview (UploadFz): GET /api/file/Uploader/Preview with the
// file's fileId and url, then an iframe at the answer + '&token=…' (issue #20, item 17).
describe('attachment preview', () => {
  it('answers an address that shows the uploaded file, rendering Word as HTML', async () => {
    const docx = sampleDocx();
    const uploaded = await upload(server.baseUrl, token, 'annex', docx, '说明.docx');
    expect(uploaded.code, uploaded.msg).toBe(200);
    const { name, url } = uploaded.data as { name: string; url: string };
    const query = new URLSearchParams({ fileName: name, fileVersionId: '', fileDownloadUrl: url });
    const answer = await server.request<string>('GET', `/api/file/Uploader/Preview?${query}`, { token });
    expect([answer.code, typeof answer.data]).toEqual([200, 'string']);
    const shown = await fetch(`${server.baseUrl}${answer.data}&token=${encodeURIComponent(token)}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toContain('text/html');
    expect(await shown.text()).toContain('<p>');

    const missing = new URLSearchParams({
      fileName: 'nope.docx',
      fileDownloadUrl: '/api/file/Image/annex/nope.docx',
    });
    expect((await server.request('GET', `/api/file/Uploader/Preview?${missing}`, { token })).code).toBe(400);
    expect((await server.request('GET', `/api/file/Uploader/Preview?${query}`)).code).not.toBe(200);
  });
});
