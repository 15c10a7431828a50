import { existsSync } from 'node:fs';
import type { EmailConfigInfo, EmailInfo, EmailListItem } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { extEmailConfigs, extEmails, storedFiles } from '../../../db/schema/index.js';
import { startSmtpReceiver } from '../../msgCenter/testing.js';
import { DOVECOT, type Dovecot, startDovecot } from './testing.js';

const ACCOUNT = 'alice@district.example';
const PASS = 'imap-Secret-1';
const SECRETS_KEY = 'a'.repeat(64);

let database: TestDatabase;
let server: TestServer;
let token: string;
let dovecot: Dovecot | null;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
/** An SMTP server on loopback that OUTBOUND_ALLOW does not name. */
let blockedSmtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);

/** A received mail: HTML with a script and an event handler, a PNG and a text attachment. */
const rawMail = (subject: string) =>
  [
    'From: =?UTF-8?B?5p2O5Zub?= <bob@district.example>',
    `To: ${ACCOUNT}`,
    'Cc: carol@district.example',
    `Subject: ${subject}`,
    'Date: Tue, 24 Nov 2026 08:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p onclick="steal()">请查收<b>附件</b></p><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
    '--b1',
    'Content-Type: image/png; name="photo.png"',
    'Content-Disposition: attachment; filename="photo.png"',
    'Content-Transfer-Encoding: base64',
    '',
    PNG.toString('base64'),
    '--b1',
    'Content-Type: text/plain; name="notes.txt"',
    'Content-Disposition: attachment; filename="notes.txt"',
    '',
    'plain notes',
    '--b1--',
    '',
  ].join('\r\n');

