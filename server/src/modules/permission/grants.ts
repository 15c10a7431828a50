import { AuthorizeItemType, RelationType } from '@console/shared';
import { and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  authorizes,
  moduleButtons,
  moduleColumns,
  moduleDataSchemes,
  moduleForms,
  modules,
  organizeAdministrators,
  roles,
  userRelations,
} from '../../db/schema/index.js';

/**
 * The pages a grade administrator holds without grants (its units narrow what it sees there),
 * with every button, column and form, and the all-data schemes. Grade management itself stays
 * with the administrators.
 */
export const GRADE_ADMIN_PAGES: readonly string[] = [
  'permission.organize',
  'permission.department',
  'permission.position',
  'permission.role',
  'permission.user',
  'permission.group',
  'permission.authorize',
  'permission.userOnline',
];
export const GrantMessages = {
  roleBeyond: '没有权限分配该角色：该角色拥有您没有的权限',
  positionBeyond: '没有权限分配该岗位：该岗位拥有您没有的权限',
  userBeyond: '没有权限重置该用户的密码：该用户拥有您没有的权限',
} as const;

/** The directory holding those pages, granted with them so that the menu tree reaches them. */
const GRADE_ADMIN_DIRECTORY = 'permission';

const isGradeAdmin = (db: DbOrTx, userId: string) =>
  exists(
    db.select({ one: sql`1` }).from(organizeAdministrators).where(eq(organizeAdministrators.userId, userId)),
  );

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

/** The items a grade administrator holds through GRADE_ADMIN_PAGES; none for anyone else. */
function gradeAdminItems(db: DbOrTx, userId: string) {
  const pages = db
    .select({ id: modules.id })
    .from(modules)
    .where(and(inArray(modules.enCode, [...GRADE_ADMIN_PAGES]), isGradeAdmin(db, userId)));
  const itemsOf = (
    type: string,
    table: typeof moduleButtons | typeof moduleColumns | typeof moduleForms | typeof moduleDataSchemes,
    extra?: SQL,
  ) =>
    db
      .select({ itemType: sql<string>`${type}`.as('item_type'), itemId: table.id })
      .from(table)
      .where(and(inArray(table.moduleId, pages), eq(table.deleteMark, 0), extra));
  return unionAll(
    db
      .select({ itemType: sql<string>`${AuthorizeItemType.Module}`.as('item_type'), itemId: modules.id })
      .from(modules)
      .where(
        and(inArray(modules.enCode, [...GRADE_ADMIN_PAGES, GRADE_ADMIN_DIRECTORY]), isGradeAdmin(db, userId)),
      ),
    itemsOf(AuthorizeItemType.Button, moduleButtons),
    itemsOf(AuthorizeItemType.Column, moduleColumns),
    itemsOf(AuthorizeItemType.Form, moduleForms),
    itemsOf(AuthorizeItemType.Resource, moduleDataSchemes, eq(moduleDataSchemes.allData, 1)),
  );
}

/** Every item id granted to a user, by item type (grants, plus the grade administrator's pages). */
export async function loadGrants(db: DbOrTx, userId: string): Promise<Map<string, Set<string>>> {
  const objects = await grantObjects(db, userId);
  const rows = await unionAll(
    db
      .select({ itemType: authorizes.itemType, itemId: authorizes.itemId })
      .from(authorizes)
      .where(objectFilter(objects)),
    gradeAdminItems(db, userId),
  );
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
 * it: by grants, or as a grade administrator for GRADE_ADMIN_PAGES (whose units then narrow
 * what it may do there). Grants take effect on the next request.
 */
export async function hasPermission(db: DbOrTx, userId: string, moduleCode: string, buttonCode?: string) {
  if (GRADE_ADMIN_PAGES.includes(moduleCode)) {
    const [grade] = await db
      .select({ id: organizeAdministrators.id })
      .from(organizeAdministrators)
      .where(eq(organizeAdministrators.userId, userId))
      .limit(1);
    if (grade) return true;
  }
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

/**
 * What a caller may pass on: binding a user to a role or position, or acting for a user, must not
 * give anyone grants the caller lacks. Administrators have no ceiling.
 */
export interface GrantCeiling {
  /** The roles or positions among `ids` that carry a grant the caller lacks. */
  exceeding(objectType: 'Role' | 'Position', ids: readonly string[]): Promise<string[]>;
  /** Whether the user holds (through itself, its roles, positions or grade) a grant the caller lacks. */
  exceededByUser(userId: string): Promise<boolean>;
}

export async function grantCeiling(
  db: DbOrTx,
  caller: { userId: string; isAdministrator: boolean },
): Promise<GrantCeiling> {
  if (caller.isAdministrator) return { exceeding: async () => [], exceededByUser: async () => false };
  // Loaded on first use: most form saves add no role or position.
  let held: Promise<Map<string, Set<string>>> | undefined;
  const lacking = async () => {
    held ??= loadGrants(db, caller.userId);
    const grants = await held;
    return (itemType: string, itemId: string) => !grants.get(itemType)?.has(itemId);
  };
  return {
    async exceeding(objectType, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ objectId: authorizes.objectId, itemType: authorizes.itemType, itemId: authorizes.itemId })
        .from(authorizes)
        .where(and(eq(authorizes.objectType, objectType), inArray(authorizes.objectId, [...ids])));
      const lacks = await lacking();
      return [...new Set(rows.filter((r) => lacks(r.itemType, r.itemId)).map((r) => r.objectId))];
    },
    async exceededByUser(userId) {
      const [grants, lacks] = await Promise.all([loadGrants(db, userId), lacking()]);
      return [...grants].some(([itemType, ids]) => [...ids].some((id) => lacks(itemType, id)));
    },
  };
}
