import { PageQuery, TABLE_DEMOS } from '@console/shared';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { answer, defineRoute } from '../../../core/route.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { areas, dictionaryData, dictionaryTypes, extTableExamples } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';

/** The table demo pages (menu codes); any of them reads the dataset. */
const MODULES = TABLE_DEMOS.map((p) => `extend.tableDemo.${p}`);
/** Notes are written on the annotations page. */
const POSTIL = { module: 'extend.tableDemo.postilTable' } as const;

export const TableExampleMessages = {
  notFound: '项目不存在或已删除',
  typeNotFound: '项目类型不存在，请从行业类型中选择',
  postilNotFound: '该批注不存在或已删除',
  signFormat: '项目标记应为7位，第n位为0或n',
  created: '新建成功',
  updated: '修改成功',
  deleted: '删除成功',
  signed: '标记成功',
  postilAdded: '批注成功',
  postilDeleted: '批注已删除',
} as const;

const INDUSTRY_TYPE = 'IndustryType';
const id = z.string().trim().min(1).max(64);
const Params = z.object({ id });
const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}最多为${max}个字符`)
    .nullish()
    .transform((v) => v ?? '');
const required = (max: number, label: string) =>
  z
    .string({ message: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}最多为${max}个字符`);
const amount = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v == null ? 0 : v),
    z.coerce
      .number({ message: `${label}应为数字` })
      .refine(Number.isFinite, `${label}应为数字`)
      .min(0, `${label}不能为负数`)
      .max(1e12, `${label}过大`)
      .transform((v) => Math.round(v * 100) / 100),
  );

/** POST, PUT and RowsEdit: the fields of the 3.4.7 form; anything else the row carries is ignored. */
export const TableExampleBody = z.object({
  projectName: required(100, '项目名称'),
  projectCode: required(50, '项目编码'),
  principal: required(50, '负责人'),
  projectType: required(64, '项目类型'),
  projectPhase: text(50, '项目阶段'),
  customerName: text(100, '客户名称'),
  jackStands: text(50, '立项人'),
  interactionDate: z.preprocess(
    (v) => (v === '' || v === 0 ? null : v),
    z.coerce.number({ message: '交互日期不正确' }).int('交互日期不正确').min(0, '交互日期不正确').nullish(),
  ),
  costAmount: amount('费用金额'),
  tunesAmount: amount('已用金额'),
  projectedIncome: amount('预计收入'),
  description: text(500, '备注'),
  version: z.coerce.number().int().min(0).optional(),
});
export type TableExampleBody = z.infer<typeof TableExampleBody>;

const SignBody = z.object({
  sign: z
    .string({ message: TableExampleMessages.signFormat })
    .refine((s) => /^[0-7]{7}$/.test(s) && [...s].every((c, i) => c === '0' || c === String(i + 1)), {
      message: TableExampleMessages.signFormat,
    }),
});
const PostilBody = z.object({
  text: z
    .string({ message: '请输入批注内容' })
    .trim()
    .min(1, '请输入批注内容')
    .max(500, '批注最多为500个字符'),
});

type Row = typeof extTableExamples.$inferSelect;
export interface Postil {
  userId: string;
  text: string;
  creatorTime: number;
}

const rowOf = (r: Row) => ({
  id: r.id,
  projectName: r.projectName,
  projectCode: r.projectCode,
  projectType: r.projectType,
  projectPhase: r.projectPhase,
  customerName: r.customerName,
  principal: r.principal,
  jackStands: r.jackStands,
  interactionDate: r.interactionDate,
  costAmount: r.costAmount,
  tunesAmount: r.tunesAmount,
  projectedIncome: r.projectedIncome,
  registrant: r.registrant,
  registerDate: r.registerDate,
  description: r.description ?? '',
  sign: r.sign,
  postilCount: r.postilCount,
  version: r.version,
});

const SORTABLE = {
  projectName: extTableExamples.projectName,
  projectCode: extTableExamples.projectCode,
  projectType: extTableExamples.projectType,
  projectPhase: extTableExamples.projectPhase,
  customerName: extTableExamples.customerName,
  principal: extTableExamples.principal,
  jackStands: extTableExamples.jackStands,
  interactionDate: extTableExamples.interactionDate,
  costAmount: extTableExamples.costAmount,
  tunesAmount: extTableExamples.tunesAmount,
  projectedIncome: extTableExamples.projectedIncome,
  registrant: extTableExamples.registrant,
  registerDate: extTableExamples.registerDate,
  postilCount: extTableExamples.postilCount,
} as const;

const live = eq(extTableExamples.deleteMark, 0);
const search = (keyword: string | undefined) =>
  keywordMatch(
    keyword,
    extTableExamples.projectName,
    extTableExamples.projectCode,
    extTableExamples.customerName,
    extTableExamples.principal,
  );

