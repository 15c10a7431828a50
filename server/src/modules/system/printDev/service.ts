import {
  type PrintDataAnswer,
  PrintDevBody,
  type PrintDevItem,
  type PrintDevUpdateBody,
  type PrintFieldGroup,
  type PrintLogItem,
  sqlStatements,
} from '@console/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { toggleEnabledVersioned, updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder } from '../../../db/query.js';
import { dictionaryData, flowTaskRecords, printDevs, printLogs, users } from '../../../db/schema/index.js';
import { copyNames } from '../../msgCenter/common.js';
import { copyValues } from '../../visualdev/designFile.js';
import { groupByCategory, isItemOfDictionary } from '../dictionary/categories.js';
import { uniqueAs } from '../dictionary/service.js';
import { sanitizePrintTemplate } from './sanitize.js';
import { PrintSqlMessages, runPrintSql } from './sql.js';

export const PrintDevMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  copied: '复制成功',
  imported: '导入成功',
  saved: '保存成功',
  stateChanged: '更新状态成功',
  notFound: '打印模板不存在',
  disabled: '该打印模板已被禁用',
  codeExists: '模板编码已存在',
  categoryMissing: '模板分类不存在，请选择打印模板分类字典中的分类',
  importMalformed: '导入文件格式错误：不是有效的打印模板文件(.bp)',
  tooManyRecords: '批量打印一次最多100条记录',
  recordMissing: (formId: string) => `没有找到业务主键为 ${formId} 的数据，请检查数据SQL`,
} as const;

/** The dictionary whose entries are the template categories. */
export const PRINT_CATEGORY_CODE = 'printDev';
/** Batch print reads at most this many records at once. */
export const BATCH_MAX = 100;

type Row = typeof printDevs.$inferSelect;

const SORTABLE = {
  fullName: printDevs.fullName,
  enCode: printDevs.enCode,
  sortCode: printDevs.sortCode,
  creatorTime: printDevs.creatorTime,
  lastModifyTime: printDevs.lastModifyTime,
} as const;

const item = (row: Row, categoryName: string | null, creatorUser: string | null): PrintDevItem => ({
  id: row.id,
  fullName: row.fullName,
  enCode: row.enCode,
  category: row.category,
  categoryName,
  type: row.type,
  dbLinkId: row.dbLinkId,
  sqlTemplate: row.sqlTemplate,
  leftFields: row.leftFields,
  printTemplate: row.printTemplate,
  pageParam: row.pageParam,
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: row.description,
  creatorUser,
  creatorTime: row.creatorTime,
  lastModifyTime: row.lastModifyTime,
  version: row.version,
});

/** A .bp file: one template's settings. */
const BpFile = PrintDevBody.extend({ id: z.string().trim().min(1).max(64).optional() });

/** "realName/account" of users by id. */
export async function userLabels(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, realName: users.realName, account: users.account })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, `${u.realName}/${u.account}`]));
}

export class PrintDevService {
  constructor(private readonly db: Db) {}

