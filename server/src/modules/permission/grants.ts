import { AuthorizeItemType, RelationType } from '@console/shared';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authorizes, moduleButtons, modules, roles, userRelations } from '../../db/schema/index.js';

export interface GrantObject {
  objectType: string;
  objectId: string;
}

/** The objects a user's grants come from: the user, its enabled roles and its positions. */
export async function grantObjects(db: DbOrTx, userId: string): Promise<GrantObject[]> {
  const relations = await db
    .select({
      objectType: userRelations.objectType,
      objectId: userRelations.objectId,
      roleEnabled: roles.enabledMark,
    })
    .from(userRelations)
    .leftJoin(
      roles,
      and(eq(userRelations.objectType, RelationType.Role), eq(roles.id, userRelations.objectId)),
    )
    .where(
      and(
        eq(userRelations.userId, userId),
        inArray(userRelations.objectType, [RelationType.Role, RelationType.Position]),
      ),
    );
  const objects: GrantObject[] = [{ objectType: 'User', objectId: userId }];
  for (const relation of relations) {
    if (relation.objectType === RelationType.Role && relation.roleEnabled !== 1) continue;
    objects.push({ objectType: relation.objectType, objectId: relation.objectId });
  }
  return objects;
}

function objectFilter(objects: GrantObject[]): SQL {
  const byType = new Map<string, string[]>();
  for (const o of objects) byType.set(o.objectType, [...(byType.get(o.objectType) ?? []), o.objectId]);
  return or(
    ...[...byType].map(([type, ids]) =>
      and(eq(authorizes.objectType, type), inArray(authorizes.objectId, ids)),
    ),
  )!;
}

/** Every item id granted to a user, by item type. */
export async function loadGrants(db: DbOrTx, userId: string): Promise<Map<string, Set<string>>> {
  const objects = await grantObjects(db, userId);
  const rows = await db
    .selectDistinct({ itemType: authorizes.itemType, itemId: authorizes.itemId })
    .from(authorizes)
    .where(objectFilter(objects));
  const grants = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = grants.get(row.itemType) ?? new Set<string>();
    set.add(row.itemId);
    grants.set(row.itemType, set);
  }
  return grants;
}

/**
 * Whether a non-administrator holds the page (module enCode) and, when given, the button on
 * it. One query; grants take effect on the next request.
 */
export async function hasPermission(db: DbOrTx, userId: string, moduleCode: string, buttonCode?: string) {
  const objects = await grantObjects(db, userId);
  const moduleGranted = db
    .select({ id: modules.id })
    .from(modules)
    .innerJoin(
      authorizes,
      and(eq(authorizes.itemType, AuthorizeItemType.Module), eq(authorizes.itemId, modules.id)),
    )
    .where(
      and(
        eq(modules.enCode, moduleCode),
        eq(modules.enabledMark, 1),
        eq(modules.deleteMark, 0),
        objectFilter(objects),
      ),
    );
  if (!buttonCode) return (await moduleGranted.limit(1)).length > 0;
  const rows = await db
    .select({ id: moduleButtons.id })
    .from(moduleButtons)
    .innerJoin(modules, eq(modules.id, moduleButtons.moduleId))
    .innerJoin(
      authorizes,
      and(eq(authorizes.itemType, AuthorizeItemType.Button), eq(authorizes.itemId, moduleButtons.id)),
    )
    .where(
      and(
        eq(modules.enCode, moduleCode),
        eq(moduleButtons.enCode, buttonCode),
        eq(moduleButtons.enabledMark, 1),
        inArray(modules.id, moduleGranted),
        objectFilter(objects),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
