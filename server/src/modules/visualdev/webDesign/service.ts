import {
  DataRuleOperator,
  DataRuleValueType,
  GENERATED_BUTTONS,
  VisualDevBody,
  type VisualDevInfo,
  type VisualDevListItem,
  type VisualDevReleaseBody,
  type VisualDevUpdateBody,
  type VisualTable,
  walkFields,
} from '@console/shared';
import { and, asc, desc, eq, inArray, like, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { escapeLike, keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import {
  dictionaryData,
  moduleButtons,
  moduleColumns,
  moduleDataFields,
  moduleDataSchemes,
  moduleForms,
  modules,
  systems,
  users,
  visualDevShortLinks,
  visualDevs,
} from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { ensureSearchIndexes, ensureTables } from './ddl.js';
import { type DataModel, readForm, settleTables } from './model.js';

export const VisualDevMessages = {
  created: '新建成功',
  updated: '保存成功',
  deleted: '删除成功',
  copied: '复制成功',
  released: '发布成功',
  imported: '导入成功',
  notFound: '功能设计不存在',
  codeExists: (code: string) => `编码“${code}”已存在`,
  categoryMissing: '分类不存在，请重新选择分类',
  parentMissing: '上级菜单不存在，或不是目录/分类，请重新选择',
  noList: '该设计没有列表（webType 须为 2），不能发布为列表页面',
  flowNotSupported: '流程表单的发布尚未提供：请关闭 enableFlow 后发布',
  importMalformed: '导入文件格式错误：不是有效的 .vdd 功能设计文件',
  deleteReleased: '该功能已发布到菜单，请先在菜单管理中删除其菜单',
} as const;

type Row = typeof visualDevs.$inferSelect;

/** The released copy kept in `released` (forms.md 4: Release copies the design). */
export interface ReleasedCopy {
  fullName: string;
  enCode: string;
  webType: number;
  enableFlow: number;
  tables: string;
  formData: string;
  columnData: string;
  appColumnData: string;
  flowTemplateJson: string;
}

const SORTABLE = {
  fullName: visualDevs.fullName,
  enCode: visualDevs.enCode,
  sortCode: visualDevs.sortCode,
  creatorTime: visualDevs.creatorTime,
  lastModifyTime: visualDevs.lastModifyTime,
} as const;

const listItem = (r: Row, categoryName: string | null, creator: string | null): VisualDevListItem => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  categoryName,
  type: r.type,
  webType: r.webType,
  enableFlow: r.enableFlow,
  state: r.state,
  sortCode: r.sortCode,
  description: r.description,
  isRelease: r.isRelease,
  creatorUser: creator,
  creatorTime: r.creatorTime,
  lastModifyTime: r.lastModifyTime,
  version: r.version,
});

/** A .vdd file: one design (forms.md 4), without ids of this installation's rows. */
const VddFile = z.looseObject({
  fullName: z.string().min(1),
  enCode: z.string().min(1),
  category: z.string().min(1),
});

/** Form permission codes of a design: main fields by vModel, sub-table columns `{table}-{child}`. */
export function permissionItems(model: DataModel) {
  const columns = [
    ...model.fields.map((f) => ({ enCode: f.vModel, fullName: f.label })),
    ...model.subTables.flatMap((s) =>
      s.fields.map((f) => ({ enCode: `${s.vModel}-${f.vModel}`, fullName: `${s.label}-${f.label}` })),
    ),
  ];
  const forms = [
    ...model.fields.map((f) => ({ enCode: f.vModel, fullName: f.label, bindTable: model.mainTable })),
    ...model.subTables.map((s) => ({ enCode: s.vModel, fullName: s.label, bindTable: s.table })),
    ...model.subTables.flatMap((s) =>
      s.fields.map((f) => ({
        enCode: `${s.vModel}-${f.vModel}`,
        fullName: `${s.label}-${f.label}`,
        bindTable: s.table,
      })),
    ),
  ];
  return { columns, forms };
}

