import { RelationType, UserRelationBody, UserRelationQuery } from '@console/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { Messages } from '../../../core/messages.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Session } from '../../../core/sessions.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import type { DbOrTx } from '../../../db/client.js';
import { groups, positions, roles, userRelations, users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { GrantMessages, grantCeiling, hasPermission } from '../grants.js';
import {
  assertInScope,
  assertRolesInScope,
  inScope,
  type OrganizeScope,
  organizeScope,
  pageScope,
} from '../scope.js';

export const UserRelationMessages = {
  saved: '保存成功',
  objectMissing: '对象不存在或已删除',
  userMissing: '用户不存在或已删除',
  userOutOfScope: '没有权限修改所管理组织以外用户的关联',
} as const;

type ObjectType = 'Role' | 'Position' | 'Group';

/** The page whose member button binds users to each kind of object. */
const PAGE_OF: Record<ObjectType, string> = {
  Role: 'permission.role',
  Position: 'permission.position',
  Group: 'permission.group',
};

const ObjectParams = z.object({ id: z.string().min(1).max(64) });

async function assertAccess(services: Services, session: Session, objectType: ObjectType, button?: string) {
  if (session.isAdministrator) return;
  if (!(await hasPermission(services.db, session.userId, PAGE_OF[objectType], button)))
    throw badRequest(Messages.permissionDenied);
}

/** The object must exist; a position must belong to a unit the caller manages. */
async function assertObject(db: DbOrTx, scope: OrganizeScope, objectType: ObjectType, id: string) {
  if (objectType === RelationType.Position) {
    const [row] = await db
      .select({ organizeId: positions.organizeId })
      .from(positions)
      .where(and(eq(positions.id, id), eq(positions.deleteMark, 0)));
    if (!row) throw badRequest(UserRelationMessages.objectMissing);
    assertInScope(scope, row.organizeId);
    return;
  }
  const table = objectType === RelationType.Role ? roles : groups;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.deleteMark, 0)));
  if (!row) throw badRequest(UserRelationMessages.objectMissing);
}

/** Whether an id names a role, a position or a group (the member dialogs send only the id). */
async function kindOf(db: DbOrTx, id: string): Promise<ObjectType> {
  for (const [objectType, table] of [
    [RelationType.Role, roles],
    [RelationType.Position, positions],
    [RelationType.Group, groups],
  ] as const) {
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.deleteMark, 0)));
    if (row) return objectType;
  }
  throw badRequest(UserRelationMessages.objectMissing);
}

/**
 * Adding members hands the object's grants to them, so the user form's rules apply: a grade
 * administrator adds only to roles of its units (never global ones), and a non-administrator
 * only to roles and positions carrying nothing it lacks.
 */
async function assertMayAddMembers(
  tx: DbOrTx,
  session: Session,
  scope: OrganizeScope,
  objectType: ObjectType,
  id: string,
) {
  if (objectType === RelationType.Group) return;
  if (objectType === RelationType.Role) {
    const [role] = await tx
      .select({ id: roles.id, globalMark: roles.globalMark })
      .from(roles)
      .where(eq(roles.id, id));
    await assertRolesInScope(tx, scope, role ? [role] : []);
  }
  const ceiling = await grantCeiling(tx, session);
  if ((await ceiling.exceeding(objectType, [id])).length)
    throw badRequest(
      objectType === RelationType.Role ? GrantMessages.roleBeyond : GrantMessages.positionBeyond,
    );
}

/**
 * GET/POST /api/permission/UserRelation/{objectId}: the users bound to a role, position or group
 * (the member dialogs of those pages). POST sends the complete list; a grade administrator adds
 * or removes only users of the units it manages, and members are added under the user form's rules.
 */
export function registerUserRelationRoutes(app: FastifyInstance, services: Services) {
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/UserRelation/:id',
    access: 'session',
    params: ObjectParams,
    query: UserRelationQuery,
    handler: async ({ params, query, session }) => {
      const objectType = query.objectType ?? (await kindOf(services.db, params.id));
      await assertAccess(services, session, objectType);
      const rows = await services.db
        .select({ userId: userRelations.userId })
        .from(userRelations)
        .innerJoin(users, and(eq(users.id, userRelations.userId), eq(users.deleteMark, 0)))
        .where(and(eq(userRelations.objectType, objectType), eq(userRelations.objectId, params.id)))
        .orderBy(userRelations.creatorTime);
      return { ids: rows.map((r) => r.userId) };
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/UserRelation/:id',
    access: 'session',
    params: ObjectParams,
    body: UserRelationBody,
    handler: async ({ params, body, session }) => {
      await assertAccess(services, session, body.objectType, 'btn_member');
      // A position's members are bounded like the position page's writes (its data rules too).
      const scope =
        body.objectType === RelationType.Position
          ? await pageScope(services, session, 'permission.position', 'edit')
          : await organizeScope(services, session, 'edit');
      const { db } = services;
      await assertObject(db, scope, body.objectType, params.id);
      await db.transaction(async (tx) => {
        const current = await tx
          .select({ userId: userRelations.userId, organizeId: users.organizeId })
          .from(userRelations)
          .innerJoin(users, eq(users.id, userRelations.userId))
          .where(and(eq(userRelations.objectType, body.objectType), eq(userRelations.objectId, params.id)));
        const wanted = new Set(body.userIds);
        const removed = current.filter((c) => !wanted.has(c.userId));
        const existing = new Set(current.map((c) => c.userId));
        const addedIds = body.userIds.filter((id) => !existing.has(id));
        const added = addedIds.length
          ? await tx
              .select({ id: users.id, organizeId: users.organizeId })
              .from(users)
              .where(and(inArray(users.id, addedIds), eq(users.deleteMark, 0)))
          : [];
        if (added.length !== addedIds.length) throw badRequest(UserRelationMessages.userMissing);
        for (const user of [...added, ...removed.map((r) => ({ id: r.userId, organizeId: r.organizeId }))]) {
          if (!inScope(scope, user.organizeId)) throw badRequest(UserRelationMessages.userOutOfScope);
        }
        if (added.length) await assertMayAddMembers(tx, session, scope, body.objectType, params.id);
        if (removed.length) {
          await tx.delete(userRelations).where(
            and(
              eq(userRelations.objectType, body.objectType),
              eq(userRelations.objectId, params.id),
              inArray(
                userRelations.userId,
                removed.map((r) => r.userId),
              ),
            ),
          );
        }
        if (added.length) {
          const now = Date.now();
          await tx.insert(userRelations).values(
            added.map((user) => ({
              id: newId(),
              userId: user.id,
              objectType: body.objectType,
              objectId: params.id,
              creatorTime: now,
              creatorUserId: session.userId,
            })),
          );
        }
      });
      await bumpStamp(services.kv, StampKey.authorization);
      return answer(null, UserRelationMessages.saved);
    },
  });
}
