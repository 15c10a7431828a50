import { newId } from '../../../core/ids.js';
import type { Tx } from '../../../db/client.js';
import { extTableExamples } from '../../../db/schema/index.js';
import { industryTypes } from './routes.js';

const DAY = 86_400_000;

/** [name, code prefix, industry code, phase, customer, principal, approver, budget (10k yuan), spent share] */
const PROJECTS: [string, string, string, string, string, string, string, number, number][] = [
  ['政务服务一网通办平台升级', 'ZW', 'I65', '实施阶段', '区政务服务管理局', '张伟', '刘洋', 860, 0.46],
  ['电子证照库扩容', 'ZW', 'I65', '验收阶段', '区大数据中心', '杨帆', '刘洋', 320, 0.92],
  ['12345热线智能派单', 'ZW', 'I64', '实施阶段', '区政府办公室', '张伟', '王芳', 410, 0.38],
  ['基层治理网格化系统', 'ZW', 'I65', '需求调研', '区委政法委', '李娜', '王芳', 280, 0.05],
  ['政务外网安全加固', 'ZW', 'I63', '招标阶段', '区大数据中心', '杨帆', '刘洋', 195, 0],
  ['老旧小区改造（一期）', 'JS', 'E', '实施阶段', '区住房和城乡建设局', '陈静', '赵磊', 2650, 0.57],
  ['城区道路提质改造', 'JS', 'E', '实施阶段', '区交通运输局', '赵磊', '陈静', 3820, 0.41],
  ['第二中学新校区建设', 'JS', 'E', '设计阶段', '区教育局', '陈静', '赵磊', 5600, 0.08],
  ['社区卫生服务中心改扩建', 'JS', 'E', '验收阶段', '区卫生健康局', '周敏', '赵磊', 1240, 0.95],
  ['智慧停车诱导系统', 'JT', 'G', '实施阶段', '区交通运输局', '赵磊', '杨帆', 530, 0.33],
  ['公交站台改造', 'JT', 'G', '招标阶段', '区交通运输局', '赵磊', '周敏', 260, 0],
  ['乡村公路安防工程', 'JT', 'G', '实施阶段', '区农业农村局', '孙强', '周敏', 780, 0.62],
  ['高标准农田建设', 'NY', 'A', '实施阶段', '区农业农村局', '孙强', '李娜', 1500, 0.48],
  ['农产品质量追溯平台', 'NY', 'A', '需求调研', '区市场监督管理局', '李娜', '孙强', 150, 0.02],
  ['林区防火监控', 'NY', 'A', '验收阶段', '区林业局', '孙强', '李娜', 360, 0.88],
  ['污水处理厂提标改造', 'HB', 'D', '实施阶段', '区生态环境局', '周敏', '陈静', 4200, 0.51],
  ['供水管网漏损治理', 'HB', 'D', '设计阶段', '区水务局', '周敏', '孙强', 960, 0.1],
  ['街道照明节能改造', 'HB', 'D', '验收阶段', '区城市管理局', '陈静', '周敏', 420, 0.97],
  ['中小企业融资服务平台', 'JR', 'J', '实施阶段', '区金融工作局', '王芳', '张伟', 240, 0.35],
  ['财政预算一体化系统', 'JR', 'J', '实施阶段', '区财政局', '王芳', '张伟', 690, 0.44],
  ['政府采购电子卖场', 'JR', 'F', '验收阶段', '区财政局', '王芳', '杨帆', 180, 0.9],
  ['农贸市场标准化改造', 'SM', 'F', '实施阶段', '区商务局', '李娜', '王芳', 620, 0.55],
  ['夜间经济街区提升', 'SM', 'H', '设计阶段', '区商务局', '李娜', '张伟', 880, 0.12],
  ['全域旅游导览系统', 'LY', 'H', '招标阶段', '区文化和旅游局', '杨帆', '李娜', 210, 0],
  ['食品加工园区配套', 'GY', 'C13', '实施阶段', '区工业和信息化局', '孙强', '陈静', 1850, 0.29],
  ['化工园区安全监测', 'GY', 'C26', '实施阶段', '区应急管理局', '周敏', '孙强', 730, 0.4],
  ['电子信息产业园二期', 'GY', 'C39', '设计阶段', '区工业和信息化局', '张伟', '陈静', 6400, 0.06],
  ['保障性租赁住房', 'FC', 'K', '实施阶段', '区住房和城乡建设局', '陈静', '王芳', 7200, 0.37],
  ['不动产登记便民点', 'FC', 'K', '验收阶段', '区自然资源局', '王芳', '陈静', 130, 0.99],
  ['政务大厅物业服务', 'ZL', 'L', '实施阶段', '区机关事务管理局', '刘洋', '张伟', 96, 0.5],
  ['矿山生态修复', 'KC', 'B', '实施阶段', '区自然资源局', '孙强', '周敏', 2100, 0.44],
  ['5G基站共建共享', 'TX', 'I63', '实施阶段', '区工业和信息化局', '杨帆', '张伟', 450, 0.6],
];

/** The demo rows of the table demos: the district's projects with budgets, across industry types. */
export async function seedTableExamples(tx: Tx, ctx: { creatorId: string; registrant: string; now: number }) {
  const types = new Map((await industryTypes(tx)).map((t) => [t.enCode, t.id]));
  const day = new Date(ctx.now).setUTCHours(0, 0, 0, 0);
  const rows: (typeof extTableExamples.$inferInsert)[] = [];
  PROJECTS.forEach(([name, prefix, type, phase, customer, principal, approver, budget, spent], i) => {
    const projectType = types.get(type);
    if (!projectType) return;
    const cost = budget * 10_000;
    rows.push({
      id: newId(),
      projectName: name,
      projectCode: `${prefix}2026${String(i + 1).padStart(3, '0')}`,
      projectType,
      projectPhase: phase,
      customerName: customer,
      principal,
      jackStands: approver,
      interactionDate: day - (i * 7 + 3) * DAY,
      costAmount: cost,
      tunesAmount: Math.round(cost * spent),
      projectedIncome: Math.round(cost * (0.08 + (i % 5) * 0.02)),
      registrant: ctx.registrant,
      registerDate: day - (i * 7 + 10) * DAY,
      description: i % 3 === 0 ? '列入年度重点项目' : null,
      sign: i % 4 === 0 ? '1000000' : i % 5 === 0 ? '0004000' : '0000000',
      postilJson:
        i % 6 === 0
          ? JSON.stringify([{ userId: approver, text: '请补充资金使用明细', creatorTime: day - 2 * DAY }])
          : '[]',
      postilCount: i % 6 === 0 ? 1 : 0,
      sortCode: i,
      creatorUserId: ctx.creatorId,
      creatorTime: day - (i * 7 + 10) * DAY,
    });
  });
  if (rows.length) await tx.insert(extTableExamples).values(rows);
}
