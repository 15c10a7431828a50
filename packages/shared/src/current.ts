import { z } from 'zod';
import { LAYOUTS } from './enums.js';
import { Patterns } from './patterns.js';

/* The signed-in user's own calls: /api/permission/Users/Current/..., uploads and home. */

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const optionalPattern = (pattern: RegExp, message: string) =>
  z
    .union([z.literal(''), z.string().trim().regex(pattern, message)])
    .nullable()
    .optional();

/** Fields a user may change in the personal profile (PUT Users/Current/BaseInfo). */
export const EDITABLE_PROFILE_FIELDS = [
  'realName',
  'nickName',
  'gender',
  'birthday',
  'mobilePhone',
  'email',
  'nation',
  'nativePlace',
  'certificatesType',
  'certificatesNumber',
  'education',
  'telePhone',
  'landline',
  'urgentContacts',
  'urgentTelePhone',
  'postalAddress',
  'signature',
  'description',
] as const;

/**
 * PUT Users/Current/BaseInfo. Strict: any other key (roleIds, organizeId, account,
 * enabledMark, passwordHash, ...) answers 400 "不允许修改的字段: x". `version` is the one
 * read with GET BaseInfo; a stale one answers 400.
 */
export const CurrentBaseInfoBody = z.strictObject(
  {
    /** Our client sends the version it read; the 3.4.7 profile form sends none (last save wins). */
    version: z.coerce.number().int().min(0).optional(),
    realName: z
      .string()
      .trim()
      .min(1, '请输入姓名')
      .max(50, '姓名最多为50个字符')
      .regex(Patterns.name, '姓名不能含有特殊字符')
      .optional(),
    nickName: optionalText(50),
    /** 1 male, 2 female, 3 secret. */
    gender: z.coerce.number().int().min(0).max(3).nullable().optional(),
    /** Epoch ms. */
    birthday: z.coerce.number().int().nullable().optional(),
    mobilePhone: optionalPattern(Patterns.mobile, '请输入正确的手机号码'),
    email: optionalPattern(Patterns.email, '请输入正确的邮箱'),
    nation: optionalText(50),
    nativePlace: optionalText(100),
    certificatesType: optionalText(50),
    certificatesNumber: optionalText(50),
    education: optionalText(50),
    telePhone: optionalText(30),
    landline: optionalText(30),
    urgentContacts: optionalText(50),
    urgentTelePhone: optionalText(30),
    postalAddress: optionalText(200),
    signature: optionalText(200),
    description: optionalText(500),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `不允许修改的字段: ${issue.keys.join(', ')}` : undefined,
  },
);
export type CurrentBaseInfoBody = z.infer<typeof CurrentBaseInfoBody>;

/** GET Users/Current/BaseInfo. */
export interface CurrentBaseInfo {
  id: string;
  account: string;
  realName: string;
  nickName: string | null;
  headIcon: string;
  gender: number | null;
  birthday: number | null;
  mobilePhone: string | null;
  email: string | null;
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
  signature: string | null;
  description: string | null;
  /** Read-only context shown beside the form. */
  organizeId: string | null;
  /** Unit path, e.g. "区人民政府/办公室". */
  organizeName: string;
  positionName: string;
  roleName: string;
  managerId: string | null;
  managerName: string;
  entryDate: number | null;
  isAdministrator: boolean;
  theme: string;
  language: string | null;
  signImg: string | null;
  creatorTime: number;
  prevLoginTime: number | null;
  changePasswordDate: number | null;
  version: number;
  /** The same, under the names the 3.4.7 profile (UserInfo.vue) shows: texts, not ids. */
  organize: string;
  manager: string;
  position: string;
  /** The role names, comma-joined (3.4.7 shows roleId as text). */
  roleId: string;
  prevLogTime: number | null;
  avatar: string;
}

/** PUT Users/Current/SystemTheme. */
export const SystemThemeBody = z.object({ theme: z.enum(LAYOUTS, '请选择正确的布局') });
/** PUT Users/Current/SystemLanguage. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export const SystemLanguageBody = z.object({ language: z.enum(LANGUAGES, '请选择正确的语言') });

/** PUT Users/Current/major. */
export const MajorBody = z.object({
  majorId: z.string().trim().min(1, '请选择要切换的组织或岗位').max(64),
  majorType: z.enum(['Organize', 'Position'], 'majorType 只能是 Organize 或 Position'),
});
export type MajorBody = z.infer<typeof MajorBody>;

