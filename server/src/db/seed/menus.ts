/**
 * The built-in menu tree of the console (console.md 2.3 and 2.6, api-contract.md "Page addresses
 * of the 3.4.7 client"), with the buttons, list columns, form fields and data-rule schemes that
 * the permission screens grant.
 *
 * Every page address the client knows has exactly one page (type 2) menu. Pages that are not left-menu
 * entries (message records, profile, lock screen, flow detail, generated-page components ...) live in
 * the directory `basic` (基础页面) at the end, marked hidden through its propertyJson
 * (`{"isHidden":1}`, see HIDDEN_DIRECTORY_CODE); they stay enabled so that they can be granted.
 */
import {
  DataRuleOperator,
  type DataRuleSchemeCondition,
  DataRuleValueType,
  FORM_DEMOS,
  type FormDemo,
  GRAPH_DEMOS,
  type GraphDemo,
  type MenuType,
  TABLE_DEMOS,
  type TableDemo,
} from '@console/shared';
import { newId } from '../../core/ids.js';
import type { Tx } from '../client.js';
import {
  moduleButtons,
  moduleColumns,
  moduleDataFields,
  moduleDataSchemes,
  moduleForms,
  modules,
} from '../schema/index.js';

/** One button, list column or form field of a page: its code and display name. */
export interface MenuItemSeed {
  enCode: string;
  fullName: string;
}

/** A data-rule field of a page: what its schemes may filter on (ModuleDataAuthorize). */
export interface DataFieldSeed extends MenuItemSeed {
  /** Operators allowed, comma-joined (DataRuleOperator). */
  conditionSymbol: string;
  /** Value kinds allowed, comma-joined (DataRuleValueType). */
  conditionText: string;
}

export interface DataSchemeSeed extends MenuItemSeed {
  /** 1 = every row; otherwise conditionJson (packages/shared dataScheme.ts) narrows the rows. */
  allData: 0 | 1;
  conditionJson?: DataRuleSchemeCondition;
  /** The fields its conditions name, seeded as the page's data-rule fields. */
  fields?: readonly DataFieldSeed[];
}

export interface MenuSeed {
  /** Dotted code, unique in the system: 'permission' for a directory, 'permission.user' for its page. */
  enCode: string;
  fullName: string;
  type: MenuType;
  /** Defaults to 'icon-ym icon-ym-' + enCode with dots turned into dashes. */
  icon?: string;
  /** Page address for type 2; route path for types 3/4/5/8; viewer address for 6; link for 7. */
  urlAddress?: string;
  linkTarget?: '_self' | '_blank';
  /** JSON text; for types 3/4/5/8 `{ moduleId, isTree }`. */
  propertyJson?: string;
  description?: string;
  buttons?: readonly MenuItemSeed[];
  columns?: readonly MenuItemSeed[];
  forms?: readonly MenuItemSeed[];
  schemes?: readonly DataSchemeSeed[];
  children?: readonly MenuSeed[];
}

/** Code of the hidden directory holding the pages that are not left-menu entries. */
export const HIDDEN_DIRECTORY_CODE = 'basic';

