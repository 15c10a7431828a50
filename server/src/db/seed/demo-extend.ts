/**
 * Demo data of the extend pages (#15 C): a project of the district with its task tree for the
 * projectGantt page, dated around the day the demo is seeded so the chart shows today.
 */
import { newId } from '../../core/ids.js';
import type { Tx } from '../client.js';
import {
  extEmployees,
  extProjectGantt,
  extSaleCustomers,
  extSaleGoods,
  extSaleProductEntries,
  extSaleProducts,
} from '../schema/index.js';

const DAY = 86_400_000;

interface TaskSeed {
  name: string;
  /** Days from the project start. */
  from: number;
  days: number;
  schedule: number;
  color: string;
  children?: TaskSeed[];
}

const TASKS: TaskSeed[] = [
  {
    name: '需求调研与方案设计',
    from: 0,
    days: 14,
    schedule: 100,
    color: '#52c41a',
    children: [
      { name: '各部门办事事项梳理', from: 0, days: 7, schedule: 100, color: '#52c41a' },
      { name: '总体方案评审', from: 7, days: 7, schedule: 100, color: '#52c41a' },
    ],
  },
  {
    name: '平台开发',
    from: 14,
    days: 35,
    schedule: 45,
    color: '#1890ff',
    children: [
      { name: '统一身份认证对接', from: 14, days: 10, schedule: 100, color: '#1890ff' },
      { name: '事项申报与受理', from: 20, days: 20, schedule: 40, color: '#1890ff' },
      { name: '电子证照库接入', from: 30, days: 19, schedule: 10, color: '#1890ff' },
    ],
  },
  { name: '试运行与培训', from: 49, days: 14, schedule: 0, color: '#faad14' },
  { name: '验收上线', from: 63, days: 7, schedule: 0, color: '#f5222d' },
];

export async function seedDemoExtend(tx: Tx, ctx: { managerIds: string[]; creatorId: string; now: number }) {
  const start = new Date(ctx.now - 30 * DAY).setUTCHours(0, 0, 0, 0);
  const projectId = newId();
  const rows: (typeof extProjectGantt.$inferInsert)[] = [
    {
      id: projectId,
      type: 1,
      parentId: '0',
      enCode: 'SZZF-2026-01',
      fullName: '“一网通办”政务服务平台建设',
      startTime: start,
      endTime: start + 70 * DAY - 1,
      timeLimit: 70,
      schedule: 40,
      state: 1,
      managerIds: ctx.managerIds.join(','),
      description: '数字政府建设专班牵头，整合全区政务服务事项，实现网上申报、统一受理',
      creatorUserId: ctx.creatorId,
      creatorTime: ctx.now,
    },
  ];
  const add = (tasks: TaskSeed[], parentId: string) => {
    tasks.forEach((task, i) => {
      const id = newId();
      rows.push({
        id,
        type: 2,
        projectId,
        parentId,
        fullName: task.name,
        startTime: start + task.from * DAY,
        endTime: start + (task.from + task.days) * DAY - 1,
        timeLimit: task.days,
        schedule: task.schedule,
        signColor: task.color,
        managerIds: ctx.managerIds[i % ctx.managerIds.length] ?? '',
        sortCode: i,
        creatorUserId: ctx.creatorId,
        creatorTime: ctx.now,
      });
      add(task.children ?? [], id);
    });
  };
  add(TASKS, projectId);
  await tx.insert(extProjectGantt).values(rows);
  await seedEmployees(tx, ctx);
  await seedSales(tx, ctx);
}

const EMPLOYEES = [
  [
    'ZF001',
    '王建国',
    '男',
    '区政府办公室',
    '主任',
    '正式',
    '1975-03-12',
    '1997-07-01',
    '硕士研究生',
    '公共管理',
    '浙江大学',
  ],
  [
    'ZF002',
    '李晓明',
    '男',
    '区行政审批局',
    '科员',
    '正式',
    '1990-08-21',
    '2013-08-01',
    '大学本科',
    '行政管理',
    '中国人民大学',
  ],
  [
    'ZF003',
    '赵敏',
    '女',
    '区财政局',
    '会计',
    '正式',
    '1988-11-05',
    '2010-09-01',
    '大学本科',
    '会计学',
    '上海财经大学',
  ],
  [
    'ZF004',
    '陈立',
    '男',
    '区大数据中心',
    '工程师',
    '正式',
    '1992-01-17',
    '2015-07-01',
    '硕士研究生',
    '计算机科学与技术',
    '南京大学',
  ],
  [
    'ZF005',
    '周婷',
    '女',
    '区政务服务中心',
    '窗口受理员',
    '劳务派遣',
    '1998-06-30',
    '2020-09-01',
    '大专',
    '文秘',
    '杭州职业技术学院',
  ],
] as const;

