import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';
import { flowForms } from '../../db/schema/index.js';
import { approver, chain, createFlow, flowUser } from './testing.js';

const suite = suiteServer();

const FORM = '/api/flowForm/Form';
const { send } = suite;
const good = {
  fullName: '请假单',
  enCode: 'leave_form',
  formType: 2,
  flowType: 0,
  draftJson: '{"fields":[]}',
};
const formCount = async () => (await suite.server.services.db.select({ n: count() }).from(flowForms))[0]!.n;

describe('flow forms', () => {
  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await formCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, fullName: '' }, '请输入表单名称'],
      [{ ...good, enCode: 'a-b' }, '表单编码只能包含字母、数字和下划线'],
      [{ ...good, formType: 3 }, 'formType must be 1'],
      [{ ...good, draftJson: '{"fields":[{"x":1}]}' }, 'draftJson：fields[0].__config__: missing __config__'],
      [{ ...good, formType: 1, draftJson: null }, 'urlAddress：系统表单需要填写表单地址'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', FORM, body);
      expect(answer.code, message).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await formCount()).toBe(before);
  });

  it('creates, edits, publishes and rolls back a form; the picker lists released forms only', async () => {
    const created = await send<{ id: string }>('POST', FORM, good);
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id;
    expect((await send('POST', FORM, { ...good, fullName: '另一个' })).msg).toContain('表单编码已存在');
    const picker = () => send<{ list: { id: string }[] }>('GET', `${FORM}/select`);
    expect((await picker()).data.list.some((f) => f.id === id)).toBe(false);
    expect((await send('POST', `${FORM}/Release/${id}?isRelease=0`)).msg).toBe('表单还没有发布过，不能回滚');
    expect((await send('POST', `${FORM}/Release/${id}?isRelease=1`)).code).toBe(200);
    expect((await picker()).data.list.some((f) => f.id === id)).toBe(true);
    const edited = await send('PUT', FORM, { ...good, id, draftJson: '{"fields":[],"labelWidth":120}' });
    expect(edited.code, edited.msg).toBe(200);
    const info = await send<{ draftJson: string; propertyJson: string }>('GET', `${FORM}/${id}`);
    expect(info.data.propertyJson).toBe('{"fields":[]}');
    expect((await send('POST', `${FORM}/Release/${id}?isRelease=0`)).code).toBe(200);
    expect((await send<{ draftJson: string }>('GET', `${FORM}/${id}`)).data.draftJson).toBe('{"fields":[]}');
    const list = await send<{ list: { id: string }[] }>('GET', `${FORM}?keyword=请假`);
    expect(list.data.list.map((f) => f.id)).toContain(id);
  });

  it('refuses deleting a form a flow uses, and users without the page', async () => {
    const created = await send<{ id: string }>('POST', FORM, { ...good, enCode: 'used_form' });
    const id = created.data.id;
    const root = chain(approver('经理', [(await flowUser(suite.server, 'ff_a1')).id]));
    root.properties.formId = id;
    await createFlow(suite.server, suite.admin, root);
    const refused = await send('DELETE', `${FORM}/${id}`);
    expect(refused.msg).toBe('该表单已被流程使用，不能删除');
    const [row] = await suite.server.services.db.select().from(flowForms).where(eq(flowForms.id, id));
    expect(row?.deleteMark).toBe(0);
    const plain = await flowUser(suite.server, 'ff_plain');
    expect((await send('GET', FORM, undefined, plain.token)).code).toBe(400);
    expect((await send('POST', FORM, { ...good, enCode: 'x1' }, plain.token)).code).toBe(400);
  });
});
