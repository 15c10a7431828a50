import { createServer } from 'node:net';
import type {
  AccountConfigItem,
  MessageMonitorItem,
  MessageTemplateItem,
  SendConfigItem,
  SendResult,
  SendTestChannel,
} from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { OutboundMessages } from '../../core/outbound.js';
import {
  messageAccounts,
  messageMonitors,
  messageReceipts,
  messageTemplates,
  sendConfigs,
} from '../../db/schema/index.js';
import { SECRET_MASK } from '../system/sysConfig/routes.js';
import { openSettings } from './accountConfig/service.js';
import { sendByConfig } from './send.js';
import { RECEIVER_FAILURE_BODY, startHttpReceiver, startSmtpReceiver } from './testing.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let http: Awaited<ReturnType<typeof startHttpReceiver>>;
let aliceId: string;
let bobId: string;
let readerToken: string;
/** Loopback services OUTBOUND_ALLOW does not name, and a port nothing listens on that it does. */
let blockedSmtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let internal: Awaited<ReturnType<typeof startHttpReceiver>>;
let closedPort: number;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const SMTP_USER = 'robot@district.example';
const SMTP_PASS = 'smtp-Secret-1';

beforeAll(async () => {
  database = await createTestDatabase();
  [smtp, http, blockedSmtp, internal, closedPort] = await Promise.all([
    startSmtpReceiver(SMTP_USER, SMTP_PASS),
    startHttpReceiver(),
    startSmtpReceiver(SMTP_USER, SMTP_PASS),
    startHttpReceiver(),
    freePort(),
  ]);
  server = await startServer({
    database,
    env: { OUTBOUND_ALLOW: `127.0.0.1:${smtp.port},127.0.0.1:${http.port},127.0.0.1:${closedPort}` },
  });
  token = await server.adminToken();
  aliceId = await server.addUser('alice', 'Alice1234', {
    realName: '张三',
    email: 'alice@district.example',
    mobilePhone: '13800000001',
  });
  bobId = await server.addUser('bob', 'Bob12345', { realName: '李四', email: 'bob@district.example' });
  await server.addUser('reader', 'Reader123');
  readerToken = await server.login('reader', 'Reader123');
});
afterAll(async () => {
  await Promise.all([server?.close(), smtp?.close(), http?.close(), blockedSmtp?.close(), internal?.close()]);
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown, as = token) =>
  server.request<T>(method, path, { token: as, json });
const rows = async (table: typeof messageAccounts | typeof messageTemplates | typeof sendConfigs) =>
  (await server.services.db.select({ n: count() }).from(table))[0]!.n;

const mailSettings = () => ({
  smtpHost: '127.0.0.1',
  smtpPort: smtp.port,
  sslEnabled: 0,
  smtpUser: SMTP_USER,
  smtpPassword: SMTP_PASS,
  senderName: '区政务平台',
});

async function create(path: string, body: unknown): Promise<string> {
  const answer = await send<{ id: string }>('POST', path, body);
  if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
  return answer.data.id;
}

const account = (category: string, enCode: string, settings: Record<string, unknown>) =>
  create('/api/message/AccountConfig', { category, fullName: `${category} 账号`, enCode, settings });

describe('account configurations', () => {
  it('refuses bad input with a message and writes nothing', async () => {
    const before = await rows(messageAccounts);
    const good = { category: 'mail', fullName: '办公邮箱', enCode: 'officeMail', settings: mailSettings() };
    const cases: [unknown, string][] = [
      [{ ...good, category: 'fax' }, '请选择账号类型'],
      [{ ...good, fullName: '' }, '请输入名称'],
      [{ ...good, fullName: '邮箱<script>' }, '名称不能含有特殊字符'],
      [{ ...good, enCode: 'a b' }, '编码只能包含'],
      [{ ...good, settings: { ...mailSettings(), smtpHost: '' } }, '请输入SMTP服务器'],
      [{ ...good, settings: { ...mailSettings(), smtpPort: 70000 } }, 'SMTP端口必须是1-65535的整数'],
      [{ ...good, settings: { ...mailSettings(), smtpUser: 'not-mail' } }, '发件人邮箱格式不正确'],
      [{ ...good, category: 'webhook', settings: { url: 'ftp://x' } }, '地址必须以 http:// 或 https:// 开头'],
      [{ ...good, category: 'sms', settings: { vendor: 'other' } }, '请选择短信服务商'],
      [{ ...good, settings: 'x' }, '请填写账号配置'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/message/AccountConfig', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rows(messageAccounts)).toBe(before);
  });

  it('masks credentials, keeps them when the mask is saved, edits with a version, copies, exports, imports and deletes', async () => {
    const id = await account('mail', 'mailA', mailSettings());
    const shown = await send<AccountConfigItem>('GET', `/api/message/AccountConfig/${id}`);
    expect(shown.data.settings.smtpPassword).toBe(SECRET_MASK);
    expect(JSON.stringify(shown.data)).not.toContain(SMTP_PASS);
    const listed = await send<{ list: AccountConfigItem[]; pagination: { total: number } }>(
      'GET',
      '/api/message/AccountConfig?type=mail&keyword=mailA&currentPage=1&pageSize=20',
    );
    expect(listed.data.list.map((a) => a.enCode)).toEqual(['mailA']);
    expect(JSON.stringify(listed.data)).not.toContain(SMTP_PASS);
    expect((await send('POST', '/api/message/AccountConfig', { ...shown.data })).msg).toBe(
      '同类账号中编码已存在',
    );

    // Saving the form as shown (mask included) keeps the stored password.
    const edit = { ...shown.data, fullName: '办公邮箱' };
    expect((await send('PUT', `/api/message/AccountConfig/${id}`, edit)).code).toBe(200);
    const stored = async () =>
      (await server.services.db.select().from(messageAccounts).where(eq(messageAccounts.id, id)))[0]!;
    expect(openSettings((await stored()).settings)).toMatchObject({ smtpPassword: SMTP_PASS });
    expect((await stored()).fullName).toBe('办公邮箱');
    expect((await send('PUT', `/api/message/AccountConfig/${id}`, edit)).msg).toBe(
      '数据已被他人修改，请刷新后重试',
    );
    const changed = { ...edit, version: 1, settings: { ...edit.settings, smtpPassword: 'another' } };
    expect((await send('PUT', `/api/message/AccountConfig/${id}`, changed)).code).toBe(200);
    expect(openSettings((await stored()).settings)).toMatchObject({ smtpPassword: 'another' });
    const typeChange = { ...changed, version: 2, category: 'webhook' };
    expect((await send('PUT', `/api/message/AccountConfig/${id}`, typeChange)).msg).toBe('账号类型不能修改');

    const copy = await send<{ id: string }>('POST', `/api/message/AccountConfig/copy/${id}`);
    expect(copy.code).toBe(200);
    const copied = (await send<AccountConfigItem>('GET', `/api/message/AccountConfig/${copy.data.id}`)).data;
    expect(copied.fullName).toMatch(/^办公邮箱副本\d{6}$/);
    expect(copied.enCode).toMatch(/^mailA\d{6}$/);

    const exported = await send<{ name: string; url: string }>(
      'GET',
      `/api/message/AccountConfig/${id}/Action/Export`,
    );
    expect(exported.data.name).toBe('办公邮箱.json');
    const file = await fetch(`${server.baseUrl}${exported.data.url}`);
    const content = await file.text();
    expect(content).not.toContain('another');
    const imported = JSON.parse(content) as Record<string, unknown>;
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify({ ...imported, enCode: 'mailImported' })]), 'mail.json');
    const importAnswer = await fetch(`${server.baseUrl}/api/message/AccountConfig/Action/Import`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    }).then((r) => r.json() as Promise<{ code: number; data: { id: string } }>);
    expect(importAnswer.code).toBe(200);
    const importedRow = (
      await send<AccountConfigItem>('GET', `/api/message/AccountConfig/${importAnswer.data.id}`)
    ).data;
    expect(importedRow.settings).toMatchObject({ smtpHost: '127.0.0.1', smtpPassword: '' });

    for (const target of [copy.data.id, importAnswer.data.id])
      expect((await send('DELETE', `/api/message/AccountConfig/${target}`)).code).toBe(200);
    expect((await send('DELETE', `/api/message/AccountConfig/${copy.data.id}`)).msg).toBe('账号配置不存在');
  });

  it('sends a test mail over SMTP with the form settings, the stored password standing in for the mask', async () => {
    const id = await account('mail', 'mailTest', mailSettings());
    const answer = await send('POST', '/api/message/MessageTemplateConfig/testSendMail', {
      ...mailSettings(),
      smtpPassword: SECRET_MASK,
      id,
      testSendEmail: 'someone@district.example',
    });
    expect(answer.code, answer.msg).toBe(200);
    const mail = smtp.mails.at(-1)!;
    expect(mail).toMatchObject({ subject: '测试邮件', to: ['someone@district.example'], user: SMTP_USER });
    expect(mail.from).toContain(SMTP_USER);
    expect(mail.text).toContain(`127.0.0.1:${smtp.port}`);

    const refused = await send('POST', '/api/message/MessageTemplateConfig/testSendMail', {
      ...mailSettings(),
      smtpPassword: 'wrong',
      testSendEmail: 'someone@district.example',
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('邮件发送失败');
    const bad = await send('POST', '/api/message/MessageTemplateConfig/testSendMail', { ...mailSettings() });
    expect(bad.msg).toContain('请输入收件人邮箱');
  });

  it('refuses a test mail to an SMTP server that is not public, naming OUTBOUND_ALLOW; a closed port says its own cause', async () => {
    const tryMail = (smtpHost: string, smtpPort: number) =>
      send('POST', '/api/message/MessageTemplateConfig/testSendMail', {
        ...mailSettings(),
        smtpHost,
        smtpPort,
        testSendEmail: 'someone@district.example',
      });
    const p = blockedSmtp.port;
    for (const [host, shown] of [
      ['127.0.0.1', `127.0.0.1:${p}`],
      ['localhost', `localhost:${p}`],
      ['2130706433', `127.0.0.1:${p}`],
      ['::1', `[::1]:${p}`],
      ['169.254.169.254', `169.254.169.254:${p}`],
    ]) {
      const answer = await tryMail(host!, p);
      expect([answer.code, answer.msg]).toEqual([400, `邮件发送失败：${OutboundMessages.refused(shown!)}`]);
    }
    expect(blockedSmtp.mails).toEqual([]);
    const closed = await tryMail('127.0.0.1', closedPort);
    expect(closed.msg).toBe(`邮件发送失败：${OutboundMessages.unreachable(`127.0.0.1:${closedPort}`)}`);
  });
});

describe('message templates', () => {
  it('refuses bad templates and writes nothing; edits, copies and protects system templates', async () => {
    const before = await rows(messageTemplates);
    const good = {
      fullName: '审批提醒',
      enCode: 'approveMail',
      messageSource: 2,
      messageType: 'mail',
      title: '{flowName}待审批',
      content: '{userName}提交了{flowName}',
      params: [
        { field: 'flowName', fieldName: '流程名称' },
        { field: 'userName', fieldName: '发起人' },
      ],
    };
    const cases: [unknown, string][] = [
      [{ ...good, messageSource: 9 }, '请选择消息来源'],
      [{ ...good, messageType: 'fax' }, '请选择消息类型'],
      [{ ...good, content: '' }, '请输入消息内容'],
      [{ ...good, messageType: 'sms' }, '短信和微信公众号模板请填写模板编号'],
      [{ ...good, params: [good.params[0]] }, '消息内容使用了未定义的参数：userName'],
      [{ ...good, params: [...good.params, good.params[0]] }, '参数名重复：flowName'],
      [{ ...good, params: [{ field: '1x', fieldName: 'x' }] }, '参数名只能包含字母'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/message/MessageTemplateConfig', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rows(messageTemplates)).toBe(before);

    const id = await create('/api/message/MessageTemplateConfig', good);
    expect((await send('POST', '/api/message/MessageTemplateConfig', good)).msg).toBe('模板编码已存在');
    const item = (await send<MessageTemplateItem>('GET', `/api/message/MessageTemplateConfig/${id}`)).data;
    expect(item).toMatchObject({ templateType: 1, messageType: 'mail', params: good.params });
    expect(
      (await send('PUT', `/api/message/MessageTemplateConfig/${id}`, { ...item, title: '{flowName}' })).code,
    ).toBe(200);
    expect((await send('PUT', `/api/message/MessageTemplateConfig/${id}`, item)).msg).toBe(
      '数据已被他人修改，请刷新后重试',
    );
    const list = await send<{ list: MessageTemplateItem[] }>(
      'GET',
      '/api/message/MessageTemplateConfig?messageType=mail&messageSource=2&keyword=审批',
    );
    expect(list.data.list.map((t) => t.id)).toEqual([id]);
    const copy = await send<{ id: string }>('POST', `/api/message/MessageTemplateConfig/copy/${id}`);
    expect((await send('DELETE', `/api/message/MessageTemplateConfig/${copy.data.id}`)).code).toBe(200);

    await server.services.db
      .update(messageTemplates)
      .set({ templateType: 0 })
      .where(eq(messageTemplates.id, id));
    expect((await send('DELETE', `/api/message/MessageTemplateConfig/${id}`)).msg).toBe(
      '系统模板不能修改或删除',
    );
    expect((await send('PUT', `/api/message/MessageTemplateConfig/${id}`, { ...item, version: 1 })).msg).toBe(
      '系统模板不能修改或删除',
    );
  });

  it('answers the fixed lists', async () => {
    const types = await send<{ enCode: string }[]>('GET', '/api/message/MessageDataType/getTypeList/1');
    expect(types.data.map((t) => t.enCode)).toEqual([
      'site',
      'mail',
      'sms',
      'wecom',
      'dingtalk',
      'webhook',
      'mp',
    ]);
    expect((await send('GET', '/api/message/MessageDataType/getTypeList/2')).data).toHaveLength(4);
    expect((await send('GET', '/api/message/MessageDataType/getTypeList/9')).code).toBe(400);
  });
});

describe('sending', () => {
  const channels: Record<string, { template: string; account?: string }> = {};

  beforeAll(async () => {
    const params = [
      { field: 'flowName', fieldName: '流程名称' },
      { field: 'userName', fieldName: '发起人' },
    ];
    const template = (messageType: string, extra: Record<string, unknown> = {}) =>
      create('/api/message/MessageTemplateConfig', {
        fullName: `${messageType} 模板`,
        enCode: `tpl${messageType}`,
        messageSource: 2,
        messageType,
        title: '{flowName}待审批',
        content: '{userName}提交了{flowName}，请及时处理',
        params,
        ...extra,
      });
    channels.site = { template: await template('site') };
    channels.mail = {
      template: await template('mail'),
      account: await account('mail', 'sendMail', mailSettings()),
    };
    channels.webhook = {
      template: await template('webhook'),
      account: await account('webhook', 'hook', {
        url: `${http.base}/hook`,
        authType: 2,
        authSecret: 'bearer-1',
      }),
    };
    channels.wecom = {
      template: await template('wecom'),
      account: await account('wecom', 'wecom', {
        corpId: 'ww1',
        agentId: '1000002',
        appSecret: 's1',
        baseUrl: http.base,
      }),
    };
    channels.dingtalk = {
      template: await template('dingtalk'),
      account: await account('dingtalk', 'ding', {
        agentId: '77',
        appKey: 'k1',
        appSecret: 's2',
        baseUrl: http.base,
      }),
    };
    channels.mp = {
      template: await template('mp', { templateCode: 'TPL-1' }),
      account: await account('mp', 'mp', { appId: 'wx1', appSecret: 's3', baseUrl: http.base }),
    };
    channels.sms = {
      template: await template('sms', { templateCode: 'SMS_1' }),
      account: await account('sms', 'sms', {
        vendor: 'aliyun',
        accessKeyId: 'ak',
        accessKeySecret: 'sk',
        signName: '区政务',
        baseUrl: http.base,
      }),
    };
  });

  const entries = (...types: string[]) =>
    types.map((messageType) => ({
      messageType,
      templateId: channels[messageType]!.template,
      accountConfigId: channels[messageType]!.account ?? null,
    }));

  it('refuses send configurations whose templates or accounts do not fit, and writes nothing', async () => {
    const before = await rows(sendConfigs);
    const good = { fullName: '流程通知', enCode: 'flowNotice', messageSource: 2, templates: entries('mail') };
    const cases: [unknown, string][] = [
      [{ ...good, templates: [] }, '请至少添加一个发送模板'],
      [
        { ...good, templates: [{ ...entries('mail')[0], templateId: 'ghost' }] },
        '第1个发送模板：消息模板不存在',
      ],
      [
        { ...good, templates: [{ ...entries('mail')[0], messageType: 'sms' }] },
        '第1个发送模板：所选模板的消息类型',
      ],
      [
        { ...good, templates: [{ ...entries('mail')[0], accountConfigId: null }] },
        '第1个发送模板：请选择发送账号',
      ],
      [
        { ...good, templates: [{ ...entries('mail')[0], accountConfigId: channels.webhook!.account }] },
        '第1个发送模板：发送账号不存在或类型与消息类型不一致',
      ],
      [{ ...good, templates: [...entries('mail'), ...entries('mail')] }, '第2个发送模板与前面的重复'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/message/SendMessageConfig', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rows(sendConfigs)).toBe(before);
  });

  it('sends through every channel for real, records each in the monitor, and one failure does not stop the others', async () => {
    const id = await create('/api/message/SendMessageConfig', {
      fullName: '流程通知',
      enCode: 'flowNotice',
      messageSource: 2,
      templates: entries('site', 'mail', 'webhook', 'wecom', 'dingtalk', 'mp', 'sms'),
    });
    const config = (await send<SendConfigItem>('GET', `/api/message/SendMessageConfig/${id}`)).data;
    expect(config.templates.map((t) => t.templateName)).toContain('mail 模板');
    expect(config.templates.find((t) => t.messageType === 'mail')?.accountName).toBe('mail 账号');

    const test = await send<SendTestChannel[]>('POST', `/api/message/SendMessageConfig/getTestConfig/${id}`);
    expect(test.data).toHaveLength(7);
    expect(test.data[0]!.params.map((p) => p.field)).toEqual(['flowName', 'userName']);

    smtp.mails.length = 0;
    http.requests.length = 0;
    const result = await send<SendResult[]>('POST', '/api/message/SendMessageConfig/testSendConfig', {
      id,
      userIds: [aliceId, bobId],
      params: { flowName: '请假申请', userName: '王五' },
    });
    expect(result.code, result.msg).toBe(200);
    const failed = result.data.filter((r) => r.state !== 1);
    // Bob has no mobile phone: the SMS goes to Alice only, so every channel succeeds.
    expect(failed).toEqual([]);

    const mail = smtp.mails[0]!;
    expect(mail.subject).toBe('请假申请待审批');
    expect(mail.text).toBe('王五提交了请假申请，请及时处理');
    expect(mail.to.sort()).toEqual(['alice@district.example', 'bob@district.example']);
    expect(mail.from).toContain('区政务平台');

    const hook = http.requests.find((r) => r.path === '/hook')!;
    expect(hook.method).toBe('POST');
    expect(hook.headers.authorization).toBe('Bearer bearer-1');
    expect(hook.body).toMatchObject({ title: '请假申请待审批', content: '王五提交了请假申请，请及时处理' });

    const wecom = http.requests.find((r) => r.path === '/cgi-bin/message/send')!;
    expect(wecom.query.get('access_token')).toBe('wecom-token');
    expect(wecom.body).toMatchObject({ touser: 'alice|bob', agentid: 1000002, msgtype: 'text' });
    const ding = http.requests.find((r) => r.path === '/topapi/message/corpconversation/asyncsend_v2')!;
    expect(ding.body).toMatchObject({ agent_id: 77, userid_list: 'alice,bob' });
    const mp = http.requests.filter((r) => r.path === '/cgi-bin/message/template/send');
    expect(mp.map((r) => (r.body as { touser: string }).touser)).toEqual(['alice', 'bob']);
    expect(mp[0]!.body).toMatchObject({ template_id: 'TPL-1', data: { flowName: { value: '请假申请' } } });
    const sms = http.requests.find((r) => r.path === '/' && r.query.get('Action') === 'SendSms')!;
    expect(sms.query.get('PhoneNumbers')).toBe('13800000001');
    expect(sms.query.get('TemplateCode')).toBe('SMS_1');
    expect(JSON.parse(sms.query.get('TemplateParam')!)).toEqual({ flowName: '请假申请', userName: '王五' });
    expect(sms.query.get('Signature')).toBeTruthy();

    const inbox = await server.services.db
      .select()
      .from(messageReceipts)
      .where(eq(messageReceipts.title, '请假申请待审批'));
    expect(inbox.map((r) => r.userId).sort()).toEqual([aliceId, bobId].sort());
    expect(inbox[0]!.type).toBe(2);

    const monitor = await server.services.db.select().from(messageMonitors);
    expect(monitor).toHaveLength(7);
    expect(monitor.every((m) => m.state === 1 && m.title === '请假申请待审批')).toBe(true);

    // Break the webhook and leave out a param: the webhook fails, the missing param fails
    // every channel that needs it, and each failure is recorded.
    const hookAccount = (
      await send<AccountConfigItem>('GET', `/api/message/AccountConfig/${channels.webhook!.account}`)
    ).data;
    await send('PUT', `/api/message/AccountConfig/${hookAccount.id}`, {
      ...hookAccount,
      settings: { ...hookAccount.settings, url: `${http.base}/fail` },
    });
    const partly = await send<SendResult[]>('POST', '/api/message/SendMessageConfig/testSendConfig', {
      id,
      userIds: [aliceId],
      params: { flowName: '出差申请', userName: '王五' },
    });
    const byType = Object.fromEntries(partly.data.map((r) => [r.messageType, r]));
    expect(byType.webhook).toMatchObject({ state: 0 });
    expect(byType.webhook!.error).toContain('HTTP 500');
    expect(byType.mail).toMatchObject({ state: 1, error: null });
    expect(smtp.mails.at(-1)!.subject).toBe('出差申请待审批');

    const missing = await sendByConfig(server.services, 'flowNotice', {
      userIds: [aliceId],
      params: { flowName: 'x' },
    });
    expect(missing.every((r) => r.state === 0 && r.error === '缺少参数：userName')).toBe(true);
    const failedRows = await server.services.db
      .select()
      .from(messageMonitors)
      .where(eq(messageMonitors.state, 0));
    expect(failedRows).toHaveLength(8);

    // In use: neither its templates nor its accounts can go.
    expect(
      (await send('DELETE', `/api/message/MessageTemplateConfig/${channels.mail!.template}`)).msg,
    ).toContain('该模板正被发送配置使用（流程通知）');
    expect((await send('DELETE', `/api/message/AccountConfig/${channels.mail!.account}`)).msg).toContain(
      '该账号正被发送配置使用（流程通知）',
    );

    const disabled = { ...config, enabledMark: 0 };
    expect((await send('PUT', `/api/message/SendMessageConfig/${id}`, disabled)).code).toBe(200);
    await expect(
      sendByConfig(server.services, 'flowNotice', { userIds: [aliceId], params: {} }),
    ).rejects.toThrow('该发送配置已被禁用');
    const selector = await send<{ list: SendConfigItem[] }>(
      'GET',
      '/api/message/SendMessageConfig/getSendConfigList',
    );
    expect(selector.data.list.map((c) => c.enCode)).not.toContain('flowNotice');
    const copy = await send<{ id: string }>('POST', `/api/message/SendMessageConfig/copy/${id}`);
    expect((await send('DELETE', `/api/message/SendMessageConfig/${copy.data.id}`)).code).toBe(200);
    expect(
      (
        await send('POST', '/api/message/SendMessageConfig/testSendConfig', {
          id,
          userIds: ['ghost'],
          params: {},
        })
      ).msg,
    ).toBe('接收人不存在或已被删除');
    expect(
      (await send('POST', '/api/message/SendMessageConfig/testSendConfig', { id, userIds: [] })).msg,
    ).toContain('请选择接收人');
  });

  it('lists the monitor with filters, shows a record, removes chosen ones and empties it', async () => {
    const list = await send<{ list: MessageMonitorItem[]; pagination: { total: number } }>(
      'GET',
      '/api/message/MessageMonitor?messageType=webhook&state=0&currentPage=1&pageSize=20',
    );
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((m) => m.messageType === 'webhook' && m.state === 0)).toBe(true);
    const keyword = await send<{ list: MessageMonitorItem[] }>(
      'GET',
      '/api/message/MessageMonitor?keyword=出差',
    );
    expect(keyword.data.list.every((m) => m.title === '出差申请待审批')).toBe(true);
    const first = list.data.list.find((m) => m.error?.includes('HTTP 500'))!;
    const detail = await send<MessageMonitorItem>('GET', `/api/message/MessageMonitor/detail/${first.id}`);
    expect(detail.data.error).toContain('返回 HTTP 500');
    expect(detail.data.receiveUser).toBe('张三/alice');

    expect((await send('DELETE', '/api/message/MessageMonitor/batchRemove', { ids: [] })).msg).toContain(
      '请选择要删除的记录',
    );
    const total = async () => (await server.services.db.select({ n: count() }).from(messageMonitors))[0]!.n;
    const before = await total();
    const removed = await send('DELETE', '/api/message/MessageMonitor/batchRemove', { ids: [first.id] });
    expect(removed.msg).toBe('删除成功，共1条');
    expect(await total()).toBe(before - 1);
    expect((await send('DELETE', '/api/message/MessageMonitor/empty')).code).toBe(200);
    expect(await total()).toBe(0);
  });
});

describe('non-public addresses', () => {
  it('refuses every channel there, directly or through a redirect, recording one text and never the answer', async () => {
    const p = internal.port;
    http.redirectTo(internal.base);
    const targets: [string, Record<string, unknown>, string][] = [
      ['webhook', { url: `http://0x7f000001:${p}/hook` }, `http://127.0.0.1:${p}`],
      ['webhook', { url: `${http.base}/redirect/hook` }, http.base],
      [
        'wecom',
        { corpId: 'ww1', agentId: '1', appSecret: 's1', baseUrl: `http://127.1:${p}` },
        `http://127.0.0.1:${p}`,
      ],
      [
        'dingtalk',
        { agentId: '7', appKey: 'k', appSecret: 's', baseUrl: `http://[::1]:${p}` },
        `http://[::1]:${p}`,
      ],
      ['mp', { appId: 'wx', appSecret: 's', baseUrl: `http://localhost:${p}` }, `http://localhost:${p}`],
      [
        'sms',
        {
          vendor: 'aliyun',
          accessKeyId: 'a',
          accessKeySecret: 's',
          signName: '区',
          baseUrl: `http://2130706433:${p}`,
        },
        `http://127.0.0.1:${p}`,
      ],
    ];
    const template = (messageType: string, i: number) =>
      create('/api/message/MessageTemplateConfig', {
        fullName: `内网 ${i}`,
        enCode: `internal${i}`,
        messageSource: 2,
        messageType,
        templateCode: 'T1',
        title: '标题',
        content: '内容',
        params: [],
      });
    for (const [i, [category, settings, origin]] of targets.entries()) {
      const configId = await create('/api/message/SendMessageConfig', {
        fullName: `内网发送 ${i}`,
        enCode: `internalSend${i}`,
        messageSource: 2,
        templates: [
          {
            messageType: category,
            templateId: await template(category, i),
            accountConfigId: await account(category, `internalAccount${i}`, settings),
          },
        ],
      });
      const result = await send<SendResult[]>('POST', '/api/message/SendMessageConfig/testSendConfig', {
        id: configId,
        userIds: [aliceId],
        params: {},
      });
      expect(result.data, category).toMatchObject([{ state: 0, error: OutboundMessages.refused(origin) }]);
    }
    expect(internal.requests).toEqual([]);
  });

  it('reports an HTTP error by its status, never by what the target answered', async () => {
    const configId = await create('/api/message/SendMessageConfig', {
      fullName: '故障发送',
      enCode: 'failingSend',
      messageSource: 2,
      templates: [
        {
          messageType: 'webhook',
          templateId: await create('/api/message/MessageTemplateConfig', {
            fullName: '故障模板',
            enCode: 'failingTemplate',
            messageSource: 2,
            messageType: 'webhook',
            title: '标题',
            content: '内容',
            params: [],
          }),
          accountConfigId: await account('webhook', 'failingHook', { url: `${http.base}/fail` }),
        },
      ],
    });
    const result = await send<SendResult[]>('POST', '/api/message/SendMessageConfig/testSendConfig', {
      id: configId,
      userIds: [aliceId],
      params: {},
    });
    expect(result.data[0]!.error).toBe(`${http.base} 返回 HTTP 500`);
    expect(result.data[0]!.error).not.toContain(RECEIVER_FAILURE_BODY);
  });
});

describe('permissions', () => {
  it('refuses every message-centre call to a user without the pages', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/message/AccountConfig'],
      ['POST', '/api/message/AccountConfig', {}],
      ['GET', '/api/message/AccountConfig/x'],
      ['PUT', '/api/message/AccountConfig/x', {}],
      ['DELETE', '/api/message/AccountConfig/x'],
      ['POST', '/api/message/AccountConfig/copy/x'],
      ['GET', '/api/message/AccountConfig/x/Action/Export'],
      ['POST', '/api/message/MessageTemplateConfig/testSendMail', {}],
      ['GET', '/api/message/MessageTemplateConfig'],
      ['POST', '/api/message/MessageTemplateConfig', {}],
      ['GET', '/api/message/MessageTemplateConfig/x'],
      ['PUT', '/api/message/MessageTemplateConfig/x', {}],
      ['DELETE', '/api/message/MessageTemplateConfig/x'],
      ['POST', '/api/message/MessageTemplateConfig/copy/x'],
      ['GET', '/api/message/SendMessageConfig'],
      ['POST', '/api/message/SendMessageConfig', {}],
      ['GET', '/api/message/SendMessageConfig/x'],
      ['PUT', '/api/message/SendMessageConfig/x', {}],
      ['DELETE', '/api/message/SendMessageConfig/x'],
      ['POST', '/api/message/SendMessageConfig/copy/x'],
      ['POST', '/api/message/SendMessageConfig/getTestConfig/x'],
      ['POST', '/api/message/SendMessageConfig/testSendConfig', {}],
      ['GET', '/api/message/MessageMonitor'],
      ['GET', '/api/message/MessageMonitor/detail/x'],
      ['DELETE', '/api/message/MessageMonitor/batchRemove', { ids: ['x'] }],
      ['DELETE', '/api/message/MessageMonitor/empty'],
    ];
    for (const [method, path, body] of calls) {
      const answer = await send(method, path, body, readerToken);
      expect(answer.msg, `${method} ${path}`).toBe('您没有此操作的权限，请联系管理员');
    }
    // The fixed lists and the send-config picker serve any signed-in user.
    expect(
      (await send('GET', '/api/message/MessageDataType/getTypeList/2', undefined, readerToken)).code,
    ).toBe(200);
    expect(
      (await send('GET', '/api/message/SendMessageConfig/getSendConfigList', undefined, readerToken)).code,
    ).toBe(200);
  });
});

// The 3.4.7 client's account forms test through /api/message/AccountConfig/{action} with their
// own field names (issue #20, item 17).
describe('account tests as the 3.4.7 client sends them', () => {
  it('sends a test mail from the mail form (smtpServer, sslLink, addressorName, testSendEmail as a list)', async () => {
    const answer = await send('POST', '/api/message/AccountConfig/testSendMail', {
      fullName: '办公邮箱',
      enCode: 'clientMail',
      addressorName: '区政务平台',
      smtpServer: '127.0.0.1',
      smtpPort: String(smtp.port),
      sslLink: 0,
      smtpUser: SMTP_USER,
      smtpPassword: SMTP_PASS,
      sortCode: 0,
      enabledMark: 1,
      description: '',
      testSendEmail: ['someone@district.example'],
      testEmailTitle: '测试',
      testEmailContent: '测试内容',
      type: 2,
    });
    expect([answer.code, answer.msg]).toEqual([200, '发送成功']);
    expect(smtp.mails.at(-1)).toMatchObject({
      subject: '测试',
      to: ['someone@district.example'],
      user: SMTP_USER,
    });
    expect(smtp.mails.at(-1)!.text).toContain('测试内容');
    const missing = await send('POST', '/api/message/AccountConfig/testSendMail', {
      smtpServer: '127.0.0.1',
      smtpPort: smtp.port,
      smtpUser: SMTP_USER,
      testSendEmail: [],
    });
    expect([missing.code, missing.msg]).toEqual([400, expect.stringContaining('收件人')]);
  });

  it('checks an SMTP sign-in at /api/system/SysConfig/Email/Test without sending', async () => {
    const form = { smtpServer: '127.0.0.1', smtpPort: smtp.port, sslLink: 0, smtpUser: SMTP_USER };
    const sent = smtp.mails.length;
    const ok = await send('POST', '/api/system/SysConfig/Email/Test', { ...form, smtpPassword: SMTP_PASS });
    expect([ok.code, ok.msg]).toEqual([200, '测试连接成功']);
    const wrong = await send('POST', '/api/system/SysConfig/Email/Test', { ...form, smtpPassword: 'wrong' });
    expect(wrong.code).toBe(400);
    expect(smtp.mails.length).toBe(sent);
  });

  it('tests DingTalk and enterprise WeChat accounts with the forms fields, the stored secret standing in for the mask', async () => {
    const ding = await account('dingtalk', 'clientDing', {
      agentId: '77',
      appKey: 'k9',
      appSecret: 's9',
      baseUrl: http.base,
    });
    const dingAnswer = await send('POST', '/api/message/AccountConfig/testDingTalkConnect', {
      id: ding,
      agentId: '77',
      appId: 'k9',
      appSecret: SECRET_MASK,
      type: 4,
    });
    expect([dingAnswer.code, dingAnswer.msg]).toEqual([200, '测试连接成功']);
    const dingCall = http.requests.filter((r) => r.path === '/gettoken').at(-1)!;
    expect([dingCall.query.get('appkey'), dingCall.query.get('appsecret')]).toEqual(['k9', 's9']);

    const wecom = await account('wecom', 'clientWeCom', {
      corpId: 'ww9',
      agentId: '1000009',
      appSecret: 'w9',
      baseUrl: http.base,
    });
    const wecomAnswer = await send('POST', '/api/message/AccountConfig/testQyWebChatConnect', {
      id: wecom,
      enterpriseId: 'ww9',
      appId: '1000009',
      appSecret: SECRET_MASK,
      type: 5,
    });
    expect([wecomAnswer.code, wecomAnswer.msg]).toEqual([200, '测试连接成功']);
    const wecomCall = http.requests.filter((r) => r.path === '/cgi-bin/gettoken').at(-1)!;
    expect([wecomCall.query.get('corpid'), wecomCall.query.get('corpsecret')]).toEqual(['ww9', 'w9']);

    const empty = await send('POST', '/api/message/AccountConfig/testQyWebChatConnect', {
      enterpriseId: '',
      appSecret: '',
    });
    expect(empty.code).toBe(400);
  });
});
