import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';
import { flowTemplates } from '../../db/schema/index.js';
import { approver, chain, createFlow, flowUser } from './testing.js';

const suite = suiteServer();
let user: { id: string; token: string };
beforeAll(async () => {
  user = await flowUser(suite.server, 'tpl_user');
});

const T = '/api/workflow/Engine/flowTemplate';

describe('GET flowTemplate/getFlowIdByCode/{code}', () => {
  it('answers the id of an enabled template to any signed-in user, and a 400 once it is stopped', async () => {
    const { templateId } = await createFlow(
      suite.server,
      suite.admin,
      chain(approver('经理', [user.id])),
      '订单审批',
    );
    const info = await suite.server.request<{ enCode: string }>('GET', `${T}/${templateId}`, {
      token: suite.admin,
    });
    const code = info.data.enCode;

    const found = await suite.server.request<string>('GET', `${T}/getFlowIdByCode/${code}`, {
      token: user.token,
    });
    expect(found.code, found.msg).toBe(200);
    expect(found.data).toBe(templateId);

    expect((await suite.server.request('POST', `${T}/Stop/${templateId}`, { token: suite.admin })).code).toBe(
      200,
    );
    const stopped = await suite.server.request('GET', `${T}/getFlowIdByCode/${code}`, { token: user.token });
    expect(stopped.code).toBe(400);
    expect(stopped.msg).toBe(`编码为“${code}”的流程不存在或未启用`);
  });

  it('answers 400 for an unknown code and 602 (sign in again) without a session', async () => {
    const unknown = await suite.server.request('GET', `${T}/getFlowIdByCode/no_such_flow`, {
      token: user.token,
    });
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain('no_such_flow');
    const anonymous = await suite.server.request('GET', `${T}/getFlowIdByCode/no_such_flow`);
    expect(anonymous.code).toBe(602);
  });
});

interface TemplateInfo {
  id: string;
  enCode: string;
  fullName: string;
  enabledMark: number;
  flowTemplateJson: string;
}
interface CategoryTree {
  list: { id: string; fullName: string; children: { id: string; enCode: string }[] }[];
}
const liveTemplates = async () =>
  (
    await suite.server.services.db
      .select({ n: count() })
      .from(flowTemplates)
      .where(and(eq(flowTemplates.deleteMark, 0)))
  )[0]?.n;

