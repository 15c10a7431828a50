import {
  DataReportBody,
  type DataReportItem,
  type DataReportUpdateBody,
  formatReportCell,
  parseReportData,
  type ReportDefinition,
  reportColumnTotal,
} from '@console/shared';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { Messages } from '../../../core/messages.js';
import type { Session } from '../../../core/sessions.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { dataInterfaces, dataReports, dictionaryData } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { hasPermission } from '../../permission/grants.js';
import { groupByCategory, isItemOfDictionary } from '../../system/dictionary/categories.js';
import { uniqueAs } from '../../system/dictionary/service.js';
import { userLabels } from '../../system/printDev/service.js';
import { findInterface, runLoadedInterface } from '../../systemData/dataInterface/run.js';
import {
  type DesignCatalogue,
  type DesignListQuery,
  designPage,
  designRow,
  enabledDesigns,
} from '../catalogue.js';
import { copyValues, importDesignFile } from '../designFile.js';
import { menusOf } from '../webDesign/service.js';

export const DATA_REPORT_MODULE = 'onlineDev.dataReport';
/** The dictionary whose entries are the report categories. */
export const REPORT_CATEGORY_CODE = 'ReportSort';
/** Rows a report shows or exports at most. */
export const REPORT_MAX_ROWS = 10_000;

export const DataReportMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  copied: '复制成功',
  imported: '导入成功',
  notFound: '报表不存在',
  disabled: '该报表已停用',
  codeExists: '报表编码已存在',
  categoryMissing: '报表分类不存在，请选择报表分类字典中的分类',
  interfaceMissing: '数据接口不存在，请重新选择数据接口',
  unknownFilter: (field: string) => `查询条件“${field}”不是所选数据接口的参数`,
  importMalformed: '导入文件格式错误：不是有效的报表文件(.dr)',
  notRows: '数据接口的结果不是行的列表，不能做成报表',
  tooManyRows: `报表数据超过${REPORT_MAX_ROWS}行，请加查询条件缩小范围`,
} as const;

type Row = typeof dataReports.$inferSelect;
const CATALOGUE: DesignCatalogue<typeof dataReports> = {
  table: dataReports,
  category: dataReports.categoryId,
  notFound: DataReportMessages.notFound,
};

/** A .dr file: one report's settings. */
const DrFile = z.object({
  fullName: z.string(),
  enCode: z.string(),
  categoryId: z.string(),
  interfaceId: z.string(),
  reportData: z.string(),
  sortCode: z.number().optional(),
  enabledMark: z.number().optional(),
  description: z.string().nullish(),
});

/** The rows of an interface answer: an array, or the list of a paged answer. */
function rowsOf(data: unknown): Record<string, unknown>[] {
  const list = Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) throw badRequest(DataReportMessages.notRows);
  return list.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object');
}