  private async categoryNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: dictionaryData.id, fullName: dictionaryData.fullName })
      .from(dictionaryData)
      .where(inArray(dictionaryData.id, ids));
    return new Map(rows.map((r) => [r.id, r.fullName]));
  }

  private async items(rows: Row[]): Promise<PrintDevItem[]> {
    const [names, creators] = await Promise.all([
      this.categoryNames(this.db, [...new Set(rows.map((r) => r.category))]),
      userLabels(
        this.db,
        rows.map((r) => r.creatorUserId),
      ),
    ]);
    return rows.map((r) =>
      item(
        r,
        names.get(r.category) ?? null,
        r.creatorUserId ? (creators.get(r.creatorUserId) ?? null) : null,
      ),
    );
  }

  async list(query: {
    currentPage: number;
    pageSize: number;
    keyword: string;
    category: string;
    sort: string;
    sidx: string;
  }) {
    const filters: SQL[] = [];
    const keyword = keywordMatch(query.keyword, printDevs.fullName, printDevs.enCode);
    if (keyword) filters.push(keyword);
    if (query.category) filters.push(eq(printDevs.category, query.category));
    const where = filters.length ? and(...filters) : undefined;
    const order = listOrder(SORTABLE, query, desc(printDevs.id), [
      asc(printDevs.sortCode),
      desc(printDevs.creatorTime),
      desc(printDevs.id),
    ]);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(printDevs)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(printDevs).where(where),
    ]);
    return {
      list: await this.items(rows),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(printDevs).where(eq(printDevs.id, id));
    if (!row) throw badRequest(PrintDevMessages.notFound);
    return row;
  }

  async info(id: string): Promise<PrintDevItem> {
    const [one] = await this.items([await this.get(id)]);
    return one!;
  }

  /** Enabled templates by category, for the print dialogs of forms and lists (?type narrows). */
  async selector(type: number | undefined) {
    const filters: SQL[] = [eq(printDevs.enabledMark, 1)];
    if (type) filters.push(eq(printDevs.type, type));
    const rows = await this.db
      .select({
        id: printDevs.id,
        fullName: printDevs.fullName,
        enCode: printDevs.enCode,
        category: printDevs.category,
      })
      .from(printDevs)
      .where(and(...filters))
      .orderBy(asc(printDevs.sortCode), desc(printDevs.creatorTime));
    const names = await this.categoryNames(this.db, [...new Set(rows.map((r) => r.category))]);
    const list = groupByCategory(
      rows,
      (row) => ({ id: row.category, fullName: names.get(row.category) ?? row.category }),
      (row) => row,
    );
    return { list };
  }

  async listOptions(ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: printDevs.id, fullName: printDevs.fullName })
      .from(printDevs)
      .where(inArray(printDevs.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  private async check(tx: DbOrTx, body: PrintDevBody, selfId?: string) {
    if (!(await isItemOfDictionary(tx, body.category, PRINT_CATEGORY_CODE)))
      throw badRequest(PrintDevMessages.categoryMissing);
    const [other] = await tx
      .select({ id: printDevs.id })
      .from(printDevs)
      .where(eq(printDevs.enCode, body.enCode));
    if (other && other.id !== selfId) throw badRequest(PrintDevMessages.codeExists);
  }

  /**
   * Each statement is parsed and run for its columns before the write (in a transaction of its
   * own, read only), so a broken one is refused when saved, not when printed.
   */
  private async checkSql(body: PrintDevBody) {
    if (body.dbLinkId && body.dbLinkId !== '0') throw badRequest(PrintSqlMessages.dbLink);
    await runPrintSql(this.db, sqlStatements(body.sqlTemplate), '', true);
  }

  private values(body: PrintDevBody) {
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      category: body.category,
      type: body.type,
      dbLinkId: body.dbLinkId || '0',
      sqlTemplate: body.sqlTemplate,
      leftFields: body.leftFields ?? '',
      printTemplate: sanitizePrintTemplate(body.printTemplate),
      pageParam: body.pageParam ?? '',
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: PrintDevBody, userId: string): Promise<string> {
    const id = newId();
    await this.checkSql(body);
    await this.db
      .transaction(async (tx) => {
        await this.check(tx, body);
        await tx.insert(printDevs).values({ id, ...this.values(body), creatorUserId: userId });
      })
      .catch(uniqueAs(PrintDevMessages.codeExists));
    return id;
  }

  async update(id: string, body: PrintDevUpdateBody, userId: string): Promise<void> {
    await this.get(id);
    await this.checkSql(body);
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        await this.check(tx, body, id);
        await updateVersioned(tx, printDevs, { id, version: body.version, userId }, this.values(body));
      })
      .catch(uniqueAs(PrintDevMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const deleted = await tx.delete(printDevs).where(eq(printDevs.id, id)).returning({ id: printDevs.id });
      if (deleted.length === 0) throw badRequest(PrintDevMessages.notFound);
      await tx.delete(printLogs).where(eq(printLogs.printId, id));
    });
  }

  async copy(id: string, userId: string): Promise<string> {
    const values = copyValues(await this.get(id), userId);
    await this.db.insert(printDevs).values(values).catch(uniqueAs(PrintDevMessages.codeExists));
    return values.id;
  }

  async toggle(id: string, userId: string): Promise<void> {
    const row = await this.get(id);
    await toggleEnabledVersioned(this.db, printDevs, row, userId);
  }

  async exportBp(id: string) {
    const row = await this.get(id);
    const {
      version: _v,
      creatorUserId: _c,
      creatorTime: _t,
      lastModifyTime: _m,
      lastModifyUserId: _u,
      ...rest
    } = row;
    return rest;
  }

  /** Imports a .bp file as a new template (a code already taken gets the copy suffix). */
  async importBp(content: Buffer, userId: string): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.toString('utf8'));
    } catch {
      throw badRequest(PrintDevMessages.importMalformed);
    }
    const result = BpFile.safeParse(parsed);
    if (!result.success)
      throw badRequest(`${PrintDevMessages.importMalformed}：${result.error.issues[0]?.message ?? ''}`);
    const body = result.data;
    const [taken] = await this.db
      .select({ id: printDevs.id })
      .from(printDevs)
      .where(eq(printDevs.enCode, body.enCode));
    return this.create(taken ? { ...body, ...copyNames(body.fullName, body.enCode) } : body, userId);
  }

  /** The column names each statement answers: the designer's field tree. */
  async fields(sqlTemplate: string, dbLinkId: string): Promise<PrintFieldGroup[]> {
    if (dbLinkId && dbLinkId !== '0') throw badRequest(PrintSqlMessages.dbLink);
    const statements = sqlStatements(sqlTemplate);
    const results = await runPrintSql(this.db, statements, '', true);
    return results.map((result, i) => {
      const tables = [...statements[i]!.matchAll(/\bfrom\s+("?[\w.]+"?)/gi)].map((m) => m[1]).join(', ');
      const columns = (result.fields ?? []).map((f) => ({ id: f.name, fullName: f.name }));
      return i === 0
        ? { id: 'headTable', fullName: `主: ${tables}`, children: columns }
        : { id: `T${i}`, fullName: `副_${i}: ${tables}`, children: columns };
    });
  }

  /** One record's print data: header columns, detail groups T1 … and approval records. */
  async data(id: string, formId: string): Promise<PrintDataAnswer> {
    const row = await this.get(id);
    if (row.enabledMark !== 1) throw badRequest(PrintDevMessages.disabled);
    return this.dataOf(row, formId);
  }

  async batchData(id: string, formIds: string[]): Promise<PrintDataAnswer[]> {
    if (formIds.length > BATCH_MAX) throw badRequest(PrintDevMessages.tooManyRecords);
    const row = await this.get(id);
    if (row.enabledMark !== 1) throw badRequest(PrintDevMessages.disabled);
    const answers: PrintDataAnswer[] = [];
    for (const formId of formIds) answers.push(await this.dataOf(row, formId));
    return answers;
  }

  private async dataOf(row: Row, formId: string): Promise<PrintDataAnswer> {
    const results = await runPrintSql(this.db, sqlStatements(row.sqlTemplate), formId);
    const [head, ...details] = results;
    const header = head?.rows[0];
    if (!header) throw badRequest(PrintDevMessages.recordMissing(formId));
    const printData: Record<string, unknown> = { ...header };
    details.forEach((result, i) => {
      printData[`T${i + 1}`] = result.rows;
    });
    return {
      printTemplate: row.printTemplate,
      pageParam: row.pageParam,
      fullName: row.fullName,
      printData,
      operatorRecordList: row.type === 1 ? await this.approvals(formId) : [],
    };
  }

  /** The approval records of the flow task whose key is formId, oldest first. */
  private async approvals(formId: string): Promise<PrintDataAnswer['operatorRecordList']> {
    const rows = await this.db
      .select({
        nodeName: flowTaskRecords.nodeName,
        handleId: flowTaskRecords.handleId,
        handleTime: flowTaskRecords.handleTime,
        handleStatus: flowTaskRecords.handleStatus,
        handleOpinion: flowTaskRecords.handleOpinion,
      })
      .from(flowTaskRecords)
      .where(eq(flowTaskRecords.taskId, formId))
      .orderBy(asc(flowTaskRecords.handleTime));
    const names = await userLabels(
      this.db,
      rows.map((r) => r.handleId),
    );
    return rows.map((r) => ({
      nodeName: r.nodeName,
      userName: names.get(r.handleId) ?? r.handleId,
      handleTime: r.handleTime,
      handleStatus: r.handleStatus,
      handleOpinion: r.handleOpinion,
    }));
  }

  async saveLog(
    body: { printId: string; printTitle: string; printNum: number },
    userId: string,
  ): Promise<void> {
    await this.get(body.printId);
    await this.db
      .insert(printLogs)
      .values({ id: newId(), ...body, printUserId: userId, printTime: Date.now() });
  }

  async logs(
    printId: string,
    query: { currentPage: number; pageSize: number; keyword: string; startTime?: number; endTime?: number },
  ): Promise<{ list: PrintLogItem[]; pagination: { currentPage: number; pageSize: number; total: number } }> {
    const filters: SQL[] = [eq(printLogs.printId, printId)];
    const keyword = keywordMatch(query.keyword, printLogs.printTitle);
    if (keyword) filters.push(keyword);
    if (query.startTime !== undefined) filters.push(gte(printLogs.printTime, query.startTime));
    if (query.endTime !== undefined) filters.push(lte(printLogs.printTime, query.endTime));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(printLogs)
        .where(where)
        .orderBy(desc(printLogs.printTime), desc(printLogs.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(printLogs).where(where),
    ]);
    const names = await userLabels(
      this.db,
      rows.map((r) => r.printUserId),
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        printTitle: r.printTitle,
        printMan: names.get(r.printUserId) ?? '',
        printTime: r.printTime,
        printNum: r.printNum,
      })),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }
}
