import type { FlowDelegateBody, FlowDelegateListQuery } from '@console/shared';
import { and, asc, desc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest, STALE_VERSION_MESSAGE } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { keywordMatch, selectPage } from '../../db/query.js';
import { flowDelegates, flowTemplates, users } from '../../db/schema/index.js';
import { userNames } from './assignees.js';

/**
 * Entrust (流程委托, workflow.md 1 flow_delegate and 4.5). An approval delegation (type "1")
 * that is enabled and whose date range holds now lets the delegate see and handle the
 * delegator's todos of the delegated flows (all flows when none are named); the delegator keeps
 * them too, and whoever acts first decides. The rule is applied where todos are read and acted
 * on (`delegatedTo`, `mayActFor`), so starting, stopping or editing a delegation applies at once
 * to the todos already waiting.
 */

export const DelegateMessages = {
  created: '新建成功',
  updated: '修改成功',
  deleted: '删除成功',
  stopped: '委托已结束',
  missing: '委托不存在或已被删除',
  notOwn: '只能修改或删除自己的委托',
  self: '不能委托给自己',
  otherDelegator: '只能委托自己的流程',
  userMissing: '受委托人不存在或已停用',
  flowMissing: '所选流程不存在或已被删除',
  overlap: '该时间段内已有相同流程的委托，请调整时间或流程',
  alreadyEnded: '委托已结束，不能再结束',
} as const;

type Delegate = typeof flowDelegates.$inferSelect;

/** Approval delegations in force now: enabled, not deleted, now within [startTime, endTime]. */
const inForce = (now: number): SQL =>
  and(
    eq(flowDelegates.type, '1'),
    eq(flowDelegates.enabledMark, 1),
    eq(flowDelegates.deleteMark, 0),
    lte(flowDelegates.startTime, now),
    gte(flowDelegates.endTime, now),
  ) as SQL;

/** The delegation covers the template: no flows named (all), or the template among them. */
const coversTemplate = (templateId: SQL | AnyPgColumn | string): SQL =>
  sql`(${flowDelegates.flowId} = '' or ${templateId} = any(string_to_array(${flowDelegates.flowId}, ',')))`;

/**
 * SQL condition: a todo of `handler` on a task of template `templateId` is delegated to `userId`
 * right now. Used by the todo list, so it is one EXISTS per row on the indexed delegate table.
 */
export function delegatedTo(userId: string, handler: AnyPgColumn, templateId: AnyPgColumn, now = Date.now()) {
  return sql`exists (select 1 from ${flowDelegates} where ${and(
    inForce(now),
    eq(flowDelegates.toUserId, userId),
    sql`${flowDelegates.userId} = ${handler}`,
    coversTemplate(templateId),
  )})`;
}

/**
 * SQL condition on a todo list's operators: the caller's own items, or those of a delegator whose
 * approval delegation to the caller is in force now and covers the task's template. The
 * delegations are read first (usually none), so the common case is one equality on the handler
 * that the pending-items index answers in the list's order. `onTemplate`: the condition names the
 * task's template (a delegation of chosen flows), so the tasks must be joined.
 */
export async function todoHandlers(
  db: DbOrTx,
  userId: string,
  handler: AnyPgColumn,
  templateId: AnyPgColumn,
  now = Date.now(),
): Promise<{ condition: SQL; onTemplate: boolean }> {
  const delegations = await db
    .select({ userId: flowDelegates.userId, flowId: flowDelegates.flowId })
    .from(flowDelegates)
    .where(and(inForce(now), eq(flowDelegates.toUserId, userId)));
  const own = eq(handler, userId);
  if (delegations.length === 0) return { condition: own, onTemplate: false };
  const condition = or(
    own,
    ...delegations.map((d) =>
      d.flowId === ''
        ? eq(handler, d.userId)
        : and(eq(handler, d.userId), inArray(templateId, d.flowId.split(','))),
    ),
  ) as SQL;
  return { condition, onTemplate: delegations.some((d) => d.flowId !== '') };
}

