import { largeForm, subTableForm } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';
import { flowForms } from '../../db/schema/index.js';
import { WorkflowPages } from './pages.js';
import { approver, chain, createFlow, flowUser } from './testing.js';

const suite = suiteServer();

const FORM = '/api/flowForm/Form';
const { send } = suite;
const formCount = async () => (await suite.server.services.db.select({ n: count() }).from(flowForms))[0]!.n;

interface Field {
  id: string;
  name: string;
  jnpfKey: string;
}

/** A designed form with the given design, published when `release`. */
async function designedForm(enCode: string, design: unknown, release = true) {
  const created = await send<{ id: string }>('POST', FORM, {
    fullName: `表单${enCode}`,
    enCode,
    formType: 2,
    flowType: 0,
    draftJson: JSON.stringify(design),
  });
  expect(created.code, created.msg).toBe(200);
  if (release) expect((await send('POST', `${FORM}/Release/${created.data.id}?isRelease=1`)).code).toBe(200);
  return created.data.id;
}

describe('flow form fields and bound flow', () => {
  it('getField answers the value fields of the released design, sub-table columns as table-column', async () => {
    const sub = subTableForm(1).form;
    const table = sub.fields[0]!;
    const [name] = table.__config__.children as { __vModel__: string }[];
    const id = await designedForm('fields_form', { ...sub, fields: [...largeForm(2).fields, table] });
    const answer = await send<Field[]>('GET', `${FORM}/${id}/getField`);
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.slice(0, 2).map((f) => [f.name, f.jnpfKey])).toEqual([
      ['字段1', 'comInput'],
      ['字段2', 'numInput'],
    ]);
    expect(answer.data).toContainEqual({
      id: `${table.__vModel__}-${name!.__vModel__}`,
      name: '明细-名称',
      jnpfKey: 'comInput',
    });
    // the sub-table itself holds the rows (as in the flow designer's pickers)
    expect(answer.data).toContainEqual({ id: table.__vModel__, name: '明细', jnpfKey: 'table' });

    // an unpublished form has no fields yet; an unknown one is a 400
    const draft = await designedForm('draft_form', largeForm(1), false);
    expect((await send<Field[]>('GET', `${FORM}/${draft}/getField`)).data).toEqual([]);
    expect(await send('GET', `${FORM}/nope/getField`)).toMatchObject({ code: 400, msg: '流程表单不存在' });
  });

  it('getFormById answers the template whose flow starts with the form, else 400', async () => {
    const id = await designedForm('bound_form', largeForm(1));
    expect(await send('GET', `${FORM}/getFormById/${id}`)).toMatchObject({
      code: 400,
      msg: '该表单没有绑定流程：请先在流程设计中把它设为某个流程的发起表单',
    });
    const user = await flowUser(suite.server, 'fe_appr');
    // a flow using the form on an approver only does not bind it
    const other = chain(approver('经理', [user.id], { formId: id }));
    await createFlow(suite.server, suite.admin, other, '别的流程');
    expect((await send('GET', `${FORM}/getFormById/${id}`)).code).toBe(400);
    const root = chain(approver('经理', [user.id]));
    root.properties.formId = id;
    const { templateId } = await createFlow(suite.server, suite.admin, root, '绑定流程');
    const answer = await send<{ id: string }>('GET', `${FORM}/getFormById/${id}`);
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data).toEqual({ id: templateId });
    expect((await send('GET', `${FORM}/getFormById/nope`)).msg).toBe('流程表单不存在');
  });

  it('refuses users without the form design page or its buttons', async () => {
    const id = await designedForm('perm_form', largeForm(1));
    const plain = await flowUser(suite.server, 'fe_plain', { [WorkflowPages.engine]: ['btn_edit'] });
    for (const path of [
      `${FORM}/${id}/getField`,
      `${FORM}/getFormById/${id}`,
      `${FORM}/${id}/Actions/ExportData`,
    ])
      expect((await send('GET', path, undefined, plain.token)).code, path).toBe(400);
    const viewer = await flowUser(suite.server, 'fe_viewer', { [WorkflowPages.form]: [] });
    expect((await send('GET', `${FORM}/${id}/getField`, undefined, viewer.token)).code).toBe(200);
    expect((await send('GET', `${FORM}/${id}/Actions/ExportData`, undefined, viewer.token)).code).toBe(400);
    const before = await formCount();
    expect((await upload('{}', 'form.fff', viewer.token)).code).toBe(400);
    expect(await formCount()).toBe(before);
  });
});

