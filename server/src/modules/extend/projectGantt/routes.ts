import {
  type GanttManager,
  PageQuery,
  ProjectBody,
  type ProjectRow,
  ProjectTaskBody,
  type ProjectTaskNode,
} from '@console/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { answer, defineRoute } from '../../../core/route.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { extProjectGantt, users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';

const MODULE = 'extend.projectGantt';
const PROJECT = 1;
const TASK = 2;

export const GanttMessages = {
  projectNotFound: '项目不存在或已删除',
  taskNotFound: '任务不存在或已删除',
  parentNotFound: '上级任务不属于该项目',
  parentLoop: '上级任务不能是任务自身或其下级',
  managers: '负责人中有不存在或已停用的用户',
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
} as const;

type Row = typeof extProjectGantt.$inferSelect;
const id = z.string().trim().min(1).max(64);
const SORTABLE = {
  fullName: extProjectGantt.fullName,
  startTime: extProjectGantt.startTime,
  endTime: extProjectGantt.endTime,
  creatorTime: extProjectGantt.creatorTime,
} as const;

async function managersOf(db: DbOrTx, rows: Row[]): Promise<Map<string, GanttManager>> {
  const ids = [...new Set(rows.flatMap((r) => r.managerIds.split(',').filter(Boolean)))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, realName: users.realName, account: users.account })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u]));
}

const infoOf = (row: Row, managers: Map<string, GanttManager>) =>
  row.managerIds
    .split(',')
    .filter(Boolean)
    .flatMap((m) => {
      const user = managers.get(m);
      return user ? [user] : [];
    });

const projectOf = (r: Row, managers: Map<string, GanttManager>): ProjectRow => ({
  id: r.id,
  enCode: r.enCode ?? '',
  fullName: r.fullName,
  startTime: r.startTime,
  endTime: r.endTime,
  timeLimit: r.timeLimit,
  schedule: r.schedule,
  state: r.state,
  signColor: r.signColor ?? '',
  managerIds: r.managerIds,
  managersInfo: infoOf(r, managers),
  description: r.description ?? '',
  creatorTime: r.creatorTime,
  version: r.version,
});

const taskOf = (r: Row, managers: Map<string, GanttManager>): ProjectTaskNode => ({
  id: r.id,
  projectId: r.projectId ?? '',
  parentId: r.parentId,
  fullName: r.fullName,
  startTime: r.startTime,
  endTime: r.endTime,
  timeLimit: r.timeLimit,
  schedule: r.schedule,
  signColor: r.signColor ?? '',
  managerIds: r.managerIds,
  managersInfo: infoOf(r, managers),
  description: r.description ?? '',
  version: r.version,
  children: [],
});

async function getRow(db: DbOrTx, rowId: string, type: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(extProjectGantt)
    .where(and(eq(extProjectGantt.id, rowId), eq(extProjectGantt.type, type)));
  if (!row) throw badRequest(type === PROJECT ? GanttMessages.projectNotFound : GanttMessages.taskNotFound);
  return row;
}

async function checkManagers(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.enabledMark, 1), eq(users.deleteMark, 0)));
  if (found.length !== ids.length) throw badRequest(GanttMessages.managers);
}

const tasksOf = (db: DbOrTx, projectId: string) =>
  db
    .select()
    .from(extProjectGantt)
    .where(and(eq(extProjectGantt.projectId, projectId), eq(extProjectGantt.type, TASK)))
    .orderBy(asc(extProjectGantt.startTime), asc(extProjectGantt.sortCode), asc(extProjectGantt.id));

/** Task rows as a tree under the project; `excludeId` leaves out a task and what it holds. */
function buildTree(projectId: string, rows: Row[], managers: Map<string, GanttManager>, excludeId = '') {
  const byParent = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: string): ProjectTaskNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((r) => r.id !== excludeId)
      .map((r) => ({ ...taskOf(r, managers), children: build(r.id) }));
  return build(projectId);
}

/** The ids of a task and everything under it. */
function subtree(rows: Row[], rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const r of rows) if (r.parentId === ids[i]) ids.push(r.id);
  return ids;
}

/** Checks a task's parent (the project or one of its tasks, never the task itself or below it). */
async function parentOf(db: DbOrTx, body: ProjectTaskBody, selfId?: string): Promise<string> {
  await getRow(db, body.projectId, PROJECT);
  const parentId = body.parentId && body.parentId !== '0' ? body.parentId : body.projectId;
  if (parentId === body.projectId) return parentId;
  const rows = await tasksOf(db, body.projectId);
  if (!rows.some((r) => r.id === parentId)) throw badRequest(GanttMessages.parentNotFound);
  if (selfId && subtree(rows, selfId).includes(parentId)) throw badRequest(GanttMessages.parentLoop);
  return parentId;
}

const values = (body: ProjectBody | ProjectTaskBody) => ({
  fullName: body.fullName,
  startTime: body.startTime,
  endTime: body.endTime,
  timeLimit: body.timeLimit,
  schedule: body.schedule,
  signColor: body.signColor || null,
  managerIds: body.managerIds.join(','),
  description: body.description || null,
});

/**
 * extend/projectGantt (other.md 1): projects with managers, progress and state, and their tasks
 * (a tree) for the Gantt chart.
 */