/** The IndustryType dictionary entries (enabled), parents before children. */
export async function industryTypes(db: DbOrTx) {
  return db
    .select({
      id: dictionaryData.id,
      parentId: dictionaryData.parentId,
      fullName: dictionaryData.fullName,
      enCode: dictionaryData.enCode,
    })
    .from(dictionaryData)
    .innerJoin(dictionaryTypes, eq(dictionaryTypes.id, dictionaryData.dictionaryTypeId))
    .where(and(eq(dictionaryTypes.enCode, INDUSTRY_TYPE), eq(dictionaryData.enabledMark, 1)))
    .orderBy(asc(dictionaryData.sortCode), asc(dictionaryData.enCode));
}

async function getRow(db: DbOrTx, rowId: string, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(extTableExamples)
    .where(and(eq(extTableExamples.id, rowId), live))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw badRequest(TableExampleMessages.notFound);
  return row;
}

async function checkType(db: DbOrTx, typeId: string) {
  if (!(await industryTypes(db)).some((t) => t.id === typeId))
    throw badRequest(TableExampleMessages.typeNotFound);
}

const values = (body: TableExampleBody) => ({
  projectName: body.projectName,
  projectCode: body.projectCode,
  projectType: body.projectType,
  projectPhase: body.projectPhase,
  customerName: body.customerName,
  principal: body.principal,
  jackStands: body.jackStands,
  interactionDate: body.interactionDate ?? null,
  costAmount: body.costAmount,
  tunesAmount: body.tunesAmount,
  projectedIncome: body.projectedIncome,
  description: body.description || null,
});