const upload = async (content: string, name = 'form.fff', token = suite.admin) => {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${suite.server.baseUrl}${FORM}/Actions/ImportData`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return (await response.json()) as { code: number; msg: string; data: { id: string } };
};

describe('flow form .fff export and import', () => {
  it('exports a .fff file that imports as a new unpublished copy; junk is a 400 that writes nothing', async () => {
    const design = largeForm(3);
    const id = await designedForm('export_form', design);
    const exported = await send<{ name: string; url: string }>('GET', `${FORM}/${id}/Actions/ExportData`);
    expect(exported.code, exported.msg).toBe(200);
    expect(exported.data.name).toBe('表单export_form.fff');
    const file = await (await fetch(`${suite.server.baseUrl}${exported.data.url}`)).text();
    const parsed = JSON.parse(file) as Record<string, unknown>;
    expect(parsed).toMatchObject({ fullName: '表单export_form', enCode: 'export_form', formType: 2 });
    expect(JSON.parse(parsed.propertyJson as string)).toEqual(design);

    const before = await formCount();
    const malformed = '导入文件格式错误：不是有效的流程表单文件(.fff)';
    expect(await upload('{')).toMatchObject({ code: 400, msg: malformed });
    const cases: [string, string][] = [
      ['[]', malformed],
      ['"form"', malformed],
      [JSON.stringify({ ...parsed, enCode: 'a-b' }), '表单编码只能包含字母、数字和下划线'],
      [JSON.stringify({ ...parsed, fullName: '' }), '请输入表单名称'],
      [JSON.stringify({ ...parsed, formType: 7 }), 'formType must be 1'],
      [JSON.stringify({ ...parsed, draftJson: '{"fields":[{"x":1}]}' }), 'missing __config__'],
      [JSON.stringify({ ...parsed, draftJson: null, propertyJson: null }), '文件中没有表单设计内容'],
      [JSON.stringify({ ...parsed, draftJson: 'not json' }), 'draftJson'],
    ];
    for (const [content, message] of cases) {
      const answer = await upload(content);
      expect(answer.code, content.slice(0, 40)).toBe(400);
      expect(answer.msg).toContain(malformed);
      expect(answer.msg).toContain(message);
    }
    expect((await upload(file, 'form.json')).code).toBe(400);
    expect(await formCount()).toBe(before);

    // the code is taken: the copy gets the copy suffix, a new id, and the design as its working copy
    const imported = await upload(file);
    expect(imported.code, imported.msg).toBe(200);
    expect(imported.msg).toBe('导入成功');
    expect(imported.data.id).not.toBe(id);
    const info = await send<{ enCode: string; fullName: string; draftJson: string; propertyJson: null }>(
      'GET',
      `${FORM}/${imported.data.id}`,
    );
    expect(info.data.enCode).not.toBe('export_form');
    expect(info.data.enCode.startsWith('export_form')).toBe(true);
    expect(info.data.fullName).toContain('副本');
    expect(JSON.parse(info.data.draftJson)).toEqual(design);
    expect(info.data.propertyJson).toBeNull();
    expect(await formCount()).toBe(before + 1);

    // a free code is kept
    const fresh = await upload(JSON.stringify({ ...parsed, enCode: 'imported_form', fullName: '导入表单' }));
    expect(fresh.code, fresh.msg).toBe(200);
    const [row] = await suite.server.services.db
      .select()
      .from(flowForms)
      .where(eq(flowForms.id, fresh.data.id));
    expect(row).toMatchObject({
      enCode: 'imported_form',
      fullName: '导入表单',
      propertyJson: null,
      flowId: null,
    });
  });
});