const DATA_FIELDS = [
  {
    enCode: 'creatorUserId',
    fullName: '创建人',
    conditionSymbol: `${DataRuleOperator.Equal},${DataRuleOperator.NotEqual}`,
    conditionText: DataRuleValueType.CurrentUser,
  },
  {
    enCode: 'organizeId',
    fullName: '所属组织',
    conditionSymbol: `${DataRuleOperator.Equal},${DataRuleOperator.NotEqual}`,
    conditionText: `${DataRuleValueType.CurrentOrganize},${DataRuleValueType.CurrentOrganizeAndSub}`,
  },
];
const condition = (field: string, valueType: string) => ({
  matchLogic: 'and',
  conditions: [{ field, op: DataRuleOperator.Equal, valueType, value: '' }],
});
const DATA_SCHEMES = [
  { enCode: 'all', fullName: '全部数据', allData: 1, conditionJson: null },
  {
    enCode: 'own',
    fullName: '本人数据',
    allData: 0,
    conditionJson: condition('creatorUserId', DataRuleValueType.CurrentUser),
  },
  {
    enCode: 'org',
    fullName: '本部门数据',
    allData: 0,
    conditionJson: condition('organizeId', DataRuleValueType.CurrentOrganize),
  },
  {
    enCode: 'orgAndSub',
    fullName: '本部门及下属部门数据',
    allData: 0,
    conditionJson: condition('organizeId', DataRuleValueType.CurrentOrganizeAndSub),
  },
];

/** Reads a JSON text that was validated on the way in (empty → fallback). */
export function jsonOf<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The fields a list design shows or searches (columnData columnList and searchList props). */
export function searchedFields(columnData: string): Set<string> {
  const data = jsonOf<{ columnList?: { prop?: string }[]; searchList?: { prop?: string }[] }>(columnData, {});
  return new Set(
    [...(data.columnList ?? []), ...(data.searchList ?? [])].map((c) => String(c.prop ?? '')).filter(Boolean),
  );
}

/** The menus of a type (3 generated page, 5 report, 8 portal) showing a design (propertyJson.moduleId). */
export async function menusOf(db: DbOrTx, modelId: string, type = 3) {
  const rows = await db
    .select()
    .from(modules)
    .where(
      and(
        eq(modules.type, type),
        eq(modules.deleteMark, 0),
        like(modules.propertyJson, `%${escapeLike(modelId)}%`),
      ),
    );
  return rows.filter((m) => jsonOf<{ moduleId?: string }>(m.propertyJson, {}).moduleId === modelId);
}

