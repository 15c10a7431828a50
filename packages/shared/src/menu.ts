/** Requests of system/menu: applications, menus (console.md 2.3) and their per-page items. */
import { z } from 'zod';
import { DataRuleOperator, DataRuleValueType, dataRuleSchemeConditionSchema } from './dataScheme.js';
import { MenuType } from './enums.js';
import { Patterns } from './patterns.js';
import { FormFields } from './system.js';

const { sortCode, flag, description, version, nameField, codeField } = FormFields;
const id = (message: string) => z.string({ message }).trim().min(1, message).max(64, message);
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}最多为${max}个字符`)
    .nullish()
    .transform((v) => v || null);

/** Unpaged list queries of this page: keyword over name and code. */
export const KeywordQuery = z.object({ keyword: z.string().trim().max(100).optional().default('') });

// ----- Applications (systems) -----

export const SystemBody = z.object({
  fullName: nameField('请输入应用名称', '应用名称最多为50个字符！'),
  enCode: codeField('请输入应用编码', '应用编码最多为50个字符！'),
  icon: optionalText(100, '图标'),
  propertyJson: optionalText(2000, '扩展属性'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type SystemBody = z.infer<typeof SystemBody>;
export const SystemUpdateBody = SystemBody.extend({ version });
export type SystemUpdateBody = z.infer<typeof SystemUpdateBody>;

export interface SystemItem {
  id: string;
  fullName: string;
  enCode: string;
  icon: string | null;
  propertyJson: string | null;
  /** 1 = the main application: cannot be deleted or disabled. */
  isMain: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

// ----- Menus -----

export const MENU_CATEGORIES = ['Web', 'App'] as const;
export type MenuCategory = (typeof MENU_CATEGORIES)[number];
const category = z.enum(MENU_CATEGORIES, { message: '菜单分类只能是Web或App' }).default('Web');

/** GET Menu/ModuleBySystem/{systemId} and the selectors. */
export const MenuTreeQuery = KeywordQuery.extend({ category });
/** GET Menu/Selector/{id|0}: the system to choose a parent in (default: the main one). */
export const MenuSelectorQuery = z.object({ category, systemId: z.string().trim().max(64).optional() });

const menuTypes = Object.values(MenuType) as number[];

/**
 * POST /api/system/Menu. Per type (console.md 2.3): a page (2) needs its address; dynamic form,
 * dictionary, report and portal (3/4/5/8) need propertyJson naming the moduleId; a link (7) needs
 * its address and target.
 */
export const MenuBody = z
  .object({
    systemId: id('请选择所属应用'),
    parentId: id('上级不能为空'),
    category,
    type: z.coerce
      .number({ message: '请选择菜单类型' })
      .int('请选择菜单类型')
      .refine((t) => menuTypes.includes(t), '菜单类型只能是0-8'),
    fullName: nameField('请输入菜单名称', '菜单名称最多为50个字符！'),
    enCode: codeField('请输入菜单编码', '菜单编码最多为50个字符！'),
    icon: optionalText(100, '图标'),
    urlAddress: optionalText(500, '路由地址'),
    linkTarget: z
      .enum(['_self', '_blank'], { message: '打开方式只能是_self或_blank' })
      .nullish()
      .transform((v) => v ?? null),
    propertyJson: optionalText(2000, '扩展属性'),
    isButtonAuthorize: flag('按钮权限只能为0或1').default(0),
    isColumnAuthorize: flag('列表权限只能为0或1').default(0),
    isFormAuthorize: flag('表单权限只能为0或1').default(0),
    isDataAuthorize: flag('数据权限只能为0或1').default(0),
    sortCode,
    enabledMark: flag('状态只能为0或1').default(1),
    description,
    /** Names in the other interface languages; empty = the built-in or converted name. */
    fullNameI18n: z
      .object({
        'zh-TW': z.string().trim().max(50, '繁体名称最多为50个字符！').nullish(),
        'en-US': z.string().trim().max(100, '英文名称最多为100个字符！').nullish(),
      })
      .optional(),
  })
  .superRefine((menu, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    let property: unknown = null;
    if (menu.propertyJson) {
      try {
        property = JSON.parse(menu.propertyJson);
      } catch {
        issue('propertyJson', '扩展属性必须是JSON');
        return;
      }
    }
    if (menu.type === MenuType.Page && !menu.urlAddress) issue('urlAddress', '页面菜单必须填写路由地址');
    if (menu.type === MenuType.Link) {
      if (!menu.urlAddress) issue('urlAddress', '外链菜单必须填写链接地址');
      if (!menu.linkTarget) issue('linkTarget', '外链菜单必须选择打开方式');
    }
    // Links and dashboards are opened as they are (a dashboard with the user's token appended).
    const opened: number[] = [MenuType.Link, MenuType.Dashboard];
    if (opened.includes(menu.type) && menu.urlAddress && !/^(https?:\/\/|\/(?![/\\]))/i.test(menu.urlAddress))
      issue('urlAddress', '链接地址必须以http://、https://或/开头');
    const needsModule: number[] = [
      MenuType.DynamicForm,
      MenuType.DynamicDictionary,
      MenuType.DataReport,
      MenuType.Portal,
    ];
    if (needsModule.includes(menu.type)) {
      const moduleId = (property as { moduleId?: unknown } | null)?.moduleId;
      if (typeof moduleId !== 'string' || moduleId.trim() === '')
        issue('propertyJson', '该类型菜单必须在扩展属性中关联功能(moduleId)');
    }
  });
export type MenuBody = z.infer<typeof MenuBody>;
export const MenuUpdateBody = z.intersection(MenuBody, z.object({ version }));
export type MenuUpdateBody = z.infer<typeof MenuUpdateBody>;

export interface MenuItem {
  id: string;
  systemId: string;
  parentId: string;
  category: MenuCategory;
  type: number;
  fullName: string;
  enCode: string;
  icon: string | null;
  urlAddress: string | null;
  linkTarget: string | null;
  propertyJson: string | null;
  isButtonAuthorize: number;
  isColumnAuthorize: number;
  isFormAuthorize: number;
  isDataAuthorize: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}
export type MenuTreeNode = MenuItem & { hasChildren: boolean; children: MenuTreeNode[] };

// ----- Per page items: buttons, list columns, form fields -----

export const ModuleItemBody = z.object({
  moduleId: id('缺少所属菜单'),
  parentId: id('上级不能为空').default('-1'),
  fullName: nameField('请输入名称', '名称最多为50个字符！'),
  enCode: z
    .string({ message: '请输入编码' })
    .trim()
    .min(1, '请输入编码')
    .max(50, '编码最多为50个字符！')
    .regex(/^[A-Za-z][A-Za-z0-9_\-.]*$/, '编码须以字母开头，只能包含字母、数字、下划线、连字符和点'),
  bindTable: optionalText(100, '绑定表'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type ModuleItemBody = z.infer<typeof ModuleItemBody>;
export const ModuleItemUpdateBody = ModuleItemBody.extend({ version });
export type ModuleItemUpdateBody = z.infer<typeof ModuleItemUpdateBody>;

const batchItem = ModuleItemBody.omit({ moduleId: true, parentId: true, bindTable: true });
/** POST ModuleColumn/Actions/Batch: several list columns of one page at once, all or nothing. */
export const ModuleColumnBatchBody = z.object({
  moduleId: id('缺少所属菜单'),
  bindTable: optionalText(100, '绑定表'),
  columnJson: z.array(batchItem).min(1, '请至少选择一个字段').max(200, '一次最多添加200个字段'),
});
export type ModuleColumnBatchBody = z.infer<typeof ModuleColumnBatchBody>;
/** POST ModuleForm/Actions/Batch. */
export const ModuleFormBatchBody = z.object({
  moduleId: id('缺少所属菜单'),
  bindTable: optionalText(100, '绑定表'),
  formJson: z.array(batchItem).min(1, '请至少选择一个字段').max(200, '一次最多添加200个字段'),
});
export type ModuleFormBatchBody = z.infer<typeof ModuleFormBatchBody>;

export interface ModuleItem {
  id: string;
  moduleId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  bindTable?: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  version: number;
}

// ----- Data rules: the fields a scheme may filter on, and the schemes -----

const operators = Object.values(DataRuleOperator) as string[];
const valueTypes = Object.values(DataRuleValueType) as string[];
/** A comma list whose every entry is one of `allowed`. */
const commaList = (allowed: string[], message: string, fallback: string) =>
  z
    .string()
    .trim()
    .max(200)
    .default(fallback)
    .transform((v) => v || fallback)
    .refine((v) => v.split(',').every((x) => allowed.includes(x.trim())), message)
    .transform((v) => [...new Set(v.split(',').map((x) => x.trim()))].join(','));

export const DATA_FIELD_TYPES = ['varchar', 'int', 'datetime', 'decimal', 'bigint', 'text'] as const;

export const ModuleDataFieldBody = z.object({
  moduleId: id('缺少所属菜单'),
  fullName: nameField('请输入字段说明', '字段说明最多为50个字符！'),
  enCode: z
    .string({ message: '请输入字段名称' })
    .trim()
    .min(1, '请输入字段名称')
    .max(50, '字段名称最多为50个字符！')
    .regex(Patterns.fieldName, '字段名称须以字母开头，只能包含字母、数字和下划线'),
  type: z.enum(DATA_FIELD_TYPES, { message: '字段类型只能是varchar、int、datetime、decimal、bigint或text' }),
  conditionSymbol: commaList(operators, `条件符号只能是${operators.join(' ')}`, '=='),
  conditionText: commaList(valueTypes, `条件内容只能是${valueTypes.join(' ')}`, 'text'),
  bindTable: optionalText(100, '绑定表'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type ModuleDataFieldBody = z.infer<typeof ModuleDataFieldBody>;
export const ModuleDataFieldUpdateBody = ModuleDataFieldBody.extend({ version });
export type ModuleDataFieldUpdateBody = z.infer<typeof ModuleDataFieldUpdateBody>;

/** conditionJson arrives as an object or, from the 3.4.7 client, as its JSON text. */
const conditionJson = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, dataRuleSchemeConditionSchema.nullish());

export const ModuleSchemeBody = z.object({
  moduleId: id('缺少所属菜单'),
  fullName: nameField('请输入方案名称', '方案名称最多为50个字符！'),
  enCode: codeField('请输入方案编码', '方案编码最多为50个字符！'),
  /** 1 = every row; otherwise conditionJson narrows the rows. */
  allData: flag('全部数据只能为0或1').default(0),
  conditionJson,
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type ModuleSchemeBody = z.infer<typeof ModuleSchemeBody>;
export const ModuleSchemeUpdateBody = ModuleSchemeBody.extend({ version });
export type ModuleSchemeUpdateBody = z.infer<typeof ModuleSchemeUpdateBody>;