describe('copy, export and import of a template', () => {
  it('copies as a stopped template with the same flows; an unknown id is a 400', async () => {
    const { templateId } = await createFlow(
      suite.server,
      suite.admin,
      chain(approver('主管', [user.id])),
      '报销审批',
    );
    const copied = await suite.server.request<{ id: string }>('POST', `${T}/${templateId}/Actions/Copy`, {
      token: suite.admin,
    });
    expect(copied.code, copied.msg).toBe(200);
    const info = (
      await suite.server.request<TemplateInfo>('GET', `${T}/${copied.data.id}`, { token: suite.admin })
    ).data;
    expect(info.fullName).toMatch(/^报销审批副本\d{6}$/);
    expect(info.enabledMark).toBe(0);
    const flows = JSON.parse(info.flowTemplateJson) as {
      flowTemplateJson: { childNode: { properties: unknown } };
    }[];
    expect(flows).toHaveLength(1);
    expect(flows[0]?.flowTemplateJson.childNode.properties).toMatchObject({
      title: '主管',
      approvers: [user.id],
    });

    const missing = await suite.server.request('POST', `${T}/no-such-id/Actions/Copy`, {
      token: suite.admin,
    });
    expect(missing.code).toBe(400);
    expect(missing.msg).toBe('流程模板不存在');
    // a designer without the copy button may not copy
    const plain = await suite.server.request('POST', `${T}/${templateId}/Actions/Copy`, {
      token: user.token,
    });
    expect(plain.code).not.toBe(200);
  });

  it('exports a .ffe file that imports as a new template; a bad file is a 400 that writes nothing', async () => {
    const { templateId } = await createFlow(
      suite.server,
      suite.admin,
      chain(approver('科长', [user.id])),
      '出差审批',
    );
    const exported = await suite.server.request<{ name: string; url: string }>(
      'GET',
      `${T}/${templateId}/Actions/ExportData`,
      { token: suite.admin },
    );
    expect(exported.code, exported.msg).toBe(200);
    expect(exported.data.name).toBe('出差审批.ffe');
    const file = await (await fetch(`${suite.server.baseUrl}${exported.data.url}`)).text();

    const upload = async (content: string, name = 'flow.ffe') => {
      const form = new FormData();
      form.append('file', new Blob([content]), name);
      const response = await fetch(`${suite.server.baseUrl}${T}/Actions/ImportData`, {
        method: 'POST',
        headers: { authorization: suite.admin },
        body: form,
      });
      return (await response.json()) as { code: number; msg: string; data: { id: string } };
    };
    const before = await liveTemplates();
    expect(await upload('{')).toMatchObject({
      code: 400,
      msg: '导入文件格式错误：不是有效的流程模板文件(.ffe)',
    });
    const noForm = JSON.parse(file) as { flowTemplateJson: string };
    const flows = JSON.parse(noForm.flowTemplateJson) as {
      flowTemplateJson: { properties: { formId: string } };
    }[];
    flows[0]!.flowTemplateJson.properties.formId = '';
    const refused = await upload(JSON.stringify({ ...noForm, flowTemplateJson: JSON.stringify(flows) }));
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('the start node needs a form');
    expect((await upload(file, 'flow.txt')).code).toBe(400);
    expect(await liveTemplates()).toBe(before);

    const imported = await upload(file);
    expect(imported.code, imported.msg).toBe(200);
    const info = (
      await suite.server.request<TemplateInfo>('GET', `${T}/${imported.data.id}`, { token: suite.admin })
    ).data;
    const original = (
      await suite.server.request<TemplateInfo>('GET', `${T}/${templateId}`, { token: suite.admin })
    ).data;
    expect(info.enCode).not.toBe(original.enCode);
    expect(info.enCode.startsWith(original.enCode.slice(0, 4))).toBe(true);
    expect(JSON.parse(info.flowTemplateJson)[0].flowTemplateJson).toEqual(
      JSON.parse(original.flowTemplateJson)[0].flowTemplateJson,
    );
  });
});

describe('ListAll and Selector', () => {
  it('group templates by category; ListAll holds released ones only', async () => {
    const { templateId } = await createFlow(
      suite.server,
      suite.admin,
      chain(approver('处长', [user.id])),
      '用车申请',
    );
    const listed = async (path: string, token: string) => {
      const answer = await suite.server.request<CategoryTree>('GET', `${T}/${path}?keyword=用车申请`, {
        token,
      });
      expect(answer.code, answer.msg).toBe(200);
      return answer.data.list.flatMap((group) => group.children.map((child) => child.id));
    };
    expect(await listed('ListAll', user.token)).toEqual([templateId]);
    await suite.server.request('POST', `${T}/Stop/${templateId}`, { token: suite.admin });
    expect(await listed('ListAll', user.token)).toEqual([]);
    expect(await listed('Selector', suite.admin)).toEqual([templateId]);
    const bad = await suite.server.request('GET', `${T}/ListAll?type=7`, { token: user.token });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('type must be 0 (launch flow) or 1 (function flow)');
  });
});

describe('FormInfo', () => {
  it('answers the start form of a flow version; an unknown version is a 400', async () => {
    const created = await suite.server.request<{ id: string }>('POST', '/api/flowForm/Form', {
      token: suite.admin,
      json: {
        fullName: '子流程表单',
        enCode: 'sub_form_info',
        formType: 1,
        flowType: 0,
        urlAddress: 'extend/order',
      },
    });
    expect(created.code, created.msg).toBe(200);
    const root = chain(approver('组长', [user.id]));
    root.properties.formId = created.data.id;
    const { flowId } = await createFlow(suite.server, suite.admin, root, '子流程');
    const form = await suite.server.request<{ id: string; enCode: string }>(
      'GET',
      `${T}/${flowId}/FormInfo`,
      {
        token: suite.admin,
      },
    );
    expect(form.code, form.msg).toBe(200);
    expect(form.data).toMatchObject({ id: created.data.id, enCode: 'sub_form_info' });
    const missing = await suite.server.request('GET', `${T}/no-such-version/FormInfo`, {
      token: suite.admin,
    });
    expect(missing.code).toBe(400);
    expect(missing.msg).toBe('流程版本不存在');
  });
});
