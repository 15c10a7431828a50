import { readdirSync, readFileSync } from 'node:fs';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';
import { dictionaryData, dictionaryTypes, flowTemplates } from '../../db/schema/index.js';
import { approver, chain, flowJson, flowUser } from './testing.js';

/**
 * Quick launch (发起流程, workFlow/flowQuickLaunch): the flow-category dictionary it groups the
 * cards by is seeded (and added to older databases by a migration), and the page's calls answer.
 */

const suite = suiteServer();
let user: { id: string; token: string };
beforeAll(async () => {
  user = await flowUser(suite.server, 'quick_user');
});

const T = '/api/workflow/Engine/flowTemplate';
const CATEGORIES = ['人事管理', '财务管理', '行政事务', '办公事务', '政务服务', '其他'];

interface Entry {
  id: string;
  fullName: string;
  enCode: string;
}
const categories = async (token: string) => {
  const answer = await suite.server.request<{ list: Entry[] }>(
    'GET',
    '/api/system/DictionaryData/WorkFlowCategory/Data/Selector',
    { token },
  );
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.list;
};

let counter = 0;
/** A released launch flow in `category` (an entry id, or null) that `user` may start. */
async function template(name: string, category: string | null) {
  const created = await suite.server.request<{ id: string }>('POST', T, {
    token: suite.admin,
    json: {
      fullName: name,
      enCode: `quick${++counter}`,
      category,
      type: 0,
      sortCode: counter,
      flowTemplateJson: flowJson(chain(approver('科长', [user.id])), name),
    },
  });
  expect(created.code, created.msg).toBe(200);
  return created.data.id;
}

describe('the flow-category dictionary', () => {
  it('is seeded with the district’s categories, readable by any signed-in user', async () => {
    const list = await categories(user.token);
    expect(list.map((c) => c.fullName)).toEqual(CATEGORIES);
    const [type] = await suite.server.services.db
      .select({ parentId: dictionaryTypes.parentId })
      .from(dictionaryTypes)
      .where(eq(dictionaryTypes.enCode, 'WorkFlowCategory'));
    const [parent] = await suite.server.services.db
      .select({ enCode: dictionaryTypes.enCode })
      .from(dictionaryTypes)
      .where(eq(dictionaryTypes.id, type!.parentId));
    expect(parent?.enCode).toBe('flowData');
  });

  it('is added by the migration to a database seeded before it, once, and never over an existing one', async () => {
    const dir = new URL('../../../drizzle/', import.meta.url);
    const file = readdirSync(dir).find((name) => name.endsWith('_workflow_category_dictionary.sql'));
    expect(file).toBeDefined();
    const statements = readFileSync(new URL(file!, dir), 'utf8').split('--> statement-breakpoint');
    const migrate = async () => {
      for (const statement of statements) await suite.server.services.db.execute(sql.raw(statement));
    };
    const db = suite.server.services.db;
    const entriesOfType = async () => {
      const [type] = await db
        .select({ id: dictionaryTypes.id })
        .from(dictionaryTypes)
        .where(eq(dictionaryTypes.enCode, 'WorkFlowCategory'));
      if (!type) return null;
      return (
        await db
          .select({ fullName: dictionaryData.fullName })
          .from(dictionaryData)
          .where(eq(dictionaryData.dictionaryTypeId, type.id))
          .orderBy(dictionaryData.sortCode)
      ).map((e) => e.fullName);
    };
    const typeCount = async () => (await db.select({ n: count() }).from(dictionaryTypes))[0]?.n;

    // Seeded already: nothing changes.
    const before = await typeCount();
    await migrate();
    expect(await typeCount()).toBe(before);
    expect(await entriesOfType()).toEqual(CATEGORIES);

    // A database seeded before the dictionary existed gets it, once.
    const original = await categories(suite.admin);
    await db.delete(dictionaryData).where(
      inArray(
        dictionaryData.id,
        original.map((c) => c.id),
      ),
    );
    await db.delete(dictionaryTypes).where(eq(dictionaryTypes.enCode, 'WorkFlowCategory'));
    expect(await entriesOfType()).toBeNull();
    await migrate();
    await migrate();
    expect(await typeCount()).toBe(before);
    expect(await entriesOfType()).toEqual(CATEGORIES);

    // Entries an administrator made are left alone.
    const [type] = await db
      .select({ id: dictionaryTypes.id })
      .from(dictionaryTypes)
      .where(eq(dictionaryTypes.enCode, 'WorkFlowCategory'));
    await db.delete(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, type!.id));
    await db
      .insert(dictionaryData)
      .values({ id: 'own-category', dictionaryTypeId: type!.id, fullName: '自定义', enCode: 'own' });
    await migrate();
    expect(await entriesOfType()).toEqual(['自定义']);

    // Back to the seeded entries for the other tests.
    await db.delete(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, type!.id));
    await migrate();
    expect(await entriesOfType()).toEqual(CATEGORIES);
  });
});

