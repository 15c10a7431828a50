import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';
import { flowEngineVisibles } from '../../db/schema/index.js';
import { WorkflowPages } from './pages.js';
import { approver, chain, createFlow, flowUser } from './testing.js';

const suite = suiteServer();

const T = '/api/workflow/Engine/flowTemplate';
const { send } = suite;
const rows = async (templateId: string) =>
  (
    await suite.server.services.db
      .select({ n: count() })
      .from(flowEngineVisibles)
      .where(eq(flowEngineVisibles.templateId, templateId))
  )[0]!.n;
const assistList = async (templateId: string, token = suite.admin) =>
  (await send<{ list: string[] }>('GET', `${T}/${templateId}/assistList`, undefined, token)).data.list;

describe('flow template co-managers (assist)', () => {
  it('replaces the co-managers as a whole; bad input is a 400 that changes nothing', async () => {
    const a = await flowUser(suite.server, 'as_a');
    const b = await flowUser(suite.server, 'as_b');
    const { templateId } = await createFlow(
      suite.server,
      suite.admin,
      chain(approver('经理', [a.id])),
      '协管流程',
    );
    expect(await assistList(templateId)).toEqual([]);

    const saved = await send('POST', `${T}/assist`, { templateId, list: [a.id, b.id, a.id] });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.msg).toBe('保存成功');
    expect(await assistList(templateId)).toEqual([a.id, b.id]);

    const cases: [unknown, string][] = [
      [{ templateId, list: [b.id, 'ghost-user'] }, 'list：用户“ghost-user”不存在'],
      [{ templateId, list: 'x' }, 'list：请传入协管人员的用户编号数组'],
      [{ templateId, list: [''] }, 'list：用户编号不能为空'],
      [{ list: [b.id] }, 'templateId：请指定流程模板'],
      [{ templateId: 'nope', list: [b.id] }, '流程模板不存在'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', `${T}/assist`, body);
      expect(answer.code, message).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await assistList(templateId)).toEqual([a.id, b.id]);
    expect(await rows(templateId)).toBe(2);

    expect((await send('POST', `${T}/assist`, { templateId, list: [b.id] })).code).toBe(200);
    expect(await assistList(templateId)).toEqual([b.id]);
    expect((await send('POST', `${T}/assist`, { templateId, list: [] })).code).toBe(200);
    expect(await assistList(templateId)).toEqual([]);
    expect(await rows(templateId)).toBe(0);
    expect((await send('GET', `${T}/nope/assistList`)).msg).toBe('流程模板不存在');
  });

  it('only the creator or an administrator sets them (hasAssistBtn); users without the page are refused', async () => {
    const designer = await flowUser(suite.server, 'as_designer', {
      [WorkflowPages.engine]: ['btn_add', 'btn_edit'],
    });
    const other = await flowUser(suite.server, 'as_other');
    const byAdmin = await createFlow(
      suite.server,
      suite.admin,
      chain(approver('经理', [other.id])),
      '管理员的流程',
    );
    const own = await createFlow(
      suite.server,
      designer.token,
      chain(approver('经理', [other.id])),
      '设计者的流程',
    );

    const flags = async (token: string) =>
      new Map(
        (
          await send<{ list: { id: string; hasAssistBtn: number }[] }>(
            'GET',
            `${T}?pageSize=100`,
            undefined,
            token,
          )
        ).data.list.map((t) => [t.id, t.hasAssistBtn]),
      );
    const asDesigner = await flags(designer.token);
    expect(asDesigner.get(own.templateId)).toBe(1);
    expect(asDesigner.get(byAdmin.templateId)).toBe(0);
    const asAdmin = await flags(suite.admin);
    expect(asAdmin.get(own.templateId)).toBe(1);
    expect(asAdmin.get(byAdmin.templateId)).toBe(1);

    // the creator sets co-managers of their own template, not of another's
    const mine = await send(
      'POST',
      `${T}/assist`,
      { templateId: own.templateId, list: [other.id] },
      designer.token,
    );
    expect(mine.code, mine.msg).toBe(200);
    expect(await assistList(own.templateId, designer.token)).toEqual([other.id]);
    const theirs = await send(
      'POST',
      `${T}/assist`,
      { templateId: byAdmin.templateId, list: [designer.id] },
      designer.token,
    );
    expect(theirs.code).toBe(400);
    expect(theirs.msg).toContain('只有流程的创建人或管理员可以设置协管人员');
    expect(await rows(byAdmin.templateId)).toBe(0);

    // an administrator sets them on any template
    expect(
      (await send('POST', `${T}/assist`, { templateId: own.templateId, list: [designer.id] })).code,
    ).toBe(200);
    expect(await assistList(own.templateId)).toEqual([designer.id]);

    // without the flow design page: neither read nor write
    expect((await send('GET', `${T}/${own.templateId}/assistList`, undefined, other.token)).code).toBe(400);
    const refused = await send('POST', `${T}/assist`, { templateId: own.templateId, list: [] }, other.token);
    expect(refused.code).toBe(400);
    // with the page but without the edit button: may read, not write
    const viewer = await flowUser(suite.server, 'as_viewer', { [WorkflowPages.engine]: [] });
    expect(await assistList(own.templateId, viewer.token)).toEqual([designer.id]);
    expect(
      (await send('POST', `${T}/assist`, { templateId: own.templateId, list: [] }, viewer.token)).code,
    ).toBe(400);
    expect(await assistList(own.templateId)).toEqual([designer.id]);
  });
});
