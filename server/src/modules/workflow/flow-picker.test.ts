import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../test/harness.js';
import { approver, chain, createFlow, flowUser } from './testing.js';

/** The delegate flow picker's calls of the existing clients: getflowAll and getflowList. */

const suite = suiteServer();
let user: { id: string; token: string };
beforeAll(async () => {
  user = await flowUser(suite.server, 'picker_user');
});

const T = '/api/workflow/Engine/flowTemplate';

describe('getflowAll and getflowList', () => {
  it('answer released templates (a page) and named ones (in order) to any signed-in user, with picker fields only', async () => {
    const a = (await createFlow(suite.server, suite.admin, chain(approver('科长', [user.id])), '委托甲流程'))
      .templateId;
    const b = (await createFlow(suite.server, suite.admin, chain(approver('科长', [user.id])), '委托乙流程'))
      .templateId;
    const stopped = (
      await createFlow(suite.server, suite.admin, chain(approver('科长', [user.id])), '委托丙流程')
    ).templateId;
    expect((await suite.server.request('POST', `${T}/Stop/${stopped}`, { token: suite.admin })).code).toBe(
      200,
    );
    const plain = await suite.server.addUser('picker_plain', 'Passw0rd!');
    const token = await suite.server.login('picker_plain', 'Passw0rd!');
    expect(plain).toBeTruthy();

    const page = await suite.server.request<{
      list: Record<string, unknown>[];
      pagination: { total: number };
    }>('GET', `${T}/getflowAll?keyword=${encodeURIComponent('委托')}&currentPage=1&pageSize=20`, { token });
    expect(page.code, page.msg).toBe(200);
    expect(page.data.list.map((t) => t.id).sort()).toEqual([a, b].sort());
    expect(page.data.pagination.total).toBe(2);
    expect(Object.keys(page.data.list[0]!).sort()).toEqual(
      [
        'category',
        'enCode',
        'enabledMark',
        'fullName',
        'icon',
        'iconBackground',
        'id',
        'sortCode',
        'type',
      ].sort(),
    );

    const named = await suite.server.request<{ id: string; fullName: string }[]>('POST', `${T}/getflowList`, {
      token,
      json: [b, 'no-such-template', stopped, a],
    });
    expect(named.code, named.msg).toBe(200);
    expect(named.data.map((t) => t.fullName)).toEqual(['委托乙流程', '委托丙流程', '委托甲流程']);
  });

  it('refuses bad input and callers without a session', async () => {
    const notArray = await suite.server.request('POST', `${T}/getflowList`, {
      token: user.token,
      json: { ids: [] },
    });
    expect([notArray.code, notArray.msg]).toEqual([400, expect.stringContaining('templateIds')]);
    const empty = await suite.server.request('POST', `${T}/getflowList`, { token: user.token, json: [''] });
    expect([empty.code, empty.msg]).toEqual([400, expect.stringContaining('编号不能为空')]);
    const badPage = await suite.server.request('GET', `${T}/getflowAll?pageSize=0`, { token: user.token });
    expect([badPage.code, badPage.msg]).toEqual([400, expect.stringContaining('pageSize')]);
    const badSort = await suite.server.request('GET', `${T}/getflowAll?sidx=password`, { token: user.token });
    expect(badSort.code).toBe(400);
    expect((await suite.server.request('GET', `${T}/getflowAll`)).code).toBe(602);
    expect((await suite.server.request('POST', `${T}/getflowList`, { json: [] })).code).toBe(602);
  });
});
