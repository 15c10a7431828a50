import { type AccountCategory, Patterns, SMS_VENDORS, WEBHOOK_AUTH, WEBHOOK_KINDS } from '@console/shared';

/** One settings field of an account form. */
export interface SettingsField {
  name: string;
  kind: 'text' | 'number' | 'secret' | 'switch' | 'select';
  required?: boolean;
  /** Select options: value and the translation key of its label. */
  options?: { value: string | number; label: string }[];
  pattern?: { regex: RegExp; message: string };
  initial?: unknown;
  hint?: string;
}

const HTTP_URL = /^https?:\/\/\S+$/i;
const baseUrl: SettingsField = {
  name: 'baseUrl',
  kind: 'text',
  pattern: { regex: HTTP_URL, message: 'rules.url' },
  hint: 'account.baseUrlHint',
};

/** The settings each account kind asks for (the server checks the same in packages/shared). */
export const SETTINGS_FIELDS: Record<AccountCategory, SettingsField[]> = {
  mail: [
    { name: 'smtpHost', kind: 'text', required: true },
    { name: 'smtpPort', kind: 'number', required: true, initial: 465 },
    { name: 'sslEnabled', kind: 'switch', initial: true },
    {
      name: 'smtpUser',
      kind: 'text',
      required: true,
      pattern: { regex: Patterns.email, message: 'rules.email' },
    },
    { name: 'smtpPassword', kind: 'secret' },
    { name: 'senderName', kind: 'text' },
  ],
  sms: [
    {
      name: 'vendor',
      kind: 'select',
      required: true,
      initial: 'aliyun',
      options: SMS_VENDORS.map((v) => ({ value: v, label: `vendors.${v}` })),
    },
    { name: 'accessKeyId', kind: 'text', required: true },
    { name: 'accessKeySecret', kind: 'secret' },
    { name: 'signName', kind: 'text', required: true },
    { name: 'sdkAppId', kind: 'text' },
    { name: 'region', kind: 'text' },
    baseUrl,
  ],
  wecom: [
    { name: 'corpId', kind: 'text', required: true },
    { name: 'agentId', kind: 'text', required: true },
    { name: 'appSecret', kind: 'secret' },
    baseUrl,
  ],
  dingtalk: [
    { name: 'agentId', kind: 'text', required: true },
    { name: 'appKey', kind: 'text', required: true },
    { name: 'appSecret', kind: 'secret' },
    baseUrl,
  ],
  webhook: [
    { name: 'url', kind: 'text', required: true, pattern: { regex: HTTP_URL, message: 'rules.url' } },
    {
      name: 'kind',
      kind: 'select',
      required: true,
      initial: 'custom',
      options: WEBHOOK_KINDS.map((v) => ({ value: v, label: `webhookKinds.${v}` })),
    },
    {
      name: 'authType',
      kind: 'select',
      required: true,
      initial: 0,
      options: WEBHOOK_AUTH.map((v) => ({ value: v, label: `authTypes.${v}` })),
    },
    { name: 'authUser', kind: 'text' },
    { name: 'authSecret', kind: 'secret' },
  ],
  mp: [{ name: 'appId', kind: 'text', required: true }, { name: 'appSecret', kind: 'secret' }, baseUrl],
};

/** The list column that tells accounts of a kind apart. */
export function summaryOf(category: AccountCategory, settings: Record<string, unknown>): string {
  const s = (key: string) => String(settings[key] ?? '');
  switch (category) {
    case 'mail':
      return `${s('smtpUser')} (${s('smtpHost')}:${s('smtpPort')})`;
    case 'sms':
      return `${s('signName')} / ${s('accessKeyId')}`;
    case 'wecom':
      return `${s('corpId')} / ${s('agentId')}`;
    case 'dingtalk':
      return `${s('appKey')} / ${s('agentId')}`;
    case 'webhook':
      return s('url');
    case 'mp':
      return s('appId');
  }
}

/** Switches hold booleans in the form and 0/1 on the wire. */
export function toWire(category: AccountCategory, settings: Record<string, unknown>) {
  const out = { ...settings };
  for (const f of SETTINGS_FIELDS[category]) {
    if (f.kind === 'switch') out[f.name] = out[f.name] ? 1 : 0;
    if (f.kind !== 'switch' && f.kind !== 'number' && out[f.name] === undefined) out[f.name] = '';
  }
  return out;
}
export function fromWire(category: AccountCategory, settings: Record<string, unknown>) {
  const out = { ...settings };
  for (const f of SETTINGS_FIELDS[category]) if (f.kind === 'switch') out[f.name] = Number(out[f.name]) === 1;
  return out;
}
