import {
  type BillDateFormat,
  BillRuleBody,
  type BillRuleItem,
  type BillRuleUpdateBody,
  billDatePart,
  formatBillNumber,
} from '@console/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder } from '../../../db/query.js';
import { billRules, dictionaryData } from '../../../db/schema/index.js';
import { userLabels } from '../../systemData/common.js';
import { isItemOfDictionary } from '../dictionary/categories.js';
import { uniqueAs } from '../dictionary/service.js';

export const BillRuleMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  imported: '导入成功',
  stateChanged: '更新状态成功',
  notFound: '单据规则不存在',
  codeExists: '业务编码已存在',
  categoryMissing: '业务分类不存在，请选择业务分类字典中的分类',
  disabled: '该单据规则已被禁用',
  exhausted: (digit: number) => `流水号已用尽：流水位数为${digit}位，请增加流水位数或修改流水起始`,
  startTooLong: '流水起始的位数不能超过流水位数',
  importMalformed: '导入文件格式错误：不是有效的JSON',
  tooManyNumbers: '取单据编号过于频繁：每人每分钟最多30个、每天最多1000个，请稍后再试',
} as const;

/**
 * How many numbers one user may take when it does not hold the bill-rule page: enough for
 * anyone filling in forms, too few to drain a rule (a four-digit daily rule holds 9,999).
 */
export const BILL_NUMBER_LIMITS = { perMinute: 30, perDay: 1000 } as const;

/** The shared-store counters of a user's takes. */
export const billNumberKeys = (userId: string) => ({
  minute: `billNumber:minute:${userId}`,
  day: `billNumber:day:${userId}`,
});

/** The dictionary whose entries are the business categories. */
export const BUSINESS_TYPE_CODE = 'businessType';

type Row = typeof billRules.$inferSelect;

/** Allow-listed sort fields of the list. */
const SORTABLE = {
  fullName: billRules.fullName,
  enCode: billRules.enCode,
  sortCode: billRules.sortCode,
  creatorTime: billRules.creatorTime,
  lastModifyTime: billRules.lastModifyTime,
} as const;

/** The example shown in the form: the first number as of today. */
export function exampleOf(rule: Pick<Row, 'prefix' | 'dateFormat' | 'digit' | 'startNumber'>): string {
  return (
    formatBillNumber({
      prefix: rule.prefix,
      dateFormat: rule.dateFormat as BillDateFormat,
      digit: rule.digit,
      startNumber: rule.startNumber,
      counter: 0,
      date: new Date(),
    }) ?? ''
  );
}

/** The number handed out last (counter - 1 in the stored date part), or ''. */
function lastNumber(rule: Row): string {
  if (rule.counter <= 0 || rule.datePart === null) return '';
  return (
    formatBillNumber({
      prefix: rule.prefix + rule.datePart,
      dateFormat: 'no',
      digit: rule.digit,
      startNumber: rule.startNumber,
      counter: rule.counter - 1,
      date: new Date(),
    }) ?? ''
  );
}

const item = (rule: Row, categoryName: string | null, creatorUser: string | null): BillRuleItem => ({
  id: rule.id,
  fullName: rule.fullName,
  enCode: rule.enCode,
  category: rule.category,
  categoryName,
  prefix: rule.prefix,
  dateFormat: rule.dateFormat as BillDateFormat,
  digit: rule.digit,
  startNumber: rule.startNumber,
  example: rule.example,
  outputNumber: lastNumber(rule),
  sortCode: rule.sortCode,
  enabledMark: rule.enabledMark,
  description: rule.description,
  creatorUser,
  creatorTime: rule.creatorTime,
  lastModifyTime: rule.lastModifyTime,
  version: rule.version,
});

/** A .bb file: one rule's settings (no counter). */
const BbFile = BillRuleBody.extend({ id: z.string().trim().min(1).max(64).optional() });

export class BillRuleService {
  constructor(private readonly db: Db) {}