const day = (text: string) => Date.parse(`${text}T00:00:00Z`);

async function seedEmployees(tx: Tx, ctx: { creatorId: string; now: number }) {
  await tx.insert(extEmployees).values(
    EMPLOYEES.map(
      (
        [
          enCode,
          fullName,
          gender,
          departmentName,
          positionName,
          workingNature,
          birthday,
          work,
          education,
          major,
          school,
        ],
        i,
      ) => ({
        id: newId(),
        enCode,
        fullName,
        gender,
        departmentName,
        positionName,
        workingNature,
        birthday: day(birthday),
        attendWorkTime: day(work),
        education,
        major,
        graduationAcademy: school,
        sortCode: i,
        creatorUserId: ctx.creatorId,
        creatorTime: ctx.now,
      }),
    ),
  );
}

/** Customers and goods of the sales demos, and two sales orders. */
async function seedSales(tx: Tx, ctx: { creatorId: string; now: number }) {
  const customers = [
    ['KH001', '示范区第一小学', '刘芳', '13900000001', '示范区文教路12号'],
    ['KH002', '示范区人民医院', '孙伟', '13900000002', '示范区健康路88号'],
    ['KH003', '示范区图书馆', '吴静', '13900000003', '示范区文化广场1号'],
  ].map(([code, fullName, contactName, contactTel, address], i) => ({
    id: newId(),
    code: code!,
    fullName: fullName!,
    contactName: contactName!,
    contactTel: contactTel!,
    address: address!,
    sortCode: i,
  }));
  const goods = (
    [
      ['SP001', '台式计算机', '办公设备', 'i5/16G/512G', '台', 4580],
      ['SP002', '激光打印机', '办公设备', 'A4 黑白', '台', 1280],
      ['SP003', 'A4复印纸', '办公耗材', '70g 500张/包', '箱', 98],
      ['SP004', '硒鼓', '办公耗材', 'HP 88A', '个', 180],
      ['SP005', '会议桌', '办公家具', '2.4m', '张', 2600],
    ] as const
  ).map(([code, fullName, type, specification, unit, price], i) => ({
    id: newId(),
    code,
    fullName,
    type,
    specification,
    unit,
    price,
    sortCode: i,
  }));
  await tx.insert(extSaleCustomers).values(customers);
  await tx.insert(extSaleGoods).values(goods);
  const orders = [
    {
      code: 'XS20261101',
      customer: customers[0]!,
      salesman: '陈立',
      daysAgo: 20,
      lines: [
        [0, 10],
        [1, 2],
      ],
    },
    {
      code: 'XS20261115',
      customer: customers[1]!,
      salesman: '李晓明',
      daysAgo: 6,
      lines: [
        [2, 40],
        [3, 12],
      ],
    },
  ] as const;
  for (const order of orders) {
    const id = newId();
    const entries = order.lines.map(([g, qty], sortCode) => {
      const item = goods[g]!;
      return {
        id: newId(),
        productId: id,
        goodsId: item.id,
        goodsCode: item.code,
        goodsName: item.fullName,
        specification: item.specification,
        unit: item.unit,
        qty,
        price: item.price,
        amount: qty * item.price,
        sortCode,
      };
    });
    await tx.insert(extSaleProducts).values({
      id,
      code: order.code,
      customerId: order.customer.id,
      customerName: order.customer.fullName,
      salesmanName: order.salesman,
      salesmanDate: ctx.now - order.daysAgo * DAY,
      amount: entries.reduce((sum, e) => sum + e.amount, 0),
      creatorUserId: ctx.creatorId,
      creatorTime: ctx.now,
    });
    await tx.insert(extSaleProductEntries).values(entries);
  }
}