beforeAll(async () => {
  database = await createTestDatabase();
  [dovecot, smtp, blockedSmtp] = await Promise.all([
    startDovecot([{ user: ACCOUNT, pass: PASS }]),
    startSmtpReceiver(ACCOUNT, PASS),
    startSmtpReceiver(ACCOUNT, PASS),
  ]);
  const allowed = [`127.0.0.1:${smtp.port}`, ...(dovecot ? [`127.0.0.1:${dovecot.port}`] : [])];
  server = await startServer({ database, env: { OUTBOUND_ALLOW: allowed.join(','), SECRETS_KEY } });
  token = await server.adminToken();
});
afterAll(async () => {
  await Promise.all([server?.close(), dovecot?.close(), smtp?.close(), blockedSmtp?.close()]);
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown, as = token) =>
  server.request<T>(method, path, { token: as, json });
const rows = async (table: typeof extEmails | typeof extEmailConfigs) =>
  (await server.services.db.select({ n: count() }).from(table))[0]!.n;

const config = () => ({
  account: ACCOUNT,
  password: PASS,
  senderName: '张三',
  pop3Host: '127.0.0.1',
  pop3Port: dovecot?.port ?? 143,
  smtpHost: '127.0.0.1',
  smtpPort: smtp.port,
  emailSsl: 0,
});

async function upload(content: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${server.baseUrl}/api/file/Uploader/annex`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return ((await response.json()) as { data: { name: string } }).data.name;
}

describe('mail account configuration', () => {
  it('refuses bad input with a message and stores nothing', async () => {
    const good = { ...config(), pop3Port: 143 };
    const cases: [unknown, string][] = [
      [{ ...good, account: '' }, '请输入邮箱账号'],
      [{ ...good, account: 'not-mail' }, '邮箱账号格式不正确'],
      [{ ...good, pop3Host: '' }, '请输入收信服务器'],
      [{ ...good, pop3Host: 'imap host' }, '收信服务器只能是域名或IP地址'],
      [{ ...good, smtpPort: 70000 }, '发信端口必须是1-65535的整数'],
      [{ ...good, pop3Port: 'x' }, '请输入收信端口'],
      [{ ...good, emailSsl: 2 }, 'SSL只能为0或1'],
      [{ ...good, password: '' }, '请输入邮箱密码'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('PUT', '/api/extend/Email/Config', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rows(extEmailConfigs)).toBe(0);
    expect((await send('GET', '/api/extend/Email/Config')).data).toBeNull();
    expect((await send('POST', '/api/extend/Email/Receive')).msg).toBe('请先在“邮箱配置”中填写邮箱账号');
  });

  it('refuses a loopback SMTP server the outbound rules do not allow', async () => {
    const answer = await send('POST', '/api/extend/Email', {
      recipient: 'bob@district.example',
      subject: 'x',
    });
    expect(answer.code).toBe(400);
    // No account yet: the configuration is asked for first.
    const checked = await send('POST', '/api/extend/Email/Config/Actions/CheckMail', {
      ...config(),
      pop3Port: dovecot?.port ?? 143,
      smtpPort: blockedSmtp.port,
    });
    expect(checked.code).toBe(400);
    expect(checked.msg).toContain('不在允许访问的地址内');
  });
});

const hasDovecot = existsSync(DOVECOT);
if (!hasDovecot)
  console.warn(
    'extend/email: IMAP tests skipped, dovecot is not installed (scripts/ensure-dovecot.mjs installs it as root)',
  );

describe.skipIf(!hasDovecot)('mailbox against local dovecot and SMTP', () => {
  it('checks, saves the account sealed and never answers the password', async () => {
    const wrong = await send('POST', '/api/extend/Email/Config/Actions/CheckMail', {
      ...config(),
      password: 'nope',
    });
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toBe('收信失败：收信服务器拒绝了账号或密码');
    const checked = await send('POST', '/api/extend/Email/Config/Actions/CheckMail', config());
    expect(checked.msg).toBe('收信与发信服务器均连接成功');

    expect((await send('PUT', '/api/extend/Email/Config', config())).code).toBe(200);
    const [stored] = await server.services.db.select().from(extEmailConfigs);
    expect(stored!.password.startsWith('enc:v1:')).toBe(true);
    const shown = await send<EmailConfigInfo>('GET', '/api/extend/Email/Config');
    expect(shown.data).toMatchObject({
      account: ACCOUNT,
      pop3Port: dovecot!.port,
      hasPassword: true,
      version: 0,
    });
    expect(JSON.stringify(shown.data)).not.toContain(PASS);
    // Saved again without a password: the stored one stays; a stale version is refused.
    expect(
      (await send('PUT', '/api/extend/Email/Config', { ...config(), password: '', version: 0 })).code,
    ).toBe(200);
    expect((await send('PUT', '/api/extend/Email/Config', { ...config(), version: 0 })).msg).toBe(
      '数据已被他人修改，请刷新后重试',
    );
    expect(
      (await send('POST', '/api/extend/Email/Config/Actions/CheckMail', { ...config(), password: '' })).code,
    ).toBe(200);
  });

  it('receives a new mail once, sanitised, with its attachment stored; reads, stars, finds and deletes it', async () => {
    await dovecot!.deliver(ACCOUNT, PASS, rawMail('材料补正通知'));
    const received = await send<{ received: number }>('POST', '/api/extend/Email/Receive');
    expect(received.data.received).toBe(1);
    expect(received.msg).toBe('收到1封新邮件');
    expect((await send<{ received: number }>('POST', '/api/extend/Email/Receive')).data.received).toBe(0);

    const inbox = await send<{ list: EmailListItem[] }>('GET', '/api/extend/Email?type=inBox&keyword=补正');
    expect(inbox.data.list).toHaveLength(1);
    const item = inbox.data.list[0]!;
    expect(item).toMatchObject({
      sender: 'bob@district.example',
      senderName: '李四',
      isRead: 0,
      hasAttachment: true,
    });

    const info = await send<EmailInfo>('GET', `/api/extend/Email/${item.id}`);
    expect(info.data.bodyText).toBe('<p>请查收<b>附件</b></p><a>x</a>');
    expect(info.data.cc).toBe('carol@district.example');
    const [photo, notes] = info.data.attachment as (EmailInfo['attachment'][number] & { url?: string })[];
    expect(notes).toMatchObject({ fileId: '', fullName: 'notes.txt' });
    const image = await fetch(`${server.baseUrl}${photo!.url}`);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const read = await send<{ list: EmailListItem[] }>('GET', '/api/extend/Email?type=inBox');
    expect(read.data.list[0]!.isRead).toBe(1);

    expect((await send('PUT', `/api/extend/Email/${item.id}/Actions/Star`)).code).toBe(200);
    const starred = await send<{ list: EmailListItem[] }>('GET', '/api/extend/Email?type=star');
    expect(starred.data.list.map((m) => m.id)).toEqual([item.id]);
    await send('PUT', `/api/extend/Email/${item.id}/Actions/Unstar`);
    await send('PUT', `/api/extend/Email/${item.id}/Actions/Unread`);
    const after = await send<{ list: EmailListItem[] }>('GET', '/api/extend/Email?type=inBox');
    expect(after.data.list[0]).toMatchObject({ starred: 0, isRead: 0 });
    expect((await send<{ list: EmailListItem[] }>('GET', '/api/extend/Email?type=star')).data.list).toEqual(
      [],
    );

    const mailDate = Date.UTC(2026, 10, 24, 8);
    const inRange = `/api/extend/Email?type=inBox&startTime=${mailDate - 1}&endTime=${mailDate + 1}`;
    expect((await send<{ list: EmailListItem[] }>('GET', inRange)).data.list).toHaveLength(1);
    const outOfRange = `/api/extend/Email?type=inBox&startTime=${mailDate + 1}`;
    expect((await send<{ list: EmailListItem[] }>('GET', outOfRange)).data.list).toHaveLength(0);
    expect((await send('GET', '/api/extend/Email?type=trash')).code).toBe(400);

    expect((await send('DELETE', `/api/extend/Email/${item.id}`)).code).toBe(200);
    const fileName = photo!.fileId;
    const left = await server.services.db.select().from(storedFiles).where(eq(storedFiles.name, fileName));
    expect(left).toEqual([]);
    expect((await send('GET', `/api/extend/Email/${item.id}`)).msg).toBe('邮件不存在');
  });

  it('refuses bad mail input, sending and storing nothing', async () => {
    const before = await rows(extEmails);
    const mailsBefore = smtp.mails.length;
    const cases: [unknown, string][] = [
      [{ subject: '无收件人' }, '请输入收件人'],
      [{ recipient: 'bob@district.example, not-mail' }, '收件人中有格式不正确的邮箱地址'],
      [{ recipient: 'bob@district.example', cc: 'x@' }, '抄送中有格式不正确的邮箱地址'],
      [{ recipient: 'bob@district.example', subject: 'x'.repeat(201) }, '主题最多为200个字符'],
      [
        {
          recipient: 'bob@district.example',
          attachment: [{ fileId: `${crypto.randomUUID()}.png`, fullName: 'a.png' }],
        },
        '附件无效，请重新上传',
      ],
      [{ recipient: 'bob@district.example', attachment: [{ fileId: '../x', fullName: 'a' }] }, '附件无效'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/extend/Email', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(
      (await send('POST', '/api/extend/Email/Actions/SaveDraft', { id: 'missing', version: 0 })).msg,
    ).toBe('邮件不存在');
    expect(await rows(extEmails)).toBe(before);
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  it('saves a draft, edits it at its version, and sends it with cc, bcc and an attachment', async () => {
    const fileId = await upload(PNG, 'scan.png');
    const draft = await send<{ id: string }>('POST', '/api/extend/Email/Actions/SaveDraft', {
      recipient: 'bob@district.example',
      subject: '草稿',
      bodyText: '<p>初稿</p>',
    });
    const id = draft.data.id;
    const drafts = await send<{ list: EmailListItem[] }>('GET', '/api/extend/Email?type=draft');
    expect(drafts.data.list.map((m) => m.id)).toEqual([id]);
    const edited = {
      id,
      version: 0,
      recipient: 'bob@district.example',
      cc: 'carol@district.example',
      bcc: 'dave@district.example',
      subject: '受理回执',
      bodyText: '<p>已受理<img src="x" onerror="alert(1)"></p>',
      attachment: [{ fileId, fullName: 'scan.png' }],
    };
    expect((await send('POST', '/api/extend/Email/Actions/SaveDraft', edited)).code).toBe(200);
    expect((await send('POST', '/api/extend/Email', edited)).msg).toBe('数据已被他人修改，请刷新后重试');

    const sent = await send('POST', '/api/extend/Email', { ...edited, version: 1 });
    expect(sent.msg).toBe('发送成功');
    const mail = smtp.mails.at(-1)!;
    expect(mail).toMatchObject({ subject: '受理回执', user: ACCOUNT, text: '已受理' });
    expect(mail.to.sort()).toEqual([
      'bob@district.example',
      'carol@district.example',
      'dave@district.example',
    ]);
    expect(mail.from).toContain(ACCOUNT);

    expect((await send<{ list: EmailListItem[] }>('GET', '/api/extend/Email?type=draft')).data.list).toEqual(
      [],
    );
    const sentList = await send<{ list: EmailListItem[] }>('GET', '/api/extend/Email?type=sent');
    expect(sentList.data.list.map((m) => m.id)).toEqual([id]);
    const info = await send<EmailInfo>('GET', `/api/extend/Email/${id}`);
    expect(info.data).toMatchObject({ bcc: 'dave@district.example', bodyText: '<p>已受理</p>' });
    expect(info.data.attachment).toMatchObject([{ fileId, fullName: 'scan.png', fileSize: PNG.length }]);
    // A sent mail is no draft any more.
    expect((await send('POST', '/api/extend/Email/Actions/SaveDraft', { ...edited, version: 2 })).msg).toBe(
      '只能编辑草稿',
    );
  });
});