/** Whether `userId` may act on `handlerId`'s todo of this template now (the handler or an in-force delegate). */
export async function mayActFor(db: DbOrTx, handlerId: string, userId: string, templateId: string) {
  if (handlerId === userId) return true;
  const [row] = await db
    .select({ id: flowDelegates.id })
    .from(flowDelegates)
    .where(
      and(
        inForce(Date.now()),
        eq(flowDelegates.userId, handlerId),
        eq(flowDelegates.toUserId, userId),
        coversTemplate(templateId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The in-force delegates of these handlers for a template (they are told of a new todo too). */
export async function delegatesOf(db: DbOrTx, handlerIds: string[], templateId: string): Promise<string[]> {
  if (handlerIds.length === 0) return [];
  const rows = await db
    .select({ toUserId: flowDelegates.toUserId })
    .from(flowDelegates)
    .where(and(inForce(Date.now()), inArray(flowDelegates.userId, handlerIds), coversTemplate(templateId)));
  return rows.map((r) => r.toUserId);
}

export class DelegateService {
  constructor(private readonly db: Db) {}

  private async get(db: DbOrTx, id: string): Promise<Delegate> {
    const [row] = await db
      .select()
      .from(flowDelegates)
      .where(and(eq(flowDelegates.id, id), eq(flowDelegates.deleteMark, 0)));
    if (!row) throw badRequest(DelegateMessages.missing);
    return row;
  }

  /** Only the delegator (or an administrator) edits, stops or deletes a delegation. */
  private async own(db: DbOrTx, id: string, session: { userId: string; isAdministrator: boolean }) {
    const row = await this.get(db, id);
    if (row.userId !== session.userId && !session.isAdministrator) throw badRequest(DelegateMessages.notOwn);
    return row;
  }

  private row(d: Delegate) {
    return {
      id: d.id,
      type: d.type,
      userId: d.userId,
      userName: d.userName,
      toUserId: d.toUserId,
      toUserName: d.toUserName,
      flowId: d.flowId,
      flowName: d.flowName,
      flowCategory: d.flowCategory,
      startTime: d.startTime,
      endTime: d.endTime,
      enabledMark: d.enabledMark,
      description: d.description,
      creatorTime: d.creatorTime,
      version: d.version,
    };
  }

  /** GET /FlowDelegate: 1 the caller's delegations, 2 those made to the caller. */
  async list(userId: string, query: FlowDelegateListQuery) {
    const mine = query.myOrDelagateToMe === '1';
    const filters: SQL[] = [
      eq(flowDelegates.deleteMark, 0),
      eq(mine ? flowDelegates.userId : flowDelegates.toUserId, userId),
    ];
    const keyword = keywordMatch(
      query.keyword,
      flowDelegates.flowName,
      mine ? flowDelegates.toUserName : flowDelegates.userName,
    );
    if (keyword) filters.push(keyword);
    const { rows, pagination } = await selectPage(
      this.db,
      flowDelegates,
      and(...filters),
      [desc(flowDelegates.creatorTime), desc(flowDelegates.id)],
      query,
    );
    return { list: rows.map((r) => this.row(r)), pagination };
  }

  async info(id: string, session: { userId: string; isAdministrator: boolean }) {
    const row = await this.get(this.db, id);
    if (row.userId !== session.userId && row.toUserId !== session.userId && !session.isAdministrator)
      throw badRequest(DelegateMessages.missing);
    return this.row(row);
  }

  /** Checks people and flows, and that no other delegation of the delegator overlaps in time and flows. */
  private async prepare(
    tx: DbOrTx,
    body: FlowDelegateBody,
    session: { userId: string; isAdministrator: boolean },
    exceptId?: string,
  ) {
    const delegator = body.userId || session.userId;
    if (delegator !== session.userId && !session.isAdministrator)
      throw badRequest(DelegateMessages.otherDelegator);
    if (body.toUserId === delegator) throw badRequest(`toUserId：${DelegateMessages.self}`);
    const people = await tx
      .select({ id: users.id, enabledMark: users.enabledMark })
      .from(users)
      .where(and(inArray(users.id, [delegator, body.toUserId]), eq(users.deleteMark, 0)));
    const to = people.find((p) => p.id === body.toUserId);
    if (to?.enabledMark !== 1) throw badRequest(`toUserId：${DelegateMessages.userMissing}`);
    if (!people.some((p) => p.id === delegator)) throw badRequest(`userId：${DelegateMessages.userMissing}`);
    let flowName = '全部流程';
    let flowCategory: string | null = null;
    if (body.flowId.length > 0) {
      const flows = await tx
        .select({ id: flowTemplates.id, fullName: flowTemplates.fullName, category: flowTemplates.category })
        .from(flowTemplates)
        .where(and(inArray(flowTemplates.id, body.flowId), eq(flowTemplates.deleteMark, 0)))
        .orderBy(asc(flowTemplates.sortCode));
      if (flows.length !== body.flowId.length) throw badRequest(`flowId：${DelegateMessages.flowMissing}`);
      flowName = flows.map((f) => f.fullName).join(',');
      flowCategory = [...new Set(flows.map((f) => f.category).filter(Boolean))].join(',') || null;
    }
    const overlapping = [
      eq(flowDelegates.userId, delegator),
      eq(flowDelegates.type, body.type),
      eq(flowDelegates.enabledMark, 1),
      eq(flowDelegates.deleteMark, 0),
      lte(flowDelegates.startTime, body.endTime),
      gte(flowDelegates.endTime, body.startTime),
    ];
    if (exceptId) overlapping.push(sql`${flowDelegates.id} <> ${exceptId}`);
    const others = await tx
      .select({ flowId: flowDelegates.flowId })
      .from(flowDelegates)
      .where(and(...overlapping));
    const clash = others.some(
      (o) =>
        o.flowId === '' ||
        body.flowId.length === 0 ||
        o.flowId.split(',').some((f) => body.flowId.includes(f)),
    );
    if (clash) throw badRequest(DelegateMessages.overlap);
    const names = await userNames(tx, [delegator, body.toUserId]);
    return {
      userId: delegator,
      userName: names.get(delegator) ?? null,
      toUserId: body.toUserId,
      toUserName: names.get(body.toUserId) ?? null,
      type: body.type,
      flowId: body.flowId.join(','),
      flowName,
      flowCategory,
      startTime: body.startTime,
      endTime: body.endTime,
      description: body.description ?? null,
    };
  }

  async create(body: FlowDelegateBody, session: { userId: string; isAdministrator: boolean }) {
    return this.db.transaction(async (tx) => {
      const values = await this.prepare(tx, body, session);
      const id = newId();
      await tx.insert(flowDelegates).values({ id, ...values, enabledMark: 1, creatorUserId: session.userId });
      return id;
    });
  }

  async update(id: string, body: FlowDelegateBody, session: { userId: string; isAdministrator: boolean }) {
    await this.db.transaction(async (tx) => {
      const row = await this.own(tx, id, session);
      if (body.version !== undefined && body.version !== row.version) throw badRequest(STALE_VERSION_MESSAGE);
      const values = await this.prepare(tx, body, session, id);
      const updated = await tx
        .update(flowDelegates)
        .set({
          ...values,
          enabledMark: 1,
          lastModifyUserId: session.userId,
          lastModifyTime: Date.now(),
          version: sql`${flowDelegates.version} + 1`,
        })
        .where(and(eq(flowDelegates.id, id), eq(flowDelegates.version, row.version)))
        .returning({ id: flowDelegates.id });
      if (updated.length === 0) throw badRequest(STALE_VERSION_MESSAGE);
    });
  }

  /** PUT /FlowDelegate/Stop/{id}: ends the delegation now. */
  async stop(id: string, session: { userId: string; isAdministrator: boolean }) {
    await this.db.transaction(async (tx) => {
      const row = await this.own(tx, id, session);
      const now = Date.now();
      if (row.enabledMark !== 1 || row.endTime < now) throw badRequest(DelegateMessages.alreadyEnded);
      const updated = await tx
        .update(flowDelegates)
        .set({
          enabledMark: 0,
          endTime: Math.max(now, row.startTime),
          lastModifyUserId: session.userId,
          lastModifyTime: now,
          version: sql`${flowDelegates.version} + 1`,
        })
        .where(and(eq(flowDelegates.id, id), eq(flowDelegates.version, row.version)))
        .returning({ id: flowDelegates.id });
      if (updated.length === 0) throw badRequest(STALE_VERSION_MESSAGE);
    });
  }

  async remove(id: string, session: { userId: string; isAdministrator: boolean }) {
    await this.db.transaction(async (tx) => {
      await this.own(tx, id, session);
      await tx
        .update(flowDelegates)
        .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: session.userId })
        .where(eq(flowDelegates.id, id));
    });
  }

  /** GET /FlowDelegate/getflow: the released templates a delegation may name (flow picker). */
  async flows() {
    const rows = await this.db
      .select({
        id: flowTemplates.id,
        fullName: flowTemplates.fullName,
        enCode: flowTemplates.enCode,
        category: flowTemplates.category,
      })
      .from(flowTemplates)
      .where(and(eq(flowTemplates.deleteMark, 0), eq(flowTemplates.enabledMark, 1)))
      .orderBy(asc(flowTemplates.sortCode), asc(flowTemplates.fullName));
    return { list: rows };
  }

  /** GET /FlowDelegate/userList?flowId: who delegated launching this template to the caller (in force now). */
  async delegators(userId: string, templateId: string) {
    const now = Date.now();
    const filters: SQL[] = [
      eq(flowDelegates.type, '0'),
      eq(flowDelegates.enabledMark, 1),
      eq(flowDelegates.deleteMark, 0),
      lte(flowDelegates.startTime, now),
      gt(flowDelegates.endTime, now),
      eq(flowDelegates.toUserId, userId),
    ];
    if (templateId) filters.push(coversTemplate(templateId));
    const rows = await this.db
      .selectDistinct({ id: flowDelegates.userId, fullName: flowDelegates.userName })
      .from(flowDelegates)
      .where(and(...filters));
    return { list: rows };
  }
}

/**
 * The caller's own items or those of a delegator whose delegation covers the template. The first
 * condition names the possible handlers as a set, so the handler index narrows the rows; the OR
 * with a correlated EXISTS alone scanned every operator (100,000 tasks: 1.9 s a todo page).
 */
export const delegateOr = (handler: AnyPgColumn, userId: string, templateId: AnyPgColumn, now = Date.now()) =>
  and(
    sql`${handler} in (select ${userId}::text union all select ${flowDelegates.userId} from ${flowDelegates} where ${and(
      inForce(now),
      eq(flowDelegates.toUserId, userId),
    )})`,
    or(eq(handler, userId), delegatedTo(userId, handler, templateId, now)),
  ) as SQL;
