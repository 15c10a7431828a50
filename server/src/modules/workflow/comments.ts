import type { FlowCommentBody, FlowCommentListQuery } from '@console/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { selectPage } from '../../db/query.js';
import { flowComments, flowTasks, users } from '../../db/schema/index.js';
import { userNames } from './assignees.js';
import { WorkflowMessages } from './engine/task.js';

export const CommentMessages = {
  created: '评论成功',
  deleted: '删除成功',
  missing: '评论不存在或已被删除',
  notOwn: '只能删除自己的评论',
} as const;

/** Comments of a task (workflow.md 4.4 FlowComment); who may read a task is checked by the route. */
export class CommentService {
  constructor(private readonly db: Db) {}

  async list(userId: string, query: FlowCommentListQuery) {
    const { rows, pagination } = await selectPage(
      this.db,
      flowComments,
      and(eq(flowComments.taskId, query.taskId), eq(flowComments.deleteMark, 0)),
      [desc(flowComments.creatorTime), desc(flowComments.id)],
      query,
    );
    const authors = [...new Set(rows.map((r) => r.creatorUserId ?? ''))];
    const [names, heads] = await Promise.all([
      userNames(this.db, authors),
      this.db
        .select({ id: users.id, headIcon: users.headIcon })
        .from(users)
        .where(inArray(users.id, authors.concat(''))),
    ]);
    const headOf = new Map(heads.map((h) => [h.id, h.headIcon]));
    return {
      list: rows.map((r) => ({
        id: r.id,
        taskId: r.taskId,
        text: r.text,
        image: r.image,
        file: r.file,
        creatorUserId: r.creatorUserId,
        creatorUser: names.get(r.creatorUserId ?? '') ?? null,
        creatorUserHeadIcon: headOf.get(r.creatorUserId ?? '') ?? null,
        creatorTime: r.creatorTime,
        isDel: r.creatorUserId === userId ? 1 : 0,
      })),
      pagination,
    };
  }

  async create(body: FlowCommentBody, userId: string) {
    const [task] = await this.db
      .select({ id: flowTasks.id })
      .from(flowTasks)
      .where(and(eq(flowTasks.id, body.taskId), eq(flowTasks.deleteMark, 0)));
    if (!task) throw badRequest(`taskId：${WorkflowMessages.taskMissing}`);
    const id = newId();
    await this.db.insert(flowComments).values({
      id,
      taskId: body.taskId,
      text: body.text,
      image: body.image,
      file: body.file,
      creatorUserId: userId,
    });
    return id;
  }

  /** Only the author deletes a comment; the row is kept with its delete mark. */
  async remove(id: string, userId: string) {
    const [row] = await this.db
      .select({ creatorUserId: flowComments.creatorUserId })
      .from(flowComments)
      .where(and(eq(flowComments.id, id), eq(flowComments.deleteMark, 0)));
    if (!row) throw badRequest(CommentMessages.missing);
    if (row.creatorUserId !== userId) throw badRequest(CommentMessages.notOwn);
    await this.db
      .update(flowComments)
      .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: userId })
      .where(and(eq(flowComments.id, id), eq(flowComments.deleteMark, 0)));
  }
}
