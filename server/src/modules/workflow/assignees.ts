import type { ApproverProperties } from '@console/shared';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { flowTaskOperators, organizes, userRelations, users } from '../../db/schema/index.js';

/**
 * Who handles an approver node (workflow.md 2.3 assigneeType). Only enabled, undeleted users
 * are answered; an empty answer lets the caller apply the start node's errorRule.
 */

export interface AssigneeContext {
  db: DbOrTx;
  taskId: string;
  initiatorId: string;
  formData: Record<string, unknown>;
  /** candidateList / errorRuleUserList of the submitter for this node. */
  chosen: string[];
}

const RELATION_BY_FIELD_TYPE: Record<number, string> = {
  2: 'Organize',
  3: 'Position',
  4: 'Role',
  5: 'Group',
};

async function enabled(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), eq(users.enabledMark, 1), eq(users.deleteMark, 0)));
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => found.has(id));
}

/** Members named on a node: users, and the users of positions, roles, organisations and groups. */
export async function membersOf(
  db: DbOrTx,
  lists: { users: string[]; positions: string[]; roles: string[]; orgs: string[]; groups: string[] },
): Promise<string[]> {
  const ids = [...lists.users];
  const relations: SQL[] = [];
  if (lists.positions.length)
    relations.push(
      and(eq(userRelations.objectType, 'Position'), inArray(userRelations.objectId, lists.positions))!,
    );
  if (lists.roles.length)
    relations.push(and(eq(userRelations.objectType, 'Role'), inArray(userRelations.objectId, lists.roles))!);
  if (lists.groups.length)
    relations.push(
      and(eq(userRelations.objectType, 'Group'), inArray(userRelations.objectId, lists.groups))!,
    );
  if (lists.orgs.length)
    relations.push(
      and(eq(userRelations.objectType, 'Organize'), inArray(userRelations.objectId, lists.orgs))!,
    );
  if (relations.length) {
    const rows = await db
      .select({ id: userRelations.userId })
      .from(userRelations)
      .where(or(...relations));
    ids.push(...rows.map((r) => r.id));
  }
  if (lists.orgs.length) {
    const rows = await db.select({ id: users.id }).from(users).where(inArray(users.organizeId, lists.orgs));
    ids.push(...rows.map((r) => r.id));
  }
  return enabled(db, ids);
}

export const nodeMembers = (db: DbOrTx, p: ApproverProperties) =>
  membersOf(db, {
    users: p.approvers,
    positions: p.approverPos,
    roles: p.approverRole,
    orgs: p.approverOrg,
    groups: p.approverGroup,
  });

async function managerOf(db: DbOrTx, userId: string, levels: number): Promise<string[]> {
  let current = userId;
  for (let level = 0; level < levels; level++) {
    const [row] = await db.select({ managerId: users.managerId }).from(users).where(eq(users.id, current));
    if (!row?.managerId) return [];
    current = row.managerId;
  }
  return enabled(db, [current]);
}

async function departmentHead(db: DbOrTx, userId: string, levels: number): Promise<string[]> {
  const [user] = await db.select({ organizeId: users.organizeId }).from(users).where(eq(users.id, userId));
  let orgId = user?.organizeId ?? null;
  for (let level = 1; orgId && level < levels; level++) {
    const [org] = await db
      .select({ parentId: organizes.parentId })
      .from(organizes)
      .where(eq(organizes.id, orgId));
    orgId = org && org.parentId !== '-1' && org.parentId !== '0' ? org.parentId : null;
  }
  if (!orgId) return [];
  const [org] = await db
    .select({ managerId: organizes.managerId })
    .from(organizes)
    .where(eq(organizes.id, orgId));
  return org?.managerId ? enabled(db, [org.managerId]) : [];
}

function idsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => idsIn(v));
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

/** The handlers of an approver node for this task (possibly none). */
export async function resolveAssignees(ctx: AssigneeContext, p: ApproverProperties): Promise<string[]> {
  const { db } = ctx;
  switch (p.assigneeType) {
    case 3:
      return enabled(db, [ctx.initiatorId]);
    case 1:
      return managerOf(db, ctx.initiatorId, p.managerLevel);
    case 2:
      return departmentHead(db, ctx.initiatorId, p.departmentLevel);
    case 4: {
      const values = idsIn(
        Object.hasOwn(ctx.formData, p.formField ?? '') ? ctx.formData[p.formField ?? ''] : undefined,
      );
      const relation = RELATION_BY_FIELD_TYPE[p.formFieldType];
      if (!relation) return enabled(db, values);
      return membersOf(db, {
        users: [],
        positions: relation === 'Position' ? values : [],
        roles: relation === 'Role' ? values : [],
        orgs: relation === 'Organize' ? values : [],
        groups: relation === 'Group' ? values : [],
      });
    }
    case 5: {
      const rows = await db
        .select({ handleId: flowTaskOperators.handleId })
        .from(flowTaskOperators)
        .where(
          and(
            eq(flowTaskOperators.taskId, ctx.taskId),
            eq(flowTaskOperators.nodeCode, p.nodeId ?? ''),
            eq(flowTaskOperators.completion, 1),
          ),
        )
        .orderBy(desc(flowTaskOperators.handleTime));
      return enabled(
        db,
        rows.map((r) => r.handleId),
      );
    }
    case 7: {
      // Candidates: the submitter picks among the members; only members count.
      const members = new Set(await nodeMembers(db, p));
      return ctx.chosen.filter((id) => members.has(id));
    }
    default:
      return nodeMembers(db, p);
  }
}

/** Display names "realName/account" of users, by id. */
export async function userNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, realName: users.realName, account: users.account })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, `${r.realName}/${r.account}`]));
}
