import { readFileSync } from 'node:fs';
import type { SmsTemplateItem, SystemTemplateItem } from '@console/shared';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { Messages } from '../../../core/messages.js';
import {
  moduleButtons,
  moduleColumns,
  modules,
  smsTemplates,
  systemMessageTemplates,
} from '../../../db/schema/index.js';
import { startHttpReceiver } from '../../msgCenter/testing.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let staff: string;
let http: Awaited<ReturnType<typeof startHttpReceiver>>;
let aliyunAccount: string;
let tencentAccount: string;

const as = <T = unknown>(who: string, method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token: who, json });
const rows = async (table: PgTable) => (await server.services.db.select({ n: count() }).from(table))[0]!.n;
const created = async (path: string, json: unknown) => {
  const answer = await as<{ id: string }>(token, 'POST', path, json);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id;
};

beforeAll(async () => {
  http = await startHttpReceiver();
  database = await createTestDatabase();
  server = await startServer({ database, env: { OUTBOUND_ALLOW: `127.0.0.1:${http.port}` } });
  token = await server.adminToken();
  await server.addUser('tplStaff', 'Secret#123');
  staff = await server.login('tplStaff', 'Secret#123');
  const account = (enCode: string, settings: Record<string, unknown>) =>
    created('/api/message/AccountConfig', { category: 'sms', fullName: `短信 ${enCode}`, enCode, settings });
  aliyunAccount = await account('aliSms', {
    vendor: 'aliyun',
    accessKeyId: 'ak',
    accessKeySecret: 'sk',
    signName: '区政务',
    baseUrl: http.base,
  });
  tencentAccount = await account('tcSms', {
    vendor: 'tencent',
    accessKeyId: 'sid',
    accessKeySecret: 'skey',
    signName: '区政务',
    sdkAppId: '1400000001',
    baseUrl: http.base,
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
  await http?.close();
});

describe('system templates (/api/system/MessageTemplate)', () => {
  const BASE = '/api/system/MessageTemplate';
  const good = {
    fullName: '审批提醒',
    enCode: 'approveRemind',
    category: 2,
    title: '{flowName}待审批',
    content: '{userName}提交的{flowName}等待您审批',
    params: [{ field: 'userName', fieldName: '申请人' }],
  };

  it('refuses bad input with a message and writes nothing', async () => {
    const before = await rows(systemMessageTemplates);
    const cases: [unknown, string][] = [
      [{ ...good, fullName: '' }, '请输入模板名称'],
      [{ ...good, enCode: 'a b' }, '编码只能包含'],
      [{ ...good, category: 9 }, '请选择消息类型'],
      [{ ...good, title: '' }, '请输入消息标题'],
      [{ ...good, content: 'x'.repeat(5001) }, '消息内容最多为5000个字符'],
      [{ ...good, params: [{ field: '1a', fieldName: 'x' }] }, '参数名只能包含字母'],
      [
        {
          ...good,
          params: [
            { field: 'a', fieldName: 'x' },
            { field: 'a', fieldName: 'y' },
          ],
        },
        '参数名不能重复',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await as(token, 'POST', BASE, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const put = await as(token, 'PUT', `${BASE}/nope`, { ...good });
    expect(put.code).toBe(400);
    expect(put.msg).toContain('缺少版本号');
    expect(await rows(systemMessageTemplates)).toBe(before);
  });

  it('creates, derives the parameters from the text, lists, edits at a version, toggles and deletes', async () => {
    const id = await created(BASE, good);
    const info = await as<SystemTemplateItem>(token, 'GET', `${BASE}/${id}`);
    expect(info.data.params).toEqual([
      { field: 'flowName', fieldName: 'flowName' },
      { field: 'userName', fieldName: '申请人' },
    ]);
    const params = await as(token, 'GET', `${BASE}/getTemplate/${id}`);
    expect(params.data).toEqual(info.data.params);

    const duplicate = await as(token, 'POST', BASE, { ...good, fullName: '另一个' });
    expect(duplicate.code).toBe(400);
    expect(duplicate.msg).toBe('模板编码已存在：approveRemind');

    const list = await as<{ list: SystemTemplateItem[]; pagination: { total: number } }>(
      token,
      'GET',
      `${BASE}?keyword=approveRemind&currentPage=1&pageSize=10`,
    );
    expect(list.data.list.map((t) => t.id)).toEqual([id]);
    expect(list.data.pagination.total).toBe(1);

    const edit = await as(token, 'PUT', `${BASE}/${id}`, { ...good, content: '{userName}您好', version: 0 });
    expect(edit.code, edit.msg).toBe(200);
    const stale = await as(token, 'PUT', `${BASE}/${id}`, { ...good, fullName: '旧的', version: 0 });
    expect(stale.code).toBe(400);
    expect(stale.msg).toBe(STALE_VERSION_MESSAGE);
    const after = await as<SystemTemplateItem>(token, 'GET', `${BASE}/${id}`);
    expect(after.data.fullName).toBe('审批提醒');
    expect(after.data.version).toBe(1);

    expect((await as(token, 'PUT', `${BASE}/${id}/Actions/State`)).code).toBe(200);
    const selector = await as<{ list: SystemTemplateItem[] }>(token, 'GET', `${BASE}/Selector?pageSize=100`);
    expect(selector.data.list.some((t) => t.id === id)).toBe(false);
    expect((await as<SystemTemplateItem>(token, 'GET', `${BASE}/${id}`)).data.enabledMark).toBe(0);

    expect((await as(token, 'DELETE', `${BASE}/${id}`)).code).toBe(200);
    const gone = await as(token, 'GET', `${BASE}/${id}`);
    expect(gone.code).toBe(400);
    expect(gone.msg).toBe('系统模板不存在');
    expect((await as(token, 'DELETE', `${BASE}/${id}`)).msg).toBe('系统模板不存在');
  });

  it('refuses a user without the menu', async () => {
    const before = await rows(systemMessageTemplates);
    for (const [method, path, body] of [
      ['GET', BASE],
      ['POST', BASE, good],
      ['PUT', `${BASE}/x`, { ...good, version: 0 }],
      ['DELETE', `${BASE}/x`],
      ['PUT', `${BASE}/x/Actions/State`],
    ] as const) {
      const answer = await as(staff, method, path, body);
      expect(answer.code, `${method} ${path}`).toBe(400);
      expect(answer.msg).toBe(Messages.permissionDenied);
    }
    expect(await rows(systemMessageTemplates)).toBe(before);
  });
});

describe('SMS templates (/api/system/SmsTemplate)', () => {
  const BASE = '/api/system/SmsTemplate';
  const good = () => ({
    fullName: '验证码短信',
    enCode: 'smsVerify',
    accountConfigId: aliyunAccount,
    templateId: 'SMS_100',
    signContent: '',
    content: `您的验证码为\${code}，{minutes}分钟内有效`,
    params: [{ field: 'code', fieldName: '验证码' }],
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const before = await rows(smsTemplates);
    const cases: [unknown, string][] = [
      [{ ...good(), fullName: '' }, '请输入模板名称'],
      [{ ...good(), enCode: '' }, '请输入模板编码'],
      [{ ...good(), accountConfigId: '' }, '请选择短信账号'],
      [{ ...good(), accountConfigId: 'nope' }, '短信账号不存在'],
      [{ ...good(), templateId: '' }, '请输入模板编号'],
      [{ ...good(), content: '' }, '请输入模板内容'],
      [{ ...good(), signContent: 'x'.repeat(51) }, '签名内容最多为50个字符'],
      [{ ...good(), enabledMark: 3 }, '状态只能为0或1'],
      [{ ...good(), params: [{ field: '0', fieldName: 'x' }] }, '或为1-99的序号'],
    ];
    for (const [body, message] of cases) {
      const answer = await as(token, 'POST', BASE, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rows(smsTemplates)).toBe(before);
  });

  it('creates with parameters from the text, refuses duplicates and stale edits, toggles and deletes', async () => {
    const id = await created(BASE, good());
    const info = await as<SmsTemplateItem>(token, 'GET', `${BASE}/${id}`);
    expect(info.data).toMatchObject({
      accountName: '短信 aliSms',
      company: 1,
      params: [
        { field: 'code', fieldName: '验证码' },
        { field: 'minutes', fieldName: 'minutes' },
      ],
    });
    expect((await as(token, 'GET', `${BASE}/getTemplate/${id}`)).data).toEqual(info.data.params);

    const duplicate = await as(token, 'POST', BASE, { ...good(), fullName: '再来一个' });
    expect(duplicate.msg).toBe('模板编码已存在：smsVerify');
    const list = await as<{ list: SmsTemplateItem[] }>(token, 'GET', `${BASE}?keyword=SMS_100`);
    expect(list.data.list.map((t) => t.id)).toEqual([id]);

    const moved = await as(token, 'PUT', `${BASE}/${id}`, {
      ...good(),
      accountConfigId: tencentAccount,
      templateId: '123456',
      content: '验证码{code}',
      version: 0,
    });
    expect(moved.code, moved.msg).toBe(200);
    const stale = await as(token, 'PUT', `${BASE}/${id}`, { ...good(), version: 0 });
    expect(stale.msg).toBe(STALE_VERSION_MESSAGE);
    const after = await as<SmsTemplateItem>(token, 'GET', `${BASE}/${id}`);
    expect(after.data).toMatchObject({ company: 2, templateId: '123456', version: 1 });
    expect(after.data.params).toEqual([{ field: 'code', fieldName: '验证码' }]);

    expect((await as(token, 'PUT', `${BASE}/${id}/Actions/State`)).code).toBe(200);
    expect((await as<SmsTemplateItem>(token, 'GET', `${BASE}/${id}`)).data.enabledMark).toBe(0);
    const selector = await as<{ list: SmsTemplateItem[] }>(staff, 'GET', `${BASE}/Selector`);
    expect(selector.data.list.some((t) => t.id === id)).toBe(false);

    expect((await as(token, 'DELETE', `${BASE}/${id}`)).code).toBe(200);
    expect((await as(token, 'GET', `${BASE}/${id}`)).msg).toBe('短信模板不存在');
  });

  it('sends a test SMS through the account vendor (Alibaba and Tencent) and refuses bad input', async () => {
    const id = await created(BASE, { ...good(), enCode: 'smsTest', signContent: '测试签名' });
    const bad: [unknown, string][] = [
      [{ id, phoneNumbers: '', parameters: {} }, '请输入接收手机号'],
      [{ id, phoneNumbers: '12345', parameters: {} }, '手机号格式不正确：12345'],
      [{ id, phoneNumbers: '13800000001', parameters: { code: '1234' } }, '请填写参数：minutes'],
      [{ id: 'nope', phoneNumbers: '13800000001', parameters: {} }, '短信模板不存在'],
    ];
    for (const [body, message] of bad) {
      const before = http.requests.length;
      const answer = await as(token, 'POST', `${BASE}/testSent`, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
      expect(http.requests.length).toBe(before);
    }

    const sent = await as(token, 'POST', `${BASE}/testSent`, {
      id,
      phoneNumbers: '13800000001,13800000002',
      parameters: { code: '4321', minutes: '5' },
    });
    expect(sent.code, sent.msg).toBe(200);
    const call = http.requests.findLast((r) => r.query.get('Action') === 'SendSms')!;
    expect(call.query.get('PhoneNumbers')).toBe('13800000001,13800000002');
    expect(call.query.get('SignName')).toBe('测试签名');
    expect(call.query.get('TemplateCode')).toBe('SMS_100');
    expect(JSON.parse(call.query.get('TemplateParam')!)).toEqual({ code: '4321', minutes: '5' });

    // The vendor refusing is told in its words.
    http.answerAction('SendSms', { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' });
    const refused = await as(token, 'POST', `${BASE}/testSent`, {
      id,
      phoneNumbers: '13800000001',
      parameters: { code: '1', minutes: '5' },
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('短信发送失败：触发流控（isv.BUSINESS_LIMIT_CONTROL）');
    http.answerAction('SendSms', { Code: 'OK', Message: 'OK' });

    const tencent = await created(BASE, {
      ...good(),
      enCode: 'smsTencent',
      accountConfigId: tencentAccount,
      templateId: '2001',
      content: '验证码{1}，{2}分钟内有效',
      params: [{ field: '1', fieldName: '验证码' }],
    });
    expect((await as(token, 'GET', `${BASE}/getTemplate/${tencent}`)).data).toEqual([
      { field: '1', fieldName: '验证码' },
      { field: '2', fieldName: '2' },
    ]);
    http.answerAction('SendSms', {
      Code: 'OK',
      Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }] },
    });
    const viaTencent = await as(token, 'POST', `${BASE}/testSent`, {
      id: tencent,
      phoneNumbers: '13800000003',
      parameters: { '1': '8888', '2': '5' },
    });
    expect(viaTencent.code, viaTencent.msg).toBe(200);
    const tcCall = http.requests.findLast((r) => r.headers['x-tc-action'] === 'SendSms')!;
    expect(tcCall.body).toMatchObject({
      PhoneNumberSet: ['+8613800000003'],
      TemplateId: '2001',
      TemplateParamSet: ['8888', '5'],
      SmsSdkAppId: '1400000001',
    });
    http.answerAction('SendSms', { Code: 'OK', Message: 'OK' });

    const noButton = await as(staff, 'POST', `${BASE}/testSent`, {
      id,
      phoneNumbers: '13800000001',
      parameters: { code: '1', minutes: '5' },
    });
    expect(noButton.msg).toBe(Messages.permissionDenied);
  });

  it('asks the vendor for a template by its code (POST /getTemplate)', async () => {
    http.answerAction('QuerySmsTemplate', {
      Code: 'OK',
      TemplateCode: 'SMS_200',
      TemplateName: '办件通知',
      TemplateContent: `您的{itemName}已办结，请于\${days}日内领取`,
    });
    const found = await as(token, 'POST', `${BASE}/getTemplate`, {
      accountConfigId: aliyunAccount,
      templateId: 'SMS_200',
    });
    expect(found.code, found.msg).toBe(200);
    expect(found.data).toEqual({
      templateId: 'SMS_200',
      fullName: '办件通知',
      content: `您的{itemName}已办结，请于\${days}日内领取`,
      params: [
        { field: 'itemName', fieldName: 'itemName' },
        { field: 'days', fieldName: 'days' },
      ],
    });
    const query = http.requests.findLast((r) => r.query.get('Action') === 'QuerySmsTemplate')!;
    expect(query.query.get('TemplateCode')).toBe('SMS_200');

    http.answerAction('DescribeSmsTemplateList', {
      Response: { DescribeTemplateStatusSet: [{ TemplateName: '提醒', TemplateContent: '请{1}前办理' }] },
    });
    const fromTencent = await as(token, 'POST', `${BASE}/getTemplate`, {
      accountConfigId: tencentAccount,
      templateId: '3001',
    });
    expect(fromTencent.data).toEqual({
      templateId: '3001',
      fullName: '提醒',
      content: '请{1}前办理',
      params: [{ field: '1', fieldName: '1' }],
    });
    expect(
      http.requests.findLast((r) => r.headers['x-tc-action'] === 'DescribeSmsTemplateList')!.body,
    ).toEqual({
      TemplateIdSet: [3001],
      International: 0,
    });

    http.answerAction('QuerySmsTemplate', { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不存在' });
    const unknown = await as(token, 'POST', `${BASE}/getTemplate`, {
      accountConfigId: aliyunAccount,
      templateId: 'SMS_404',
    });
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toBe('查询短信模板失败：模板不存在（isv.SMS_TEMPLATE_ILLEGAL）');

    for (const [body, message] of [
      [{ accountConfigId: aliyunAccount, templateId: '' }, '请输入模板编号'],
      [{ templateId: 'SMS_1' }, '请选择短信账号'],
      [{ accountConfigId: 'nope', templateId: 'SMS_1' }, '短信账号不存在'],
    ] as const) {
      const answer = await as(token, 'POST', `${BASE}/getTemplate`, body);
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(
      (await as(staff, 'POST', `${BASE}/getTemplate`, { accountConfigId: aliyunAccount, templateId: 'x' }))
        .msg,
    ).toBe(Messages.permissionDenied);
  });

  it('lists the SMS accounts for the dialog, to the page only', async () => {
    const accounts = await as<{ id: string; vendor: string }[]>(token, 'GET', `${BASE}/Accounts`);
    expect(accounts.data.map((a) => [a.id, a.vendor])).toEqual(
      expect.arrayContaining([
        [aliyunAccount, 'aliyun'],
        [tencentAccount, 'tencent'],
      ]),
    );
    expect((await as(staff, 'GET', `${BASE}/Accounts`)).msg).toBe(Messages.permissionDenied);
    expect((await as(staff, 'GET', BASE)).msg).toBe(Messages.permissionDenied);
    expect((await as(staff, 'DELETE', `${BASE}/x`)).msg).toBe(Messages.permissionDenied);
  });
});

describe('unknown ids and bad queries', () => {
  it('answer 400 with a message on both kinds and change nothing', async () => {
    for (const [base, missing] of [
      ['/api/system/MessageTemplate', '系统模板不存在'],
      ['/api/system/SmsTemplate', '短信模板不存在'],
    ] as const) {
      for (const [method, path] of [
        ['GET', `${base}/nope`],
        ['GET', `${base}/getTemplate/nope`],
        ['PUT', `${base}/nope/Actions/State`],
        ['DELETE', `${base}/nope`],
      ] as const) {
        const answer = await as(token, method, path);
        expect(answer.code, `${method} ${path}`).toBe(400);
        expect(answer.msg).toBe(missing);
      }
      for (const query of ['pageSize=0', 'currentPage=abc', 'sort=sideways', `keyword=${'x'.repeat(101)}`]) {
        const answer = await as(token, 'GET', `${base}?${query}`);
        expect(answer.code, query).toBe(400);
        expect(answer.msg).toBeTruthy();
      }
    }
  });
});

describe('menus', () => {
  const CODES = ['system.systemTemplate', 'system.smsTemplate'];
  const menuFacts = async () => {
    const db = server.services.db;
    const rows = await db
      .select({
        id: modules.id,
        enCode: modules.enCode,
        urlAddress: modules.urlAddress,
        parentId: modules.parentId,
      })
      .from(modules)
      .where(inArray(modules.enCode, CODES));
    const [parent] = await db.select({ id: modules.id }).from(modules).where(eq(modules.enCode, 'system'));
    const ids = rows.map((r) => r.id);
    const buttons = ids.length
      ? await db
          .select({ moduleId: moduleButtons.moduleId, enCode: moduleButtons.enCode })
          .from(moduleButtons)
          .where(inArray(moduleButtons.moduleId, ids))
      : [];
    const columns = ids.length
      ? await db
          .select({ moduleId: moduleColumns.moduleId })
          .from(moduleColumns)
          .where(inArray(moduleColumns.moduleId, ids))
      : [];
    return rows
      .map((r) => ({
        enCode: r.enCode,
        urlAddress: r.urlAddress,
        underSystem: r.parentId === parent!.id,
        buttons: buttons
          .filter((b) => b.moduleId === r.id)
          .map((b) => b.enCode)
          .sort(),
        columns: columns.filter((c) => c.moduleId === r.id).length,
      }))
      .sort((a, b) => a.enCode.localeCompare(b.enCode));
  };

  it('are seeded under 系统管理, and migration 0030 adds them to a database seeded before them, once', async () => {
    const seeded = await menuFacts();
    expect(seeded).toEqual([
      {
        enCode: 'system.smsTemplate',
        urlAddress: 'system/smsTemplate',
        underSystem: true,
        buttons: ['btn_add', 'btn_detail', 'btn_edit', 'btn_remove', 'btn_state', 'btn_test'],
        columns: 8,
      },
      {
        enCode: 'system.systemTemplate',
        urlAddress: 'system/systemTemplate',
        underSystem: true,
        buttons: ['btn_add', 'btn_detail', 'btn_edit', 'btn_remove', 'btn_state'],
        columns: 7,
      },
    ]);
    const db = server.services.db;
    const migration = readFileSync(
      new URL('../../../../drizzle/0030_system_templates_menu.sql', import.meta.url),
      'utf8',
    );
    const run = async () => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await db.execute(sql.raw(statement));
    };
    // A database seeded before the pages existed.
    const ids = (await db.select({ id: modules.id }).from(modules).where(inArray(modules.enCode, CODES))).map(
      (r) => r.id,
    );
    await db.delete(moduleButtons).where(inArray(moduleButtons.moduleId, ids));
    await db.delete(moduleColumns).where(inArray(moduleColumns.moduleId, ids));
    await db.delete(modules).where(inArray(modules.id, ids));
    expect(await menuFacts()).toEqual([]);
    await run();
    expect(await menuFacts()).toEqual(seeded);
    await run();
    expect(await menuFacts()).toEqual(seeded);
  });
});
