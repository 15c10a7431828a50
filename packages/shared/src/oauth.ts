import { z } from 'zod';
import { Patterns } from './patterns.js';

/** POST /api/oauth/Login, form-urlencoded (api-contract.md, Sign-in). */
export const LoginBody = z.object({
  account: z.string().trim().min(1, '请输入账号').max(100),
  password: z.string().regex(Patterns.md5, '密码格式错误'),
  code: z.string().max(16).optional().default(''),
  timestamp: z.string().max(32).optional().default(''),
  origin: z.string().max(32).optional().default('password'),
  jnpf_ticket: z.string().max(200).optional().default(''),
  grant_type: z.literal('password').optional().default('password'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export interface LoginResult {
  token: string;
  theme: string;
}

export interface LoginConfig {
  enableVerificationCode: 0 | 1;
  verificationCodeNumber: number;
}

/** POST /api/oauth/updatePasswordMessage; both passwords are MD5 hex from the client. */
export const UpdatePasswordBody = z.object({
  oldPassword: z.string().regex(Patterns.md5, '旧密码不能为空'),
  password: z.string().regex(Patterns.md5, '新密码不能为空'),
  code: z.string().trim().min(1, '验证码不能为空').max(16),
  timestamp: z.union([z.string(), z.number()]).transform(String),
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

/** POST /api/oauth/LockScreen: unlock with the account's password (MD5 hex). */
export const UnlockBody = z.object({
  account: z.string().trim().min(1).max(100),
  password: z.string().regex(Patterns.md5, '密码格式错误'),
});
export type UnlockBody = z.infer<typeof UnlockBody>;

export interface MenuNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: number;
  icon: string | null;
  urlAddress: string | null;
  linkTarget: string | null;
  propertyJson: string | null;
  sortCode: number;
  hasChildren: boolean;
  children: MenuNode[];
}

export interface PermissionItem {
  id: string;
  fullName: string;
  enCode: string;
}

export interface ModulePermission {
  modelId: string;
  moduleName: string;
  button: PermissionItem[];
  column: PermissionItem[];
  form: PermissionItem[];
  resource: PermissionItem[];
}

export interface SystemRef {
  id: string;
  name: string;
  icon: string | null;
  currentSystem: boolean;
}

export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  headIcon: string;
  organizeId: string | null;
  organizeName: string;
  departmentId: string | null;
  departmentName: string;
  positionIds: { id: string; name: string }[];
  roleIds: string[];
  roleName: string;
  manager: string | null;
  isAdministrator: boolean;
  portalId: string | null;
  signImg: string | null;
  changePasswordDate: number | null;
  prevLogin: 0 | 1;
  prevLoginTime: number | null;
  prevLoginIPAddress: string | null;
  prevLoginIPAddressName: string | null;
  systemIds: SystemRef[];
  mobilePhone: string | null;
  email: string | null;
  theme: string;
  language: string | null;
}

export interface SysConfigInfo {
  sysName: string;
  sysVersion: string;
  copyright: string;
  companyName: string;
  logoIcon: string;
  navigationIcon: string;
  loginIcon: string;
  passwordStrengthLimit: number;
  passwordLengthMin: number;
  passwordLengthMinNumber: number;
  containsNumbers: number;
  includeLowercaseLetters: number;
  includeUppercaseLetters: number;
  containsCharacters: number;
  mandatoryModificationOfInitialPassword: number;
}

export interface CurrentUserResult {
  menuList: MenuNode[];
  permissionList: ModulePermission[];
  userInfo: UserInfo;
  routerList: (SystemRef & { children: MenuNode[] })[];
  sysConfigInfo: SysConfigInfo;
}
