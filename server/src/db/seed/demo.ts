/**
 * Demonstration data: a district government (示范区人民政府) with its offices and two sub-district
 * offices, positions, four roles, staff users, two groups, the roles' grants on the menus that
 * seedMenus inserted, and a small knowledge base for the chat page. Run after seedMenus, in the same
 * transaction.
 *
 * Demo staff have no password (passwordHash NULL): they cannot sign in until an administrator sets
 * one through the user page's reset-password action.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { newId } from '../../core/ids.js';
import { seedDemoCrmOrders } from '../../modules/extend/crmOrder/seed.js';
import { seedTableExamples } from '../../modules/extend/tableExample/seed.js';
import type { Tx } from '../client.js';
import {
  authorizes,
  groups,
  moduleButtons,
  moduleColumns,
  moduleDataSchemes,
  moduleForms,
  modules,
  organizes,
  positions,
  roles,
  userRelations,
  users,
} from '../schema/index.js';
import { seedDemoExtend } from './demo-extend.js';
import { seedDemoKnowledge } from './demo-knowledge.js';

type RelationObjectType = 'Organize' | 'Position' | 'Role' | 'Group';
type AuthorizeItemType = 'system' | 'module' | 'button' | 'column' | 'form' | 'resource';

interface OrganizeSeed {
  enCode: string;
  fullName: string;
  shortName?: string;
  category: 'company' | 'department';
  /** enCode of the parent; absent for the root. */
  parent?: string;
  /** Account of the unit's head (organizes.managerId). */
  manager?: string;
}

interface PositionSeed {
  enCode: string;
  fullName: string;
  organize: string;
  type: 'leader' | 'staff';
}

interface RoleSeed {
  enCode: string;
  fullName: string;
  description: string;
}

interface UserSeed {
  account: string;
  realName: string;
  gender: 1 | 2;
  mobilePhone: string;
  organize: string;
  positions: string[];
  roles: string[];
}

interface GroupSeed {
  enCode: string;
  fullName: string;
  type: string;
  description: string;
  members: string[];
}

/** 'all' grants every item of that kind on the page; a list names item codes. */
type ItemPick = 'all' | readonly string[];

interface ModuleGrant {
  /** Menu enCode. Its ancestor directories are granted too. */
  module: string;
  buttons?: ItemPick;
  columns?: ItemPick;
  forms?: ItemPick;
  /** Data-scheme codes (itemType 'resource'). */
  schemes?: ItemPick;
}

export const DEMO_ORGANIZES: readonly OrganizeSeed[] = [
  { enCode: 'QZF', fullName: '示范区人民政府', shortName: '区政府', category: 'company' },
  {
    enCode: 'QZF-BGS',
    fullName: '区政府办公室',
    category: 'department',
    parent: 'QZF',
    manager: 'wangjianguo',
  },
  { enCode: 'QZF-FGJ', fullName: '发展和改革局', category: 'department', parent: 'QZF', manager: 'hejun' },
  { enCode: 'QZF-CZJ', fullName: '财政局', category: 'department', parent: 'QZF', manager: 'huanglei' },
  { enCode: 'QZF-JYJ', fullName: '教育局', category: 'department', parent: 'QZF' },
  { enCode: 'QZF-WJJ', fullName: '卫生健康局', category: 'department', parent: 'QZF' },
  { enCode: 'QZF-MZJ', fullName: '民政局', category: 'department', parent: 'QZF' },
  { enCode: 'QZF-RSJ', fullName: '人力资源和社会保障局', category: 'department', parent: 'QZF' },
  {
    enCode: 'QZF-SJJ',
    fullName: '数据资源管理局',
    category: 'department',
    parent: 'QZF',
    manager: 'zhangwei',
  },
  {
    enCode: 'QZF-SJJ-XXHK',
    fullName: '信息化科',
    category: 'department',
    parent: 'QZF-SJJ',
    manager: 'liuyang',
  },
  {
    enCode: 'QZF-SJJ-SJZLK',
    fullName: '数据治理科',
    category: 'department',
    parent: 'QZF-SJJ',
    manager: 'yangfan',
  },
  {
    enCode: 'QZF-DHJD',
    fullName: '东湖街道办事处',
    shortName: '东湖街道',
    category: 'company',
    parent: 'QZF',
  },
  {
    enCode: 'QZF-DHJD-DZB',
    fullName: '党政办公室',
    category: 'department',
    parent: 'QZF-DHJD',
    manager: 'hujun',
  },
  { enCode: 'QZF-DHJD-SQFW', fullName: '社区服务中心', category: 'department', parent: 'QZF-DHJD' },
  {
    enCode: 'QZF-XSJD',
    fullName: '西山街道办事处',
    shortName: '西山街道',
    category: 'company',
    parent: 'QZF',
  },
  { enCode: 'QZF-XSJD-DZB', fullName: '党政办公室', category: 'department', parent: 'QZF-XSJD' },
];