export class VisualDevService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  async list(query: {
    currentPage: number;
    pageSize: number;
    keyword: string;
    sort: string;
    sidx: string;
    type?: number | undefined;
    category: string;
  }) {
    const filters: (SQL | undefined)[] = [
      keywordMatch(query.keyword, visualDevs.fullName, visualDevs.enCode),
    ];
    if (query.type) filters.push(eq(visualDevs.type, query.type));
    if (query.category) filters.push(eq(visualDevs.category, query.category));
    const order = listOrder(SORTABLE, query, desc(visualDevs.id), [
      asc(visualDevs.sortCode),
      desc(visualDevs.creatorTime),
      desc(visualDevs.id),
    ]);
    const page = await selectPage(this.db, visualDevs, and(...filters), order, query);
    const names = await this.names(page.rows);
    return {
      // The list shows the category by name in `category` (the designer reads the id from the info).
      list: page.rows.map((r) => {
        const categoryName = names.categories.get(r.category) ?? null;
        const creator = names.users.get(r.creatorUserId ?? '') ?? null;
        return { ...listItem(r, categoryName, creator), category: categoryName ?? r.category };
      }),
      pagination: page.pagination,
    };
  }

  private async names(rows: Row[]) {
    const categoryIds = [...new Set(rows.map((r) => r.category))];
    const userIds = [...new Set(rows.map((r) => r.creatorUserId).filter((v): v is string => Boolean(v)))];
    const [categories, people] = await Promise.all([
      categoryIds.length
        ? this.db
            .select({ id: dictionaryData.id, fullName: dictionaryData.fullName })
            .from(dictionaryData)
            .where(inArray(dictionaryData.id, categoryIds))
        : [],
      userIds.length
        ? this.db
            .select({ id: users.id, realName: users.realName, account: users.account })
            .from(users)
            .where(inArray(users.id, userIds))
        : [],
    ]);
    return {
      categories: new Map(categories.map((c) => [c.id, c.fullName])),
      users: new Map(people.map((u) => [u.id, `${u.realName}/${u.account}`])),
    };
  }

  /** GET /Base/Selector: released-or-not designs grouped by category (forms.md 4). */
  async selector(query: {
    type?: number | undefined;
    isRelease?: number | undefined;
    webType?: string | undefined;
  }) {
    const filters: (SQL | undefined)[] = [eq(visualDevs.state, 1)];
    if (query.type) filters.push(eq(visualDevs.type, query.type));
    if (query.isRelease !== undefined) filters.push(eq(visualDevs.isRelease, query.isRelease));
    const webTypes = (query.webType ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    if (webTypes.length) filters.push(inArray(visualDevs.webType, webTypes));
    const rows = await this.db
      .select()
      .from(visualDevs)
      .where(and(...filters))
      .orderBy(asc(visualDevs.sortCode), desc(visualDevs.creatorTime));
    const names = await this.names(rows);
    const groups = new Map<
      string,
      {
        id: string;
        fullName: string;
        hasChildren: boolean;
        children: { id: string; fullName: string; enCode: string }[];
      }
    >();
    for (const r of rows) {
      const group = groups.get(r.category) ?? {
        id: r.category,
        fullName: names.categories.get(r.category) ?? r.category,
        hasChildren: true,
        children: [],
      };
      group.children.push({ id: r.id, fullName: r.fullName, enCode: r.enCode });
      groups.set(r.category, group);
    }
    return { list: [...groups.values()] };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(visualDevs).where(eq(visualDevs.id, id));
    if (!row) throw badRequest(VisualDevMessages.notFound);
    return row;
  }

  async info(id: string): Promise<VisualDevInfo> {
    const row = await this.get(id);
    const names = await this.names([row]);
    return {
      ...listItem(
        row,
        names.categories.get(row.category) ?? null,
        names.users.get(row.creatorUserId ?? '') ?? null,
      ),
      dbLinkId: row.dbLinkId,
      tables: row.tables,
      formData: row.formData,
      columnData: row.columnData,
      appColumnData: row.appColumnData,
      interfaceId: row.interfaceId,
      interfaceName: row.interfaceName,
      interfaceParam: row.interfaceParam,
      flowTemplateJson: row.flowTemplateJson,
    };
  }

  /** Checks references and settles the tables; creates the missing ones in `tx`. */
  private async prepare(tx: Tx, body: VisualDevBody, selfId?: string) {
    const [category] = await tx
      .select({ id: dictionaryData.id })
      .from(dictionaryData)
      .where(eq(dictionaryData.id, body.category));
    if (!category) throw badRequest(VisualDevMessages.categoryMissing);
    const [other] = await tx
      .select({ id: visualDevs.id })
      .from(visualDevs)
      .where(
        selfId
          ? and(eq(visualDevs.enCode, body.enCode), ne(visualDevs.id, selfId))
          : eq(visualDevs.enCode, body.enCode),
      );
    if (other) throw badRequest(VisualDevMessages.codeExists(body.enCode));
    let tables = body.tables;
    let formData = body.formData ?? '';
    if (formData && body.webType !== 4) {
      const settled = settleTables(readForm(formData), jsonOf<VisualTable[]>(body.tables, []), body.fullName);
      await ensureTables(tx, settled.model);
      await ensureSearchIndexes(tx, settled.model, searchedFields(body.columnData));
      tables = JSON.stringify(settled.tables);
      formData = JSON.stringify(settled.form);
    }
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      category: body.category,
      type: body.type,
      webType: body.webType,
      enableFlow: body.enableFlow,
      state: body.state,
      sortCode: body.sortCode,
      description: body.description ?? null,
      dbLinkId: body.dbLinkId || '0',
      tables: tables || '[]',
      formData,
      columnData: body.columnData,
      appColumnData: body.appColumnData,
      interfaceId: body.interfaceId ?? null,
      interfaceName: body.interfaceName ?? null,
      interfaceParam: body.interfaceParam,
      flowTemplateJson: body.flowTemplateJson,
    };
  }

  async create(body: VisualDevBody, userId: string): Promise<string> {
    const id = newId();
    await this.db.transaction(async (tx) => {
      const values = await this.prepare(tx, body);
      await tx.insert(visualDevs).values({ id, ...values, creatorUserId: userId, creatorTime: Date.now() });
    });
    return id;
  }

  /** Saves the draft; the released copy (and the pages on it) change only at the next release. */
  async update(id: string, body: VisualDevUpdateBody, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.get(id, tx);
      if (body.version !== undefined && body.version !== row.version) throw badRequest(STALE_VERSION_MESSAGE);
      const values = await this.prepare(tx, body, id);
      const updated = await tx
        .update(visualDevs)
        .set({
          ...values,
          lastModifyUserId: userId,
          lastModifyTime: Date.now(),
          version: sql`${visualDevs.version} + 1`,
        })
        .where(and(eq(visualDevs.id, id), eq(visualDevs.version, row.version)))
        .returning({ id: visualDevs.id });
      if (updated.length === 0) throw badRequest(STALE_VERSION_MESSAGE);
    });
  }

  /** Deletes the design; its data tables stay (rows are never dropped with a design). */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.get(id, tx);
      if ((await menusOf(tx, id)).length) throw badRequest(VisualDevMessages.deleteReleased);
      await tx.delete(visualDevs).where(eq(visualDevs.id, id));
      // Its external links go with it.
      await tx.delete(visualDevShortLinks).where(eq(visualDevShortLinks.id, id));
    });
  }

  async copy(id: string, userId: string): Promise<string> {
    const row = await this.get(id);
    const suffix = Date.now().toString(36).slice(-5);
    const info = await this.info(id);
    return this.create(
      {
        ...info,
        fullName: `${row.fullName}.副本${suffix}`.slice(0, 50),
        enCode: `${row.enCode}${suffix}`.slice(0, 50),
        description: row.description,
        type: row.type,
        // The copy keeps the form and gets tables of its own.
        tables: '[]',
        formData: row.formData ? clearTableNames(row.formData) : undefined,
      },
      userId,
    );
  }

  async exportVdd(id: string): Promise<string> {
    const info = await this.info(id);
    const { id: _id, isRelease: _r, creatorUser: _c, categoryName: _n, version: _v, ...rest } = info;
    return JSON.stringify(rest);
  }

  async importVdd(content: Buffer, userId: string): Promise<string> {
    let value: unknown;
    try {
      value = JSON.parse(content.toString('utf8'));
    } catch {
      throw badRequest(VisualDevMessages.importMalformed);
    }
    if (!VddFile.safeParse(value).success) throw badRequest(VisualDevMessages.importMalformed);
    const record = value as Record<string, unknown>;
    const parsed = VisualDevBody.safeParse({
      ...record,
      // An imported design gets tables of its own, like a copy.
      tables: '[]',
      formData:
        typeof record.formData === 'string' && record.formData ? clearTableNames(record.formData) : undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(`${VisualDevMessages.importMalformed}：${issue.path.join('.')} ${issue.message}`);
    }
    return this.create(parsed.data, userId);
  }

  /**
   * Copies the design into its released copy and creates or updates its menu (type 3) under the
   * chosen parent with the page's buttons, columns, forms and data-rule fields and schemes, so
   * roles can be granted them on the authorisation page (forms.md 4 Release).
   */
  async release(id: string, body: VisualDevReleaseBody, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.get(id, tx);
      if (row.webType !== 2) throw badRequest(VisualDevMessages.noList);
      if (row.enableFlow === 1) throw badRequest(VisualDevMessages.flowNotSupported);
      // Where each ticked side's menu goes, all checked before anything is written.
      const targets: ReleaseTarget[] = [];
      if (body.pc === 1) targets.push(await releaseParent(tx, 'Web', body.pcModuleParentId, body.pcSystemId));
      if (body.app === 1)
        targets.push(await releaseParent(tx, 'App', body.appModuleParentId, body.appSystemId));
      const form = readForm(row.formData);
      const settled = settleTables(form, jsonOf<VisualTable[]>(row.tables, []), row.fullName);
      await ensureTables(tx, settled.model);
      await ensureSearchIndexes(tx, settled.model, searchedFields(row.columnData));
      const columnData = jsonOf<Record<string, unknown>>(row.columnData, {});
      const flags = {
        isButtonAuthorize: 1,
        isColumnAuthorize: columnData.useColumnPermission ? 1 : 0,
        isFormAuthorize: columnData.useFormPermission ? 1 : 0,
        isDataAuthorize: columnData.useDataPermission ? 1 : 0,
      };
      const released: ReleasedCopy = {
        fullName: row.fullName,
        enCode: row.enCode,
        webType: row.webType,
        enableFlow: row.enableFlow,
        tables: JSON.stringify(settled.tables),
        formData: JSON.stringify(settled.form),
        columnData: row.columnData,
        appColumnData: row.appColumnData,
        flowTemplateJson: row.flowTemplateJson,
      };
      const now = Date.now();
      await tx
        .update(visualDevs)
        .set({
          isRelease: 1,
          released,
          releaseTime: now,
          tables: released.tables,
          formData: released.formData,
        })
        .where(eq(visualDevs.id, id));

      const current = await menusOf(tx, id);
      const items = permissionItems(settled.model);
      // The Web and the App menu are made alike, each under its own parent (forms.md 4 Release).
      for (const target of targets) {
        const existing = current.find(
          (m) => m.systemId === target.systemId && m.category === target.category,
        );
        const menuId = existing?.id ?? newId();
        const menuValues = {
          parentId: target.parentId,
          fullName: row.fullName,
          enCode: row.enCode,
          urlAddress: `model/${row.enCode}`,
          propertyJson: JSON.stringify({ moduleId: id, isTree: 0 }),
          enabledMark: 1,
          ...flags,
        };
        if (existing) {
          await tx
            .update(modules)
            .set({
              ...menuValues,
              lastModifyTime: now,
              lastModifyUserId: userId,
              version: sql`${modules.version} + 1`,
            })
            .where(eq(modules.id, menuId));
        } else {
          const [clash] = await tx
            .select({ id: modules.id })
            .from(modules)
            .where(
              and(
                eq(modules.systemId, target.systemId),
                eq(modules.category, target.category),
                eq(modules.enCode, row.enCode),
              ),
            );
          if (clash) throw badRequest(`菜单编码“${row.enCode}”已被其他菜单使用，请修改功能编码后再发布`);
          await tx.insert(modules).values({
            id: menuId,
            systemId: target.systemId,
            type: 3,
            icon: 'icon-ym icon-ym-webForm',
            category: target.category,
            sortCode: row.sortCode,
            creatorUserId: userId,
            creatorTime: now,
            ...menuValues,
          });
        }
        await syncItems(
          tx,
          moduleButtons,
          menuId,
          GENERATED_BUTTONS.map(([enCode, fullName]) => ({ enCode, fullName })),
          now,
        );
        await syncItems(tx, moduleColumns, menuId, items.columns, now);
        await syncItems(tx, moduleForms, menuId, items.forms, now);
        await syncItems(tx, moduleDataFields, menuId, DATA_FIELDS, now);
        await syncItems(tx, moduleDataSchemes, menuId, DATA_SCHEMES, now);
      }
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }
}

