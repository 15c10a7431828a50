/**
 * Requests and answers of organisations, departments, positions, roles, groups and grade
 * management (/api/permission/{Organize,Position,Role,Group,organizeAdminIsTrator}).
 */
import { z } from 'zod';
import { Limits } from './patterns.js';
import { FormFields, PageQuery } from './system.js';

const { sortCode, flag, description, version, nameField } = FormFields;

/**
 * Codes of units, positions, roles and groups: letters, digits, dots, hyphens and underscores,
 * starting and ending with a letter or digit (the seeded units use codes like 'QZF-BGS').
 */
const CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const codeField = (required: string, tooLong: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(Limits.codeMax, tooLong)
    .regex(CODE_PATTERN, '编码只能包含英文字母、数字、点、横线和下划线，且须以字母或数字开头和结尾');
const id = (message: string) => z.string({ message }).trim().min(1, message).max(64, message);
const idList = (max: number) => z.array(z.string().trim().min(1).max(64)).max(max).default([]);
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).nullish();

/** The parent id of a top-level unit on the wire ('-1' is accepted too). */
export const ORGANIZE_ROOT_ID = '0';
/** The node of the role tree holding global roles (widgets.md "Role tree node"). */
export const GLOBAL_ROLE_NODE_ID = '1';

export const OrganizeCategory = { Company: 'company', Department: 'department' } as const;
export type OrganizeCategory = (typeof OrganizeCategory)[keyof typeof OrganizeCategory];

// ----- Organisations and departments -----

