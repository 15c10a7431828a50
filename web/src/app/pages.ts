import { FORM_DEMOS, GRAPH_DEMOS, TABLE_DEMOS } from '@console/shared';
import type { PageEntry, PageRegistry } from '../shell/routing';

/** What the designer of web design and of the code generator needs. */
const DESIGNER_NAMESPACES = [
  'webDesign',
  'designer',
  'form',
  'formAdvanced',
  'upload',
  'orgPicker',
  'widgets',
  'dictionary',
] as const;
const GENERATOR_NAMESPACES = [...DESIGNER_NAMESPACES, 'codeGenerator'] as const;

/** The extend demo families (14 tables, 20 charts, 8 forms): one page component per family, one address per demo. */
const EXTEND_DEMOS: Record<string, PageEntry> = Object.fromEntries([
  ...TABLE_DEMOS.map((name) => [
    `extend/tableDemo/${name}`,
    {
      load: () =>
        import('../features/extend/tableDemo/table-demo-page').then((m) => ({
          default: m.tableDemoPage(name),
        })),
      namespaces: ['extendTableDemo'],
    },
  ]),
  ...GRAPH_DEMOS.map((name) => [
    `extend/graphDemo/${name}`,
    {
      load: () =>
        import('../features/extend/graphDemo/graph-demo-page').then((m) => ({
          default: m.graphDemoPage(name),
        })),
      namespaces: ['extendGraphDemo'],
    },
  ]),
  ...FORM_DEMOS.map((name) => [
    `extend/formDemo/${name}`,
    {
      load: () =>
        import('../features/extend/formDemo/form-demo-page').then((m) => ({ default: m.formDemoPage(name) })),
      namespaces: ['extendFormDemo', 'formAdvanced'],
    },
  ]),
]);

/**
 * Page components by menu address (api-contract.md "Page addresses"): a menu node of type 2
 * whose urlAddress is a key here is routed at '/' + urlAddress. A feature adds one line.
 * Addresses without an entry open the shell's "page not built yet" view.
 */
