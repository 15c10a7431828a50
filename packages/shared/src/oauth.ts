import { z } from 'zod';
import { Patterns } from './patterns.js';

const loginCommon = {
  code: z.string().max(16).optional().default(''),
  timestamp: z.string().max(32).optional().default(''),
  jnpf_ticket: z.string().max(200).optional().default(''),
  grant_type: z.literal('password').optional().default('password'),
};

/** Account and password (the password is the lower-case hex MD5 of what the person typed). */
export const PasswordLoginBody = z.object({
  ...loginCommon,
  origin: z.literal('password'),
  account: z.string().trim().min(1, '请输入账号').max(100),
  password: z.string().regex(Patterns.md5, '密码格式错误'),
});

/** Phone number and the 6-digit SMS code from POST /api/oauth/SmsCode; no password. */
export const SmsLoginBody = z.object({
  ...loginCommon,
  origin: z.literal('sms'),
  account: z.string().trim().regex(Patterns.mobile, '请输入正确的手机号码'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '请输入6位短信验证码'),
  password: z.string().max(64).optional().default(''),
});

/**
 * POST /api/oauth/Login, form-urlencoded (api-contract.md, Sign-in). `origin` picks the
 * shape: 'password' (the default when absent) or 'sms'.
 */
export const LoginBody = z.preprocess(
  (value) =>
    value && typeof value === 'object' && !('origin' in value && (value as { origin?: unknown }).origin)
      ? { ...value, origin: 'password' }
      : value,
  z.discriminatedUnion('origin', [PasswordLoginBody, SmsLoginBody], { error: '不支持的登录方式' }),
);
export type LoginBody = z.infer<typeof LoginBody>;
export type PasswordLoginBody = z.infer<typeof PasswordLoginBody>;
export type SmsLoginBody = z.infer<typeof SmsLoginBody>;

/** POST /api/oauth/SmsCode (JSON or form): sends a sign-in code to the phone. */
export const SmsCodeBody = z.object({
  mobile: z.string().trim().regex(Patterns.mobile, '请输入正确的手机号码'),
});
export type SmsCodeBody = z.infer<typeof SmsCodeBody>;

/** Answer of SmsCode: 'none' = no SMS channel configured, the code went to the server log. */
export interface SmsCodeResult {
  channel: 'none' | 'webhook';
}

/** data of a SmsCode answer refused for sending too often (code 400). */
export interface SmsWaitData {
  waitSeconds: number;
}

/** GET /api/oauth/getLoginConfig. */
export interface LoginPageConfig {
  redirect: boolean;
  url: string;
  ticketParams: 'jnpf_ticket';
  socialsList: unknown[];
}

/** Scan-code ticket states (api-contract.md): 1 signed in, 2 waiting, 3 failed, 4 not bound, 5 expired. */
export const TicketStatus = { SignedIn: 1, Waiting: 2, Failed: 3, NotBound: 4, Expired: 5 } as const;
export type TicketStatus = (typeof TicketStatus)[keyof typeof TicketStatus];

/** GET /api/oauth/getTicketStatus/{ticket}. value is the token ("Bearer …") when status is 1. */
export interface TicketStatusResult {
  status: TicketStatus;
  value: string;
  theme: string;
  /** When the ticket expires (epoch ms); 0 when it is unknown. */
  ticketTimeout: number;
}

/** The ticket in the path of getTicketStatus, ConfirmTicket and RejectTicket. */
export const TicketParams = z.object({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '二维码无效'),
});

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
  /** The user's unit and the units above it, root first (the 当前组织 default of unit pickers). */
  organizeIdList: string[];
  positionIds: { id: string; name: string }[];
  /** The names of positionIds, joined with ','. */
  positionName: string;
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
  /** Each system as the root node of its menus (type 0). */
  routerList: (SystemRef & Pick<MenuNode, 'fullName' | 'enCode' | 'type' | 'hasChildren' | 'children'>)[];
  sysConfigInfo: SysConfigInfo;
}

/** The social sign-in providers (issue #27). */
export const SOCIAL_PROVIDERS = ['wechat_enterprise', 'dingtalk', 'feishu'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];

/** A provider's settings as GET /api/system/Socials answers them: the secret never, only whether one is set. */
export interface SocialProviderConfig {
  enname: SocialProviderName;
  name: string;
  enabledMark: number;
  clientId: string;
  hasSecret: boolean;
  agentId: string;
  authorizeBase: string;
  apiBase: string;
  defaultAuthorizeBase: string;
  defaultApiBase: string;
  pkce: boolean;
}

/** PUT /api/system/Socials/{provider}. */
export interface SocialProviderInput {
  enabledMark: number;
  clientId: string;
  /** '' or absent keeps the stored secret. */
  clientSecret?: string;
  agentId: string;
  authorizeBase: string;
  apiBase: string;
}
