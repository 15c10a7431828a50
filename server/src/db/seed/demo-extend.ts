/**
 * Demo data of the extend pages (#15 C): a project of the district with its task tree for the
 * projectGantt page, dated around the day the demo is seeded so the chart shows today.
 */
import { newId } from '../../core/ids.js';
import type { Tx } from '../client.js';
import { extProjectGantt } from '../schema/index.js';

const DAY = 86_400_000;

interface TaskSeed {
  name: string;
  /** Days from the project start. */
  from: number;
  days: number;
  schedule: number;
  color: string;
  children?: TaskSeed[];
}

const TASKS: TaskSeed[] = [
  {
    name: '需求调研与方案设计',
    from: 0,
    days: 14,
    schedule: 100,
    color: '#52c41a',
    children: [
      { name: '各部门办事事项梳理', from: 0, days: 7, schedule: 100, color: '#52c41a' },
      { name: '总体方案评审', from: 7, days: 7, schedule: 100, color: '#52c41a' },
    ],
  },
  {
    name: '平台开发',
    from: 14,
    days: 35,
    schedule: 45,
    color: '#1890ff',
    children: [
      { name: '统一身份认证对接', from: 14, days: 10, schedule: 100, color: '#1890ff' },
      { name: '事项申报与受理', from: 20, days: 20, schedule: 40, color: '#1890ff' },
      { name: '电子证照库接入', from: 30, days: 19, schedule: 10, color: '#1890ff' },
    ],
  },
  { name: '试运行与培训', from: 49, days: 14, schedule: 0, color: '#faad14' },
  { name: '验收上线', from: 63, days: 7, schedule: 0, color: '#f5222d' },
];

export async function seedDemoExtend(tx: Tx, ctx: { managerIds: string[]; creatorId: string; now: number }) {
  const start = new Date(ctx.now - 30 * DAY).setUTCHours(0, 0, 0, 0);
  const projectId = newId();
  const rows: (typeof extProjectGantt.$inferInsert)[] = [
    {
      id: projectId,
      type: 1,
      parentId: '0',
      enCode: 'SZZF-2026-01',
      fullName: '“一网通办”政务服务平台建设',
      startTime: start,
      endTime: start + 70 * DAY - 1,
      timeLimit: 70,
      schedule: 40,
      state: 1,
      managerIds: ctx.managerIds.join(','),
      description: '数字政府建设专班牵头，整合全区政务服务事项，实现网上申报、统一受理',
      creatorUserId: ctx.creatorId,
      creatorTime: ctx.now,
    },
  ];
  const add = (tasks: TaskSeed[], parentId: string) => {
    tasks.forEach((task, i) => {
      const id = newId();
      rows.push({
        id,
        type: 2,
        projectId,
        parentId,
        fullName: task.name,
        startTime: start + task.from * DAY,
        endTime: start + (task.from + task.days) * DAY - 1,
        timeLimit: task.days,
        schedule: task.schedule,
        signColor: task.color,
        managerIds: ctx.managerIds[i % ctx.managerIds.length] ?? '',
        sortCode: i,
        creatorUserId: ctx.creatorId,
        creatorTime: ctx.now,
      });
      add(task.children ?? [], id);
    });
  };
  add(TASKS, projectId);
  await tx.insert(extProjectGantt).values(rows);
}
