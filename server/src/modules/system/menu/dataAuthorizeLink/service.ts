import { CONSOLE_DB_LINK_ID } from '@console/shared';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../../core/errors.js';
import { newId } from '../../../../core/ids.js';
import type { DbOrTx } from '../../../../db/client.js';
import { dbLinks, moduleLinks, modules, visualDevs } from '../../../../db/schema/index.js';
import type { Services } from '../../../../services.js';
import type { GenTableDef } from '../../../systemData/dataModel/ddl.js';
import { DataModelService } from '../../../systemData/dataModel/service.js';
import { GENERATED_SCHEMA } from '../../../visualdev/webDesign/ddl.js';
import { type DataModel, modelOf } from '../../../visualdev/webDesign/model.js';
import { jsonOf, type ReleasedCopy } from '../../../visualdev/webDesign/service.js';
import { MenuMessages } from '../service.js';

/**
 * A page's data connection (ModuleDataAuthorizeLink, the reference's 数据连接): per permission
 * kind, the data source and tables whose fields the list-column, form-field and data-rule
 * editors pick from. A generated page (menu type 3) needs none: its tables are its design's.
 */

/** The permission kinds a link serves, as the reference client numbers them. */
export const LinkType = { column: 1, form: 2, data: 3 } as const;
/** The system/menu button that opens each kind's editor (and so may read or set its link). */
export const LINK_BUTTON: Record<number, string> = { 1: 'btn_column', 2: 'btn_form', 3: 'btn_resource' };

/** A table name a link may hold: what PostgreSQL and MySQL accept unquoted. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_$]{0,63}$/;
const MAX_TABLES = 20;

export const LinkMessages = {
  badType: '权限类型只能是 1（列表权限）、2（表单权限）或 3（数据权限）',
  generated: '在线开发生成的页面使用其功能设计的数据表，无需设置数据连接',
  linkMissing: '数据连接不存在',
  noTables: '请至少选择一个数据表',
  tooManyTables: `一次最多连接 ${MAX_TABLES} 个数据表`,
  duplicateTable: (table: string) => `数据表“${table}”重复`,
  badTable: (table: string) => `表名“${table}”无效：只能由字母、数字、下划线和 $ 组成，以字母或下划线开头`,
  tableMissing: (table: string) => `数据表“${table}”在该数据连接中不存在`,
  tableNotLinked: (table: string) => `数据表“${table}”不是该菜单已连接的数据表，请先在“数据连接”中选择它`,
  saved: '保存成功',
} as const;

/** POST saveLinkData; dataType and linkTables as the reference client sends them. */
export const SaveLinkBody = z.object({
  id: z.string().max(64).nullish(),
  moduleId: z.string().trim().min(1).max(64),
  linkId: z.string().trim().min(1).max(64),
  linkTables: z.union([z.string().max(2000), z.array(z.string().max(64)).max(MAX_TABLES * 2)]),
  dataType: z.coerce.number().int(),
});
export type SaveLinkBody = z.infer<typeof SaveLinkBody>;

export const FieldsQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(10_000).optional().default(10_000),
});

export interface LinkField {
  /** The name the page's rules use (a generated page's vModel; otherwise the column). */
  field: string;
  fieldName: string;
  /** The column in the table. */
  columnName: string;
  dataType: string;
}

/** Columns every generated main table has, under the names the runtime gives them (visualdev/webDesign/ddl.ts). */
const SYSTEM_COLUMNS: Record<string, { field: string; fieldName: string }> = {
  f_creatoruserid: { field: 'creatorUserId', fieldName: '创建人' },
  f_organizeid: { field: 'organizeId', fieldName: '所属组织' },
  f_creatortime: { field: 'creatorTime', fieldName: '创建时间' },
};

/** Fields the list-column, form and data-rule editors of a generated page may pick (FieldList). */
export type FieldListKind = 'column' | 'form' | 'data';
const USELESS_COLUMN_KEYS = new Set([
  'colorPicker',
  'rate',
  'slider',
  'divider',
  'uploadImg',
  'uploadFz',
  'editor',
]);

const checkType = (type: number) => {
  if (type !== 1 && type !== 2 && type !== 3) throw badRequest(LinkMessages.badType);
  return type;
};

const splitTables = (tables: string | string[]) =>
  (Array.isArray(tables) ? tables : tables.split(',')).map((t) => t.trim()).filter(Boolean);

interface Design {
  model: DataModel;
  copy: ReleasedCopy;
  tables: string[];
}