/** Names (and button codes) of the 3.4.7 client's extend demo pages, in the order of the shared lists. */
const TABLE_DEMO_PAGES: Record<TableDemo, [string, string[]?]> = {
  commonTable: ['普通表格', ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail']],
  statisticsTable: ['表格统计'],
  lockTable: ['表格锁定'],
  groupingTable: ['表格分组', ['btn_remove']],
  redactTable: ['表格编辑', ['btn_edit', 'btn_remove']],
  complexHeader: ['复杂表头'],
  mergeTable: ['表格合并'],
  printTable: ['表格打印', ['btn_print']],
  extension: ['延伸扩展'],
  tableTree: ['表格树形'],
  postilTable: ['表格批注'],
  treeTable: ['树形表格', ['btn_remove']],
  signTable: ['表格标记'],
  commonForm: ['普通表单', ['btn_add', 'btn_edit']],
};
const GRAPH_DEMO_PAGES: Record<GraphDemo, [string]> = {
  echartsBar: ['E柱状图'],
  echartsBarAcross: ['E横向柱状图'],
  echartsCandlestick: ['EK线图'],
  echartsFunnel: ['E漏斗图'],
  echartsGauge: ['E仪表图'],
  echartsLineArea: ['E面积图'],
  echartsLineBar: ['E折柱混合图'],
  echartsPie: ['E饼图'],
  echartsScatter: ['E散点图'],
  echartsTree: ['E树图'],
  highchartsArea: ['H面积图'],
  highchartsBellcurve: ['H钟形曲线'],
  highchartsBullet: ['H子弹图'],
  highchartsColumn: ['H柱状图'],
  highchartsFunnel: ['H漏斗图'],
  highchartsGauge: ['H仪表图'],
  highchartsLine: ['H折线图'],
  highchartsPie: ['H饼图'],
  highchartsScatter: ['H散点图'],
  highchartsWordcloud: ['H词云图'],
};
const FORM_DEMO_PAGES: Record<FormDemo, [string]> = {
  fieldForm1: ['文本与日期字段'],
  fieldForm2: ['选择类字段'],
  fieldForm3: ['上传字段'],
  fieldForm4: ['文本域与富文本'],
  fieldForm5: ['客户与商品明细'],
  fieldForm6: ['评分颜色与进度'],
  verifyForm: ['表单验证'],
  verifyForm1: ['表单验证（行内提示）'],
};
const demoAddresses = (family: string, pages: readonly string[]) =>
  pages.map((name) => `extend/${family}/${name}`);

/** The hidden external-link page's address: an empty page (about:blank) as Base64 in ?href. */
export const EXTERNAL_LINK_ADDRESS = `basic/externalLink?href=${encodeURIComponent(
  Buffer.from('about:blank').toString('base64'),
)}`;

/** The page addresses of the 3.4.7 client, plus this product's knowledge base. */
export const PAGE_ADDRESSES: readonly string[] = [
  'basic/messageRecord',
  'basic/profile',
  'basic/externalLink',
  'basic/lockScreen',
  'dashboard',
  ...[
    'barCode',
    'bigData',
    'document',
    'documentPreview',
    'email',
    'importAndExport',
    'map',
    'order',
    'printData',
    'projectGantt',
    'saleOrder',
    'schedule',
    'signature',
    'signet',
  ].map((p) => `extend/${p}`),
  ...demoAddresses('tableDemo', TABLE_DEMOS),
  ...demoAddresses('graphDemo', GRAPH_DEMOS),
  ...demoAddresses('formDemo', FORM_DEMOS),
  ...['flowForm', 'webForm'].map((p) => `generator/${p}`),
  ...['msgMonitor', 'msgTemplate', 'sendConfig'].map((p) => `msgCenter/${p}`),
  ...['dataReport', 'dataScreen', 'visualPortal', 'webDesign'].map((p) => `onlineDev/${p}`),
  ...['authorize', 'gradeManage', 'group', 'organize', 'position', 'role', 'user', 'userOnline'].map(
    (p) => `permission/${p}`,
  ),
  ...[
    'area',
    'billRule',
    'cache',
    'commonWords',
    'icons',
    'language',
    'log',
    'menu',
    'monitor',
    'notice',
    'printDev',
    'sysConfig',
    'task',
  ].map((p) => `system/${p}`),
  ...[
    'dataBackup',
    'dataInterface',
    'dataModel',
    'dataSource',
    'dataSync',
    'dictionary',
    'interfaceOauth',
    'map',
  ].map((p) => `systemData/${p}`),
  ...[
    'entrust',
    'flowCirculate',
    'flowDone',
    'flowEngine',
    'flowLaunch',
    'flowMonitor',
    'flowQuickLaunch',
    'flowTodo',
    'formDesign',
    'workFlowDetail',
  ].map((p) => `workFlow/${p}`),
  'basic/dynamicModel',
  'basic/dynamicDictionary',
  'basic/dynamicDataReport',
  'basic/dynamicPortal',
  'questionAnswering/zskManagement',
  'questionAnswering/chat',
];

// ---------------------------------------------------------------------------------------------
// Item helpers

/** Parses 'code:名称,code:名称' into items. */
const items = (spec: string): MenuItemSeed[] =>
  spec.split(',').map((pair) => {
    const [enCode, fullName] = pair.split(':');
    if (!enCode || !fullName) throw new Error(`bad item spec: ${pair}`);
    return { enCode: enCode.trim(), fullName: fullName.trim() };
  });

/** Display names of the buttons used across pages. */
const BUTTON_NAMES: Record<string, string> = {
  btn_add: '新建',
  btn_edit: '编辑',
  btn_remove: '删除',
  btn_detail: '详情',
  btn_import: '导入',
  btn_export: '导出',
  btn_state: '启用/禁用',
  btn_resetPassword: '重置密码',
  btn_unlock: '解除锁定',
  btn_forced: '强制下线',
  btn_release: '发布',
  btn_save: '保存',
  btn_copy: '复制',
  btn_preview: '预览',
  btn_design: '设计',
  btn_download: '下载',
  btn_upload: '上传',
  btn_test: '测试',
  btn_sync: '同步',
  btn_clear: '清空',
  btn_member: '成员',
  btn_authorize: '权限设置',
  btn_log: '日志',
  btn_start: '启动',
  btn_stop: '停止',
  btn_category: '分类管理',
  btn_addDepartment: '新建部门',
  btn_setAdmin: '设置超级管理员',
  btn_button: '按钮权限',
  btn_column: '列表权限',
  btn_form: '表单权限',
  btn_resource: '数据权限',
  btn_readAll: '全部已读',
  btn_revoke: '撤回',
  btn_batch: '批量审批',
  btn_cancel: '终止',
  btn_print: '打印',
  btn_share: '共享',
  btn_reindex: '重建索引',
  btn_restore: '还原',
};

/** Buttons by code; names come from BUTTON_NAMES. */
const buttons = (...codes: string[]): MenuItemSeed[] =>
  codes.map((enCode) => {
    const fullName = BUTTON_NAMES[enCode];
    if (!fullName) throw new Error(`no name for button ${enCode}`);
    return { enCode, fullName };
  });

/** The four buttons of every list page, then the page's own. */
const crud = (...extra: string[]): MenuItemSeed[] =>
  buttons('btn_add', 'btn_edit', 'btn_remove', 'btn_detail', ...extra);

const ALL: DataSchemeSeed = { enCode: 'all', fullName: '全部数据', allData: 1 };

/** A scheme of one condition on `field` against a fact of the signed-in user. */
const scheme = (
  enCode: string,
  fullName: string,
  field: DataFieldSeed,
  op: string,
  valueType: string,
): DataSchemeSeed => ({
  enCode,
  fullName,
  allData: 0,
  conditionJson: { matchLogic: 'and', conditions: [{ field: field.enCode, op, valueType, value: '' }] },
  fields: [field],
});

const creatorField: DataFieldSeed = {
  enCode: 'creatorUserId',
  fullName: '创建人',
  conditionSymbol: `${DataRuleOperator.Equal},${DataRuleOperator.NotEqual}`,
  conditionText: DataRuleValueType.CurrentUser,
};
const OWN = scheme('own', '本人数据', creatorField, DataRuleOperator.Equal, DataRuleValueType.CurrentUser);
const ownBy = (field: string, fullName: string) =>
  scheme(
    'own',
    '本人数据',
    { ...creatorField, enCode: field, fullName },
    DataRuleOperator.Equal,
    DataRuleValueType.CurrentUser,
  );

const orgSchemes = (enCode: string, fullName = '所属组织'): DataSchemeSeed[] => {
  const field: DataFieldSeed = {
    enCode,
    fullName,
    conditionSymbol: `${DataRuleOperator.Equal},${DataRuleOperator.NotEqual}`,
    conditionText: `${DataRuleValueType.CurrentOrganize},${DataRuleValueType.CurrentOrganizeAndSub}`,
  };
  return [
    scheme('org', '本部门数据', field, DataRuleOperator.Equal, DataRuleValueType.CurrentOrganize),
    scheme(
      'orgAndSub',
      '本部门及下属部门数据',
      field,
      DataRuleOperator.Equal,
      DataRuleValueType.CurrentOrganizeAndSub,
    ),
  ];
};

// ---------------------------------------------------------------------------------------------
// Menu builders

type PageExtras = Omit<MenuSeed, 'enCode' | 'fullName' | 'type' | 'urlAddress'>;

/** A page (type 2) under section `section`: enCode 'section.name', address 'section/name'. */
const page = (section: string, name: string, fullName: string, extras: PageExtras = {}): MenuSeed => ({
  enCode: section ? `${section}.${name}` : name,
  fullName,
  type: 2,
  urlAddress: section ? `${section}/${name}` : name,
  ...extras,
});

const directory = (
  enCode: string,
  fullName: string,
  children: MenuSeed[],
  extras: PageExtras = {},
): MenuSeed => ({
  enCode,
  fullName,
  type: 0,
  children,
  ...extras,
});

/** A folder of demo pages under extend: codes extend.<family>.<page>, addresses extend/<family>/<page>. */
function demoGroup<Page extends string>(
  family: string,
  fullName: string,
  order: readonly Page[],
  pages: Record<Page, [string, string[]?]>,
): MenuSeed {
  return {
    enCode: `extend.${family}`,
    fullName,
    type: 1,
    children: order.map((name) => {
      const [title, codes]: [string, string[]?] = pages[name];
      return {
        enCode: `extend.${family}.${name}`,
        fullName: title,
        type: 2,
        urlAddress: `extend/${family}/${name}`,
        ...(codes ? { buttons: buttons(...codes) } : {}),
      };
    }),
  };
}

/**
 * What the generated demo pages (types 3/4/5/8) open: stable module ids, and for the dictionary
 * page (type 4) the dictionary type it shows, named by its code (the page accepts an id or a code).
 */
export const DEMO_GENERATED_MODULE_IDS = {
  leaveApply: '0190f0a0-0000-7000-8000-000000000301',
  politicalStatus: 'PoliticalStatus',
  budgetReport: '0190f0a0-0000-7000-8000-000000000501',
  leaderPortal: '0190f0a0-0000-7000-8000-000000000801',
  /** The 城市运行大屏 data screen (modules/visualdev/dataScreen/demo.ts). */
  dataScreen: '0190f0a0-0000-7000-8000-000000000601',
} as const;

export const MENU_TREE: readonly MenuSeed[] = [
  page('', 'home', '首页', { icon: 'icon-ym icon-ym-nav-home' }),
  page('', 'dashboard', '工作台', { icon: 'icon-ym icon-ym-nav-dashboard' }),

  directory('questionAnswering', '智能问答', [
    page('questionAnswering', 'zskManagement', '知识库管理', {
      buttons: crud('btn_upload', 'btn_download', 'btn_reindex', 'btn_state'),
      columns: items(
        'fullName:知识库名称,description:描述,docCount:文档数量,enabledMark:状态,creatorUserName:创建人,creatorTime:创建时间',
      ),
      forms: items('fullName:知识库名称,description:描述,sortCode:排序,enabledMark:状态'),
      schemes: [ALL, OWN],
    }),
    page('questionAnswering', 'chat', '智能问答'),
  ]),

  directory('onlineDev', '在线开发', [
    page('onlineDev', 'webDesign', '功能设计', {
      buttons: crud('btn_copy', 'btn_release', 'btn_preview', 'btn_export', 'btn_import'),
    }),
    page('onlineDev', 'dataReport', '报表设计', { buttons: crud('btn_copy', 'btn_design', 'btn_preview') }),
    page('onlineDev', 'visualPortal', '门户设计', {
      buttons: crud('btn_copy', 'btn_design', 'btn_release', 'btn_preview', 'btn_export', 'btn_import'),
    }),
    page('onlineDev', 'dataScreen', '大屏设计', {
      buttons: crud(
        'btn_copy',
        'btn_design',
        'btn_release',
        'btn_preview',
        'btn_export',
        'btn_import',
        'btn_share',
      ),
    }),
  ]),

  directory('generator', '代码生成', [
    page('generator', 'webForm', '功能表单', { buttons: crud('btn_copy', 'btn_preview', 'btn_download') }),
    page('generator', 'flowForm', '流程表单', { buttons: crud('btn_copy', 'btn_preview', 'btn_download') }),
  ]),

  directory('system', '系统管理', [
    page('system', 'sysConfig', '系统配置', {
      buttons: buttons('btn_save', 'btn_setAdmin', 'btn_test', 'btn_sync'),
      forms: items(
        'sysName:系统名称,sysVersion:系统版本,copyright:版权信息,companyName:公司名称,logoIcon:系统图标,' +
          'loginIcon:登录图标,navigationIcon:导航图标,passwordStrengthLimit:密码强度限制,passwordLengthMin:密码最小长度,' +
          'passwordLengthMinNumber:最小长度值,containsNumbers:包含数字,includeLowercaseLetters:包含小写字母,' +
          'includeUppercaseLetters:包含大写字母,containsCharacters:包含字符,' +
          'mandatoryModificationOfInitialPassword:强制修改初始密码,tokenTimeout:登录超时',
      ),
    }),
    page('system', 'notice', '系统公告', {
      buttons: crud('btn_release'),
      columns: items(
        'title:标题,enabledMark:状态,releaseUser:发布人,releaseTime:发布时间,creatorTime:创建时间',
      ),
      forms: items('title:标题,toUserIds:发送范围,bodyText:内容,files:附件'),
      schemes: [ALL, OWN],
    }),
    page('system', 'task', '系统调度', {
      buttons: crud('btn_start', 'btn_stop', 'btn_log'),
      columns: items(
        'fullName:任务名称,enCode:任务编码,runCount:执行次数,lastRunTime:上次运行时间,nextRunTime:下次运行时间,enabledMark:状态,description:说明',
      ),
      forms: items(
        'fullName:任务名称,enCode:任务编码,executeType:执行类型,executeContent:执行内容,cron:执行规则,description:说明',
      ),
      schemes: [ALL, OWN],
    }),
    page('system', 'cache', '系统缓存', {
      buttons: buttons('btn_detail', 'btn_remove', 'btn_clear'),
      columns: items('cacheName:缓存名称,cacheSize:缓存大小,overdueTime:过期时间'),
    }),
    page('system', 'log', '系统日志', {
      buttons: buttons('btn_detail', 'btn_remove', 'btn_clear', 'btn_export'),
      columns: items(
        'creatorTime:时间,userName:用户,ipAddress:IP地址,ipAddressName:登录地点,platForm:平台设备,browser:浏览器,' +
          'requestUrl:请求地址,requestMethod:请求方法,requestDuration:请求耗时,abstracts:摘要',
      ),
      schemes: [ALL, ownBy('userId', '用户')],
    }),
    page('system', 'monitor', '系统监控'),
    page('system', 'icons', '系统图标'),
    page('system', 'menu', '系统菜单', {
      buttons: crud('btn_import', 'btn_export', 'btn_button', 'btn_column', 'btn_form', 'btn_resource'),
      columns: items(
        'fullName:菜单名称,enCode:菜单编码,icon:图标,type:类型,urlAddress:路由地址,sortCode:排序,enabledMark:状态',
      ),
      forms: items(
        'parentId:上级菜单,fullName:菜单名称,enCode:菜单编码,type:类型,icon:图标,urlAddress:路由地址,linkTarget:打开方式,' +
          'propertyJson:关联功能,isButtonAuthorize:按钮权限,isColumnAuthorize:列表权限,isFormAuthorize:表单权限,' +
          'isDataAuthorize:数据权限,sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL],
    }),
    page('system', 'area', '行政区划', {
      buttons: crud('btn_state'),
      columns: items('fullName:区域名称,enCode:区域编码,sortCode:排序,enabledMark:状态'),
      forms: items(
        'parentId:上级区域,fullName:区域名称,enCode:区域编码,sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL],
    }),
    page('system', 'billRule', '单据规则', {
      buttons: crud('btn_state', 'btn_export', 'btn_import'),
      columns: items(
        'fullName:业务名称,enCode:业务编码,category:业务分类,startNumber:流水起始,outputNumber:当前流水号,' +
          'sortCode:排序,enabledMark:状态,creatorTime:创建时间',
      ),
      forms: items(
        'fullName:业务名称,enCode:业务编码,category:业务分类,prefix:流水前缀,dateFormat:流水日期,digit:流水位数,' +
          'startNumber:流水起始,example:流水范例,sortCode:排序,enabledMark:状态,description:流水说明',
      ),
      schemes: [ALL, OWN],
    }),
    page('system', 'printDev', '打印模板', {
      buttons: crud('btn_copy', 'btn_preview', 'btn_design', 'btn_export', 'btn_import'),
      columns: items(
        'fullName:模板名称,enCode:模板编码,category:模板分类,type:类型,sortCode:排序,enabledMark:状态,creatorTime:创建时间',
      ),
      forms: items(
        'fullName:模板名称,enCode:模板编码,category:模板分类,type:类型,dbLinkId:数据连接,sqlTemplate:数据SQL,' +
          'printTemplate:模板内容,sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL, OWN],
    }),
    page('system', 'systemTemplate', '系统模板', {
      buttons: crud('btn_state'),
      columns: items(
        'fullName:模板名称,enCode:模板编码,category:消息类型,title:消息标题,sortCode:排序,enabledMark:状态,creatorTime:创建时间',
      ),
    }),
    page('system', 'smsTemplate', '短信模板', {
      buttons: crud('btn_state', 'btn_test'),
      columns: items(
        'fullName:模板名称,enCode:模板编码,accountName:短信账号,templateId:模板编号,signContent:签名内容,sortCode:排序,enabledMark:状态,creatorTime:创建时间',
      ),
    }),
    page('system', 'commonWords', '审批常用语', {
      buttons: crud(),
      columns: items('commonWordsText:常用语,systemNames:应用范围,sortCode:排序,enabledMark:状态'),
      forms: items('commonWordsText:常用语,systemIds:应用范围,sortCode:排序,enabledMark:状态'),
      schemes: [ALL, OWN],
    }),
    page('system', 'language', '翻译管理', {
      buttons: buttons('btn_edit'),
      columns: items('namespace:命名空间,key:翻译键,zhCN:简体中文,zhTW:繁體中文,enUS:English'),
    }),
  ]),

  directory('systemData', '数据应用', [
    page('systemData', 'dataSource', '数据连接', {
      buttons: crud('btn_test'),
      columns: items(
        'fullName:连接名称,dbType:连接驱动,host:主机地址,port:端口,sortCode:排序,enabledMark:状态,creatorTime:创建时间',
      ),
      forms: items(
        'fullName:连接名称,dbType:连接驱动,host:主机地址,port:端口,userName:用户,password:密码,serviceName:数据库,' +
          'sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL, OWN],
    }),
    page('systemData', 'dataModel', '数据建模', {
      buttons: crud('btn_preview', 'btn_export', 'btn_import'),
      columns: items('table:表名,tableName:表说明,sum:数据条数,creatorTime:创建时间'),
      forms: items('dbLinkId:数据连接,table:表名,tableName:表说明,fields:字段'),
      schemes: [ALL],
    }),
    page('systemData', 'dataSync', '数据同步', {
      buttons: buttons('btn_sync'),
      columns: items('table:表名,sum:数据条数'),
      forms: items('dbConnectionFrom:数据源,dbConnectionTo:目标库'),
    }),
    page('systemData', 'dataBackup', '数据备份', {
      buttons: buttons('btn_add', 'btn_remove', 'btn_detail', 'btn_download', 'btn_restore'),
      columns: items('fileName:备份名称,fileSize:文件大小,creatorUserName:备份人,creatorTime:备份时间'),
      forms: items('dbLinkId:数据连接,fileName:备份名称,description:说明'),
      schemes: [ALL],
    }),
    page('systemData', 'dataInterface', '数据接口', {
      buttons: crud('btn_state', 'btn_copy', 'btn_preview', 'btn_export', 'btn_import', 'btn_log'),
      columns: items(
        'fullName:接口名称,enCode:接口编码,type:接口类型,requestMethod:请求方式,sortCode:排序,enabledMark:状态,creatorTime:创建时间',
      ),
      forms: items(
        'category:接口分类,fullName:接口名称,enCode:接口编码,type:接口类型,requestMethod:请求方式,path:接口路径,' +
          'dbLinkId:数据连接,query:查询语句,requestParameters:请求参数,responseType:返回类型,sortCode:排序,' +
          'enabledMark:状态,description:说明',
      ),
      schemes: [ALL, OWN],
    }),
    page('systemData', 'interfaceOauth', '接口认证', {
      buttons: crud('btn_state', 'btn_authorize', 'btn_log'),
      columns: items('appId:应用ID,appName:应用名称,usefulLife:有效期,enabledMark:状态,creatorTime:创建时间'),
      forms: items(
        'appId:应用ID,appName:应用名称,appSecret:应用秘钥,usefulLife:有效期,verifySignature:签名验证,whiteList:白名单,' +
          'sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL, OWN],
    }),
    page('systemData', 'dictionary', '字典管理', {
      buttons: crud('btn_import', 'btn_export', 'btn_state', 'btn_category'),
      columns: items('fullName:名称,enCode:编码,sortCode:排序,enabledMark:状态'),
      forms: items('parentId:上级,fullName:名称,enCode:编码,sortCode:排序,enabledMark:状态,description:说明'),
      schemes: [ALL, OWN],
    }),
    page('systemData', 'map', '地图管理', {
      buttons: crud(),
      columns: items('fullName:地图名称,enCode:区域编码,sortCode:排序,enabledMark:状态,creatorTime:创建时间'),
      forms: items(
        'parentId:上级地图,fullName:地图名称,enCode:区域编码,geoJson:GeoJSON文件,sortCode:排序,enabledMark:状态,description:说明',
      ),
    }),
  ]),

  directory('permission', '权限管理', [
    page('permission', 'gradeManage', '分级管理', {
      buttons: crud(),
      columns: items(
        'account:账户,realName:姓名,gender:性别,mobilePhone:手机,organizeName:所属组织,creatorTime:创建时间',
      ),
      forms: items('userId:管理员,organizeAdminList:管理组织'),
      schemes: [ALL],
    }),
    page('permission', 'organize', '组织管理', {
      buttons: crud('btn_addDepartment', 'btn_member'),
      columns: items(
        'fullName:名称,enCode:编码,category:类型,sortCode:排序,enabledMark:状态,creatorTime:创建时间',
      ),
      forms: items(
        'parentId:上级组织,category:类型,fullName:名称,enCode:编码,shortName:简称,managerId:主管,' +
          'sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL, ...orgSchemes('id', '组织')],
    }),
    page('permission', 'position', '岗位管理', {
      buttons: crud('btn_member'),
      columns: items(
        'fullName:岗位名称,enCode:岗位编码,type:岗位类型,organizeName:所属组织,sortCode:排序,enabledMark:状态,creatorTime:创建时间',
      ),
      forms: items(
        'organizeId:所属组织,fullName:岗位名称,enCode:岗位编码,type:岗位类型,sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL, ...orgSchemes('organizeId')],
    }),
    page('permission', 'user', '用户管理', {
      buttons: crud('btn_resetPassword', 'btn_state', 'btn_unlock', 'btn_import', 'btn_export'),
      columns: items(
        'account:账户,realName:姓名,gender:性别,mobilePhone:手机,organizeName:所属组织,enabledMark:状态,creatorTime:创建时间',
      ),
      forms: items(
        'account:账户,realName:姓名,nickName:昵称,gender:性别,headIcon:头像,organizeId:所属组织,managerId:直属主管,' +
          'positionId:岗位,roleId:角色,mobilePhone:手机,email:邮箱,entryDate:入职时间,birthday:生日,' +
          'sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL, ...orgSchemes('organizeId'), OWN],
    }),
    page('permission', 'role', '角色管理', {
      buttons: crud('btn_state', 'btn_member', 'btn_authorize'),
      columns: items(
        'fullName:角色名称,enCode:角色编码,type:角色类型,globalMark:角色范围,sortCode:排序,enabledMark:状态,creatorTime:创建时间,description:说明',
      ),
      forms: items(
        'fullName:角色名称,enCode:角色编码,type:角色类型,globalMark:角色范围,organizeIds:所属组织,sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL],
    }),
    page('permission', 'group', '分组管理', {
      buttons: crud('btn_member'),
      columns: items(
        'fullName:分组名称,enCode:分组编码,type:分组类型,sortCode:排序,enabledMark:状态,creatorTime:创建时间,description:说明',
      ),
      forms: items(
        'fullName:分组名称,enCode:分组编码,type:分组类型,sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL, OWN],
    }),
    page('permission', 'authorize', '权限授权', { buttons: buttons('btn_save') }),
    page('permission', 'userOnline', '在线用户', {
      buttons: buttons('btn_forced'),
      columns: items(
        'userName:用户,loginTime:登录时间,loginIPAddress:登录IP,platForm:平台设备,browser:浏览器',
      ),
      schemes: [ALL],
    }),
  ]),

  directory('workFlow', '工作流程', [
    page('workFlow', 'formDesign', '表单设计', {
      buttons: crud('btn_copy', 'btn_design', 'btn_preview', 'btn_export', 'btn_import'),
    }),
    page('workFlow', 'flowEngine', '流程设计', {
      buttons: crud('btn_copy', 'btn_design', 'btn_export', 'btn_import', 'btn_state'),
    }),
    page('workFlow', 'flowQuickLaunch', '发起流程'),
    page('workFlow', 'flowLaunch', '我发起的', { buttons: crud('btn_revoke') }),
    page('workFlow', 'flowTodo', '待办事宜', { buttons: buttons('btn_detail', 'btn_batch') }),
    page('workFlow', 'flowDone', '已办事宜', { buttons: buttons('btn_detail', 'btn_revoke') }),
    page('workFlow', 'flowCirculate', '抄送事宜', { buttons: buttons('btn_detail') }),
    page('workFlow', 'entrust', '流程委托', { buttons: crud() }),
    page('workFlow', 'flowMonitor', '流程监控', {
      buttons: buttons('btn_detail', 'btn_remove', 'btn_cancel'),
    }),
  ]),

  directory('msgCenter', '消息中心', [
    // Not a 3.4.7 address: one page with the account kinds (mail, SMS, WeCom, DingTalk, webhook, MP) as tabs.
    page('msgCenter', 'accountConfig', '账号配置', {
      buttons: crud('btn_copy', 'btn_test', 'btn_export', 'btn_import'),
      columns: items('fullName:名称,enCode:编码,enabledMark:状态,creatorTime:创建时间'),
      schemes: [ALL, OWN],
    }),
    page('msgCenter', 'msgTemplate', '消息模板', {
      buttons: crud('btn_copy'),
      columns: items(
        'fullName:模板名称,enCode:模板编码,templateType:模板类型,messageSource:消息来源,messageType:消息类型,enabledMark:状态,creatorTime:创建时间',
      ),
      forms: items(
        'fullName:模板名称,enCode:模板编码,templateType:模板类型,messageSource:消息来源,messageType:消息类型,' +
          'title:消息标题,content:消息内容,sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL, OWN],
    }),
    page('msgCenter', 'sendConfig', '发送配置', {
      buttons: crud('btn_copy', 'btn_test'),
      columns: items(
        'fullName:配置名称,enCode:配置编码,templateType:模板类型,messageSource:消息来源,enabledMark:状态,creatorTime:创建时间',
      ),
      forms: items(
        'fullName:配置名称,enCode:配置编码,templateType:模板类型,messageSource:消息来源,sendConfigTemplateList:发送模板,' +
          'sortCode:排序,enabledMark:状态,description:说明',
      ),
      schemes: [ALL, OWN],
    }),
    page('msgCenter', 'msgMonitor', '消息监控', {
      buttons: buttons('btn_detail', 'btn_remove', 'btn_clear'),
      columns: items(
        'messageSource:消息来源,messageType:消息类型,title:消息标题,sendTime:发送时间,receiveUser:接收人',
      ),
      schemes: [ALL],
    }),
  ]),

  // WeChat administration (issue #27): official account and enterprise WeChat; page codes weChat.<page>.
  directory('weChat', '微信配置', [
    {
      enCode: 'weChat.mp',
      fullName: '公众号',
      type: 1,
      children: [
        page('weChat', 'mpConfig', '公众号配置'),
        page('weChat', 'mpMenu', '自定义菜单'),
        page('weChat', 'mpUser', '关注者'),
        page('weChat', 'mpMessage', '消息管理'),
        page('weChat', 'mpMaterial', '素材管理'),
      ],
    },
    {
      enCode: 'weChat.qy',
      fullName: '企业号',
      type: 1,
      children: [
        page('weChat', 'qyhConfig', '企业号配置'),
        page('weChat', 'qyDepartment', '部门同步'),
        page('weChat', 'qyUser', '成员同步'),
        page('weChat', 'qyMessage', '应用消息'),
      ],
    },
  ]),

  directory('extend', '扩展应用', [
    page('extend', 'bigData', '大数据测试', { buttons: buttons('btn_add') }),
    page('extend', 'importAndExport', '导入导出', {
      buttons: buttons('btn_import', 'btn_export', 'btn_remove'),
    }),
    page('extend', 'schedule', '日程安排', { buttons: crud() }),
    page('extend', 'email', '邮件收发', { buttons: buttons('btn_add', 'btn_remove', 'btn_detail') }),
    page('extend', 'document', '文档管理', {
      buttons: buttons(
        'btn_add',
        'btn_edit',
        'btn_upload',
        'btn_download',
        'btn_share',
        'btn_remove',
        'btn_detail',
      ),
    }),
    page('extend', 'barCode', '条码示例'),
    page('extend', 'printData', '打印示例', { buttons: buttons('btn_print') }),
    page('extend', 'map', '地图示例'),
    page('extend', 'order', '订单示例', { buttons: crud('btn_export') }),
    page('extend', 'saleOrder', '销售订单', { buttons: crud() }),
    page('extend', 'projectGantt', '项目计划', { buttons: crud() }),
    page('extend', 'signature', '电子签名'),
    page('extend', 'signet', '电子签章', { buttons: crud() }),
    demoGroup('tableDemo', '表格示例', TABLE_DEMOS, TABLE_DEMO_PAGES),
    demoGroup('graphDemo', '图表示例', GRAPH_DEMOS, GRAPH_DEMO_PAGES),
    demoGroup('formDemo', '表单示例', FORM_DEMOS, FORM_DEMO_PAGES),
  ]),

  directory('demo', '生成页面', [
    {
      enCode: 'demo.generated',
      fullName: '在线表单示例',
      type: 1,
      children: [
        {
          enCode: 'demo.leaveApply',
          fullName: '请假申请',
          type: 3,
          urlAddress: 'demo/leaveApply',
          propertyJson: JSON.stringify({ moduleId: DEMO_GENERATED_MODULE_IDS.leaveApply, isTree: 0 }),
          buttons: crud('btn_export'),
        },
        {
          enCode: 'demo.politicalStatus',
          fullName: '政治面貌字典',
          type: 4,
          urlAddress: 'demo/politicalStatus',
          propertyJson: JSON.stringify({ moduleId: DEMO_GENERATED_MODULE_IDS.politicalStatus, isTree: 0 }),
        },
        {
          enCode: 'demo.budgetReport',
          fullName: '部门预算执行报表',
          type: 5,
          urlAddress: 'demo/budgetReport',
          propertyJson: JSON.stringify({ moduleId: DEMO_GENERATED_MODULE_IDS.budgetReport, isTree: 0 }),
        },
        {
          enCode: 'demo.leaderPortal',
          fullName: '领导驾驶舱门户',
          type: 8,
          urlAddress: 'demo/leaderPortal',
          propertyJson: JSON.stringify({ moduleId: DEMO_GENERATED_MODULE_IDS.leaderPortal, isTree: 0 }),
        },
      ],
    },
    {
      enCode: 'demo.dataScreen',
      fullName: '城市运行大屏',
      type: 6,
      urlAddress: 'dataScreen/demodataScreen',
      propertyJson: JSON.stringify({ moduleId: DEMO_GENERATED_MODULE_IDS.dataScreen }),
      linkTarget: '_blank',
    },
    {
      enCode: 'demo.links',
      fullName: '常用链接',
      type: 1,
      children: [
        {
          enCode: 'demo.govPortal',
          fullName: '政府门户网站',
          type: 7,
          urlAddress: 'https://www.gov.cn',
          linkTarget: '_blank',
        },
        {
          enCode: 'demo.policyLibrary',
          fullName: '国务院政策文件库',
          type: 7,
          urlAddress: 'https://www.gov.cn/zhengce/zhengcewenjianku/',
          linkTarget: '_self',
        },
      ],
    },
  ]),

  directory(
    HIDDEN_DIRECTORY_CODE,
    '基础页面',
    [
      page('basic', 'messageRecord', '站内消息', {
        buttons: buttons('btn_detail', 'btn_remove', 'btn_readAll'),
      }),
      page('basic', 'profile', '个人信息'),
      // The 3.4.7 client's views/basic/externalLink reads Base64(?href) of its address and throws
      // without it; menus give the page its query (our client's router drops it).
      { ...page('basic', 'externalLink', '外部链接'), urlAddress: EXTERNAL_LINK_ADDRESS },
      page('basic', 'lockScreen', '锁屏'),
      page('workFlow', 'workFlowDetail', '流程详情'),
      page('extend', 'documentPreview', '文档预览'),
      page('basic', 'dynamicModel', '在线表单'),
      page('basic', 'dynamicDictionary', '在线字典'),
      page('basic', 'dynamicDataReport', '在线报表'),
      page('basic', 'dynamicPortal', '在线门户'),
    ],
    {
      propertyJson: JSON.stringify({ isHidden: 1 }),
      description: '不在菜单中显示的基础页面，用于授权与路由',
    },
  ),
];

/** Every node of the tree, depth first, with its parent's code (null at the top). */
export function flattenMenus(
  tree: readonly MenuSeed[] = MENU_TREE,
  parent: string | null = null,
): { menu: MenuSeed; parentCode: string | null; sortCode: number }[] {
  return tree.flatMap((menu, i) => [
    { menu, parentCode: parent, sortCode: (i + 1) * 10 },
    ...flattenMenus(menu.children ?? [], menu.enCode),
  ]);
}

const flag = (list: readonly unknown[] | undefined): 0 | 1 => (list && list.length > 0 ? 1 : 0);
const iconFor = (menu: MenuSeed): string =>
  menu.icon ?? `icon-ym icon-ym-${menu.enCode.replaceAll('.', '-')}`;

/** Inserts rows in chunks, keeping each statement well under PostgreSQL's parameter limit. */
async function insertChunked<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
  size = 400,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Inserts the built-in menu tree, with its buttons, columns, forms and data schemes, into `systemId`. */
export async function seedMenus(tx: Tx, systemId: string): Promise<void> {
  const flat = flattenMenus();
  const ids = new Map<string, string>();
  for (const { menu } of flat) {
    if (ids.has(menu.enCode)) throw new Error(`duplicate menu code ${menu.enCode}`);
    ids.set(menu.enCode, newId());
  }
  const now = Date.now();

  const moduleRows = flat.map(({ menu, parentCode, sortCode }) => ({
    id: ids.get(menu.enCode)!,
    systemId,
    parentId: parentCode === null ? '-1' : ids.get(parentCode)!,
    type: menu.type,
    fullName: menu.fullName,
    enCode: menu.enCode,
    icon: iconFor(menu),
    urlAddress: menu.urlAddress ?? null,
    linkTarget: menu.linkTarget ?? null,
    propertyJson: menu.propertyJson ?? null,
    category: 'Web',
    isButtonAuthorize: flag(menu.buttons),
    isColumnAuthorize: flag(menu.columns),
    isFormAuthorize: flag(menu.forms),
    isDataAuthorize: flag(menu.schemes),
    sortCode,
    enabledMark: 1,
    description: menu.description ?? null,
    creatorTime: now,
  }));

  const itemRows = (list: readonly MenuItemSeed[] | undefined, moduleId: string) =>
    (list ?? []).map((item, i) => ({
      id: newId(),
      moduleId,
      parentId: '-1',
      fullName: item.fullName,
      enCode: item.enCode,
      sortCode: i + 1,
      enabledMark: 1,
      creatorTime: now,
    }));

  const buttonRows = flat.flatMap(({ menu }) => itemRows(menu.buttons, ids.get(menu.enCode)!));
  const columnRows = flat.flatMap(({ menu }) => itemRows(menu.columns, ids.get(menu.enCode)!));
  const formRows = flat.flatMap(({ menu }) => itemRows(menu.forms, ids.get(menu.enCode)!));
  const schemeRows = flat.flatMap(({ menu }) =>
    (menu.schemes ?? []).map((scheme, i) => ({
      id: newId(),
      moduleId: ids.get(menu.enCode)!,
      parentId: '-1',
      fullName: scheme.fullName,
      enCode: scheme.enCode,
      sortCode: i + 1,
      enabledMark: 1,
      allData: scheme.allData,
      conditionJson: scheme.conditionJson ?? null,
      creatorTime: now,
    })),
  );

  const fieldRows = flat.flatMap(({ menu }) => {
    const fields = new Map((menu.schemes ?? []).flatMap((s) => s.fields ?? []).map((f) => [f.enCode, f]));
    return [...fields.values()].map((field, i) => ({
      id: newId(),
      moduleId: ids.get(menu.enCode)!,
      parentId: '-1',
      fullName: field.fullName,
      enCode: field.enCode,
      conditionSymbol: field.conditionSymbol,
      conditionText: field.conditionText,
      sortCode: i + 1,
      enabledMark: 1,
      creatorTime: now,
    }));
  });

  await insertChunked(moduleRows, (chunk) => tx.insert(modules).values(chunk));
  await insertChunked(buttonRows, (chunk) => tx.insert(moduleButtons).values(chunk));
  await insertChunked(columnRows, (chunk) => tx.insert(moduleColumns).values(chunk));
  await insertChunked(formRows, (chunk) => tx.insert(moduleForms).values(chunk));
  await insertChunked(fieldRows, (chunk) => tx.insert(moduleDataFields).values(chunk));
  await insertChunked(schemeRows, (chunk) => tx.insert(moduleDataSchemes).values(chunk));
}