/** POST /api/permission/Organize (a company) and POST .../Organize/Department (a department). */
export const OrganizeBody = z.object({
  parentId: id('请选择上级组织'),
  fullName: nameField('请输入名称', '名称最多为50个字符！'),
  enCode: codeField('请输入编码', '编码最多为50个字符！'),
  shortName: optionalText(50, '简称最多为50个字符'),
  managerId: z.string().trim().max(64).nullish(),
  propertyJson: optionalText(2000, '扩展属性最多为2000个字符'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type OrganizeBody = z.infer<typeof OrganizeBody>;
export const OrganizeUpdateBody = OrganizeBody.extend({ version });
export type OrganizeUpdateBody = z.infer<typeof OrganizeUpdateBody>;

/** GET /api/permission/Organize?keyword= (and the department and selector trees). */
export const OrganizeTreeQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
});
export type OrganizeTreeQuery = z.infer<typeof OrganizeTreeQuery>;

/** POST /api/permission/Organize/OrganizeCondition: the units of a custom-mode picker. */
export const OrganizeConditionBody = z.object({
  departIds: idList(1000),
  keyword: z.string().trim().max(100).optional().default(''),
});
export type OrganizeConditionBody = z.infer<typeof OrganizeConditionBody>;

/** POST /api/permission/Organize/getDefaultCurrentValueDepartmentId */
export const DefaultDepartmentBody = z.object({ departIds: idList(1000) });
export type DefaultDepartmentBody = z.infer<typeof DefaultDepartmentBody>;

/** One unit in GET /api/permission/Organize (and /{id}/Department). */
export interface OrganizeNode {
  id: string;
  /** '0' for top-level units. */
  parentId: string;
  category: OrganizeCategory;
  /** Same as category; what the pickers read. */
  type: OrganizeCategory;
  fullName: string;
  enCode: string;
  shortName: string | null;
  managerId: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  icon: string;
  /** Ids from the top down to this unit. */
  organizeIds: string[];
  /** Names from the top down to this unit, joined with '/'. */
  organize: string;
  lastFullName: string;
  /** An ancestor shown only to reach units in the caller's scope. */
  disabled: boolean;
  hasChildren: boolean;
  children: OrganizeNode[];
}

/** GET /api/permission/Organize/{id} and .../Department/{id}. */
export interface OrganizeInfo {
  id: string;
  parentId: string;
  category: OrganizeCategory;
  fullName: string;
  enCode: string;
  shortName: string | null;
  managerId: string | null;
  propertyJson: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  /** Ids from the top down to the parent (the cascader value of the parent field). */
  organizeIdTree: string[];
  version: number;
}

// ----- Positions -----

export const PositionBody = z.object({
  organizeId: id('请选择所属组织'),
  fullName: nameField('请输入岗位名称', '岗位名称最多为50个字符！'),
  enCode: codeField('请输入岗位编码', '岗位编码最多为50个字符！'),
  type: optionalText(50, '岗位类型最多为50个字符'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type PositionBody = z.infer<typeof PositionBody>;
export const PositionUpdateBody = PositionBody.extend({ version });
export type PositionUpdateBody = z.infer<typeof PositionUpdateBody>;

export const PositionListQuery = PageQuery.extend({
  /** A unit: its positions and those of every unit below it. */
  organizeId: z.string().trim().max(64).optional().default(''),
});
export type PositionListQuery = z.infer<typeof PositionListQuery>;

/** POST /api/permission/{Position,Role}/getListByOrgIds */
export const OrgIdsBody = z.object({ organizeIds: idList(1000) });
export type OrgIdsBody = z.infer<typeof OrgIdsBody>;

/** POST /api/permission/Position/PositionCondition */
export const PositionConditionBody = z.object({
  departIds: idList(1000),
  positionIds: idList(1000),
  keyword: z.string().trim().max(100).optional().default(''),
});
export type PositionConditionBody = z.infer<typeof PositionConditionBody>;

export interface PositionItem {
  id: string;
  organizeId: string;
  /** Path of the unit's names joined with '/'. */
  organizeName: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  version: number;
}

/** Nodes of GET Position/Selector, getListByOrgIds and PositionCondition: units with positions. */
export interface PositionTreeNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: OrganizeCategory | 'position';
  icon: string;
  organize: string;
  organizeIds: string[];
  lastFullName: string;
  disabled: boolean;
  hasChildren: boolean;
  isLeaf: boolean;
  children: PositionTreeNode[];
}

// ----- Roles -----

const RoleFields = z.object({
  fullName: nameField('请输入角色名称', '角色名称最多为50个字符！'),
  enCode: codeField('请输入角色编码', '角色编码最多为50个字符！'),
  type: optionalText(50, '角色类型最多为50个字符'),
  /** 1 global, 0 belongs to the units of organizeIdsTree. */
  globalMark: flag('角色范围只能为0或1').default(1),
  /** Cascader paths; the last id of each path is a unit the role belongs to. */
  organizeIdsTree: z
    .array(z.array(z.string().trim().min(1).max(64)).min(1).max(50))
    .max(200, '所属组织最多200个')
    .default([]),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
const needsUnits = {
  check: (r: { globalMark: number; organizeIdsTree: string[][] }) =>
    r.globalMark === 1 || r.organizeIdsTree.length > 0,
  issue: { message: '请选择所属组织', path: ['organizeIdsTree'] },
};
export const RoleBody = RoleFields.refine(needsUnits.check, needsUnits.issue);
export type RoleBody = z.infer<typeof RoleBody>;
export const RoleUpdateBody = RoleFields.extend({ version }).refine(needsUnits.check, needsUnits.issue);
export type RoleUpdateBody = z.infer<typeof RoleUpdateBody>;

export const RoleListQuery = PageQuery.extend({
  /** '' every role, '1' global roles, otherwise the roles of that unit. */
  organizeId: z.string().trim().max(64).optional().default(''),
});
export type RoleListQuery = z.infer<typeof RoleListQuery>;

export interface RoleItem {
  id: string;
  fullName: string;
  enCode: string;
  /** In lists the scope the 3.4.7 client shows as 角色类型 (全局 or 组织); in the form's info the type stored. */
  type: string | null;
  globalMark: number;
  /** Names of the units a non-global role belongs to, joined with ','. */
  organizeInfo: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  version: number;
}

export interface RoleInfo extends RoleItem {
  organizeIdsTree: string[][];
}

/** Nodes of GET Role/Selector: '1' holds the global roles, the rest is the unit tree. */
export interface RoleTreeNode {
  id: string;
  /** Unique over the tree: a role under several units appears once per unit. */
  onlyId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: OrganizeCategory | 'role' | 'global';
  icon: string;
  organize: string;
  organizeIds: string[];
  lastFullName: string;
  disabled: boolean;
  hasChildren: boolean;
  isLeaf: boolean;
  children: RoleTreeNode[];
}

// ----- Groups -----

export const GroupBody = z.object({
  fullName: nameField('请输入分组名称', '分组名称最多为50个字符！'),
  enCode: codeField('请输入分组编码', '分组编码最多为50个字符！'),
  type: z
    .string({ message: '请选择分组类型' })
    .trim()
    .min(1, '请选择分组类型')
    .max(50, '分组类型最多为50个字符'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type GroupBody = z.infer<typeof GroupBody>;
export const GroupUpdateBody = GroupBody.extend({ version });
export type GroupUpdateBody = z.infer<typeof GroupUpdateBody>;

export interface GroupItem {
  id: string;
  fullName: string;
  enCode: string;
  type: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  version: number;
}

/** GET Group/Selector: one node per group type holding its groups (type 'group'). */
export interface GroupTreeNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: 'groupType' | 'group';
  icon: string;
  hasChildren: boolean;
  isLeaf: boolean;
  children: GroupTreeNode[];
}

// ----- Grade management -----

export const GRADE_RIGHTS = [
  'thisLayerSelect',
  'thisLayerAdd',
  'thisLayerEdit',
  'thisLayerDelete',
  'subLayerSelect',
  'subLayerAdd',
  'subLayerEdit',
  'subLayerDelete',
] as const;
export type GradeRight = (typeof GRADE_RIGHTS)[number];

const right = flag('权限只能为0或1').default(0);
export const GradeUnitRights = z.object({
  organizeId: id('请选择管理组织'),
  thisLayerSelect: right,
  thisLayerAdd: right,
  thisLayerEdit: right,
  thisLayerDelete: right,
  subLayerSelect: right,
  subLayerAdd: right,
  subLayerEdit: right,
  subLayerDelete: right,
});
export type GradeUnitRights = z.infer<typeof GradeUnitRights>;

const organizeAdminList = z
  .array(GradeUnitRights)
  .min(1, '请选择管理组织')
  .max(1000, '管理组织最多1000个')
  .refine((list) => new Set(list.map((u) => u.organizeId)).size === list.length, '管理组织不能重复');

/** POST /api/permission/organizeAdminIsTrator */
export const GradeAdminBody = z.object({ userId: id('请选择管理员'), organizeAdminList });
export type GradeAdminBody = z.infer<typeof GradeAdminBody>;
/** PUT /api/permission/organizeAdminIsTrator/{userId}: replaces every unit of that administrator. */
export const GradeAdminUpdateBody = z.object({ organizeAdminList });
export type GradeAdminUpdateBody = z.infer<typeof GradeAdminUpdateBody>;

/** A row of GET organizeAdminIsTrator: one per grade administrator (id = the user's id). */
export interface GradeAdminItem {
  id: string;
  userId: string;
  account: string;
  realName: string;
  gender: number | null;
  mobilePhone: string | null;
  /** Names of the administered units joined with ','. */
  organizeName: string;
  creatorTime: number;
}

/** GET organizeAdminIsTrator/{userId} */
export interface GradeAdminInfo {
  userId: string;
  account: string;
  realName: string;
  organizeAdminList: (GradeUnitRights & { fullName: string; organizeIds: string[] })[];
}

/** GET organizeAdminIsTrator/Selector/{userId|0}: the unit tree with that user's rights per unit. */
export interface GradeTreeNode extends Record<GradeRight, number> {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: OrganizeCategory;
  icon: string;
  hasChildren: boolean;
  children: GradeTreeNode[];
}