const parsePostils = (row: Row): Postil[] => {
  try {
    const list = JSON.parse(row.postilJson);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
};

/**
 * extend/tableDemo (other.md 1): the project/budget dataset every table demo shows, as the
 * 3.4.7 client calls it (/api/extend/TableExample*). Reads need any table demo page; writes the
 * button of the pages that offer them.
 */
export function registerTableExampleRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const read = { module: MODULES } as const;
  const write = (button: string) => ({ module: MODULES, button });

  const page = async (query: PageQuery, extra?: SQL) => {
    const order = listOrder(SORTABLE, query, desc(extTableExamples.id), [
      asc(extTableExamples.sortCode),
      desc(extTableExamples.id),
    ]);
    const found = await selectPage(
      db,
      extTableExamples,
      and(live, search(query.keyword), extra),
      order,
      query,
    );
    return { list: found.rows.map(rowOf), pagination: found.pagination };
  };

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/TableExample',
    access: read,
    query: PageQuery,
    handler: ({ query }) => page(query),
  });

  /** Every row (the grouping demo groups them by type on the client). */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/TableExample/All',
    access: read,
    query: z.object({ keyword: z.string().trim().max(100).optional() }),
    handler: async ({ query }) => {
      const rows = await db
        .select()
        .from(extTableExamples)
        .where(and(live, search(query.keyword)))
        .orderBy(asc(extTableExamples.projectType), asc(extTableExamples.sortCode), desc(extTableExamples.id))
        .limit(5000);
      return { list: rows.map(rowOf) };
    },
  });

  /** Provinces (the extension demo's rows), by keyword. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/TableExample/IndustryList',
    access: read,
    query: z.object({ keyword: z.string().trim().max(100).optional() }),
    handler: async ({ query }) => {
      const rows = await db
        .select({ id: areas.id, fullName: areas.fullName, enCode: areas.enCode })
        .from(areas)
        .where(
          and(
            eq(areas.parentId, '-1'),
            eq(areas.enabledMark, 1),
            keywordMatch(query.keyword, areas.fullName, areas.enCode),
          ),
        )
        .orderBy(asc(areas.sortCode), asc(areas.enCode));
      return { list: rows };
    },
  });

  /** The divisions under one (the extension demo's expanded rows). */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/TableExample/CityList/:id',
    access: read,
    params: Params,
    handler: async ({ params }) => {
      const rows = await db
        .select({ id: areas.id, fullName: areas.fullName, enCode: areas.enCode })
        .from(areas)
        .where(and(eq(areas.parentId, params.id), eq(areas.enabledMark, 1)))
        .orderBy(asc(areas.sortCode), asc(areas.enCode));
      return { list: rows };
    },
  });

  /** The IndustryType dictionary as a tree (the tree demos' left side). */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/TableExample/ControlSample/TreeList',
    access: read,
    handler: async () => {
      const types = await industryTypes(db);
      type Node = (typeof types)[number] & { children: Node[] };
      const build = (parentId: string): Node[] =>
        types.filter((t) => t.parentId === parentId).map((t) => ({ ...t, children: build(t.id) }));
      return { list: build('0') };
    },
  });

  /** One page of the projects of an industry type and its sub-types. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/TableExample/ControlSample/:typeId',
    access: read,
    params: z.object({ typeId: id }),
    query: PageQuery,
    handler: async ({ params, query }) => {
      const types = await industryTypes(db);
      if (!types.some((t) => t.id === params.typeId)) throw badRequest(TableExampleMessages.typeNotFound);
      const ids = [params.typeId];
      for (let i = 0; i < ids.length; i++) for (const t of types) if (t.parentId === ids[i]) ids.push(t.id);
      return page(query, inArray(extTableExamples.projectType, ids));
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/TableExample/:id',
    access: read,
    params: Params,
    handler: async ({ params }) => rowOf(await getRow(db, params.id)),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/TableExample',
    access: write('btn_add'),
    body: TableExampleBody,
    handler: async ({ body, session }) => {
      const rowId = newId();
      await db.transaction(async (tx) => {
        await checkType(tx, body.projectType);
        await tx.insert(extTableExamples).values({
          id: rowId,
          ...values(body),
          registrant: session.realName,
          registerDate: Date.now(),
          creatorUserId: session.userId,
        });
      });
      return answer({ id: rowId }, TableExampleMessages.created);
    },
  });

  const edit = async (rowId: string, body: TableExampleBody, userId: string) => {
    await db.transaction(async (tx) => {
      const row = await getRow(tx, rowId);
      await checkType(tx, body.projectType);
      await updateVersioned(
        tx,
        extTableExamples,
        { id: row.id, version: body.version ?? row.version, userId },
        values(body),
      );
    });
  };

  // The editable table saves a row in place (RowsEdit): the same fields and checks as the edit.
  for (const url of ['/api/extend/TableExample/:id', '/api/extend/TableExample/:id/Actions/RowsEdit']) {
    defineRoute(app, services, {
      method: 'PUT',
      url,
      access: write('btn_edit'),
      params: Params,
      body: TableExampleBody,
      handler: async ({ params, body, session }) => {
        await edit(params.id, body, session.userId);
        return answer(null, TableExampleMessages.updated);
      },
    });
  }

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/TableExample/:id',
    access: write('btn_remove'),
    params: Params,
    handler: async ({ params, session }) => {
      await db.transaction(async (tx) => {
        await getRow(tx, params.id, true);
        await tx
          .update(extTableExamples)
          .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: session.userId })
          .where(eq(extTableExamples.id, params.id));
      });
      return answer(null, TableExampleMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/extend/TableExample/UpdateSign/:id',
    access: { module: 'extend.tableDemo.signTable' },
    params: Params,
    body: SignBody,
    handler: async ({ params, body, session }) => {
      await db.transaction(async (tx) => {
        const row = await getRow(tx, params.id, true);
        await updateVersioned(
          tx,
          extTableExamples,
          { id: row.id, version: row.version, userId: session.userId },
          { sign: body.sign },
        );
      });
      return answer(null, TableExampleMessages.signed);
    },
  });

  /** The notes as the client reads them: `postilJson`, a JSON array of { userId, text, creatorTime }. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/TableExample/:id/Actions/Postil',
    access: read,
    params: Params,
    handler: async ({ params }) => {
      const row = await getRow(db, params.id);
      return { postilJson: JSON.stringify(parsePostils(row)) };
    },
  });

  const savePostils = async (tx: DbOrTx, row: Row, list: Postil[], userId: string) =>
    updateVersioned(
      tx,
      extTableExamples,
      { id: row.id, version: row.version, userId },
      {
        postilJson: JSON.stringify(list),
        postilCount: list.length,
      },
    );

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/TableExample/:id/Postil',
    access: POSTIL,
    params: Params,
    body: PostilBody,
    handler: async ({ params, body, session }) => {
      await db.transaction(async (tx) => {
        const row = await getRow(tx, params.id, true);
        // Newest first, as the client's timeline shows them.
        const list = [
          { userId: session.realName, text: body.text, creatorTime: Date.now() },
          ...parsePostils(row),
        ];
        await savePostils(tx, row, list, session.userId);
      });
      return answer(null, TableExampleMessages.postilAdded);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/TableExample/:id/Postil/:index',
    access: POSTIL,
    params: z.object({
      id,
      index: z.coerce
        .number({ message: TableExampleMessages.postilNotFound })
        .int(TableExampleMessages.postilNotFound)
        .min(0, TableExampleMessages.postilNotFound),
    }),
    handler: async ({ params, session }) => {
      await db.transaction(async (tx) => {
        const row = await getRow(tx, params.id, true);
        const list = parsePostils(row);
        if (params.index >= list.length) throw badRequest(TableExampleMessages.postilNotFound);
        list.splice(params.index, 1);
        await savePostils(tx, row, list, session.userId);
      });
      return answer(null, TableExampleMessages.postilDeleted);
    },
  });
}
