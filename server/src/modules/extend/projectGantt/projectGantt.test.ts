import type { Pagination, ProjectRow, ProjectTaskNode } from '@console/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import { extProjectGantt } from '../../../db/schema/index.js';
import { grantPages } from '../../knowledge/testing.js';

let server: TestServer;
let admin: string;
let viewer: string;
let managerId: string;

const DAY = 86_400_000;
const START = Date.UTC(2026, 11, 1);
const rows = async () => (await server.services.db.select().from(extProjectGantt)).length;

const project = (overrides: Record<string, unknown> = {}) => ({
  fullName: '政务服务平台升级',
  enCode: 'ZWFW-01',
  startTime: START,
  endTime: START + 60 * DAY,
  timeLimit: 60,
  schedule: 20,
  state: 1,
  managerIds: managerId,
  description: '一网通办改造',
  ...overrides,
});

beforeAll(async () => {
  server = await startServer();
  admin = await server.adminToken();
  managerId = await server.addUser('gantt-manager', 'Passw0rd!', { realName: '项目经理' });
  const viewerId = await server.addUser('gantt-viewer', 'Passw0rd!');
  await grantPages(server, viewerId, { 'extend.projectGantt': [] });
  viewer = await server.login('gantt-viewer', 'Passw0rd!');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('extend/projectGantt', () => {
  it('keeps projects with managers and a tree of tasks; deleting a task takes its subtasks', async () => {
    const created = await server.request<{ id: string }>('POST', '/api/extend/ProjectGantt', {
      token: admin,
      json: project(),
    });
    expect(created.code).toBe(200);
    const projectId = created.data.id;
    const list = await server.request<{ list: ProjectRow[]; pagination: Pagination }>(
      'GET',
      '/api/extend/ProjectGantt?keyword=ZWFW',
      { token: viewer },
    );
    expect(list.data.pagination.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      fullName: '政务服务平台升级',
      schedule: 20,
      managersInfo: [{ id: managerId, realName: '项目经理', account: 'gantt-manager' }],
    });

    const task = (fullName: string, parentId: string, from: number, days: number) =>
      server.request<{ id: string }>('POST', '/api/extend/ProjectGantt/Task', {
        token: admin,
        json: {
          projectId,
          parentId,
          fullName,
          startTime: START + from * DAY,
          endTime: START + (from + days) * DAY,
          timeLimit: days,
          schedule: 50,
          signColor: '#1890ff',
          managerIds: managerId,
        },
      });
    const design = (await task('需求与设计', '0', 0, 15)).data.id;
    const build = (await task('开发', projectId, 15, 30)).data.id;
    const api = (await task('接口开发', build, 15, 20)).data.id;
    await task('页面开发', build, 20, 25);

    const tree = await server.request<{ list: ProjectTaskNode[] }>(
      'GET',
      `/api/extend/ProjectGantt/${projectId}/Task`,
      {
        token: viewer,
      },
    );
    expect(tree.data.list.map((t) => [t.fullName, t.children.map((c) => c.fullName)])).toEqual([
      ['需求与设计', []],
      ['开发', ['接口开发', '页面开发']],
    ]);
    const selector = await server.request<{ list: ProjectTaskNode[] }>(
      'GET',
      `/api/extend/ProjectGantt/${projectId}/Task/Selector/${build}`,
      { token: viewer },
    );
    expect(selector.data.list[0]?.fullName).toBe('政务服务平台升级');
    expect(selector.data.list[0]?.children.map((c) => c.fullName)).toEqual(['需求与设计']);

    const info = await server.request<ProjectTaskNode>('GET', `/api/extend/ProjectGantt/Task/${api}`, {
      token: admin,
    });
    const moved = await server.request('PUT', `/api/extend/ProjectGantt/Task/${api}`, {
      token: admin,
      json: { ...info.data, managerIds: managerId, parentId: design, schedule: 100 },
    });
    expect(moved.code, moved.msg).toBe(200);
    const updated = await server.request<ProjectTaskNode>('GET', `/api/extend/ProjectGantt/Task/${api}`, {
      token: admin,
    });
    expect(updated.data).toMatchObject({ parentId: design, schedule: 100 });

    const removed = await server.request('DELETE', `/api/extend/ProjectGantt/${build}`, { token: admin });
    expect(removed.code).toBe(200);
    const after = await server.request<{ list: ProjectTaskNode[] }>(
      'GET',
      `/api/extend/ProjectGantt/${projectId}/Task`,
      {
        token: admin,
      },
    );
    expect(after.data.list.map((t) => [t.fullName, t.children.map((c) => c.fullName)])).toEqual([
      ['需求与设计', ['接口开发']],
    ]);

    await server.request('DELETE', `/api/extend/ProjectGantt/${projectId}`, { token: admin });
    expect(await rows()).toBe(0);
  });

  it('refuses bad input, loops, unknown managers and callers without the button, changing nothing', async () => {
    const projectId = (
      await server.request<{ id: string }>('POST', '/api/extend/ProjectGantt', {
        token: admin,
        json: project(),
      })
    ).data.id;
    const parent = (
      await server.request<{ id: string }>('POST', '/api/extend/ProjectGantt/Task', {
        token: admin,
        json: { projectId, fullName: '总体任务', startTime: START, endTime: START + DAY },
      })
    ).data.id;
    const child = (
      await server.request<{ id: string }>('POST', '/api/extend/ProjectGantt/Task', {
        token: admin,
        json: { projectId, parentId: parent, fullName: '子任务', startTime: START, endTime: START + DAY },
      })
    ).data.id;
    const before = await rows();
    const taskBody = { projectId, fullName: '任务', startTime: START, endTime: START + DAY };
    const cases: [string, string, unknown, RegExp, string?][] = [
      ['POST', '/api/extend/ProjectGantt', project({ fullName: ' ' }), /请输入名称/],
      ['POST', '/api/extend/ProjectGantt', project({ endTime: START - DAY }), /结束时间不能早于开始时间/],
      ['POST', '/api/extend/ProjectGantt', project({ schedule: 101 }), /完成进度应为0到100/],
      ['POST', '/api/extend/ProjectGantt', project({ state: 9 }), /状态应为/],
      ['POST', '/api/extend/ProjectGantt', project({ managerIds: 'ghost' }), /负责人中有不存在/],
      ['POST', '/api/extend/ProjectGantt', project({ signColor: 'red' }), /标记颜色/],
      ['POST', '/api/extend/ProjectGantt/Task', { ...taskBody, projectId: 'nope' }, /项目不存在/],
      ['POST', '/api/extend/ProjectGantt/Task', { ...taskBody, parentId: 'nope' }, /上级任务不属于该项目/],
      [
        'PUT',
        `/api/extend/ProjectGantt/Task/${parent}`,
        { ...taskBody, parentId: child },
        /不能是任务自身或其下级/,
      ],
      [
        'PUT',
        `/api/extend/ProjectGantt/Task/${parent}`,
        { ...taskBody, parentId: parent },
        /不能是任务自身或其下级/,
      ],
      ['PUT', `/api/extend/ProjectGantt/Task/${parent}`, { ...taskBody, version: 42 }, /已被他人修改/],
      ['PUT', `/api/extend/ProjectGantt/${projectId}`, project({ version: 42 }), /已被他人修改/],
      ['GET', '/api/extend/ProjectGantt/nope/Task', undefined, /项目不存在/],
      ['GET', '/api/extend/ProjectGantt?sidx=description', undefined, /只能按以下字段排序/],
      ['DELETE', '/api/extend/ProjectGantt/nope', undefined, /任务不存在/],
      ['POST', '/api/extend/ProjectGantt', project(), /权限/, 'viewer'],
      ['DELETE', `/api/extend/ProjectGantt/${projectId}`, undefined, /权限/, 'viewer'],
    ];
    for (const [method, url, json, message, who] of cases) {
      const answer = await server.request(method, url, { token: who ? viewer : admin, json });
      expect(answer.code, `${method} ${url}`).toBe(400);
      expect(answer.msg, `${method} ${url}`).toMatch(message);
    }
    expect(await rows()).toBe(before);
  });
});

describe('extend/projectGantt demo data', () => {
  let demo: TestServer;
  beforeAll(async () => {
    demo = await startServer({ demo: true });
  }, 120_000);
  afterAll(async () => {
    await demo?.close();
  });

  it('holds a project of the district with its managers and a task tree around today', async () => {
    const token = await demo.adminToken();
    const list = await demo.request<{ list: ProjectRow[] }>('GET', '/api/extend/ProjectGantt', { token });
    const project = list.data.list.find((p) => p.enCode === 'SZZF-2026-01');
    expect(project?.managersInfo.map((m) => m.realName)).toEqual(['张伟', '杨帆']);
    expect(project!.startTime).toBeLessThan(Date.now());
    expect(project!.endTime).toBeGreaterThan(Date.now());
    const tasks = await demo.request<{ list: ProjectTaskNode[] }>(
      'GET',
      `/api/extend/ProjectGantt/${project!.id}/Task`,
      {
        token,
      },
    );
    expect(tasks.data.list.map((t) => [t.fullName, t.children.length])).toEqual([
      ['需求调研与方案设计', 2],
      ['平台开发', 3],
      ['试运行与培训', 0],
      ['验收上线', 0],
    ]);
  });
});
