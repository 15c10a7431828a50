import {
  AuthorizeItemType,
  type CurrentUserResult,
  DEFAULT_LAYOUT,
  type MenuNode,
  type ModulePermission,
  type PermissionItem,
  RelationType,
  type SysConfigInfo,
  type SystemRef,
} from '@console/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  moduleButtons,
  moduleColumns,
  moduleDataSchemes,
  moduleForms,
  modules,
  organizes,
  positions,
  roles,
  systems,
  userRelations,
  users,
} from '../../db/schema/index.js';
import { loadGrants } from '../permission/grants.js';
import { type MenuLanguage, systemNameIn, translateMenus } from '../system/baseLang/menuNames.js';
import type { SysConfigValues } from '../system/sysConfig/defaults.js';

type ModuleRow = typeof modules.$inferSelect;

function buildTree(rows: ModuleRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      fullName: row.fullName,
      enCode: row.enCode,
      type: row.type,
      icon: row.icon,
      urlAddress: row.urlAddress,
      linkTarget: row.linkTarget,
      propertyJson: row.propertyJson,
      sortCode: row.sortCode,
      hasChildren: false,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else if (node.parentId === '-1') {
      roots.push(node);
    }
  }
  return roots;
}

/** The settings every signed-in user may read: names, logos and the password rules. */
export function sysConfigInfo(config: SysConfigValues): SysConfigInfo {
  return {
    sysName: config.sysName,
    sysVersion: config.sysVersion,
    copyright: config.copyright,
    companyName: config.companyName,
    logoIcon: config.logoIcon,
    navigationIcon: config.navigationIcon,
    loginIcon: config.loginIcon,
    passwordStrengthLimit: config.passwordStrengthLimit,
    passwordLengthMin: config.passwordLengthMin,
    passwordLengthMinNumber: config.passwordLengthMinNumber,
    containsNumbers: config.containsNumbers,
    includeLowercaseLetters: config.includeLowercaseLetters,
    includeUppercaseLetters: config.includeUppercaseLetters,
    containsCharacters: config.containsCharacters,
    mandatoryModificationOfInitialPassword: config.mandatoryModificationOfInitialPassword,
  };
}

/**
 * Builds the answer of GET /api/oauth/CurrentUser from the user's grants (all for administrators),
 * with the menu names in the language the client shows.
 */
export async function buildCurrentUser(
  db: Db,
  userId: string,
  config: SysConfigValues,
  language: 'zh-CN' | MenuLanguage = 'zh-CN',
): Promise<CurrentUserResult> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`session user ${userId} has no row`);
  const isAdministrator = user.isAdministrator === 1;
  const grants = isAdministrator ? null : await loadGrants(db, userId);
  const granted = (type: string, id: string) => grants === null || (grants.get(type)?.has(id) ?? false);

  const [allSystems, allModules, relations, unitChain] = await Promise.all([
    db
      .select()
      .from(systems)
      .where(and(eq(systems.enabledMark, 1), eq(systems.deleteMark, 0)))
      .orderBy(asc(systems.sortCode)),
    db
      .select()
      .from(modules)
      .where(and(eq(modules.enabledMark, 1), eq(modules.deleteMark, 0), eq(modules.category, 'Web')))
      .orderBy(asc(modules.sortCode), asc(modules.creatorTime)),
    db
      .select({
        objectType: userRelations.objectType,
        objectId: userRelations.objectId,
        positionName: positions.fullName,
        roleName: roles.fullName,
      })
      .from(userRelations)
      .leftJoin(
        positions,
        and(eq(userRelations.objectType, RelationType.Position), eq(positions.id, userRelations.objectId)),
      )
      .leftJoin(
        roles,
        and(eq(userRelations.objectType, RelationType.Role), eq(roles.id, userRelations.objectId)),
      )
      .where(eq(userRelations.userId, userId))
      .orderBy(asc(userRelations.sortCode)),
    unitsAbove(db, user.organizeId),
  ]);

  const visibleModules = await translateMenus(
    db,
    allModules.filter((m) => granted(AuthorizeItemType.Module, m.id)),
    language,
  );
  const moduleSystemIds = new Set(visibleModules.map((m) => m.systemId));
  const visibleSystems = allSystems.filter(
    (s) => isAdministrator || granted(AuthorizeItemType.System, s.id) || moduleSystemIds.has(s.id),
  );
  const current =
    visibleSystems.find((s) => s.id === user.systemId) ??
    visibleSystems.find((s) => s.isMain === 1) ??
    visibleSystems[0];
  const systemIds: SystemRef[] = visibleSystems.map((s) => ({
    id: s.id,
    name: s.fullName,
    icon: s.icon,
    currentSystem: s.id === current?.id,
  }));
  // Each system is the root node of its menus, with the node fields the client walks (type 0: a folder).
  const routerList = visibleSystems.map((s, i) => {
    const children = buildTree(visibleModules.filter((m) => m.systemId === s.id));
    return {
      ...systemIds[i]!,
      fullName: s.fullName,
      enCode: s.enCode,
      type: 0,
      hasChildren: children.length > 0,
      children,
    };
  });
  const menuList = routerList.find((r) => r.currentSystem)?.children ?? [];

  const permissionList = await modulePermissions(
    db,
    visibleModules.filter((m) => m.type >= 2),
    granted,
  );

  const department = unitChain.at(-1);
  const positionRefs = relations
    .filter((r) => r.objectType === RelationType.Position && r.positionName)
    .map((r) => ({ id: r.objectId, name: r.positionName! }));
  const roleRelations = relations.filter((r) => r.objectType === RelationType.Role && r.roleName);

  return {
    menuList,
    routerList,
    permissionList,
    sysConfigInfo: { ...sysConfigInfo(config), sysName: systemNameIn(config.sysName, language) },
    userInfo: {
      userId: user.id,
      userAccount: user.account,
      userName: user.realName,
      headIcon: user.headIcon ?? '',
      organizeId: user.organizeId,
      // The whole path, root first (示范区人民政府/财政局), as the 3.4.7 client's currOrganize shows it.
      organizeName: unitChain.map((u) => u.fullName).join('/'),
      departmentId: department?.category === 'department' ? department.id : null,
      departmentName: department?.category === 'department' ? department.fullName : '',
      organizeIdList: unitChain.map((u) => u.id),
      positionIds: positionRefs,
      positionName: positionRefs.map((p) => p.name).join(','),
      roleIds: roleRelations.map((r) => r.objectId),
      roleName: roleRelations.map((r) => r.roleName).join(','),
      manager: user.managerId,
      isAdministrator,
      portalId: user.portalId,
      signImg: user.signImg,
      changePasswordDate:
        user.mustChangePassword === 1 ? null : (user.changePasswordDate ?? user.creatorTime),
      prevLogin: user.prevLogTime ? 1 : 0,
      prevLoginTime: user.prevLogTime,
      prevLoginIPAddress: user.prevLogIp,
      prevLoginIPAddressName: user.prevLogIpName,
      systemIds,
      mobilePhone: user.mobilePhone,
      email: user.email,
      theme: user.theme ?? DEFAULT_LAYOUT,
      language: user.language,
    },
  };
}