export class DataReportService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  private async items(rows: Row[]): Promise<DataReportItem[]> {
    const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
    const interfaceIds = [...new Set(rows.map((r) => r.interfaceId))];
    const [categories, interfaces, creators] = await Promise.all([
      categoryIds.length
        ? this.db
            .select({ id: dictionaryData.id, fullName: dictionaryData.fullName })
            .from(dictionaryData)
            .where(inArray(dictionaryData.id, categoryIds))
        : [],
      interfaceIds.length
        ? this.db
            .select({ id: dataInterfaces.id, fullName: dataInterfaces.fullName })
            .from(dataInterfaces)
            .where(inArray(dataInterfaces.id, interfaceIds))
        : [],
      userLabels(
        this.db,
        rows.map((r) => r.creatorUserId),
      ),
    ]);
    const categoryNames = new Map(categories.map((c) => [c.id, c.fullName]));
    const interfaceNames = new Map(interfaces.map((c) => [c.id, c.fullName]));
    return rows.map((r) => ({
      id: r.id,
      fullName: r.fullName,
      enCode: r.enCode,
      categoryId: r.categoryId,
      categoryName: categoryNames.get(r.categoryId) ?? null,
      interfaceId: r.interfaceId,
      interfaceName: interfaceNames.get(r.interfaceId) ?? null,
      reportData: r.reportData,
      sortCode: r.sortCode,
      enabledMark: r.enabledMark,
      description: r.description,
      creatorUser: r.creatorUserId ? (creators.get(r.creatorUserId) ?? null) : null,
      creatorTime: r.creatorTime,
      lastModifyTime: r.lastModifyTime,
      version: r.version,
    }));
  }

  async list(query: DesignListQuery & { categoryId: string }) {
    const page = await designPage(this.db, CATALOGUE, query, query.categoryId);
    return { list: await this.items(page.rows), pagination: page.pagination };
  }

  /** Enabled reports by category (the menu editor's picker for type-5 menus). */
  async selector() {
    const rows = await enabledDesigns(this.db, CATALOGUE);
    const list = groupByCategory(
      await this.items(rows),
      (item) => ({ id: item.categoryId, fullName: item.categoryName ?? item.categoryId }),
      (item) => ({ id: item.id, fullName: item.fullName }),
    );
    return { list };
  }

  get(id: string, db: DbOrTx = this.db): Promise<Row> {
    return designRow(db, CATALOGUE, id);
  }

  async info(id: string): Promise<DataReportItem> {
    const [one] = await this.items([await this.get(id)]);
    return one!;
  }

  /** Category from the report dictionary, an existing interface, filters naming its parameters. */
  private async check(tx: DbOrTx, body: DataReportBody, selfId?: string) {
    if (!(await isItemOfDictionary(tx, body.categoryId, REPORT_CATEGORY_CODE)))
      throw badRequest(DataReportMessages.categoryMissing);
    const [source] = await tx.select().from(dataInterfaces).where(eq(dataInterfaces.id, body.interfaceId));
    if (!source) throw badRequest(DataReportMessages.interfaceMissing);
    const parameters = new Set(
      (JSON.parse(source.requestParameters || '[]') as { field?: string }[]).map((p) =>
        String(p.field ?? ''),
      ),
    );
    const parsed = parseReportData(body.reportData);
    if (parsed.ok)
      for (const filter of parsed.report.filters)
        if (!parameters.has(filter.field)) throw badRequest(DataReportMessages.unknownFilter(filter.field));
    const [other] = await tx
      .select({ id: dataReports.id })
      .from(dataReports)
      .where(eq(dataReports.enCode, body.enCode));
    if (other && other.id !== selfId) throw badRequest(DataReportMessages.codeExists);
  }

  private values(body: DataReportBody) {
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      categoryId: body.categoryId,
      interfaceId: body.interfaceId,
      reportData: body.reportData,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: DataReportBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await this.check(tx, body);
        await tx.insert(dataReports).values({ id, ...this.values(body), creatorUserId: userId });
      })
      .catch(uniqueAs(DataReportMessages.codeExists));
    return id;
  }

  async update(id: string, body: DataReportUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        await this.check(tx, body, id);
        await updateVersioned(tx, dataReports, { id, version: body.version, userId }, this.values(body));
      })
      .catch(uniqueAs(DataReportMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.db
      .delete(dataReports)
      .where(eq(dataReports.id, id))
      .returning({ id: dataReports.id });
    if (deleted.length === 0) throw badRequest(DataReportMessages.notFound);
  }

  async copy(id: string, userId: string): Promise<string> {
    const values = copyValues(await this.get(id), userId);
    await this.db.insert(dataReports).values(values).catch(uniqueAs(DataReportMessages.codeExists));
    return values.id;
  }

  async exportDr(id: string) {
    const row = await this.get(id);
    return {
      fullName: row.fullName,
      enCode: row.enCode,
      categoryId: row.categoryId,
      interfaceId: row.interfaceId,
      reportData: row.reportData,
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description,
    };
  }

  /** Imports a .dr file as a new report (a code already taken gets the copy suffix); all checks of create apply. */
  importDr(content: Buffer, userId: string): Promise<string> {
    return importDesignFile(
      content,
      { file: DrFile, body: DataReportBody },
      DataReportMessages.importMalformed,
      async (enCode) =>
        (await this.db.select({ id: dataReports.id }).from(dataReports).where(eq(dataReports.enCode, enCode)))
          .length > 0,
      (body) => this.create(body, userId),
    );
  }

  /**
   * Who may run a report: holders of an enabled type-5 menu showing it, or of the report design
   * page (previews). Administrators pass.
   */
  async assertRunnable(session: Session, id: string): Promise<void> {
    if (session.isAdministrator) return;
    if (await hasPermission(this.db, session.userId, DATA_REPORT_MODULE)) return;
    for (const menu of await menusOf(this.db, id, 5))
      if (menu.enabledMark === 1 && (await hasPermission(this.db, session.userId, menu.enCode))) return;
    throw badRequest(Messages.permissionDenied);
  }

  /** The definition a runtime page needs (name and the report's design). */
  async runtime(session: Session, id: string) {
    await this.assertRunnable(session, id);
    const row = await this.get(id);
    if (row.enabledMark !== 1) throw badRequest(DataReportMessages.disabled);
    return { id: row.id, fullName: row.fullName, interfaceId: row.interfaceId, reportData: row.reportData };
  }

  /** The report's rows for these filter values, read through its interface with the caller's rights. */
  async run(session: Session, id: string, params: Record<string, unknown>) {
    const runtime = await this.runtime(session, id);
    const definition = (parseReportData(runtime.reportData) as { ok: true; report: ReportDefinition }).report;
    // Only the report's filters reach the interface; the rest keep the interface's defaults.
    const wanted = new Set(definition.filters.map((f) => f.field));
    const given = Object.fromEntries(Object.entries(params).filter(([k]) => wanted.has(k)));
    const source = await findInterface(this.db, runtime.interfaceId);
    const rows = rowsOf(await runLoadedInterface(this.services, source, given, session));
    if (rows.length > REPORT_MAX_ROWS) throw badRequest(DataReportMessages.tooManyRows);
    return { definition, fullName: runtime.fullName, rows };
  }

  /** An xlsx of the report's table: formatted cells, and a totals row when a column has one. */
  async exportXlsx(session: Session, id: string, params: Record<string, unknown>) {
    const { definition, fullName, rows } = await this.run(session, id, params);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(fullName.slice(0, 31) || 'Sheet1');
    sheet.columns = definition.columns.map((c) => ({
      header: c.label || c.field,
      key: c.field,
      width: Math.max(12, Math.round((c.width ?? 120) / 8)),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows)
      sheet.addRow(
        Object.fromEntries(
          definition.columns.map((c) => [
            c.field,
            c.format === 'text' || c.format === 'date'
              ? formatReportCell(row[c.field], c)
              : (row[c.field] ?? ''),
          ]),
        ),
      );
    const totals = definition.columns.map((c) => reportColumnTotal(rows, c));
    if (totals.some((t) => t !== null)) {
      const line = sheet.addRow(
        Object.fromEntries(definition.columns.map((c, i) => [c.field, totals[i] ?? (i === 0 ? '合计' : '')])),
      );
      line.font = { bold: true };
    }
    return { fileName: `${fullName}.xlsx`, content: Buffer.from(await workbook.xlsx.writeBuffer()) };
  }
}
