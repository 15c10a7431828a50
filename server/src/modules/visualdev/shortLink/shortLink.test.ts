import { type DictionaryDataNode, sampleColumnData, sampleForm, type VisualDevInfo } from '@console/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { md5, suiteServer } from '../../../../test/harness.js';
import { maskUrl } from '../../../core/logger.js';
import { Messages } from '../../../core/messages.js';
import { modules, visualDevShortLinks } from '../../../db/schema/index.js';
import { ShortLinkMessages } from './service.js';

const suite = suiteServer();
let category: string;
let parentId: string;
let billCode: string;

const BASE = '/api/visualdev/Base';
const LINK = '/api/visualdev/ShortLink';
const ONLINE = '/api/visualdev/OnlineDev';

interface LinkInfo {
  id: string;
  alreadySave: boolean;
  formUse: number;
  formPassUse: number;
  formPassword: string;
  hasFormPassword: boolean;
  columnUse: number;
  columnPassUse: number;
  columnPassword: string;
  columnText: string;
  columnCondition: string;
  formLink: string;
  columnLink: string;
  version: number;
}

beforeAll(async () => {
  const categories = await send<{ list: DictionaryDataNode[] }>(
    'GET',
    '/api/system/DictionaryData/businessType/Data/Selector',
  );
  category = categories.data.list[0]!.id;
  const [parent] = await suite.server.services.db
    .select()
    .from(modules)
    .where(eq(modules.enCode, 'onlineDev'));
  parentId = parent!.id;
  billCode = `WL${Date.now().toString(36)}`;
  const rule = await send('POST', '/api/system/BillRule', {
    fullName: '外链单',
    enCode: billCode,
    category,
    prefix: 'WL',
    dateFormat: 'no',
    digit: 4,
    startNumber: '1',
  });
  expect(rule.code, rule.msg).toBe(200);
});

const { send } = suite;
const anonymous = <T = unknown>(method: string, path: string, json?: unknown) =>
  suite.server.request<T>(method, path, { json });

/** A released design with the sample form plus a user picker (not offered to anonymous visitors). */
async function releasedDesign() {
  const design = await draftDesign();
  const released = await send('POST', `${BASE}/${design.id}/Actions/Release`, {
    pc: 1,
    app: 0,
    pcModuleParentId: parentId,
  });
  expect(released.code, released.msg).toBe(200);
  return (await send<VisualDevInfo>('GET', `${BASE}/${design.id}`)).data;
}

async function draftDesign() {
  const form = sampleForm({ billRule: billCode });
  const picker = structuredClone(form.fields[0]!) as Record<string, unknown>;
  picker.__vModel__ = 'owner';
  picker.__config__ = {
    ...(picker.__config__ as Record<string, unknown>),
    jnpfKey: 'userSelect',
    label: '负责人',
    required: false,
    formId: 130,
    renderKey: 130,
  };
  form.fields.splice(1, 0, picker as never);
  const created = await send<{ id: string }>('POST', BASE, {
    fullName: '外链报名',
    enCode: `link${Math.random().toString(36).slice(2, 8)}`,
    category,
    type: 1,
    webType: 2,
    tables: '[]',
    formData: JSON.stringify(form),
    columnData: JSON.stringify(sampleColumnData()),
  });
  expect(created.code, created.msg).toBe(200);
  return (await send<VisualDevInfo>('GET', `${BASE}/${created.data.id}`)).data;
}

const columnText = JSON.stringify([
  { prop: 'title', label: '标题', jnpfKey: 'comInput' },
  { prop: 'billNo', label: '单据编号', jnpfKey: 'billRule' },
]);
const columnCondition = JSON.stringify([
  { prop: 'title', label: '标题', jnpfKey: 'comInput', searchType: 2 },
]);

async function saveLink(modelId: string, settings: Record<string, unknown>) {
  const current = (await send<LinkInfo>('GET', `${LINK}/${modelId}`)).data;
  return send<LinkInfo>('PUT', LINK, {
    id: modelId,
    formUse: 1,
    formPassUse: 0,
    columnUse: 1,
    columnPassUse: 0,
    columnText,
    columnCondition,
    version: current.version,
    ...settings,
  });
}