const positionsOf = (organize: string, list: [code: string, fullName: string][]): PositionSeed[] =>
  list.map(([code, fullName]) => ({
    enCode: `${organize}-${code}`,
    fullName,
    organize,
    type: code === 'KY' ? 'staff' : 'leader',
  }));

const BUREAU: [string, string][] = [
  ['JZ', '局长'],
  ['FJZ', '副局长'],
  ['KY', '科员'],
];
const SECTION: [string, string][] = [
  ['KZ', '科长'],
  ['FKZ', '副科长'],
  ['KY', '科员'],
];
const OFFICE: [string, string][] = [
  ['ZR', '主任'],
  ['FZR', '副主任'],
  ['KY', '科员'],
];

export const DEMO_POSITIONS: readonly PositionSeed[] = [
  ...positionsOf('QZF-BGS', OFFICE),
  ...['QZF-FGJ', 'QZF-CZJ', 'QZF-JYJ', 'QZF-WJJ', 'QZF-MZJ', 'QZF-RSJ', 'QZF-SJJ'].flatMap((org) =>
    positionsOf(org, BUREAU),
  ),
  ...positionsOf('QZF-SJJ-XXHK', SECTION),
  ...positionsOf('QZF-SJJ-SJZLK', SECTION),
  ...positionsOf('QZF-DHJD-DZB', OFFICE),
  ...positionsOf('QZF-DHJD-SQFW', OFFICE),
  ...positionsOf('QZF-XSJD-DZB', OFFICE),
];

export const DEMO_ROLES: readonly RoleSeed[] = [
  { enCode: 'deptAdmin', fullName: '部门管理员', description: '管理本部门的用户、组织与岗位' },
  { enCode: 'staff', fullName: '普通职员', description: '日常办公：消息、流程与知识库查阅' },
  { enCode: 'kbEditor', fullName: '知识库编辑', description: '维护智能问答知识库' },
  { enCode: 'auditor', fullName: '审计员', description: '查阅系统日志、消息监控与在线用户' },
];