describe('quick launch', () => {
  it('answers the released flows the user may start with their category, grouped by category name', async () => {
    const byName = new Map((await categories(user.token)).map((c) => [c.fullName, c.id]));
    const leave = await template('快捷请假', byName.get('人事管理')!);
    const claim = await template('快捷报销', byName.get('财务管理')!);
    const other = await template('快捷杂项', null);

    const page = await suite.server.request<{
      list: { id: string; category: string | null }[];
      pagination: { total: number };
    }>('GET', `${T}/PageListAll?keyword=${encodeURIComponent('快捷')}&currentPage=1&pageSize=500`, {
      token: user.token,
    });
    expect(page.code, page.msg).toBe(200);
    expect(page.data.list.map((t) => [t.id, t.category])).toEqual([
      [leave, byName.get('人事管理')],
      [claim, byName.get('财务管理')],
      [other, null],
    ]);

    const byCategory = await suite.server.request<{
      list: { id: string; fullName: string; children: { id: string }[] }[];
    }>('GET', `${T}/ListAll?keyword=${encodeURIComponent('快捷')}`, { token: user.token });
    expect(byCategory.code, byCategory.msg).toBe(200);
    expect(
      byCategory.data.list.map((group) => [group.fullName, group.children.map((child) => child.id)]),
    ).toEqual(
      expect.arrayContaining([
        ['人事管理', [leave]],
        ['财务管理', [claim]],
        ['未分类', [other]],
      ]),
    );

    // The card's dialog: the template's flows, then the start form of one.
    const versions = await suite.server.request<{ id: string }[]>(
      'GET',
      `${T}/FlowJsonList/${claim}?type=1`,
      {
        token: user.token,
      },
    );
    expect(versions.code, versions.msg).toBe(200);
    expect(versions.data).toHaveLength(1);
    const form = await suite.server.request(
      'GET',
      `/api/workflow/Engine/FlowBefore/0?flowId=${versions.data[0]!.id}`,
      {
        token: user.token,
      },
    );
    expect(form.code, form.msg).toBe(200);
  });

  it('refuses a category that is not a flow category, and bad paging, writing nothing', async () => {
    const [sex] = (
      await suite.server.request<{ list: Entry[] }>('GET', '/api/system/DictionaryData/sex/Data/Selector', {
        token: suite.admin,
      })
    ).data.list;
    const templatesBefore = (await suite.server.services.db.select({ n: count() }).from(flowTemplates))[0]?.n;
    for (const category of ['no-such-entry', sex!.id]) {
      const refused = await suite.server.request('POST', T, {
        token: suite.admin,
        json: {
          fullName: '错误分类',
          enCode: `wrongCategory${++counter}`,
          category,
          type: 0,
          sortCode: 0,
          flowTemplateJson: flowJson(chain(approver('科长', [user.id]))),
        },
      });
      expect([refused.code, refused.msg]).toEqual([
        400,
        'category：流程分类不存在，请选择流程分类字典中的分类',
      ]);
    }
    expect((await suite.server.services.db.select({ n: count() }).from(flowTemplates))[0]?.n).toBe(
      templatesBefore,
    );

    const id = await template('分类修改', null);
    const info = await suite.server.request<{ enCode: string; flowTemplateJson: string }>(
      'GET',
      `${T}/${id}`,
      {
        token: suite.admin,
      },
    );
    const update = await suite.server.request('PUT', `${T}/${id}`, {
      token: suite.admin,
      json: {
        fullName: '分类修改',
        enCode: info.data.enCode,
        category: 'no-such-entry',
        type: 0,
        sortCode: 0,
        flowTemplateJson: info.data.flowTemplateJson,
      },
    });
    expect(update.code).toBe(400);
    const [stored] = await suite.server.services.db
      .select({ category: flowTemplates.category })
      .from(flowTemplates)
      .where(eq(flowTemplates.id, id));
    expect(stored?.category).toBeNull();

    const badPage = await suite.server.request('GET', `${T}/PageListAll?pageSize=0`, { token: user.token });
    expect(badPage.code).toBe(400);
    expect(badPage.msg).toContain('pageSize');
    expect((await suite.server.request('GET', `${T}/PageListAll`)).code).toBe(602);
  });
});