/** The user's unit and every unit above it, root first. */
async function unitsAbove(db: Db, organizeId: string | null) {
  if (!organizeId) return [];
  const [unit] = await db
    .select({ tree: organizes.organizeIdTree })
    .from(organizes)
    .where(eq(organizes.id, organizeId))
    .limit(1);
  if (!unit) return [];
  const ids = unit.tree.split(',');
  const rows = await db
    .select({ id: organizes.id, fullName: organizes.fullName, category: organizes.category })
    .from(organizes)
    .where(inArray(organizes.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
}

async function modulePermissions(
  db: Db,
  pages: ModuleRow[],
  granted: (type: string, id: string) => boolean,
): Promise<ModulePermission[]> {
  if (pages.length === 0) return [];
  const ids = pages.map((p) => p.id);
  // The four item tables share their columns (moduleItemColumns), so one query shape serves all.
  const itemQuery = (table: typeof moduleButtons) =>
    db
      .select({ id: table.id, moduleId: table.moduleId, fullName: table.fullName, enCode: table.enCode })
      .from(table)
      .where(and(inArray(table.moduleId, ids), eq(table.enabledMark, 1), eq(table.deleteMark, 0)))
      .orderBy(asc(table.sortCode));
  const [buttons, columns, forms, schemes] = await Promise.all([
    itemQuery(moduleButtons),
    itemQuery(moduleColumns as unknown as typeof moduleButtons),
    itemQuery(moduleForms as unknown as typeof moduleButtons),
    itemQuery(moduleDataSchemes as unknown as typeof moduleButtons),
  ]);
  const byModule = (
    rows: { id: string; moduleId: string; fullName: string; enCode: string }[],
    type: string,
  ) => {
    const map = new Map<string, PermissionItem[]>();
    for (const row of rows) {
      if (!granted(type, row.id)) continue;
      const list = map.get(row.moduleId) ?? [];
      list.push({ id: row.id, fullName: row.fullName, enCode: row.enCode });
      map.set(row.moduleId, list);
    }
    return map;
  };
  const buttonMap = byModule(buttons, AuthorizeItemType.Button);
  const columnMap = byModule(columns, AuthorizeItemType.Column);
  const formMap = byModule(forms, AuthorizeItemType.Form);
  const resourceMap = byModule(schemes, AuthorizeItemType.Resource);
  return pages.map((page) => ({
    modelId: page.id,
    moduleName: page.fullName,
    button: buttonMap.get(page.id) ?? [],
    column: columnMap.get(page.id) ?? [],
    form: formMap.get(page.id) ?? [],
    resource: resourceMap.get(page.id) ?? [],
  }));
}
