/**
 * System templates (系统模板, `/api/system/MessageTemplate`) and SMS templates (短信模板,
 * `/api/system/SmsTemplate`), system-admin.md 8. Both hold a text with {name} placeholders; the
 * parameters are the placeholders the text uses, each with a label.
 */
import { z } from 'zod';
import { MESSAGE_SOURCES, TemplateParam, templatePlaceholders } from './msgCenter.js';
import { Patterns } from './patterns.js';
import { FormFields, PageQuery } from './system.js';

const { sortCode, flag, description, version, nameField, codeField } = FormFields;

const text = (max: number, message: string) => z.string().trim().max(max, message);
const required = (max: number, missing: string, tooLong: string) =>
  z.string({ message: missing }).trim().min(1, missing).max(max, tooLong);

/** Labels the client sends for the placeholders; unique names. */
const paramLabels = z
  .array(TemplateParam, { message: '参数格式不正确' })
  .max(50, '参数最多50个')
  .default([])
  .refine((list) => new Set(list.map((p) => p.field)).size === list.length, '参数名不能重复');

/**
 * The parameters of a template: every placeholder of the texts in order of first use, labelled
 * with the label given for it (or its own name).
 */
export function templateParams(
  labels: readonly { field: string; fieldName: string }[],
  ...texts: (string | null | undefined)[]
): TemplateParam[] {
  const byField = new Map(labels.map((p) => [p.field, p.fieldName]));
  return templatePlaceholders(...texts).map((field) => ({ field, fieldName: byField.get(field) || field }));
}

/**
 * An SMS text's placeholders: {name} as for every template, and Tencent Cloud's positional {1}…{99}
 * (sent in the order of their numbers).
 */
const SMS_PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*|[1-9]\d?)\}/g;

/** The parameters of an SMS text, as templateParams but with positional placeholders too. */
export function smsTemplateParams(
  labels: readonly { field: string; fieldName: string }[],
  content: string | null | undefined,
): TemplateParam[] {
  const byField = new Map(labels.map((p) => [p.field, p.fieldName]));
  const names = new Set<string>();
  for (const match of (content ?? '').matchAll(SMS_PLACEHOLDER)) names.add(match[1]!);
  return [...names].map((field) => ({ field, fieldName: byField.get(field) || field }));
}

/** A parameter label of an SMS template: its name may be a position (1…99). */
const SmsParam = z.object({
  field: z
    .string({ message: '请输入参数名' })
    .trim()
    .min(1, '请输入参数名')
    .max(50, '参数名最多为50个字符')
    .regex(
      /^([A-Za-z][A-Za-z0-9_]*|[1-9]\d?)$/,
      '参数名只能包含字母、数字和下划线，且以字母开头，或为1-99的序号',
    ),
  fieldName: required(50, '请输入参数说明', '参数说明最多为50个字符'),
});

export const SystemTemplateListQuery = PageQuery.extend({
  enabledMark: z.coerce.number().int().min(0).max(1).optional(),
});
export type SystemTemplateListQuery = z.infer<typeof SystemTemplateListQuery>;

/** POST /api/system/MessageTemplate */
export const SystemTemplateBody = z.object({
  fullName: nameField('请输入模板名称', '模板名称最多为50个字符！'),
  enCode: codeField('请输入模板编码', '模板编码最多为50个字符！'),
  /** Message source of the message centre (1 notice, 2 flow, 3 system, 4 schedule). */
  category: z.coerce
    .number({ message: '请选择消息类型' })
    .int()
    .refine((v) => (MESSAGE_SOURCES as readonly number[]).includes(v), '请选择消息类型'),
  title: required(200, '请输入消息标题', '消息标题最多为200个字符'),
  content: required(5000, '请输入消息内容', '消息内容最多为5000个字符'),
  params: paramLabels,
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type SystemTemplateBody = z.infer<typeof SystemTemplateBody>;
export const SystemTemplateUpdateBody = SystemTemplateBody.extend({ version });
export type SystemTemplateUpdateBody = z.infer<typeof SystemTemplateUpdateBody>;

export interface SystemTemplateItem {
  id: string;
  fullName: string;
  enCode: string;
  category: number;
  title: string;
  content: string;
  params: TemplateParam[];
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

/** POST /api/system/SmsTemplate: a vendor template sent through a message-centre SMS account. */
export const SmsTemplateBody = z.object({
  fullName: nameField('请输入模板名称', '模板名称最多为50个字符！'),
  enCode: codeField('请输入模板编码', '模板编码最多为50个字符！'),
  /** The message-centre SMS account (vendor, keys, default sign name) it is sent through. */
  accountConfigId: required(64, '请选择短信账号', '短信账号不正确'),
  /** The vendor's template code (阿里云 TemplateCode, 腾讯云 TemplateId). */
  templateId: required(100, '请输入模板编号', '模板编号最多为100个字符'),
  /** Sign name; empty: the account's. */
  signContent: text(50, '签名内容最多为50个字符').default(''),
  content: required(500, '请输入模板内容', '模板内容最多为500个字符'),
  params: z
    .array(SmsParam, { message: '参数格式不正确' })
    .max(50, '参数最多50个')
    .default([])
    .refine((list) => new Set(list.map((p) => p.field)).size === list.length, '参数名不能重复'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type SmsTemplateBody = z.infer<typeof SmsTemplateBody>;
export const SmsTemplateUpdateBody = SmsTemplateBody.extend({ version });
export type SmsTemplateUpdateBody = z.infer<typeof SmsTemplateUpdateBody>;

export interface SmsTemplateItem {
  id: string;
  fullName: string;
  enCode: string;
  accountConfigId: string;
  /** The account's name and vendor, when it still exists. */
  accountName: string | null;
  /** 1 阿里云, 2 腾讯云 (the 3.4.7 client's numbers); null when the account is gone. */
  company: 1 | 2 | null;
  templateId: string;
  signContent: string;
  content: string;
  params: TemplateParam[];
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

/** An SMS account the template dialog offers. */
export interface SmsAccountOption {
  id: string;
  fullName: string;
  enCode: string;
  vendor: 'aliyun' | 'tencent';
  signName: string;
}

/** POST /api/system/SmsTemplate/getTemplate: ask the vendor for a template's text. */
export const SmsVendorTemplateBody = z.object({
  accountConfigId: required(64, '请选择短信账号', '短信账号不正确'),
  templateId: required(100, '请输入模板编号', '模板编号最多为100个字符'),
});
export type SmsVendorTemplateBody = z.infer<typeof SmsVendorTemplateBody>;

export interface SmsVendorTemplate {
  templateId: string;
  fullName: string;
  content: string;
  params: TemplateParam[];
}

/** POST /api/system/SmsTemplate/testSent */
export const SmsTestSendBody = z.object({
  id: required(64, '请选择短信模板', '短信模板不正确'),
  /** Comma-separated mobile numbers. */
  phoneNumbers: required(200, '请输入接收手机号', '手机号最多为200个字符').transform((value, ctx) => {
    const phones = [...new Set(value.split(/[,，\s]+/).filter(Boolean))];
    const bad = phones.filter((p) => !Patterns.mobile.test(p));
    if (bad.length) ctx.addIssue({ code: 'custom', message: `手机号格式不正确：${bad.join('、')}` });
    if (phones.length > 10) ctx.addIssue({ code: 'custom', message: '一次最多发送10个手机号' });
    return phones;
  }),
  parameters: z.record(z.string(), z.coerce.string().max(200, '参数值最多为200个字符')).default({}),
});
export type SmsTestSendBody = z.input<typeof SmsTestSendBody>;
