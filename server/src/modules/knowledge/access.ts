import { RelationType } from '@console/shared';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { Messages } from '../../core/messages.js';
import type { Session } from '../../core/sessions.js';
import type { DbOrTx } from '../../db/client.js';
import { kbBases, kbGrants, organizes, userRelations, users } from '../../db/schema/index.js';
import { grantObjects, hasPermission } from '../permission/grants.js';

export const KB_PAGE = 'questionAnswering.zskManagement';
export const CHAT_PAGE = 'questionAnswering.chat';

export type KbLevel = 'manage' | 'use';

export const AccessMessages = {
  baseNotFound: '知识库不存在或您没有权限',
  notManager: '您没有管理该知识库的权限',
  adminOnly: '只有管理员可以配置模型接口',
} as const;

/** Whether the caller holds one of the pages (administrators hold all). */
export async function requireAnyPage(db: DbOrTx, session: Session, pages: string[]): Promise<void> {
  if (session.isAdministrator) return;
  for (const page of pages) if (await hasPermission(db, session.userId, page)) return;
  throw badRequest(Messages.permissionDenied);
}

/**
 * The grant objects of a user: itself, its enabled roles, its positions and its units with
 * every unit above them (a grant to a unit covers the staff of its sub-units).
 */
async function kbGrantObjects(db: DbOrTx, userId: string) {
  const objects = await grantObjects(db, userId);
  const units = await db
    .select({ tree: organizes.organizeIdTree })
    .from(organizes)
    .where(
      or(
        inArray(organizes.id, db.select({ id: users.organizeId }).from(users).where(eq(users.id, userId))),
        inArray(
          organizes.id,
          db
            .select({ id: userRelations.objectId })
            .from(userRelations)
            .where(
              and(eq(userRelations.userId, userId), eq(userRelations.objectType, RelationType.Organize)),
            ),
        ),
      ),
    );
  const unitIds = new Set(units.flatMap((u) => u.tree.split(',').filter(Boolean)));
  for (const id of unitIds) objects.push({ objectType: 'Organize', objectId: id });
  return objects;
}

/**
 * The bases (not deleted) the caller may manage or use, with the level: administrators and
 * a base's creator manage; otherwise the highest level granted to any of the caller's objects.
 */
export async function accessibleBases(db: DbOrTx, session: Session): Promise<Map<string, KbLevel>> {
  const access = new Map<string, KbLevel>();
  const live = eq(kbBases.deleteMark, 0);
  if (session.isAdministrator) {
    for (const row of await db.select({ id: kbBases.id }).from(kbBases).where(live))
      access.set(row.id, 'manage');
    return access;
  }
  const own = await db
    .select({ id: kbBases.id })
    .from(kbBases)
    .where(and(live, eq(kbBases.creatorUserId, session.userId)));
  for (const row of own) access.set(row.id, 'manage');
  const objects = await kbGrantObjects(db, session.userId);
  const byType = new Map<string, string[]>();
  for (const o of objects) byType.set(o.objectType, [...(byType.get(o.objectType) ?? []), o.objectId]);
  const matches: SQL[] = [...byType].map(
    ([type, ids]) => and(eq(kbGrants.objectType, type), inArray(kbGrants.objectId, ids))!,
  );
  const granted = await db
    .select({ id: kbGrants.baseId, level: kbGrants.level })
    .from(kbGrants)
    .innerJoin(kbBases, eq(kbBases.id, kbGrants.baseId))
    .where(and(live, or(...matches)));
  for (const row of granted) {
    if (row.level === 'manage' || !access.has(row.id)) access.set(row.id, row.level as KbLevel);
  }
  return access;
}

/** The caller's level on one base; a base it may not reach reads as not found. */
export async function requireBase(
  db: DbOrTx,
  session: Session,
  baseId: string,
  level: KbLevel,
): Promise<KbLevel> {
  const found = (await accessibleBases(db, session)).get(baseId);
  if (!found) throw badRequest(AccessMessages.baseNotFound);
  if (level === 'manage' && found !== 'manage') throw badRequest(AccessMessages.notManager);
  return found;
}