/** One entry of getUserOrganizes / getUserPositions / getUserRoles. */
export interface UserMembership {
  id: string;
  fullName: string;
  /** The current organisation or position (roles: every enabled role applies, all true). */
  isDefault: boolean;
}

/** One entry of GET Users/Current/Subordinate/{id or 0}; load children with its id. */
export interface SubordinateNode {
  id: string;
  parentId: string;
  account: string;
  fullName: string;
  headIcon: string;
  department: string;
  position: string;
  hasChildren: boolean;
  isLeaf: boolean;
  /** The 3.4.7 profile's tree label and card picture (fullName and headIcon). */
  userName: string;
  avatar: string;
}

/** GET Users/Current/SystemLog query. */
export const SystemLogQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(100).optional().default(''),
  /** Epoch ms, inclusive. */
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
  sort: z.enum(['asc', 'desc']).optional().default('desc'),
});
export type SystemLogQuery = z.infer<typeof SystemLogQuery>;

/** A sign-in record (SystemLog rows; Home recent sign-ins). */
export interface SignInRecord {
  id: string;
  userName: string;
  /** Epoch ms. */
  creatorTime: number;
  /** 1 succeeded, 0 failed. */
  loginMark: number;
  ipAddress: string | null;
  ipAddressName: string | null;
  browser: string | null;
  platForm: string | null;
  abstracts: string | null;
}

/** A node of GET Users/Current/Authorize: systems at the top, then menus with their items. */
/**
 * GET Users/Current/Authorize: `list` is the system tree with each menu's items (our client);
 * module, button, column, form and resource are the 3.4.7 profile's five tabs, one tree each.
 */
export interface AuthorizeAnswer {
  list: AuthorizeNode[];
  module: AuthorizeTabNode[];
  button: AuthorizeTabNode[];
  column: AuthorizeTabNode[];
  form: AuthorizeTabNode[];
  resource: AuthorizeTabNode[];
}

/** A node of one 3.4.7 Authorize tab: systems, menus, and the tab's items as leaves. */
export interface AuthorizeTabNode {
  id: string;
  parentId: string;
  fullName: string;
  icon: string;
  children: AuthorizeTabNode[];
}

export interface AuthorizeNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  /** 'system' for the top nodes, otherwise the menu type (console.md 2.3). */
  type: number | 'system';
  icon: string | null;
  hasChildren: boolean;
  children: AuthorizeNode[];
  button: { id: string; fullName: string; enCode: string }[];
  column: { id: string; fullName: string; enCode: string }[];
  form: { id: string; fullName: string; enCode: string }[];
  resource: { id: string; fullName: string; enCode: string }[];
}

/** POST Users/Current/SignImg: `signImg` is the name answered by POST /api/file/Uploader/signImg. */
export const SignImgBody = z.object({
  signImg: z.string().trim().min(1, '请上传签名图片').max(100),
  isDefault: z.union([z.boolean(), z.coerce.number().int().min(0).max(1)]).optional(),
});
export type SignImgBody = z.infer<typeof SignImgBody>;

export interface SignImgEntry {
  id: string;
  /** The name in folder signImg. */
  name: string;
  /** /api/file/Image/signImg/{name} */
  signImg: string;
  isDefault: boolean;
  creatorTime: number;
}

/** Upload types (POST /api/file/Uploader/{type}); IM holds internal chat images. */
export const UPLOAD_TYPES = ['userAvatar', 'signImg', 'annex', 'IM'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const UploadTypeParams = z.object({ type: z.enum(UPLOAD_TYPES, '不支持的上传类型') });
/** Generated stored-file name: `<uuid>.<ext>`. */
export const StoredFileName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

/** Answer of an upload. */
export interface UploadResult {
  name: string;
  /** /api/file/Image/{type}/{name} */
  url: string;
}

/** GET /api/home/Overview. */
export interface HomeOverview {
  isAdministrator: boolean;
  /** Administrators only. */
  counts?: {
    users: number;
    organizes: number;
    roles: number;
    onlineSessions: number;
    signInsToday: number;
  };
  /** Administrators: the 10 latest successful sign-ins of anyone; others: their own 10 latest. */
  recentSignIns: SignInRecord[];
}
