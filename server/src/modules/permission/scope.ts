import { RelationType } from '@console/shared';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import type { Session } from '../../core/sessions.js';
import type { DbOrTx } from '../../db/client.js';
import { organizeAdministrators, organizeRelations, organizes } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { dataRuleFilter, type RuleLog } from './dataRules.js';

export type ScopeAction = 'select' | 'add' | 'edit' | 'delete';

/**
 * 'all' for administrators and for users who hold the page without being a grade administrator
 * (their rows are narrowed by data rules instead); otherwise the unit ids the grade administrator
 * may act on with that action.
 */
export type OrganizeScope = { all: true } | { all: false; organizeIds: Set<string> };

export const ScopeMessages = {
  outOfScope: '没有权限操作该组织范围内的数据',
  roleOutOfScope: '没有权限分配该角色：只能分配所管理组织的角色',
} as const;

const LAYER_COLUMNS = {
  select: ['thisLayerSelect', 'subLayerSelect'],
  add: ['thisLayerAdd', 'subLayerAdd'],
  edit: ['thisLayerEdit', 'subLayerEdit'],
  delete: ['thisLayerDelete', 'subLayerDelete'],
} as const;

/**
 * The units a user may act on: thisLayer rights cover the assigned unit, subLayer rights every
 * (non-deleted) unit below it. Two queries at most.
 */
export async function organizeScopeOf(
  db: DbOrTx,
  userId: string,
  isAdministrator: boolean,
  action: ScopeAction,
): Promise<OrganizeScope> {
  if (isAdministrator) return { all: true };
  const assignments = await db
    .select()
    .from(organizeAdministrators)
    .where(eq(organizeAdministrators.userId, userId));
  if (assignments.length === 0) return { all: true };
  const [thisColumn, subColumn] = LAYER_COLUMNS[action];
  const organizeIds = new Set<string>();
  const subRoots: string[] = [];
  for (const a of assignments) {
    if (a[thisColumn] === 1) organizeIds.add(a.organizeId);
    if (a[subColumn] === 1) subRoots.push(a.organizeId);
  }
  if (subRoots.length > 0) {
    // A unit lies below a root when the root's id is followed by a comma in its path.
    const below = await db
      .select({ id: organizes.id })
      .from(organizes)
      .where(
        and(
          eq(organizes.deleteMark, 0),
          or(...subRoots.map((root) => like(organizes.organizeIdTree, `%${root},%`))),
        ),
      );
    for (const row of below) organizeIds.add(row.id);
  }
  return { all: false, organizeIds };
}

export async function organizeScope(
  services: Services,
  session: Session,
  action: ScopeAction,
): Promise<OrganizeScope> {
  return organizeScopeOf(services.db, session.userId, session.isAdministrator, action);
}

/** The field each permission page's data schemes name for a unit (db/seed/menus.ts orgSchemes). */
const UNIT_FIELDS = {
  'permission.organize': 'id',
  'permission.position': 'organizeId',
  'permission.user': 'organizeId',
} as const;

export type UnitPage = keyof typeof UNIT_FIELDS;

// Conditions on other fields are expected here: they say nothing about units.
const quiet: RuleLog = { warn: () => undefined };

/**
 * The units a user may write to through a permission page: the grade scope, narrowed by the
 * page's data rules read as rules on units, so a role holding 本部门数据 (the demo 部门管理员)
 * writes only there, as a grade administrator writes only to its units. A scheme naming no unit
 * field grants no unit; a scheme with allData, or a page without data rules, narrows nothing.
 */
export async function pageScope(
  services: Services,
  session: Session,
  page: UnitPage,
  action: ScopeAction,
): Promise<OrganizeScope> {
  const [grade, rules] = await Promise.all([
    organizeScope(services, session, action),
    dataRuleFilter(services.db, session, page, { [UNIT_FIELDS[page]]: organizes.id }, quiet),
  ]);
  if (!rules) return grade;
  const rows = await services.db
    .select({ id: organizes.id })
    .from(organizes)
    .where(and(eq(organizes.deleteMark, 0), rules, scopeFilter(grade, organizes.id)));
  return { all: false, organizeIds: new Set(rows.map((r) => r.id)) };
}

export function inScope(scope: OrganizeScope, organizeId: string | null | undefined): boolean {
  if (scope.all) return true;
  return organizeId != null && scope.organizeIds.has(organizeId);
}

/** Refuses (code 400, nothing changed) when the unit lies outside the scope. */
export function assertInScope(scope: OrganizeScope, organizeId: string | null | undefined): void {
  if (!inScope(scope, organizeId)) throw badRequest(ScopeMessages.outOfScope);
}

/** Refuses unless every given unit lies inside the scope. */
export function assertAllInScope(scope: OrganizeScope, organizeIds: readonly string[]): void {
  for (const id of organizeIds) assertInScope(scope, id);
}

/** A SQL filter for a column holding a unit id; undefined when the scope is everything. */
export function scopeFilter(scope: OrganizeScope, column: Parameters<typeof inArray>[0]) {
  if (scope.all) return undefined;
  if (scope.organizeIds.size === 0) return sql`false`;
  return inArray(column, [...scope.organizeIds]);
}

/**
 * Refuses (code 400) roles a grade administrator may not hand out: global ones, and those of
 * no unit inside its scope. Nothing is refused when the scope is everything.
 */
export async function assertRolesInScope(
  db: DbOrTx,
  scope: OrganizeScope,
  roleRows: readonly { id: string; globalMark: number }[],
): Promise<void> {
  if (scope.all || roleRows.length === 0) return;
  const links = await db
    .select({ objectId: organizeRelations.objectId, organizeId: organizeRelations.organizeId })
    .from(organizeRelations)
    .where(
      and(
        eq(organizeRelations.objectType, RelationType.Role),
        inArray(
          organizeRelations.objectId,
          roleRows.map((r) => r.id),
        ),
      ),
    );
  for (const role of roleRows) {
    const inside = links.some((l) => l.objectId === role.id && inScope(scope, l.organizeId));
    if (role.globalMark === 1 || !inside) throw badRequest(ScopeMessages.roleOutOfScope);
  }
}