export const PAGES: PageRegistry = {
  home: { load: () => import('../features/home/home-page'), namespaces: ['home'] },
  dashboard: {
    load: () => import('../features/home/dashboard-page'),
    namespaces: ['dashboard', 'home'],
  },
  'basic/profile': {
    load: () => import('../features/permission/current/profile-page'),
    namespaces: ['profile', 'password'],
  },
  // The shell's link page and lock (console.md 2.1, 4) under their menu addresses: a 快捷入口 tile
  // or a menu entry opens them like any page.
  'basic/externalLink': {
    load: () => import('../shell/shell-pages').then((pages) => ({ default: pages.ExternalLinkPage })),
    namespaces: ['shell'],
  },
  'basic/lockScreen': {
    load: () => import('../shell/shell-pages').then((pages) => ({ default: pages.LockNowPage })),
    namespaces: ['shell'],
  },
  'systemData/dictionary': {
    load: () => import('../features/system/dictionary/dictionary-page'),
    namespaces: ['dictionary', 'widgets'],
  },
  'systemData/dataSource': {
    load: () => import('../features/systemData/dataSource/data-source-page'),
    namespaces: ['systemData', 'widgets'],
  },
  'systemData/dataModel': {
    load: () => import('../features/systemData/dataModel/data-model-page'),
    namespaces: ['systemData', 'widgets'],
  },
  'systemData/dataInterface': {
    load: () => import('../features/systemData/dataInterface/data-interface-page'),
    namespaces: ['systemData', 'widgets'],
  },
  'systemData/interfaceOauth': {
    load: () => import('../features/systemData/interfaceOauth/interface-oauth-page'),
    namespaces: ['systemData', 'widgets'],
  },
  'systemData/dataSync': {
    load: () => import('../features/systemData/dataSync/data-sync-page'),
    namespaces: ['dataSync', 'widgets'],
  },
  'systemData/dataBackup': {
    load: () => import('../features/systemData/dataBackup/data-backup-page'),
    namespaces: ['dataBackup', 'widgets'],
  },
  'systemData/map': {
    load: () => import('../features/systemData/map/map-page'),
    namespaces: ['mapManage', 'widgets'],
  },
  'extend/map': {
    load: () => import('../features/extend/map/map-page'),
    namespaces: ['extendMap'],
  },
  'system/billRule': {
    load: () => import('../features/system/billRule/bill-rule-page'),
    namespaces: ['billRule', 'widgets', 'dictionary'],
  },
  'basic/messageRecord': {
    load: () => import('../features/message/inbox/message-record-page'),
    namespaces: ['message', 'widgets'],
  },
  'system/notice': {
    load: () => import('../features/message/notice/notice-page'),
    namespaces: ['notice', 'message', 'widgets'],
  },
  'system/printDev': {
    load: () => import('../features/system/printDev/print-dev-page'),
    namespaces: ['printDev', 'widgets', 'notice'],
  },
  'system/language': {
    load: () => import('../features/system/language/system-language-page'),
    namespaces: ['systemLanguage', 'widgets'],
  },
  'system/systemTemplate': {
    load: () => import('../features/system/templates/system-template-page'),
    namespaces: ['systemTemplate', 'widgets'],
  },
  'system/smsTemplate': {
    load: () => import('../features/system/templates/sms-template-page'),
    namespaces: ['systemTemplate', 'widgets'],
  },
  'system/commonWords': {
    load: () => import('../features/system/commonWords/common-words-page'),
    namespaces: ['commonWords', 'widgets'],
  },
  'system/log': {
    load: () => import('../features/system/log/log-page'),
    namespaces: ['systemLog', 'widgets'],
  },
  'system/task': {
    load: () => import('../features/system/task/task-page'),
    namespaces: ['systemTask', 'widgets'],
  },
  'system/monitor': {
    load: () => import('../features/system/monitor/monitor-page'),
    namespaces: ['systemMonitor'],
  },
  'system/cache': {
    load: () => import('../features/system/cache/cache-page'),
    namespaces: ['systemCache', 'widgets'],
  },
  'system/icons': { load: () => import('../features/system/icons/icons-page'), namespaces: ['systemIcons'] },
  'system/area': { load: () => import('../features/system/area/area-page'), namespaces: ['area', 'widgets'] },
  'system/sysConfig': {
    load: () => import('../features/system/sysConfig/sys-config-page'),
    namespaces: ['sysConfig', 'widgets'],
  },
  'extend/schedule': {
    load: () => import('../features/system/schedule/schedule-page'),
    namespaces: ['schedule', 'orgPicker'],
  },
  'extend/projectGantt': {
    load: () => import('../features/extend/projectGantt/project-gantt-page'),
    namespaces: ['extendProjectGantt', 'orgPicker', 'widgets'],
  },
  'extend/barCode': {
    load: () => import('../features/extend/barCode/bar-code-page'),
    namespaces: ['extendBarCode'],
  },
  'extend/signature': {
    load: () => import('../features/extend/signature/signature-page'),
    namespaces: ['extendSignature', 'formAdvanced'],
  },
  'extend/bigData': {
    load: () => import('../features/extend/bigData/big-data-page'),
    namespaces: ['extendBigData', 'widgets'],
  },
  'extend/email': {
    load: () => import('../features/extend/email/extend-email-page'),
    namespaces: ['extendEmail', 'notice', 'widgets'],
  },
  'extend/document': {
    load: () => import('../features/extend/document/document-page'),
    namespaces: ['extendDocument', 'upload', 'orgPicker', 'widgets'],
  },
  'extend/importAndExport': {
    load: () => import('../features/extend/employee/import-export-page'),
    namespaces: ['extendImportExport', 'importWizard', 'widgets'],
  },
  'extend/saleOrder': {
    load: () => import('../features/extend/saleOrder/sale-order-page'),
    namespaces: ['extendSaleOrder', 'widgets'],
  },
  'extend/order': {
    load: () => import('../features/extend/crmOrder/order-page'),
    namespaces: ['extendOrder', 'workflow', 'widgets'],
  },
  'extend/documentPreview': {
    load: () => import('../features/extend/documentPreview/document-preview-page'),
    namespaces: ['extendDocumentPreview', 'widgets'],
  },
  'extend/printData': {
    load: () => import('../features/extend/printData/print-data-page'),
    namespaces: ['extendPrintData', 'printDev'],
  },
  'extend/signet': {
    load: () => import('../features/extend/signet/signet-page'),
    namespaces: ['extendSignet'],
  },
  'workFlow/flowEngine': {
    load: () => import('../features/workflow/templates/flow-engine-page'),
    namespaces: ['flowEngine', 'widgets', 'orgPicker'],
  },
  'workFlow/flowLaunch': {
    load: () => import('../features/workflow/lists/flow-launch-page'),
    namespaces: ['workflow', 'widgets'],
  },
  'workFlow/flowTodo': {
    load: () => import('../features/workflow/lists/flow-todo-page'),
    namespaces: ['workflow', 'workflowEntrust', 'widgets', 'orgPicker'],
  },
  'workFlow/formDesign': {
    load: () => import('../features/workflow/forms/form-design-page'),
    namespaces: [
      'workflowEntrust',
      'designer',
      'form',
      'formAdvanced',
      'upload',
      'orgPicker',
      'widgets',
      'dictionary',
    ],
  },
  'workFlow/entrust': {
    load: () => import('../features/workflow/delegate/entrust-page'),
    namespaces: ['workflowEntrust', 'widgets', 'orgPicker'],
  },
  'workFlow/flowQuickLaunch': {
    load: () => import('../features/workflow/quickLaunch/quick-launch-page'),
    namespaces: ['workflowEntrust', 'widgets', 'form', 'orgPicker'],
  },
  'workFlow/flowDone': {
    load: () => import('../features/workflow/lists/flow-done-page'),
    namespaces: ['workflow', 'widgets'],
  },
  'workFlow/flowCirculate': {
    load: () => import('../features/workflow/lists/flow-circulate-page'),
    namespaces: ['workflow', 'widgets'],
  },
  'workFlow/flowMonitor': {
    load: () => import('../features/workflow/lists/flow-monitor-page'),
    namespaces: ['workflow', 'widgets'],
  },
  'workFlow/workFlowDetail': {
    load: () => import('../features/workflow/engine/workflow-detail-page'),
    namespaces: ['workflow', 'workflowEntrust', 'widgets', 'form', 'orgPicker'],
  },
  /** Generated page (menu type 3): the released online design named by the node's moduleId. */
  'basic/dynamicModel': {
    load: () => import('../features/visualdev/onlineDev/dynamic-model-page'),
    namespaces: ['onlineDev', 'form', 'widgets', 'importWizard'],
  },
  /** Generated dictionary page (menu type 4): the entries of the type named by the node's moduleId. */
  'basic/dynamicDictionary': {
    load: () => import('../features/system/dictionary/dynamic-dictionary-page'),
    namespaces: ['dictionary', 'widgets'],
  },
  'permission/user': {
    load: () => import('../features/permission/user/user-page'),
    namespaces: ['user', 'importWizard', 'orgPicker', 'widgets'],
  },
  'permission/userOnline': {
    load: () => import('../features/permission/userOnline/user-online-page'),
    namespaces: ['userOnline', 'widgets'],
  },
  'permission/authorize': {
    load: () => import('../features/permission/authorize/authorize-page'),
    namespaces: ['authorize', 'orgPicker', 'widgets'],
  },
  'permission/organize': {
    load: () => import('../features/permission/organize/organize-page'),
    namespaces: ['organize', 'orgPicker', 'widgets'],
  },
  'permission/position': {
    load: () => import('../features/permission/position/position-page'),
    namespaces: ['position', 'organize', 'orgPicker', 'widgets'],
  },
  'permission/role': {
    load: () => import('../features/permission/role/role-page'),
    namespaces: ['role', 'organize', 'orgPicker', 'widgets'],
  },
  'permission/group': {
    load: () => import('../features/permission/group/group-page'),
    namespaces: ['group', 'organize', 'orgPicker', 'widgets'],
  },
  'permission/gradeManage': {
    load: () => import('../features/permission/gradeManage/grade-page'),
    namespaces: ['gradeManage', 'organize', 'orgPicker', 'widgets'],
  },
  'system/menu': { load: () => import('../features/system/menu/menu-page'), namespaces: ['menu', 'widgets'] },
  'weChat/mpConfig': {
    load: () => import('../features/wechat/mp-pages').then((m) => ({ default: m.MpConfigPage })),
    namespaces: ['wechat'],
  },
  'weChat/mpMenu': {
    load: () => import('../features/wechat/mp-pages').then((m) => ({ default: m.MpMenuPage })),
    namespaces: ['wechat'],
  },
  'weChat/mpUser': {
    load: () => import('../features/wechat/mp-pages').then((m) => ({ default: m.MpUserPage })),
    namespaces: ['wechat'],
  },
  'weChat/mpMessage': {
    load: () => import('../features/wechat/mp-pages').then((m) => ({ default: m.MpMessagePage })),
    namespaces: ['wechat'],
  },
  'weChat/mpMaterial': {
    load: () => import('../features/wechat/mp-pages').then((m) => ({ default: m.MpMaterialPage })),
    namespaces: ['wechat'],
  },
  'weChat/qyhConfig': {
    load: () => import('../features/wechat/qy-pages').then((m) => ({ default: m.QyConfigPage })),
    namespaces: ['wechat'],
  },
  'weChat/qyDepartment': {
    load: () => import('../features/wechat/qy-pages').then((m) => ({ default: m.QyDepartmentPage })),
    namespaces: ['wechat'],
  },
  'weChat/qyUser': {
    load: () => import('../features/wechat/qy-pages').then((m) => ({ default: m.QyUserPage })),
    namespaces: ['wechat'],
  },
  'weChat/qyMessage': {
    load: () => import('../features/wechat/qy-pages').then((m) => ({ default: m.QyMessagePage })),
    namespaces: ['wechat'],
  },
  'msgCenter/accountConfig': {
    load: () => import('../features/msgCenter/accountConfig/account-page'),
    namespaces: ['msgCenter', 'widgets'],
  },
  'msgCenter/msgTemplate': {
    load: () => import('../features/msgCenter/msgTemplate/template-page'),
    namespaces: ['msgCenter', 'widgets'],
  },
  'msgCenter/sendConfig': {
    load: () => import('../features/msgCenter/sendConfig/send-config-page'),
    namespaces: ['msgCenter', 'orgPicker', 'widgets'],
  },
  'msgCenter/msgMonitor': {
    load: () => import('../features/msgCenter/msgMonitor/monitor-page'),
    namespaces: ['msgCenter', 'widgets'],
  },
  'onlineDev/webDesign': {
    load: () => import('../features/visualdev/webDesign/web-design-page'),
    namespaces: [...DESIGNER_NAMESPACES, 'shortLink'],
  },
  'onlineDev/dataScreen': {
    load: () => import('../features/visualdev/dataScreen/data-screen-page'),
    namespaces: ['dataScreen'],
  },
  'onlineDev/dataReport': {
    load: () => import('../features/visualdev/report/data-report-page'),
    namespaces: ['dataReport', 'widgets'],
  },
  'onlineDev/visualPortal': {
    load: () => import('../features/visualdev/portal/visual-portal-page'),
    namespaces: ['portal', 'widgets'],
  },
  /** Report page (menu type 5): the report named by the node's moduleId. */
  'basic/dynamicDataReport': {
    load: () => import('../features/visualdev/report/view/dynamic-report-page'),
    namespaces: ['dataReport'],
  },
  /** Portal page (menu type 8): the portal named by the node's moduleId. */
  'basic/dynamicPortal': {
    load: () => import('../features/visualdev/portal/view/dynamic-portal-page'),
    namespaces: ['portal'],
  },
  'generator/webForm': {
    load: () =>
      import('../features/visualdev/generator/code-generator-page').then((m) => ({
        default: m.WebFormGeneratorPage,
      })),
    namespaces: GENERATOR_NAMESPACES,
  },
  'generator/flowForm': {
    load: () =>
      import('../features/visualdev/generator/code-generator-page').then((m) => ({
        default: m.FlowFormGeneratorPage,
      })),
    namespaces: GENERATOR_NAMESPACES,
  },
  'questionAnswering/zskManagement': {
    load: () => import('../features/knowledge/bases/knowledge-base-page'),
    namespaces: ['knowledgeBase', 'orgPicker', 'widgets'],
  },
  'questionAnswering/chat': {
    load: () => import('../features/knowledge/chat/chat-page'),
    namespaces: ['knowledgeChat'],
  },
  /** Not a menu page: the router's public-but-guarded /scanLogin (QR code confirmation) uses it. */
  scanLogin: { load: () => import('../features/oauth/tickets/scan-confirm-page'), namespaces: ['scan'] },
  ...EXTEND_DEMOS,
};