export const DEMO_USERS: readonly UserSeed[] = [
  {
    account: 'wangjianguo',
    realName: '王建国',
    gender: 1,
    mobilePhone: '13805710101',
    organize: 'QZF-BGS',
    positions: ['QZF-BGS-ZR'],
    roles: ['deptAdmin', 'staff'],
  },
  {
    account: 'lixiuying',
    realName: '李秀英',
    gender: 2,
    mobilePhone: '13905710102',
    organize: 'QZF-BGS',
    positions: ['QZF-BGS-KY'],
    roles: ['staff'],
  },
  {
    account: 'linxiaodong',
    realName: '林晓东',
    gender: 1,
    mobilePhone: '15057100103',
    organize: 'QZF-BGS',
    positions: ['QZF-BGS-KY'],
    roles: ['auditor'],
  },
  {
    account: 'hejun',
    realName: '何军',
    gender: 1,
    mobilePhone: '13605710104',
    organize: 'QZF-FGJ',
    positions: ['QZF-FGJ-JZ'],
    roles: ['deptAdmin', 'staff'],
  },
  {
    account: 'huanglei',
    realName: '黄磊',
    gender: 1,
    mobilePhone: '13705710105',
    organize: 'QZF-CZJ',
    positions: ['QZF-CZJ-JZ'],
    roles: ['deptAdmin', 'staff'],
  },
  {
    account: 'zhouting',
    realName: '周婷',
    gender: 2,
    mobilePhone: '18857100106',
    organize: 'QZF-CZJ',
    positions: ['QZF-CZJ-KY'],
    roles: ['auditor', 'staff'],
  },
  {
    account: 'wuqiang',
    realName: '吴强',
    gender: 1,
    mobilePhone: '15157100107',
    organize: 'QZF-JYJ',
    positions: ['QZF-JYJ-KY'],
    roles: ['staff'],
  },
  {
    account: 'xuli',
    realName: '徐丽',
    gender: 2,
    mobilePhone: '18657100108',
    organize: 'QZF-WJJ',
    positions: ['QZF-WJJ-KY'],
    roles: ['staff'],
  },
  {
    account: 'sunhao',
    realName: '孙浩',
    gender: 1,
    mobilePhone: '17757100109',
    organize: 'QZF-MZJ',
    positions: ['QZF-MZJ-KY'],
    roles: ['staff'],
  },
  {
    account: 'zhulin',
    realName: '朱琳',
    gender: 2,
    mobilePhone: '19957100110',
    organize: 'QZF-RSJ',
    positions: ['QZF-RSJ-KY'],
    roles: ['staff'],
  },
  {
    account: 'zhangwei',
    realName: '张伟',
    gender: 1,
    mobilePhone: '13857100111',
    organize: 'QZF-SJJ',
    positions: ['QZF-SJJ-JZ'],
    roles: ['deptAdmin', 'staff'],
  },
  {
    account: 'liuyang',
    realName: '刘洋',
    gender: 1,
    mobilePhone: '13957100112',
    organize: 'QZF-SJJ-XXHK',
    positions: ['QZF-SJJ-XXHK-KZ'],
    roles: ['kbEditor', 'staff'],
  },
  {
    account: 'chenjing',
    realName: '陈静',
    gender: 2,
    mobilePhone: '15857100113',
    organize: 'QZF-SJJ-XXHK',
    positions: ['QZF-SJJ-XXHK-KY'],
    roles: ['kbEditor', 'staff'],
  },
  {
    account: 'yangfan',
    realName: '杨帆',
    gender: 1,
    mobilePhone: '18757100114',
    organize: 'QZF-SJJ-SJZLK',
    positions: ['QZF-SJJ-SJZLK-KZ'],
    roles: ['staff'],
  },
  {
    account: 'zhaomin',
    realName: '赵敏',
    gender: 2,
    mobilePhone: '13757100115',
    organize: 'QZF-SJJ-SJZLK',
    positions: ['QZF-SJJ-SJZLK-FKZ'],
    roles: ['staff'],
  },
  {
    account: 'hujun',
    realName: '胡军',
    gender: 1,
    mobilePhone: '13605710116',
    organize: 'QZF-DHJD-DZB',
    positions: ['QZF-DHJD-DZB-ZR'],
    roles: ['deptAdmin', 'staff'],
  },
  {
    account: 'guofang',
    realName: '郭芳',
    gender: 2,
    mobilePhone: '15968100117',
    organize: 'QZF-XSJD-DZB',
    positions: ['QZF-XSJD-DZB-KY'],
    roles: ['staff'],
  },
];

export const DEMO_GROUPS: readonly GroupSeed[] = [
  {
    enCode: 'SZZFZB',
    fullName: '数字政府建设专班',
    type: '工作专班',
    description: '统筹推进全区数字政府建设',
    members: ['zhangwei', 'wangjianguo', 'liuyang', 'chenjing', 'yangfan'],
  },
  {
    enCode: 'ZSKYYXZ',
    fullName: '知识库运营小组',
    type: '工作小组',
    description: '负责智能问答知识库的内容维护与审核',
    members: ['liuyang', 'chenjing', 'lixiuying'],
  },
];

