/**
 * Every system setting with its default. First start writes these rows; a later version
 * that adds a key gets it written at its next start (existing values are kept).
 */
export const SYS_CONFIG_DEFAULTS = {
  // General
  sysName: '智能问答管理平台',
  sysVersion: 'V3.4.7',
  copyright: 'Copyright © 2026 区数据资源管理局',
  companyName: '区人民政府',
  logoIcon: '',
  navigationIcon: '',
  loginIcon: '',
  // Third-party directories (WeCom, DingTalk): base addresses of their APIs and credentials
  qyhBaseUrl: 'https://qyapi.weixin.qq.com',
  qyhCorpId: '',
  qyhAgentId: '',
  qyhAgentSecret: '',
  qyhCorpSecret: '',
  dingBaseUrl: 'https://oapi.dingtalk.com',
  dingSynAppKey: '',
  dingSynAppSecret: '',
  dingAgentId: '',
  // Password policy (console.md section 3); checked by the client, which sends only a hash.
  passwordStrengthLimit: 1,
  passwordLengthMin: 1,
  passwordLengthMinNumber: 6,
  containsNumbers: 1,
  includeLowercaseLetters: 1,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
  mandatoryModificationOfInitialPassword: 1,
  // Sign-in protection
  /** 1 = the image code is always required. */
  enableVerificationCode: 0,
  verificationCodeNumber: 4,
  /** Failures of one account before the image code is required; as many again lock it. */
  passwordErrorsNumber: 5,
  /** Minutes an account stays locked. */
  lockTime: 10,
  // Sessions
  /** Minutes of inactivity after which a session expires (code 600). */
  tokenTimeout: 120,
  /** 1 = a new sign-in ends the account's other sessions (code 601); 2 = several allowed. */
  singleLogin: 2,
  // Logs
  /** Days sign-in, request and operation logs are kept; 0 keeps them for ever. */
  logRetentionDays: 180,
  // SMS sign-in codes
  /** '' = no channel: the code is written to the server log; 'webhook' = POST JSON to smsEndpoint. */
  smsChannel: '',
  smsEndpoint: '',
  smsSignName: '',
  smsTemplateCode: '',
} as const;

export type SysConfigValues = {
  -readonly [K in keyof typeof SYS_CONFIG_DEFAULTS]: (typeof SYS_CONFIG_DEFAULTS)[K] extends number
    ? number
    : string;
};
export type SysConfigKey = keyof SysConfigValues;

/**
 * Settings stored sealed (systemData/secrets.ts): get() answers them as stored, so a caller opens
 * one with openSecret where it uses it; the settings page sees only a mask.
 */
export const SYS_CONFIG_SECRETS = ['qyhAgentSecret', 'qyhCorpSecret', 'dingSynAppSecret'] as const;