interface ReleaseTarget {
  category: 'Web' | 'App';
  parentId: string;
  systemId: string;
}

/**
 * The parent a released menu of `category` goes under: a directory or category of that side's
 * menus, or an application itself (its top level: the release dialog's trees offer both). With a
 * systemId, the parent must belong to that application.
 */
async function releaseParent(
  tx: Tx,
  category: 'Web' | 'App',
  parentId: string,
  systemId: string,
): Promise<ReleaseTarget> {
  const side = category === 'Web' ? 'pcModuleParentId' : 'appModuleParentId';
  const [parent] = await tx
    .select({ id: modules.id, systemId: modules.systemId })
    .from(modules)
    .where(
      and(
        eq(modules.id, parentId),
        eq(modules.deleteMark, 0),
        eq(modules.category, category),
        inArray(modules.type, [0, 1]),
      ),
    );
  if (parent && (!systemId || parent.systemId === systemId))
    return { category, parentId: parent.id, systemId: parent.systemId };
  if (!parent) {
    const [system] = await tx
      .select({ id: systems.id })
      .from(systems)
      .where(and(eq(systems.id, parentId), eq(systems.deleteMark, 0)));
    if (system && (!systemId || system.id === systemId))
      return { category, parentId: '-1', systemId: system.id };
  }
  throw badRequest(`${side}：${VisualDevMessages.parentMissing}`);
}