export class ModuleLinkService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  private async menu(menuId: string, db: DbOrTx = this.db) {
    const [row] = await db
      .select({ id: modules.id, type: modules.type, propertyJson: modules.propertyJson })
      .from(modules)
      .where(and(eq(modules.id, menuId), eq(modules.deleteMark, 0)));
    if (!row) throw badRequest(MenuMessages.menuNotFound);
    return row;
  }

  /** The design a generated page shows (its released copy), or null. */
  private async design(propertyJson: string | null): Promise<Design | null> {
    const designId = jsonOf<{ moduleId?: string }>(propertyJson, {}).moduleId;
    if (!designId) return null;
    const [row] = await this.db
      .select({
        released: visualDevs.released,
        formData: visualDevs.formData,
        tables: visualDevs.tables,
        columnData: visualDevs.columnData,
      })
      .from(visualDevs)
      .where(eq(visualDevs.id, designId));
    const copy = (row?.released as ReleasedCopy | null) ?? null;
    if (!copy?.formData) return null;
    try {
      const model = modelOf(copy.formData, copy.tables);
      return { model, copy, tables: [model.mainTable, ...model.subTables.map((s) => s.table)] };
    } catch {
      return null;
    }
  }

  private async stored(moduleId: string, type: number) {
    const [row] = await this.db
      .select()
      .from(moduleLinks)
      .where(and(eq(moduleLinks.moduleId, moduleId), eq(moduleLinks.dataType, type)));
    return row ?? null;
  }

  /** getInfo: the page's link of that kind, or null. */
  async info(menuId: string, type: number) {
    checkType(type);
    await this.menu(menuId);
    const row = await this.stored(menuId, type);
    if (!row) return null;
    return {
      id: row.id,
      moduleId: row.moduleId,
      linkId: row.linkId,
      linkTables: row.linkTables,
      dataType: String(row.dataType),
      version: row.version,
    };
  }

  /** getVisualTables: a generated page's design tables (main first), else the page's link. */
  async visualTables(menuId: string, type: number): Promise<{ linkId: string; linkTables: string[] }> {
    checkType(type);
    const menu = await this.menu(menuId);
    if (menu.type === 3) {
      const design = await this.design(menu.propertyJson);
      return design
        ? { linkId: CONSOLE_DB_LINK_ID, linkTables: design.tables }
        : { linkId: '', linkTables: [] };
    }
    const row = await this.stored(menuId, type);
    return row
      ? { linkId: row.linkId, linkTables: splitTables(row.linkTables) }
      : { linkId: '', linkTables: [] };
  }

  /** Reads a table of a source: the console's own tables may sit in schema gen or public. */
  private async readTables(linkId: string, tables: string[]): Promise<Map<string, GenTableDef | null>> {
    if (linkId !== CONSOLE_DB_LINK_ID) {
      const [link] = await this.db.select({ id: dbLinks.id }).from(dbLinks).where(eq(dbLinks.id, linkId));
      if (!link) throw badRequest(LinkMessages.linkMissing);
    }
    const models = new DataModelService(this.db);
    return models.with(linkId, async (c) => {
      const out = new Map<string, GenTableDef | null>();
      for (const table of tables) {
        let def = await models.read(c, table);
        if (!def && linkId === CONSOLE_DB_LINK_ID) def = await models.read(c, table, 'public');
        out.set(table, def);
      }
      return out;
    });
  }

  /** saveLinkData: replaces the page's link of that kind; every table must exist in the source. */
  async save(body: SaveLinkBody, userId: string): Promise<void> {
    const type = checkType(body.dataType);
    const menu = await this.menu(body.moduleId);
    if (menu.type === 3) throw badRequest(LinkMessages.generated);
    const tables = splitTables(body.linkTables);
    if (tables.length === 0) throw badRequest(LinkMessages.noTables);
    if (tables.length > MAX_TABLES) throw badRequest(LinkMessages.tooManyTables);
    const seen = new Set<string>();
    for (const table of tables) {
      if (!TABLE_NAME.test(table)) throw badRequest(LinkMessages.badTable(table));
      if (seen.has(table)) throw badRequest(LinkMessages.duplicateTable(table));
      seen.add(table);
    }
    const defs = await this.readTables(body.linkId, tables);
    for (const table of tables) if (!defs.get(table)) throw badRequest(LinkMessages.tableMissing(table));
    await this.db.transaction(async (tx) => {
      await this.menu(body.moduleId, tx);
      await tx
        .delete(moduleLinks)
        .where(and(eq(moduleLinks.moduleId, body.moduleId), eq(moduleLinks.dataType, type)));
      await tx.insert(moduleLinks).values({
        id: newId(),
        moduleId: body.moduleId,
        linkId: body.linkId,
        linkTables: tables.join(','),
        dataType: type,
        creatorUserId: userId,
      });
    });
  }

  /**
   * A linked table's fields, for the editors' pickers. `menu` is the page's id (this console's
   * client) or, as the reference client sends it, the page's menu type. The table must be one of
   * the page's design tables (generated page) or of its link of that kind; with a menu type, of
   * some page of that type.
   */
  async fields(
    linkId: string,
    table: string,
    menu: string,
    type: number,
    query: z.infer<typeof FieldsQuery>,
  ) {
    checkType(type);
    if (!TABLE_NAME.test(table)) throw badRequest(LinkMessages.badTable(table));
    const byType = /^\d{1,2}$/.test(menu);
    const page = byType ? null : await this.menu(menu);
    const menuType = page ? page.type : Number(menu);
    let list: LinkField[];
    if (menuType === 3) {
      if (linkId !== CONSOLE_DB_LINK_ID) throw badRequest(LinkMessages.tableNotLinked(table));
      const design = page ? await this.design(page.propertyJson) : await this.designHolding(table);
      if (!design?.tables.includes(table)) throw badRequest(LinkMessages.tableNotLinked(table));
      list = await this.generatedFields(design, table, type);
    } else {
      const linked = page
        ? [await this.stored(page.id, type)].filter((r) => r !== null)
        : await this.db
            .select()
            .from(moduleLinks)
            .innerJoin(modules, eq(modules.id, moduleLinks.moduleId))
            .where(
              and(
                eq(moduleLinks.linkId, linkId),
                eq(moduleLinks.dataType, type),
                eq(modules.type, menuType),
                eq(modules.deleteMark, 0),
              ),
            )
            .then((rows) => rows.map((r) => r.base_module_link));
      if (!linked.some((r) => r.linkId === linkId && splitTables(r.linkTables).includes(table)))
        throw badRequest(LinkMessages.tableNotLinked(table));
      const def = (await this.readTables(linkId, [table])).get(table);
      if (!def) throw badRequest(LinkMessages.tableMissing(table));
      list = def.fields.map((f) => ({
        field: f.field,
        fieldName: f.fieldName ?? '',
        columnName: f.field,
        dataType: f.dataType,
      }));
    }
    const keyword = query.keyword.toLowerCase();
    const found = keyword
      ? list.filter(
          (f) => f.field.toLowerCase().includes(keyword) || f.fieldName.toLowerCase().includes(keyword),
        )
      : list;
    const start = (query.currentPage - 1) * query.pageSize;
    return {
      list: found.slice(start, start + query.pageSize),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: found.length },
    };
  }

  /** The released design of a generated page whose tables include `table`. */
  private async designHolding(table: string): Promise<Design | null> {
    const pages = await this.db
      .select({ propertyJson: modules.propertyJson })
      .from(modules)
      .where(and(eq(modules.type, 3), eq(modules.deleteMark, 0)));
    for (const p of pages) {
      const design = await this.design(p.propertyJson);
      if (design?.tables.includes(table)) return design;
    }
    return null;
  }

  /**
   * Fields of a generated table as the page's rules name them: a main field by its vModel, a
   * sub-table column `{sub}-{field}` (list and form kinds; data rules filter main rows only),
   * the creator/organisation/time columns for data rules. Only columns the table really has.
   */
  private async generatedFields(design: Design, table: string, type: number): Promise<LinkField[]> {
    const result = await this.db.execute<{ column_name: string; data_type: string }>(
      sql`SELECT column_name, data_type FROM information_schema.columns
          WHERE table_schema = ${GENERATED_SCHEMA} AND table_name = ${table} ORDER BY ordinal_position`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      column_name: string;
      data_type: string;
    }[];
    const real = new Map(rows.map((r) => [r.column_name, r.data_type]));
    const out: LinkField[] = [];
    const { model } = design;
    if (table === model.mainTable) {
      if (type === LinkType.data)
        for (const [column, sys] of Object.entries(SYSTEM_COLUMNS))
          if (real.has(column)) out.push({ ...sys, columnName: column, dataType: real.get(column)! });
      for (const f of model.fields)
        if (real.has(f.column))
          out.push({
            field: f.vModel,
            fieldName: f.label,
            columnName: f.column,
            dataType: real.get(f.column)!,
          });
      return out;
    }
    if (type === LinkType.data) return out;
    const sub = model.subTables.find((s) => s.table === table);
    for (const f of sub?.fields ?? [])
      if (real.has(f.column))
        out.push({
          field: `${sub!.vModel}-${f.vModel}`,
          fieldName: `${sub!.label}-${f.label}`,
          columnName: f.column,
          dataType: real.get(f.column)!,
        });
    return out;
  }

  /** FieldList: what a generated page's list, form or data-rule editor may add ([] for other pages). */
  async fieldList(kind: FieldListKind, menuId: string): Promise<{ field: string; fieldName: string }[]> {
    const menu = await this.menu(menuId);
    if (menu.type !== 3) return [];
    const design = await this.design(menu.propertyJson);
    if (!design) return [];
    const { model, copy } = design;
    if (kind === 'column') {
      const columns =
        jsonOf<{ columnList?: { prop?: string; label?: string; jnpfKey?: string }[] }>(copy.columnData, {})
          .columnList ?? [];
      return columns
        .filter((c) => c.prop && !USELESS_COLUMN_KEYS.has(String(c.jnpfKey)))
        .map((c) => ({ field: String(c.prop), fieldName: String(c.label ?? c.prop) }));
    }
    const main = model.fields.map((f) => ({ field: f.vModel, fieldName: f.label }));
    if (kind === 'data') return main;
    return [
      ...main,
      ...model.subTables.flatMap((s) => [
        { field: s.vModel, fieldName: s.label },
        ...s.fields.map((f) => ({ field: `${s.vModel}-${f.vModel}`, fieldName: `${s.label}-${f.label}` })),
      ]),
    ];
  }
}