const tokenOf = (link: string) => new URLSearchParams(link.split('?')[1]).get('encryption')!;
const record = (data: Record<string, unknown>) => ({ data: JSON.stringify(data) });
const q = (encryption: string, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ encryption, ...extra }).toString()}`;

async function adminList(modelId: string) {
  const list = await send<{ list: Record<string, unknown>[] }>('POST', `${ONLINE}/${modelId}/List`, {
    currentPage: 1,
    pageSize: 50,
  });
  expect(list.code, list.msg).toBe(200);
  return list.data.list;
}

describe('settings (PUT/GET /api/visualdev/ShortLink)', () => {
  it('saves settings with a random token and hashed passwords, never answered back', async () => {
    const design = await releasedDesign();
    const before = await send<LinkInfo>('GET', `${LINK}/${design.id}`);
    expect(before.code, before.msg).toBe(200);
    expect(before.data).toMatchObject({ alreadySave: false, formUse: 0, formLink: '' });

    const saved = await saveLink(design.id, { formPassUse: 1, formPassword: md5('secret1') });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data).toMatchObject({ alreadySave: true, formUse: 1, formPassUse: 1, formPassword: '' });
    expect(saved.data.hasFormPassword).toBe(true);
    const encryption = tokenOf(saved.data.formLink);
    expect(saved.data.formLink).toContain(`modelId=${design.id}`);
    expect(saved.data.formLink).toContain('type=form');
    expect(saved.data.columnLink).toContain('type=list');
    // Random, not derived from the model id.
    expect(encryption).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(encryption).not.toContain(design.id);

    const [row] = await suite.server.services.db
      .select()
      .from(visualDevShortLinks)
      .where(eq(visualDevShortLinks.id, design.id));
    expect(row!.formPassword).toMatch(/^\$argon2id\$/);
    expect(row!.formPassword).not.toContain(md5('secret1'));
    expect(row!.shortLink).toBe(encryption);

    // Saving again without a password keeps the stored one and the token.
    const again = await saveLink(design.id, { formPassUse: 1, formPassword: '' });
    expect(again.code, again.msg).toBe(200);
    expect(tokenOf(again.data.formLink)).toBe(encryption);
    const [kept] = await suite.server.services.db
      .select()
      .from(visualDevShortLinks)
      .where(eq(visualDevShortLinks.id, design.id));
    expect(kept!.formPassword).toBe(row!.formPassword);
    expect(kept!.version).toBe(row!.version + 1);
  });

  it('refuses bad input with a message, and changes nothing', async () => {
    const design = await releasedDesign();
    const first = await saveLink(design.id, {});
    expect(first.code, first.msg).toBe(200);
    const read = async () =>
      (
        await suite.server.services.db
          .select()
          .from(visualDevShortLinks)
          .where(eq(visualDevShortLinks.id, design.id))
      )[0];
    const before = await read();
    const cases: [Record<string, unknown>, string][] = [
      [{ columnText: 'not json' }, ShortLinkMessages.badColumns('columnText')],
      [{ columnText: '[{"prop":"nope"}]' }, ShortLinkMessages.notField('columnText', 'nope')],
      [{ columnCondition: '[{"prop":"items-itemName"}]' }, ShortLinkMessages.notSearchable('items-itemName')],
      [{ columnUse: 1, columnText: '[]' }, ShortLinkMessages.noColumns],
      [{ formPassUse: 1, formPassword: '' }, ShortLinkMessages.setFormPassword],
      [{ columnPassUse: 1 }, ShortLinkMessages.setColumnPassword],
      [{ formPassword: 'plain-text' }, '密码格式不正确'],
      [{ formUse: 7 }, ''],
      [{ version: 99 }, '数据已被他人修改'],
    ];
    for (const [settings, message] of cases) {
      const answer = await saveLink(design.id, settings);
      expect(answer.code, JSON.stringify(settings)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const missing = await send('PUT', LINK, { id: 'no-such-design', formUse: 1 });
    expect(missing.code).toBe(400);
    expect(missing.msg).toBe(ShortLinkMessages.designMissing);
    expect(await read()).toEqual(before);
  });

  it('may be set before release (the link answers once released) and goes with a deleted design', async () => {
    const design = await draftDesign();
    const saved = await saveLink(design.id, {});
    expect(saved.code, saved.msg).toBe(200);
    const encryption = tokenOf(saved.data.formLink);
    const early = await anonymous('GET', `${LINK}/${design.id}/Config${q(encryption)}`);
    expect(early.code).toBe(400);
    expect(early.msg).toContain('尚未发布');
    const removed = await send('DELETE', `${BASE}/${design.id}`);
    expect(removed.code, removed.msg).toBe(200);
    const rows = await suite.server.services.db
      .select()
      .from(visualDevShortLinks)
      .where(eq(visualDevShortLinks.id, design.id));
    expect(rows).toHaveLength(0);
    const gone = await anonymous('GET', `${LINK}/getConfig/${design.id}${q(encryption)}`);
    expect(gone.msg).toBe(ShortLinkMessages.invalid);
  });

  it('is the web-design page’s: others can neither read nor save the settings', async () => {
    const design = await releasedDesign();
    const account = `sl${Date.now().toString(36)}`;
    await suite.server.addUser(account, 'Passw0rd!');
    const other = await suite.server.login(account, 'Passw0rd!');
    const read = await send('GET', `${LINK}/${design.id}`, undefined, other);
    expect(read.code).toBe(400);
    expect(read.msg).toBe(Messages.permissionDenied);
    const save = await send('PUT', LINK, { id: design.id, formUse: 1 }, other);
    expect(save.code).toBe(400);
    expect(save.msg).toBe(Messages.permissionDenied);
    const none = await anonymous('PUT', LINK, { id: design.id, formUse: 1 });
    expect([600, 601, 602]).toContain(none.code);
    const rows = await suite.server.services.db
      .select()
      .from(visualDevShortLinks)
      .where(eq(visualDevShortLinks.id, design.id));
    expect(rows).toHaveLength(0);
  });
});

describe('public form and list', () => {
  it('shows the anonymous form and adds records through the generated page’s checks', async () => {
    const design = await releasedDesign();
    const saved = await saveLink(design.id, {});
    const encryption = tokenOf(saved.data.formLink);

    const info = await anonymous<Record<string, unknown>>(
      'GET',
      `${LINK}/getConfig/${design.id}${q(encryption)}`,
    );
    expect(info.code, info.msg).toBe(200);
    expect(info.data).toMatchObject({ formUse: 1, formPassUse: 0, columnUse: 1, fullName: '外链报名' });
    expect(JSON.stringify(info.data)).not.toContain('argon2');

    const config = await anonymous<{ formData: string }>(
      'GET',
      `${LINK}/${design.id}/Config${q(encryption)}`,
    );
    expect(config.code, config.msg).toBe(200);
    const form = JSON.parse(config.data.formData) as { fields: { __vModel__?: string }[] };
    const names = form.fields.map((f) => f.__vModel__);
    expect(names).toContain('title');
    expect(names).toContain('items');
    // Pickers that need a session and server-filled fields are not offered.
    expect(names).not.toContain('owner');
    expect(names).not.toContain('billNo');
    expect(names).not.toContain('creator');

    const sent = await anonymous<{ id: string }>(
      'POST',
      `${LINK}/${design.id}${q(encryption)}`,
      record({ title: '外部报名', amount: 12.5, level: '1', items: [{ itemName: '椅子', qty: 2 }] }),
    );
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.msg).toBe(ShortLinkMessages.sent);

    const rows = await adminList(design.id);
    const row = rows.find((r) => r.id === sent.data.id)!;
    expect(row).toMatchObject({ title: '外部报名', level: '普通' });
    expect(String(row.billNo)).toMatch(/^WL\d{4}$/);
    expect(row.creator).toContain('admin');
  });

  it('refuses bad records, fields the form does not offer, and big bodies, adding nothing', async () => {
    const design = await releasedDesign();
    const encryption = tokenOf((await saveLink(design.id, {})).data.formLink);
    const cases: [unknown, string][] = [
      [record({ amount: 3 }), '标题不能为空'],
      [record({ title: 'x', amount: 'many' }), '金额：请输入数字'],
      [record({ title: 'x', owner: 'someone' }), '没有权限填写字段：负责人'],
      [{ data: 'not json' }, 'data 必须是'],
      [{ data: JSON.stringify({ title: 'x'.repeat(300_000) }) }, ''],
      [{}, ''],
    ];
    for (const [body, message] of cases) {
      const answer = await anonymous('POST', `${LINK}/${design.id}${q(encryption)}`, body);
      expect(answer.code, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await adminList(design.id)).toHaveLength(0);
  });

  it('lists only the chosen columns and search fields, and one record’s detail', async () => {
    const design = await releasedDesign();
    const encryption = tokenOf((await saveLink(design.id, {})).data.columnLink);
    for (const title of ['甲方案', '乙方案'])
      await send('POST', `${ONLINE}/${design.id}`, record({ title, amount: 5, level: '2' }));

    const config = await anonymous<{ columnData: string }>(
      'GET',
      `${LINK}/${design.id}/Config${q(encryption, { type: 'list' })}`,
    );
    expect(config.code, config.msg).toBe(200);
    const columns = JSON.parse(config.data.columnData) as { columnList: { prop: string }[] };
    expect(columns.columnList.map((c) => c.prop)).toEqual(['title', 'billNo']);

    const list = await anonymous<{ list: Record<string, unknown>[]; pagination: { total: number } }>(
      'POST',
      `${LINK}/${design.id}/ListLink${q(encryption)}`,
      { currentPage: 1, pageSize: 10, queryJson: JSON.stringify({ title: '甲' }) },
    );
    expect(list.code, list.msg).toBe(200);
    expect(list.data.pagination.total).toBe(1);
    const [row] = list.data.list;
    expect(row!.title).toBe('甲方案');
    expect(row).not.toHaveProperty('amount');
    expect(row).not.toHaveProperty('level');

    // Fields outside the settings cannot be searched or sorted on; no advanced query.
    const bad: [Record<string, unknown>, string][] = [
      [{ queryJson: JSON.stringify({ level: '2' }) }, '“level”不是该列表的查询字段'],
      [{ superQueryJson: '{"matchLogic":"AND","conditionJson":"[]"}' }, ShortLinkMessages.superQuery],
      [{ pageSize: 5000 }, ''],
    ];
    for (const [body, message] of bad) {
      const answer = await anonymous('POST', `${LINK}/${design.id}/ListLink${q(encryption)}`, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }

    const detail = await anonymous<{ id: string; data: string }>(
      'GET',
      `${LINK}/${design.id}/${String(row!.id)}/DataChange${q(encryption)}`,
    );
    expect(detail.code, detail.msg).toBe(200);
    const data = JSON.parse(detail.data.data) as Record<string, unknown>;
    expect(data.title).toBe('甲方案');
    expect(data).not.toHaveProperty('amount');
  });

  it('needs the checked password: Config, submit and list refuse without the pass', async () => {
    const design = await releasedDesign();
    const saved = await saveLink(design.id, {
      formPassUse: 1,
      formPassword: md5('form-pass'),
      columnPassUse: 1,
      columnPassword: md5('list-pass'),
    });
    expect(saved.code, saved.msg).toBe(200);
    const encryption = tokenOf(saved.data.formLink);
    const path = `${LINK}/${design.id}`;

    const skipped = [
      await anonymous('GET', `${path}/Config${q(encryption)}`),
      await anonymous('POST', `${path}${q(encryption)}`, record({ title: '跳过密码' })),
      await anonymous('POST', `${path}/ListLink${q(encryption)}`, {}),
      await anonymous(
        'POST',
        `${path}${q(encryption, { pass: `${Date.now() + 60_000}.forged` })}`,
        record({ title: 'x' }),
      ),
    ];
    for (const answer of skipped) {
      expect(answer.code).toBe(400);
      expect(answer.msg).toBe(ShortLinkMessages.passwordNeeded);
    }

    const wrong = await anonymous('POST', `${LINK}/checkPwd`, {
      id: design.id,
      type: 0,
      password: md5('guess'),
      encryption,
    });
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toBe(ShortLinkMessages.wrongPassword);

    const right = await anonymous<{ pass: string }>('POST', `${LINK}/checkPwd`, {
      id: design.id,
      type: 0,
      password: md5('form-pass'),
      encryption,
    });
    expect(right.code, right.msg).toBe(200);
    const pass = right.data.pass;
    expect(pass).toMatch(/^\d+\.[A-Za-z0-9_-]+$/);

    const config = await anonymous('GET', `${path}/Config${q(encryption, { pass })}`);
    expect(config.code, config.msg).toBe(200);
    const sent = await anonymous('POST', `${path}${q(encryption, { pass })}`, record({ title: '有密码' }));
    expect(sent.code, sent.msg).toBe(200);
    // The form's pass does not open the list.
    const list = await anonymous('POST', `${path}/ListLink${q(encryption, { pass })}`, {});
    expect(list.msg).toBe(ShortLinkMessages.passwordNeeded);

    // A new password ends earlier passes.
    const changed = await saveLink(design.id, {
      formPassUse: 1,
      formPassword: md5('form-pass-2'),
      columnPassUse: 1,
    });
    expect(changed.code, changed.msg).toBe(200);
    const old = await anonymous('POST', `${path}${q(encryption, { pass })}`, record({ title: '旧密码' }));
    expect(old.msg).toBe(ShortLinkMessages.passwordNeeded);
    expect((await adminList(design.id)).map((r) => r.title)).toEqual(['有密码']);
  });

  it('stops password guessing after ten wrong tries', async () => {
    const design = await releasedDesign();
    const saved = await saveLink(design.id, { formPassUse: 1, formPassword: md5('right') });
    const encryption = tokenOf(saved.data.formLink);
    const check = (password: string) =>
      anonymous('POST', `${LINK}/checkPwd`, { id: design.id, type: 0, password: md5(password), encryption });
    for (let i = 0; i < 10; i++) expect((await check(`wrong${i}`)).msg).toBe(ShortLinkMessages.wrongPassword);
    const blocked = await check('right');
    expect(blocked.code).toBe(400);
    expect(blocked.msg).toContain('密码错误次数过多');
  });

  it('takes at most twenty anonymous records per address and link in ten minutes', async () => {
    const design = await releasedDesign();
    const encryption = tokenOf((await saveLink(design.id, {})).data.formLink);
    for (let i = 0; i < 20; i++) {
      const sent = await anonymous(
        'POST',
        `${LINK}/${design.id}${q(encryption)}`,
        record({ title: `第${i}份` }),
      );
      expect(sent.code, sent.msg).toBe(200);
    }
    const over = await anonymous('POST', `${LINK}/${design.id}${q(encryption)}`, record({ title: '第21份' }));
    expect(over.code).toBe(400);
    expect(over.msg).toContain('提交过于频繁');
    expect(await adminList(design.id)).toHaveLength(20);
  });

  it('answers a clear refusal for a switched-off link, a wrong token and an unknown design', async () => {
    const design = await releasedDesign();
    const saved = await saveLink(design.id, { formUse: 0, columnUse: 0, columnText: '[]' });
    expect(saved.code, saved.msg).toBe(200);
    const encryption = tokenOf(saved.data.formLink);
    const path = `${LINK}/${design.id}`;
    const formOff = [
      await anonymous('GET', `${path}/Config${q(encryption)}`),
      await anonymous('POST', `${path}${q(encryption)}`, record({ title: '关闭' })),
      await anonymous('POST', `${LINK}/checkPwd`, { id: design.id, type: 0, password: md5('x'), encryption }),
    ];
    for (const answer of formOff) expect(answer.msg).toBe(ShortLinkMessages.formOff);
    const listOff = await anonymous('POST', `${path}/ListLink${q(encryption)}`, {});
    expect(listOff.msg).toBe(ShortLinkMessages.listOff);

    await saveLink(design.id, {});
    const invalid = [
      await anonymous('GET', `${LINK}/getConfig/${design.id}${q('A'.repeat(32))}`),
      await anonymous('GET', `${LINK}/getConfig/${design.id}${q(design.id)}`),
      await anonymous('GET', `${LINK}/getConfig/no-such-design${q(encryption)}`),
      await anonymous('GET', `${path}/Config${q('wrong')}`),
      await anonymous('POST', `${path}${q('wrong')}`, record({ title: '错链' })),
      await anonymous('POST', `${path}/ListLink${q('wrong')}`, {}),
    ];
    for (const answer of invalid) {
      expect(answer.code).toBe(400);
      expect(answer.msg).toBe(ShortLinkMessages.invalid);
    }
    const noToken = await anonymous('GET', `${path}/Config`);
    expect(noToken.code).toBe(400);
    expect(await adminList(design.id)).toHaveLength(0);
  });

  it('keeps link tokens and passes out of the request log', () => {
    expect(maskUrl('/api/visualdev/ShortLink/m1/Config?encryption=abcDEF_-12&type=form&pass=123.sig')).toBe(
      '/api/visualdev/ShortLink/m1/Config?encryption=***&type=form&pass=***',
    );
  });
});