describe('a task launched from quick launch', () => {
  interface Row {
    id: string;
    fullName: string;
    flowName: string;
  }
  /** A released template `name` whose one flow keeps the designer's default name 主流程. */
  async function designed(name: string, startProps: Record<string, unknown> = {}) {
    const boss = await flowUser(suite.server, `quick_boss${++counter}`);
    const root = chain(approver('科长', [boss.id]));
    Object.assign(root.properties, startProps);
    const created = await suite.server.request<{ id: string }>('POST', T, {
      token: suite.admin,
      json: {
        fullName: name,
        enCode: `quick${++counter}`,
        type: 0,
        sortCode: counter,
        flowTemplateJson: flowJson(root, '主流程'),
      },
    });
    expect(created.code, created.msg).toBe(200);
    const versions = await suite.server.request<{ id: string }[]>(
      'GET',
      `${T}/FlowJsonList/${created.data.id}`,
      {
        token: suite.admin,
      },
    );
    expect(versions.code, versions.msg).toBe(200);
    const launched = await suite.server.request<string>('POST', '/api/workflow/Engine/FlowTask', {
      token: user.token,
      json: { flowId: versions.data[0]!.id, formData: { days: 1 }, status: 0, flowUrgent: 1 },
    });
    expect(launched.code, launched.msg).toBe(200);
    return boss;
  }
  const list = async (path: string, token: string, keyword: string) => {
    const answer = await suite.server.request<{ list: Row[] }>(
      'GET',
      `/api/workflow/Engine/${path}?keyword=${encodeURIComponent(keyword)}&pageSize=50`,
      { token },
    );
    expect(answer.code, answer.msg).toBe(200);
    return answer.data.list;
  };

  it('carries the flow’s own name as its title and flow, and the lists find it by that name', async () => {
    const boss = await designed('外出审批');
    for (const rows of [
      await list('FlowLaunch', user.token, '外出审批'),
      await list('FlowBefore/List/1', boss.token, '外出审批'),
    ]) {
      expect(rows.map((r) => [r.fullName, r.flowName])).toEqual([['用户quick_user的外出审批', '外出审批']]);
    }
  });

  it('follows the design’s title rule, and the flow name still finds the task', async () => {
    const boss = await designed('用车申请', { titleType: 1, titleContent: '{@launchUserName}：{days}天' });
    const rows = await list('FlowBefore/List/1', boss.token, '用车申请');
    expect(rows.map((r) => [r.fullName, r.flowName])).toEqual([['用户quick_user：1天', '用车申请']]);
  });
});