/** Pages every role gets: the shell's own pages. */
const COMMON_PAGES: ModuleGrant[] = [
  { module: 'home' },
  { module: 'dashboard' },
  { module: 'basic.messageRecord', buttons: 'all' },
  { module: 'basic.profile' },
  { module: 'basic.externalLink' },
  { module: 'basic.lockScreen' },
  { module: 'questionAnswering.chat' },
];

const FULL = { buttons: 'all', columns: 'all', forms: 'all', schemes: ['all'] } as const;
const OWN_DEPARTMENT = { ...FULL, schemes: ['org'] } as const;

export const DEMO_ROLE_GRANTS: Readonly<Record<string, readonly ModuleGrant[]>> = {
  staff: [
    ...COMMON_PAGES,
    {
      module: 'questionAnswering.zskManagement',
      buttons: ['btn_detail', 'btn_download'],
      columns: 'all',
      schemes: ['all'],
    },
    { module: 'workFlow.flowQuickLaunch' },
    { module: 'workFlow.flowLaunch', buttons: 'all' },
    { module: 'workFlow.flowTodo', buttons: 'all' },
    { module: 'workFlow.flowDone', buttons: 'all' },
    { module: 'workFlow.flowCirculate', buttons: 'all' },
    { module: 'workFlow.entrust', buttons: 'all' },
    { module: 'workFlow.workFlowDetail' },
    { module: 'extend.document', buttons: 'all' },
  ],
  kbEditor: [...COMMON_PAGES, { module: 'questionAnswering.zskManagement', ...FULL }],
  // Its own department only, as its name says (migration 0006 narrows existing databases).
  deptAdmin: [
    ...COMMON_PAGES,
    { module: 'permission.user', ...OWN_DEPARTMENT },
    { module: 'permission.organize', ...OWN_DEPARTMENT },
    { module: 'permission.position', ...OWN_DEPARTMENT },
  ],
  auditor: [
    ...COMMON_PAGES,
    { module: 'system.log', buttons: ['btn_detail', 'btn_export'], columns: 'all', schemes: ['all'] },
    { module: 'msgCenter.msgMonitor', buttons: ['btn_detail'], columns: 'all', schemes: ['all'] },
    { module: 'permission.userOnline', columns: 'all', schemes: ['all'] },
  ],
};

/** Lower-case pinyin initials, e.g. 张伟 -> 'zw' (surnames read as surnames: 单 -> s). */
export const quickQueryOf = (name: string): string =>
  pinyin(name, { pattern: 'first', toneType: 'none', surname: 'head', type: 'array' }).join('').toLowerCase();