export function registerProjectGanttRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const Params = z.object({ id });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/ProjectGantt',
    access: { module: MODULE },
    query: PageQuery,
    handler: async ({ query }) => {
      const order = listOrder(SORTABLE, query, desc(extProjectGantt.id), [
        desc(extProjectGantt.startTime),
        desc(extProjectGantt.id),
      ]);
      const page = await selectPage(
        db,
        extProjectGantt,
        and(
          eq(extProjectGantt.type, PROJECT),
          keywordMatch(query.keyword, extProjectGantt.fullName, extProjectGantt.enCode),
        ),
        order,
        query,
      );
      const managers = await managersOf(db, page.rows);
      return { list: page.rows.map((r) => projectOf(r, managers)), pagination: page.pagination };
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/ProjectGantt',
    access: { module: MODULE, button: 'btn_add' },
    body: ProjectBody,
    handler: async ({ body, session }) => {
      const newIdValue = newId();
      await db.transaction(async (tx) => {
        await checkManagers(tx, body.managerIds);
        await tx.insert(extProjectGantt).values({
          id: newIdValue,
          type: PROJECT,
          parentId: '0',
          enCode: body.enCode || null,
          state: body.state,
          ...values(body),
          creatorUserId: session.userId,
        });
      });
      return answer({ id: newIdValue }, GanttMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/ProjectGantt/Task',
    access: { module: MODULE, button: 'btn_add' },
    body: ProjectTaskBody,
    handler: async ({ body, session }) => {
      const taskId = newId();
      await db.transaction(async (tx) => {
        const parentId = await parentOf(tx, body);
        await checkManagers(tx, body.managerIds);
        await tx.insert(extProjectGantt).values({
          id: taskId,
          type: TASK,
          projectId: body.projectId,
          parentId,
          ...values(body),
          creatorUserId: session.userId,
        });
      });
      return answer({ id: taskId }, GanttMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/ProjectGantt/Task/:id',
    access: { module: MODULE },
    params: Params,
    handler: async ({ params }) => {
      const row = await getRow(db, params.id, TASK);
      return taskOf(row, await managersOf(db, [row]));
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/extend/ProjectGantt/Task/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: Params,
    body: ProjectTaskBody,
    handler: async ({ params, body, session }) => {
      await db.transaction(async (tx) => {
        const row = await getRow(tx, params.id, TASK);
        if (row.projectId !== body.projectId) throw badRequest(GanttMessages.parentNotFound);
        const parentId = await parentOf(tx, body, row.id);
        await checkManagers(tx, body.managerIds);
        await updateVersioned(
          tx,
          extProjectGantt,
          { id: row.id, version: body.version ?? row.version, userId: session.userId },
          { ...values(body), parentId },
        );
      });
      return answer(null, GanttMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/ProjectGantt/:id/Task',
    access: { module: MODULE },
    params: Params,
    handler: async ({ params }) => {
      await getRow(db, params.id, PROJECT);
      const rows = await tasksOf(db, params.id);
      return { list: buildTree(params.id, rows, await managersOf(db, rows)) };
    },
  });

  /** Parents a task may take: the project and its tasks, without the task (`0`: none) and its subtree. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/ProjectGantt/:id/Task/Selector/:taskId',
    access: { module: MODULE },
    params: z.object({ id, taskId: id }),
    handler: async ({ params }) => {
      const project = await getRow(db, params.id, PROJECT);
      const rows = await tasksOf(db, params.id);
      const managers = await managersOf(db, [project, ...rows]);
      return {
        list: [
          {
            ...taskOf(project, managers),
            projectId: project.id,
            children: buildTree(project.id, rows, managers, params.taskId),
          },
        ],
      };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/ProjectGantt/:id',
    access: { module: MODULE },
    params: Params,
    handler: async ({ params }) => {
      const row = await getRow(db, params.id, PROJECT);
      return projectOf(row, await managersOf(db, [row]));
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/extend/ProjectGantt/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: Params,
    body: ProjectBody,
    handler: async ({ params, body, session }) => {
      await db.transaction(async (tx) => {
        const row = await getRow(tx, params.id, PROJECT);
        await checkManagers(tx, body.managerIds);
        await updateVersioned(
          tx,
          extProjectGantt,
          { id: row.id, version: body.version ?? row.version, userId: session.userId },
          { ...values(body), enCode: body.enCode || null, state: body.state },
        );
      });
      return answer(null, GanttMessages.updated);
    },
  });

  /** A project with all its tasks, or a task with the tasks under it. */
  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/ProjectGantt/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: Params,
    handler: async ({ params }) => {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(extProjectGantt).where(eq(extProjectGantt.id, params.id));
        if (!row) throw badRequest(GanttMessages.taskNotFound);
        if (row.type === PROJECT) {
          await tx.delete(extProjectGantt).where(eq(extProjectGantt.projectId, row.id));
          await tx.delete(extProjectGantt).where(eq(extProjectGantt.id, row.id));
          return;
        }
        const rows = await tasksOf(tx, row.projectId ?? '');
        await tx.delete(extProjectGantt).where(inArray(extProjectGantt.id, subtree(rows, row.id)));
      });
      return answer(null, GanttMessages.deleted);
    },
  });
}
