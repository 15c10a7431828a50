import { FormFields, PageQuery } from '@console/shared';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder } from '../../../db/query.js';
import { commonWords, systems, users } from '../../../db/schema/index.js';

export const CommonWordsMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  notFound: '常用语不存在',
  systemMissing: '应用不存在，请重新选择应用范围',
  notYours: '只能修改自己的个人常用语',
  systemWordsNeedPage: '系统常用语只能在“审批常用语”页面维护',
} as const;

/** 0 system-wide (for the apps in systemIds, all apps when empty), 1 personal to its creator. */
export const CommonWordsType = { System: 0, Personal: 1 } as const;

export const CommonWordsBody = z.object({
  commonWordsText: z
    .string({ message: '请输入常用语' })
    .trim()
    .min(1, '请输入常用语')
    .max(200, '常用语最多为200个字符'),
  systemIds: z.array(z.string().trim().min(1).max(64), { message: '应用范围格式错误' }).max(100).default([]),
  commonWordsType: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, '常用语类型只能是0（系统）或1（个人）')
    .default(0),
  sortCode: FormFields.sortCode,
  enabledMark: FormFields.flag('状态只能是0或1').default(1),
});
export type CommonWordsBody = z.infer<typeof CommonWordsBody>;
export const CommonWordsUpdateBody = CommonWordsBody.extend({ version: FormFields.version });
export type CommonWordsUpdateBody = z.infer<typeof CommonWordsUpdateBody>;
export const CommonWordsListQuery = PageQuery;

type Row = typeof commonWords.$inferSelect;

const SORTABLE = {
  commonWordsText: commonWords.commonWordsText,
  sortCode: commonWords.sortCode,
  creatorTime: commonWords.creatorTime,
} as const;

const idsOf = (text: string) => text.split(',').filter(Boolean);

export class CommonWordsService {
  constructor(private readonly db: Db) {}

  private async systemNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: systems.id, fullName: systems.fullName })
      .from(systems)
      .where(and(inArray(systems.id, ids), eq(systems.deleteMark, 0)));
    return new Map(rows.map((r) => [r.id, r.fullName]));
  }

  private async items(rows: Row[]) {
    const names = await this.systemNames(this.db, [...new Set(rows.flatMap((r) => idsOf(r.systemIds)))]);
    return rows.map((r) => {
      const systemIds = idsOf(r.systemIds);
      return {
        id: r.id,
        systemIds,
        systemNames: systemIds.map((id) => names.get(id) ?? id),
        commonWordsText: r.commonWordsText,
        commonWordsType: r.commonWordsType,
        sortCode: r.sortCode,
        enabledMark: r.enabledMark,
        creatorTime: r.creatorTime,
        version: r.version,
      };
    });
  }

  /** The page's list: the system-wide words (personal ones belong to their owners). */
  async list(query: PageQuery) {
    const filters: SQL[] = [eq(commonWords.commonWordsType, CommonWordsType.System)];
    const keyword = keywordMatch(query.keyword, commonWords.commonWordsText);
    if (keyword) filters.push(keyword);
    const where = and(...filters);
    const order = listOrder(SORTABLE, query, desc(commonWords.id), [
      asc(commonWords.sortCode),
      desc(commonWords.creatorTime),
      desc(commonWords.id),
    ]);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(commonWords)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(commonWords).where(where),
    ]);
    return {
      list: await this.items(rows),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(commonWords).where(eq(commonWords.id, id));
    if (!row) throw badRequest(CommonWordsMessages.notFound);
    return row;
  }

  async info(id: string) {
    const [one] = await this.items([await this.get(id)]);
    return one!;
  }

  /**
   * Words the user may insert in an approval: enabled system words of the user's current app (or
   * of every app), then the user's own words.
   */
  async selector(userId: string) {
    const [user] = await this.db.select({ systemId: users.systemId }).from(users).where(eq(users.id, userId));
    const systemId = user?.systemId ?? null;
    const systemWords = and(
      eq(commonWords.commonWordsType, CommonWordsType.System),
      eq(commonWords.enabledMark, 1),
      systemId
        ? or(
            eq(commonWords.systemIds, ''),
            sql`${systemId} = ANY(string_to_array(${commonWords.systemIds}, ','))`,
          )
        : undefined,
    );
    const own = and(
      eq(commonWords.commonWordsType, CommonWordsType.Personal),
      eq(commonWords.creatorUserId, userId),
    );
    const rows = await this.db
      .select({
        id: commonWords.id,
        commonWordsText: commonWords.commonWordsText,
        commonWordsType: commonWords.commonWordsType,
      })
      .from(commonWords)
      .where(or(systemWords, own))
      .orderBy(asc(commonWords.commonWordsType), asc(commonWords.sortCode), desc(commonWords.creatorTime));
    return { list: rows };
  }

  private async checkSystems(tx: DbOrTx, body: CommonWordsBody) {
    const ids = [...new Set(body.systemIds)];
    const names = await this.systemNames(tx, ids);
    if (names.size !== ids.length) throw badRequest(CommonWordsMessages.systemMissing);
    return ids;
  }

  private values(body: CommonWordsBody, systemIds: string[]) {
    return {
      commonWordsText: body.commonWordsText,
      // Personal words are for the owner everywhere.
      systemIds: body.commonWordsType === CommonWordsType.Personal ? '' : systemIds.join(','),
      commonWordsType: body.commonWordsType,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
    };
  }

  async create(body: CommonWordsBody, userId: string): Promise<string> {
    const id = newId();
    await this.db.transaction(async (tx) => {
      const systemIds = await this.checkSystems(tx, body);
      await tx.insert(commonWords).values({ id, ...this.values(body, systemIds), creatorUserId: userId });
    });
    return id;
  }

  async update(id: string, body: CommonWordsUpdateBody, userId: string, canManage: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.get(id, tx);
      this.checkOwner(row, userId, canManage);
      if (row.commonWordsType !== body.commonWordsType && !canManage)
        throw badRequest(CommonWordsMessages.systemWordsNeedPage);
      const systemIds = await this.checkSystems(tx, body);
      await updateVersioned(
        tx,
        commonWords,
        { id, version: body.version, userId },
        this.values(body, systemIds),
      );
    });
  }

  async remove(id: string, userId: string, canManage: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.get(id, tx);
      this.checkOwner(row, userId, canManage);
      await tx.delete(commonWords).where(eq(commonWords.id, id));
    });
  }

  notFound() {
    return badRequest(CommonWordsMessages.notFound);
  }

  systemOnly() {
    return badRequest(CommonWordsMessages.systemWordsNeedPage);
  }

  /** System words need the page; personal words are changed by their owner only. */
  private checkOwner(row: Row, userId: string, canManage: boolean) {
    if (row.commonWordsType === CommonWordsType.System) {
      if (!canManage) throw badRequest(CommonWordsMessages.systemWordsNeedPage);
    } else if (row.creatorUserId !== userId) throw badRequest(CommonWordsMessages.notYours);
  }
}