const must = <T>(map: Map<string, T>, key: string, what: string): T => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seedDemo: unknown ${what} '${key}'`);
  return value;
};

/** Creates the demo organisation, its people and the roles' grants in `ctx.systemId`. */
export async function seedDemo(tx: Tx, ctx: { systemId: string }): Promise<void> {
  const now = Date.now();
  const orgIds = new Map(DEMO_ORGANIZES.map((o) => [o.enCode, newId()]));
  const userIds = new Map(DEMO_USERS.map((u) => [u.account, newId()]));
  const positionIds = new Map(DEMO_POSITIONS.map((p) => [p.enCode, newId()]));
  const roleIds = new Map(DEMO_ROLES.map((r) => [r.enCode, newId()]));
  const groupIds = new Map(DEMO_GROUPS.map((g) => [g.enCode, newId()]));
  const orgByCode = new Map(DEMO_ORGANIZES.map((o) => [o.enCode, o]));

  /** Codes from the root down to and including `code`. */
  const orgPath = (code: string): string[] => {
    const org = must(orgByCode, code, 'organisation');
    return org.parent ? [...orgPath(org.parent), code] : [code];
  };

  // Organisations, parents before children.
  await tx.insert(organizes).values(
    DEMO_ORGANIZES.map((o, i) => ({
      id: must(orgIds, o.enCode, 'organisation'),
      parentId: o.parent ? must(orgIds, o.parent, 'organisation') : '-1',
      category: o.category,
      fullName: o.fullName,
      enCode: o.enCode,
      shortName: o.shortName ?? null,
      managerId: o.manager ? must(userIds, o.manager, 'user') : null,
      organizeIdTree: orgPath(o.enCode)
        .map((code) => must(orgIds, code, 'organisation'))
        .join(','),
      sortCode: (i + 1) * 10,
      creatorTime: now,
    })),
  );

  await tx.insert(positions).values(
    DEMO_POSITIONS.map((p, i) => ({
      id: must(positionIds, p.enCode, 'position'),
      organizeId: must(orgIds, p.organize, 'organisation'),
      fullName: p.fullName,
      enCode: p.enCode,
      type: p.type,
      sortCode: (i + 1) * 10,
      creatorTime: now,
    })),
  );

  await tx.insert(roles).values(
    DEMO_ROLES.map((r, i) => ({
      id: must(roleIds, r.enCode, 'role'),
      fullName: r.fullName,
      enCode: r.enCode,
      globalMark: 1,
      sortCode: (i + 1) * 10,
      description: r.description,
      creatorTime: now,
    })),
  );

  await tx.insert(groups).values(
    DEMO_GROUPS.map((g, i) => ({
      id: must(groupIds, g.enCode, 'group'),
      fullName: g.fullName,
      enCode: g.enCode,
      type: g.type,
      sortCode: (i + 1) * 10,
      description: g.description,
      creatorTime: now,
    })),
  );

  /** The nearest head above the user: of their own unit unless that is themselves, else further up. */
  const managerOf = (user: UserSeed): string | null => {
    for (const code of orgPath(user.organize).reverse()) {
      const manager = must(orgByCode, code, 'organisation').manager;
      if (manager && manager !== user.account) return must(userIds, manager, 'user');
    }
    return null;
  };

  await tx.insert(users).values(
    DEMO_USERS.map((u, i) => ({
      id: must(userIds, u.account, 'user'),
      account: u.account,
      realName: u.realName,
      quickQuery: quickQueryOf(u.realName),
      gender: u.gender,
      mobilePhone: u.mobilePhone,
      email: `${u.account}@district.example.com`,
      organizeId: must(orgIds, u.organize, 'organisation'),
      managerId: managerOf(u),
      passwordHash: null,
      enabledMark: 1,
      systemId: ctx.systemId,
      sortCode: (i + 1) * 10,
      creatorTime: now,
    })),
  );

  const relation = (userId: string, objectType: RelationObjectType, objectId: string, sortCode: number) => ({
    id: newId(),
    userId,
    objectType,
    objectId,
    sortCode,
    creatorTime: now,
  });
  const relationRows = DEMO_USERS.flatMap((u) => {
    const userId = must(userIds, u.account, 'user');
    return [
      relation(userId, 'Organize', must(orgIds, u.organize, 'organisation'), 0),
      ...u.positions.map((p, i) => relation(userId, 'Position', must(positionIds, p, 'position'), i)),
      ...u.roles.map((r, i) => relation(userId, 'Role', must(roleIds, r, 'role'), i)),
    ];
  });
  for (const g of DEMO_GROUPS) {
    g.members.forEach((account, i) => {
      relationRows.push(
        relation(must(userIds, account, 'user'), 'Group', must(groupIds, g.enCode, 'group'), i),
      );
    });
  }
  await tx.insert(userRelations).values(relationRows);

  await tx.insert(authorizes).values(await roleGrantRows(tx, ctx.systemId, roleIds, now));
  await seedDemoKnowledge(tx, {
    editorId: must(userIds, 'liuyang', 'user'),
    editorRoleId: must(roleIds, 'kbEditor', 'role'),
    organizeId: must(orgIds, 'QZF', 'organisation'),
    now,
  });
  await seedDemoExtend(tx, {
    managerIds: [must(userIds, 'zhangwei', 'user'), must(userIds, 'yangfan', 'user')],
    creatorId: must(userIds, 'zhangwei', 'user'),
    now,
  });
  await seedDemoCrmOrders(tx, { creatorId: must(userIds, 'zhangwei', 'user'), salesmanName: '张伟', now });
  await seedTableExamples(tx, { creatorId: must(userIds, 'zhangwei', 'user'), registrant: '张伟', now });
}

/** Builds the authorize rows of DEMO_ROLE_GRANTS from the menus seedMenus inserted. */
async function roleGrantRows(tx: Tx, systemId: string, roleIds: Map<string, string>, now: number) {
  const menuRows = await tx
    .select({ id: modules.id, enCode: modules.enCode, parentId: modules.parentId })
    .from(modules)
    .where(and(eq(modules.systemId, systemId), eq(modules.category, 'Web'), eq(modules.deleteMark, 0)));
  const menuByCode = new Map(menuRows.map((m) => [m.enCode, m]));
  const menuById = new Map(menuRows.map((m) => [m.id, m]));
  const moduleIds = menuRows.map((m) => m.id);

  type ItemRow = { id: string; moduleId: string; enCode: string };
  const byModule = (rows: ItemRow[]) => {
    const map = new Map<string, ItemRow[]>();
    for (const row of rows) map.set(row.moduleId, [...(map.get(row.moduleId) ?? []), row]);
    return map;
  };
  const itemsOf = async (
    table: typeof moduleButtons | typeof moduleColumns | typeof moduleForms | typeof moduleDataSchemes,
  ) =>
    byModule(
      moduleIds.length === 0
        ? []
        : await tx
            .select({ id: table.id, moduleId: table.moduleId, enCode: table.enCode })
            .from(table)
            .where(and(inArray(table.moduleId, moduleIds), eq(table.deleteMark, 0))),
    );
  const kinds: {
    key: 'buttons' | 'columns' | 'forms' | 'schemes';
    itemType: AuthorizeItemType;
    rows: Map<string, ItemRow[]>;
  }[] = [
    { key: 'buttons', itemType: 'button', rows: await itemsOf(moduleButtons) },
    { key: 'columns', itemType: 'column', rows: await itemsOf(moduleColumns) },
    { key: 'forms', itemType: 'form', rows: await itemsOf(moduleForms) },
    { key: 'schemes', itemType: 'resource', rows: await itemsOf(moduleDataSchemes) },
  ];

  const rows: (typeof authorizes.$inferInsert)[] = [];
  const seen = new Set<string>();
  const grant = (roleId: string, itemType: AuthorizeItemType, itemId: string) => {
    const key = `${roleId}|${itemType}|${itemId}`;
    if (seen.has(key)) return;
    seen.add(key);
    rows.push({ id: newId(), itemType, itemId, objectType: 'Role', objectId: roleId, creatorTime: now });
  };

  for (const [roleCode, grants] of Object.entries(DEMO_ROLE_GRANTS)) {
    const roleId = must(roleIds, roleCode, 'role');
    grant(roleId, 'system', systemId);
    for (const g of grants) {
      const menu = must(menuByCode, g.module, 'menu');
      // The page and every directory above it.
      for (let node = menuById.get(menu.id); node; node = menuById.get(node.parentId)) {
        grant(roleId, 'module', node.id);
      }
      for (const { key, itemType, rows: itemRows } of kinds) {
        const pick = g[key];
        if (!pick) continue;
        const available = itemRows.get(menu.id) ?? [];
        for (const code of pick === 'all' ? available.map((r) => r.enCode) : pick) {
          const item = available.find((r) => r.enCode === code);
          if (!item) throw new Error(`seedDemo: menu '${g.module}' has no ${itemType} '${code}'`);
          grant(roleId, itemType, item.id);
        }
      }
    }
  }
  return rows;
}