type ItemTable =
  | typeof moduleButtons
  | typeof moduleColumns
  | typeof moduleForms
  | typeof moduleDataFields
  | typeof moduleDataSchemes;

/**
 * Makes a menu's items of one kind exactly `wanted` (by enCode): new ones inserted, existing
 * ones updated and re-enabled, the rest marked deleted (their ids stay, so old grants stay inert).
 */
async function syncItems(
  tx: Tx,
  table: ItemTable,
  moduleId: string,
  wanted: ({ enCode: string; fullName: string } & Record<string, unknown>)[],
  now: number,
) {
  const current = await tx
    .select({ id: table.id, enCode: table.enCode })
    .from(table)
    .where(eq(table.moduleId, moduleId));
  const byCode = new Map(current.map((c) => [c.enCode, c.id]));
  for (const [i, item] of wanted.entries()) {
    const id = byCode.get(item.enCode);
    const values = { ...item, sortCode: i + 1, enabledMark: 1, deleteMark: 0, deleteTime: null };
    if (id)
      await tx
        .update(table)
        .set(values as never)
        .where(eq(table.id, id));
    else
      await tx
        .insert(table)
        .values({ id: newId(), moduleId, parentId: '-1', creatorTime: now, ...values } as never);
  }
  const codes = wanted.map((w) => w.enCode);
  await tx
    .update(table)
    .set({ deleteMark: 1, deleteTime: now } as never)
    .where(and(eq(table.moduleId, moduleId), codes.length ? notInArray(table.enCode, codes) : undefined));
}

/** A form whose sub-table widgets and fields name no table, so the server picks new ones. */
function clearTableNames(formData: string): string {
  const form = readForm(formData);
  walkFields(form.fields, (field) => {
    delete field.__config__.tableName;
    delete field.__config__.relationTable;
  });
  return JSON.stringify(form);
}
