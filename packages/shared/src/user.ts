/** Requests and answers of user administration (/api/permission/Users, UserRelation, OnlineUser). */
import { z } from 'zod';
import { Limits, Patterns } from './patterns.js';
import { PageQuery } from './system.js';

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label}最多为${max}个字符`).nullish();
const optionalPattern = (pattern: RegExp, message: string) =>
  z.union([z.literal(''), z.string().trim().regex(pattern, message)]).nullish();
const epochMs = z.coerce.number().int().min(-2_208_988_800_000).max(4_102_444_800_000).nullish();

/**
 * A list of ids as the 3.4.7 client sends it (comma-joined, e.g. roleId: "a,b") or as an array.
 * Empty strings and duplicates are dropped.
 */
const idList = (max = 200) =>
  z
    .union([z.string().max(64 * max), z.array(z.string().max(64)).max(max)])
    .nullish()
    .transform((value) => {
      const parts = Array.isArray(value) ? value : (value ?? '').split(',');
      return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
    });

/** 1 enabled, 0 disabled, 2 locked. */
const enabledMark = z.coerce
  .number({ message: '状态只能为启用、禁用或锁定' })
  .int()
  .refine((v) => v === 0 || v === 1 || v === 2, '状态只能为启用、禁用或锁定');

const sortCode = z.coerce
  .number({ message: '排序必须是数字' })
  .int('排序必须是整数')
  .min(Limits.sortMin, '排序范围为0-999999')
  .max(Limits.sortMax, '排序范围为0-999999');

/** The fields of the user form of the 3.4.7 client (relations as id lists). */
const userFields = {
  account: z
    .string({ message: '请输入账户' })
    .trim()
    .min(1, '请输入账户')
    .max(Limits.nameMax, '账户最多为50个字符')
    .regex(Patterns.account, '账户只能包含英文字母和数字'),
  realName: z
    .string({ message: '请输入姓名' })
    .trim()
    .min(1, '请输入姓名')
    .max(Limits.nameMax, '姓名最多为50个字符')
    .regex(Patterns.name, '姓名不能含有特殊字符'),
  nickName: optionalText(50, '昵称'),
  /** Sex dictionary code: 1 male, 2 female, 0 unknown. */
  gender: z.coerce
    .number({ message: '请选择性别' })
    .int('请选择性别')
    .min(0, '请选择性别')
    .max(2, '请选择性别'),
  headIcon: optionalText(300, '头像'),
  /** Units the user belongs to; the first is its current unit. */
  organizeId: idList().refine((ids) => ids.length > 0, '请选择所属组织'),
  managerId: z.string().trim().max(64).nullish(),
  positionId: idList(),
  roleId: idList(),
  groupId: idList(),
  mobilePhone: optionalPattern(Patterns.mobile, '请输入正确的手机号码'),
  email: optionalPattern(Patterns.email, '请输入正确的邮箱'),
  entryDate: epochMs,
  birthday: epochMs,
  nation: optionalText(50, '民族'),
  nativePlace: optionalText(100, '籍贯'),
  certificatesType: optionalText(50, '证件类型'),
  certificatesNumber: optionalText(50, '证件号码'),
  education: optionalText(50, '文化程度'),
  telePhone: optionalText(30, '办公电话'),
  landline: optionalText(30, '办公座机'),
  urgentContacts: optionalText(50, '紧急联系人'),
  urgentTelePhone: optionalText(30, '紧急电话'),
  postalAddress: optionalText(300, '通讯地址'),
  sortCode,
  enabledMark,
  /** Only an administrator may grant (or take away) administrator rights. */
  isAdministrator: z.coerce.number().int().min(0).max(1).optional(),
  description: optionalText(300, '说明'),
};

/**
 * POST /api/permission/Users. Keys that are not fields of the form (passwordHash, version,
 * creatorUserId, ...) are dropped, never written.
 */
export const UserBody = z.object({
  ...userFields,
  sortCode: sortCode.default(0),
  enabledMark: enabledMark.default(1),
});
export type UserBody = z.infer<typeof UserBody>;

/**
 * PUT /api/permission/Users/{id}: the fields sent are validated and written, the others keep
 * their values. account may be sent but cannot change.
 */
export const UserUpdateBody = z
  .object(userFields)
  .partial()
  .extend({ version: z.coerce.number({ message: '缺少版本号' }).int().min(0) });
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;

/** GET /api/permission/Users */
export const UserListQuery = PageQuery.extend({
  /** A unit: its users and those of every unit below it. '' or '0' = all. */
  organizeId: z.string().trim().max(64).optional().default(''),
  enabledMark: z.union([z.literal(''), z.coerce.number().int().min(0).max(2)]).optional(),
  gender: z.union([z.literal(''), z.coerce.number().int().min(0).max(3)]).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** POST /api/permission/Users/{id}/Actions/ResetPassword: both MD5 hex, or neither (a random one). */
export const ResetPasswordBody = z
  .object({
    userPassword: z.string().regex(Patterns.md5, '新密码格式错误').optional(),
    validatePassword: z.string().regex(Patterns.md5, '重复密码格式错误').optional(),
  })
  .refine((b) => b.userPassword === b.validatePassword, {
    message: '两次密码输入不一致',
    path: ['validatePassword'],
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** POST getUserList / getSelectedList / getSelectedUserList: ids (the client calls them userId). */
export const UserIdsBody = z
  .object({
    userId: idList(1000),
    ids: idList(1000),
    keyword: z.string().trim().max(100).optional().default(''),
    currentPage: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(10_000).default(20),
  })
  .transform(({ userId, ids, ...rest }) => ({ ...rest, ids: [...new Set([...userId, ...ids])] }));
export type UserIdsBody = z.infer<typeof UserIdsBody>;

/** POST /api/permission/Users/getSubordinates */
export const KeywordBody = z.object({ keyword: z.string().trim().max(100).optional().default('') });

/** GET /Selector, GET /getOrganization: a unit's direct members and child units. */
export const UserSelectorQuery = z.object({
  organizeId: z.string().trim().max(64).optional().default('0'),
  keyword: z.string().trim().max(100).optional().default(''),
});

/** GET /GetUsersByPositionId, /GetUsersByRoleOrgId, /getUsersByRoleId */
export const UsersByObjectQuery = PageQuery.extend({
  positionId: z.string().trim().max(64).optional().default(''),
  roleId: z.string().trim().max(64).optional().default(''),
  organizeId: z.string().trim().max(64).optional().default(''),
});

/**
 * POST /UserCondition and /GetListByAuthorize/{id}: the picker limited to allowed users,
 * given directly or through departments, positions, roles and groups (widgets.md "Allowed-user
 * filter").
 */
export const UserConditionBody = PageQuery.extend({
  departIds: idList(500),
  positionIds: idList(500),
  userIds: idList(1000),
  roleIds: idList(500),
  groupIds: idList(500),
});
export type UserConditionBody = z.infer<typeof UserConditionBody>;

/** POST /getDefaultCurrentValueUserId: users among the given units/roles/... that include the caller. */
export const DefaultCurrentValueBody = z.object({
  departIds: idList(500),
  positionIds: idList(500),
  roleIds: idList(500),
  groupIds: idList(500),
  userIds: idList(1000),
});

export const RELATION_OBJECT_TYPES = ['Role', 'Position', 'Group', 'Organize'] as const;
export type RelationObjectType = (typeof RELATION_OBJECT_TYPES)[number];

/** POST /api/permission/UserRelation/{objectId}: the complete member list of a role, position or group. */
export const UserRelationBody = z.object({
  objectType: z.enum(['Role', 'Position', 'Group'], { message: '关联类型只能为Role、Position或Group' }),
  userIds: idList(5000),
});
export const UserRelationQuery = z.object({
  /** Left out by the 3.4.7 client's member dialogs: then the id tells. */
  objectType: z
    .enum(['Role', 'Position', 'Group'], { message: '关联类型只能为Role、Position或Group' })
    .optional(),
});

/** GET /Users/ImportPreview?fileName= */
export const ImportPreviewQuery = z.object({
  fileName: z.string({ message: '请先上传文件' }).regex(/^[0-9a-f-]{36}\.xlsx$/, '请先上传文件'),
});

/** One row of the import, keyed by the template's field ids (values as typed in the sheet). */
export const ImportRow = z.record(z.string().max(50), z.unknown());
/** POST /Users/ImportData and /ExportExceptionData */
export const ImportListBody = z.object({
  list: z
    .array(ImportRow, { message: '导入数据为空' })
    .min(1, '导入数据为空')
    .max(1000, '每次最多导入1000行'),
});

/** DELETE /api/system/OnlineUser (batch). */
export const OnlineUserIdsBody = z.object({
  ids: z.array(z.string().trim().min(1).max(64)).min(1, '请选择要下线的用户').max(500),
});

// ----- Answers -----

/** A row of GET /api/permission/Users. */
export interface UserListItem {
  id: string;
  account: string;
  realName: string;
  /** realName/account, as pickers show it. */
  fullName: string;
  gender: number | null;
  mobilePhone: string | null;
  email: string | null;
  headIcon: string;
  /** Unit paths of the user's units, comma-joined ("区人民政府/办公室"). */
  organize: string;
  organizeId: string | null;
  enabledMark: number;
  isAdministrator: number;
  sortCode: number;
  description: string | null;
  creatorTime: number;
}

/** GET /api/permission/Users/{id}: the form's values. */
export interface UserFormInfo {
  id: string;
  account: string;
  realName: string;
  nickName: string | null;
  gender: number | null;
  headIcon: string | null;
  /** Comma-joined unit ids; the first is the current unit. */
  organizeId: string;
  /** For each unit, its id path from the root (organisation cascader). */
  organizeIdTree: string[][];
  managerId: string | null;
  positionId: string;
  roleId: string;
  groupId: string;
  mobilePhone: string | null;
  email: string | null;
  entryDate: number | null;
  birthday: number | null;
  nation: string | null;
  nativePlace: string | null;
  certificatesType: string | null;
  certificatesNumber: string | null;
  education: string | null;
  telePhone: string | null;
  landline: string | null;
  urgentContacts: string | null;
  urgentTelePhone: string | null;
  postalAddress: string | null;
  sortCode: number;
  enabledMark: number;
  isAdministrator: number;
  description: string | null;
  version: number;
}

/** User item of the pickers (widgets.md "User item"). */
export interface UserPickerItem {
  id: string;
  fullName: string;
  realName: string;
  account: string;
  headIcon: string;
  organize: string;
  type: 'user';
}

/** A node of GET /Users/Selector (widgets.md "User/organisation selector node"). */
export interface UserSelectorNode {
  id: string;
  parentId: string;
  fullName: string;
  type: 'company' | 'department' | 'user';
  organize: string;
  organizeIds: string[];
  icon: string;
  headIcon?: string;
  hasChildren: boolean;
  isLeaf: boolean;
  disabled?: boolean;
  children?: UserSelectorNode[];
}

/** GET /Users/ImportPreview */
export interface ImportPreview {
  headerRow: { id: string; fullName: string }[];
  dataRow: Record<string, string>[];
}

/** POST /Users/ImportData */
export interface ImportResult {
  snum: number;
  fnum: number;
  /** 0 = every row imported, 1 = some rows failed. */
  resultType: 0 | 1;
  failResult: (Record<string, unknown> & { errorsInfo: string })[];
}

/** A row of GET /api/system/OnlineUser: a live session (never its token). */
export interface OnlineUserItem {
  /** The session id; forced offline by it. */
  id: string;
  userId: string;
  userAccount: string;
  userName: string;
  /** 'yyyy-MM-dd HH:mm:ss', the server's time zone. */
  loginTime: string;
  lastActiveTime: number;
  loginIPAddress: string | null;
  loginSystem: string | null;
  browser: string | null;
  platForm: string | null;
  /** The same as platForm, under the 3.4.7 client's name. */
  loginPlatForm: string | null;
  origin: string;
}
