import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';
import { flowForms } from '../../db/schema/index.js';
import { grantPages } from '../knowledge/testing.js';
import { WorkflowPages } from './pages.js';
import { flowUser } from './testing.js';

/** FlowEngineForm: the flow forms under the older path of the existing clients' API file. */

const suite = suiteServer();

const PATH = '/api/workflow/Engine/FlowEngineForm';
const { send } = suite;
const good = {
  fullName: '出差申请单',
  enCode: 'engine_trip_form',
  formType: 2,
  flowType: 0,
  draftJson: '{"fields":[]}',
};
const formCount = async () => (await suite.server.services.db.select({ n: count() }).from(flowForms))[0]!.n;

describe('FlowEngineForm', () => {
  it('creates, lists, reads, updates (id in the path) and deletes the same forms as /api/flowForm/Form', async () => {
    const created = await send<{ id: string }>('POST', PATH, good);
    expect(created.code, created.msg).toBe(200);
    expect(created.msg).toBe('新建成功');
    const id = created.data.id;

    const page = await send<{ list: { id: string; fullName: string }[]; pagination: { total: number } }>(
      'GET',
      `${PATH}?keyword=${encodeURIComponent('出差')}&currentPage=1&pageSize=20`,
    );
    expect(page.code, page.msg).toBe(200);
    expect(page.data.list.map((f) => f.id)).toEqual([id]);
    expect(page.data.pagination.total).toBe(1);

    const all = await send<{ list: { id: string }[] }>('GET', `${PATH}/ListAll`);
    expect(all.code, all.msg).toBe(200);
    expect(all.data.list.map((f) => f.id)).toContain(id);

    const updated = await send('PUT', `${PATH}/${id}`, { ...good, fullName: '出差申请表' });
    expect(updated.code, updated.msg).toBe(200);
    const info = await send<{ id: string; fullName: string; enCode: string }>('GET', `${PATH}/${id}`);
    expect(info.data).toMatchObject({ id, fullName: '出差申请表', enCode: 'engine_trip_form' });
    // The same row as the flow form page's.
    const viaForm = await send<{ fullName: string }>('GET', `/api/flowForm/Form/${id}`);
    expect(viaForm.data.fullName).toBe('出差申请表');

    const removed = await send('DELETE', `${PATH}/${id}`);
    expect(removed.code, removed.msg).toBe(200);
    expect((await send('GET', `${PATH}/${id}`)).code).toBe(400);
  });

  it('refuses bad input with a message naming the field, and writes nothing', async () => {
    const before = await formCount();
    for (const [body, message] of [
      [{ ...good, fullName: '' }, '请输入表单名称'],
      [{ ...good, enCode: 'a-b' }, '表单编码只能包含字母、数字和下划线'],
      [{ ...good, formType: 3 }, 'formType must be 1'],
    ] as const) {
      const answer = await send('POST', PATH, body);
      expect([answer.code, answer.msg]).toEqual([400, expect.stringContaining(message)]);
    }
    expect(await formCount()).toBe(before);

    const created = await send<{ id: string }>('POST', PATH, { ...good, enCode: 'engine_kept' });
    const id = created.data.id;
    const mismatch = await send('PUT', `${PATH}/${id}`, { ...good, id: 'another-form', fullName: '改名' });
    expect([mismatch.code, mismatch.msg]).toEqual([400, 'id：与地址中的表单编号不一致']);
    const unknown = await send('PUT', `${PATH}/no-such-form`, good);
    expect(unknown.code).toBe(400);
    const [kept] = await suite.server.services.db
      .select({ fullName: flowForms.fullName })
      .from(flowForms)
      .where(eq(flowForms.id, id));
    expect(kept?.fullName).toBe(good.fullName);
    expect((await send('GET', `${PATH}?pageSize=0`)).code).toBe(400);
  });

  it('needs the flow form page and its buttons, and a session', async () => {
    const plain = await flowUser(suite.server, 'engine_form_plain');
    expect((await send('GET', PATH, undefined, plain.token)).code).not.toBe(200);
    expect((await send('GET', `${PATH}/ListAll`, undefined, plain.token)).code).not.toBe(200);
    expect((await send('POST', PATH, { ...good, enCode: 'engine_plain' }, plain.token)).code).not.toBe(200);

    const viewer = await flowUser(suite.server, 'engine_form_viewer');
    await grantPages(suite.server, viewer.id, { [WorkflowPages.form]: [] });
    expect((await send('GET', PATH, undefined, viewer.token)).code).toBe(200);
    const before = await formCount();
    expect((await send('POST', PATH, { ...good, enCode: 'engine_viewer' }, viewer.token)).code).not.toBe(200);
    expect(await formCount()).toBe(before);

    expect((await suite.server.request('GET', PATH)).code).toBe(602);
  });
});

describe('flow form copy (/api/flowForm/Form/{id}/Actions/Copy)', () => {
  it('copies a form under a new name and code as an unreleased working copy; an unknown id is a 400', async () => {
    const created = await send<{ id: string }>('POST', PATH, { ...good, enCode: 'engine_copied' });
    const id = created.data.id;
    expect((await send('POST', `/api/flowForm/Form/Release/${id}?isRelease=1`)).code).toBe(200);
    const before = await formCount();
    const copied = await send<{ id: string }>('GET', `/api/flowForm/Form/${id}/Actions/Copy`);
    expect(copied.code, copied.msg).toBe(200);
    expect(copied.msg).toBe('复制成功');
    expect(copied.data.id).not.toBe(id);
    expect(await formCount()).toBe(before + 1);
    const info = await send<{
      fullName: string;
      enCode: string;
      draftJson: string;
      propertyJson: string | null;
    }>('GET', `${PATH}/${copied.data.id}`);
    expect(info.data.fullName).toMatch(/^出差申请单副本\d{6}$/);
    expect(info.data.enCode).toMatch(/^engine_copied\d{6}$/);
    expect(info.data.draftJson).toBe(good.draftJson);
    expect(info.data.propertyJson).toBeNull();

    const unknown = await send('GET', '/api/flowForm/Form/no-such-form/Actions/Copy');
    expect([unknown.code, unknown.msg]).toEqual([400, '流程表单不存在']);
    expect(await formCount()).toBe(before + 1);

    const viewer = await flowUser(suite.server, 'engine_form_copier');
    await grantPages(suite.server, viewer.id, { [WorkflowPages.form]: [] });
    expect(
      (await send('GET', `/api/flowForm/Form/${id}/Actions/Copy`, undefined, viewer.token)).code,
    ).not.toBe(200);
    expect(await formCount()).toBe(before + 1);
  });
});