  private async categoryNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: dictionaryData.id, fullName: dictionaryData.fullName })
      .from(dictionaryData)
      .where(inArray(dictionaryData.id, ids));
    return new Map(rows.map((r) => [r.id, r.fullName]));
  }

  async list(
    query: {
      currentPage: number;
      pageSize: number;
      keyword: string;
      categoryId: string;
      sort: string;
      sidx: string;
    },
    onlyEnabled = false,
  ) {
    const filters: SQL[] = [];
    const keyword = keywordMatch(query.keyword, billRules.fullName, billRules.enCode);
    if (keyword) filters.push(keyword);
    if (query.categoryId) filters.push(eq(billRules.category, query.categoryId));
    if (onlyEnabled) filters.push(eq(billRules.enabledMark, 1));
    const where = filters.length ? and(...filters) : undefined;
    const order = listOrder(SORTABLE, query, desc(billRules.id), [
      asc(billRules.sortCode),
      desc(billRules.creatorTime),
      desc(billRules.id),
    ]);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(billRules)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(billRules).where(where),
    ]);
    const [names, creators] = await Promise.all([
      this.categoryNames(this.db, [...new Set(rows.map((r) => r.category))]),
      userLabels(
        this.db,
        rows.map((r) => r.creatorUserId),
      ),
    ]);
    return {
      // The list shows the category by name in `category` (the form reads the id from the info).
      list: rows.map((r) => {
        const categoryName = names.get(r.category) ?? null;
        const creator = creators.get(r.creatorUserId ?? '') ?? null;
        return { ...item(r, categoryName, creator), category: categoryName ?? r.category };
      }),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(billRules).where(eq(billRules.id, id));
    if (!row) throw badRequest(BillRuleMessages.notFound);
    return row;
  }

  async info(id: string): Promise<BillRuleItem> {
    const row = await this.get(id);
    const [names, creators] = await Promise.all([
      this.categoryNames(this.db, [row.category]),
      userLabels(this.db, [row.creatorUserId]),
    ]);
    return item(row, names.get(row.category) ?? null, creators.get(row.creatorUserId ?? '') ?? null);
  }

  private async check(tx: DbOrTx, body: BillRuleBody, selfId?: string) {
    if (body.startNumber.length > body.digit) throw badRequest(BillRuleMessages.startTooLong);
    if (!(await isItemOfDictionary(tx, body.category, BUSINESS_TYPE_CODE)))
      throw badRequest(BillRuleMessages.categoryMissing);
    const [other] = await tx
      .select({ id: billRules.id })
      .from(billRules)
      .where(eq(billRules.enCode, body.enCode));
    if (other && other.id !== selfId) throw badRequest(BillRuleMessages.codeExists);
  }

  private values(body: BillRuleBody) {
    // Stored padded, so the form shows what numbers will look like.
    const startNumber = body.startNumber.padStart(body.digit, '0');
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      category: body.category,
      prefix: body.prefix,
      dateFormat: body.dateFormat,
      digit: body.digit,
      startNumber,
      example: exampleOf({ ...body, startNumber }),
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: BillRuleBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await this.check(tx, body);
        await tx.insert(billRules).values({ id, ...this.values(body), creatorUserId: userId });
      })
      .catch(uniqueAs(BillRuleMessages.codeExists));
    return id;
  }

  async update(id: string, body: BillRuleUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        const current = await this.get(id, tx);
        await this.check(tx, body, id);
        await updateVersioned(
          tx,
          billRules,
          { id, version: body.version, userId },
          {
            ...this.values(body),
            // Another date format counts in another space of numbers: start again.
            ...(current.dateFormat !== body.dateFormat ? { counter: 0, datePart: null } : {}),
          },
        );
      })
      .catch(uniqueAs(BillRuleMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.db
      .delete(billRules)
      .where(eq(billRules.id, id))
      .returning({ id: billRules.id });
    if (deleted.length === 0) throw badRequest(BillRuleMessages.notFound);
  }

  async toggle(id: string, userId: string): Promise<void> {
    const updated = await this.db
      .update(billRules)
      .set({
        enabledMark: sql`1 - ${billRules.enabledMark}`,
        lastModifyTime: Date.now(),
        lastModifyUserId: userId,
        version: sql`${billRules.version} + 1`,
      })
      .where(eq(billRules.id, id))
      .returning({ id: billRules.id });
    if (updated.length === 0) throw badRequest(BillRuleMessages.notFound);
  }

  /**
   * The next number of the rule with this code. One UPDATE … RETURNING takes it: the row lock
   * orders concurrent callers (on any instance), each sees the previous one's counter, and the
   * counter restarts when today's date part is later than the stored one. A rule whose next
   * number would not fit in `digit` places is left untouched.
   */
  async nextNumber(code: string, now: Date = new Date()): Promise<string> {
    // Today's date part in each format, chosen by the row's own format inside the statement.
    const today = sql`(CASE ${billRules.dateFormat}
      WHEN 'yyyyMMdd' THEN ${billDatePart('yyyyMMdd', now)}
      WHEN 'yyyyMM' THEN ${billDatePart('yyyyMM', now)}
      WHEN 'yyyy' THEN ${billDatePart('yyyy', now)}
      ELSE '' END)`;
    const fresh = sql`(${billRules.datePart} IS NULL OR ${billRules.datePart} < ${today})`;
    const [taken] = await this.db
      .update(billRules)
      .set({
        counter: sql`CASE WHEN ${fresh} THEN 1 ELSE ${billRules.counter} + 1 END`,
        datePart: sql`CASE WHEN ${fresh} THEN ${today} ELSE ${billRules.datePart} END`,
      })
      .where(
        and(
          eq(billRules.enCode, code),
          eq(billRules.enabledMark, 1),
          sql`length((${billRules.startNumber}::numeric + CASE WHEN ${fresh} THEN 0 ELSE ${billRules.counter} END)::text) <= ${billRules.digit}`,
        ),
      )
      .returning();
    if (taken) {
      const number = lastNumber(taken);
      if (number) return number;
    }
    // Nothing was taken: say why.
    const [row] = await this.db.select().from(billRules).where(eq(billRules.enCode, code));
    if (!row) throw badRequest(BillRuleMessages.notFound);
    if (row.enabledMark !== 1) throw badRequest(BillRuleMessages.disabled);
    throw badRequest(BillRuleMessages.exhausted(row.digit));
  }

  async exportBb(id: string) {
    const rule = await this.get(id);
    const { counter: _c, datePart: _d, ...settings } = rule;
    return settings;
  }

  /** Imports one rule from a .bb file, checked like the form; a rule with the same code is refused. */
  async importBb(content: Buffer, userId: string): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      throw badRequest(BillRuleMessages.importMalformed);
    }
    const result = BbFile.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw badRequest(`导入文件有误：${issue.path.join('.')} ${issue.message}`.trim());
    }
    const { id: _id, ...body } = result.data;
    return this.create(body, userId);
  }
}
