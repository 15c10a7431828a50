import {
  CONSOLE_DB_LINK_ID,
  type DataSourceBody,
  type DataSourceItem,
  type DataSourceUpdateBody,
  DB_TYPES,
} from '@console/shared';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch } from '../../../db/query.js';
import { dataInterfaces, dbLinks } from '../../../db/schema/index.js';
import { uniqueAs, userLabels } from '../common.js';
import { resealSecret, sealSecret } from '../secrets.js';
import { type LinkTarget, withConnection } from './connect.js';

export const DataSourceMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  notFound: '数据连接不存在',
  nameExists: '连接名称已存在',
  consoleReadOnly: '默认数据库是系统自身的数据库，不能修改或删除',
  inUse: (names: string) => `该数据连接正被数据接口使用（${names}），请先修改这些接口`,
  testOk: '连接成功',
} as const;

export type DbLinkRow = typeof dbLinks.$inferSelect;

const item = (row: DbLinkRow, names: Map<string, string>): DataSourceItem => ({
  id: row.id,
  fullName: row.fullName,
  dbType: row.dbType,
  host: row.host,
  port: row.port,
  dbName: row.serviceName,
  serviceName: row.serviceName,
  dbSchema: row.dbSchema,
  userName: row.userName,
  hasPassword: row.password !== '',
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: row.description,
  creatorUser: names.get(row.creatorUserId ?? '') ?? null,
  creatorTime: row.creatorTime,
  lastModifyUser: names.get(row.lastModifyUserId ?? '') ?? null,
  lastModifyTime: row.lastModifyTime,
  version: row.version,
});

/** What the console's own database is called in pickers. */
export const CONSOLE_DB_NAME = '默认数据库';

export class DataSourceService {
  constructor(private readonly db: Db) {}

  async list(query: { currentPage: number; pageSize: number; keyword: string; dbType: string }) {
    const filters: SQL[] = [];
    const keyword = keywordMatch(query.keyword, dbLinks.fullName, dbLinks.host, dbLinks.serviceName);
    if (keyword) filters.push(keyword);
    if (query.dbType) filters.push(eq(dbLinks.dbType, query.dbType));
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(dbLinks)
        .where(where)
        .orderBy(asc(dbLinks.sortCode), desc(dbLinks.creatorTime), desc(dbLinks.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(dbLinks).where(where),
    ]);
    const names = await userLabels(
      this.db,
      rows.flatMap((r) => [r.creatorUserId, r.lastModifyUserId]),
    );
    return {
      list: rows.map((r) => item(r, names)),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  /** Enabled sources grouped by type; without `type` the console database comes first. */
  async selector(type: string) {
    const rows = await this.db
      .select()
      .from(dbLinks)
      .where(eq(dbLinks.enabledMark, 1))
      .orderBy(asc(dbLinks.sortCode), asc(dbLinks.fullName));
    const groups = DB_TYPES.filter((t) => !type || t.dbType === type).map((t) => {
      const children = rows
        .filter((r) => r.dbType === t.dbType)
        // A picker needs no address: host, port and database stay with the source's managers.
        .map((r) => ({ id: r.id, fullName: r.fullName, dbType: r.dbType }));
      return { id: t.dbType, fullName: t.dbType, num: children.length, children };
    });
    const list = type
      ? groups
      : [
          {
            id: '-1',
            fullName: '',
            num: 1,
            children: [{ id: CONSOLE_DB_LINK_ID, fullName: CONSOLE_DB_NAME, dbType: 'PostgreSQL' }],
          },
          ...groups,
        ];
    return { list };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<DbLinkRow> {
    if (id === CONSOLE_DB_LINK_ID) throw badRequest(DataSourceMessages.consoleReadOnly);
    const [row] = await db.select().from(dbLinks).where(eq(dbLinks.id, id));
    if (!row) throw badRequest(DataSourceMessages.notFound);
    return row;
  }

  async info(id: string): Promise<DataSourceItem> {
    const row = await this.get(id);
    return item(row, await userLabels(this.db, [row.creatorUserId, row.lastModifyUserId]));
  }

  private values(body: DataSourceBody) {
    return {
      fullName: body.fullName,
      dbType: body.dbType,
      host: body.host,
      port: body.port,
      userName: body.userName,
      serviceName: body.serviceName,
      dbSchema: body.dbSchema || null,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: DataSourceBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .insert(dbLinks)
      .values({ id, ...this.values(body), password: sealSecret(body.password), creatorUserId: userId })
      .catch(uniqueAs(DataSourceMessages.nameExists));
    return id;
  }

  /** An empty password keeps the stored one, sealed again with the current key (rotation). */
  async update(id: string, body: DataSourceUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        const current = await this.get(id, tx);
        const password = body.password ? sealSecret(body.password) : resealSecret(current.password);
        await updateVersioned(
          tx,
          dbLinks,
          { id, version: body.version, userId },
          { ...this.values(body), password },
        );
      })
      .catch(uniqueAs(DataSourceMessages.nameExists));
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.get(id, tx);
      const users = await tx
        .select({ fullName: dataInterfaces.fullName })
        .from(dataInterfaces)
        .where(eq(dataInterfaces.dbLinkId, id))
        .limit(5);
      if (users.length) throw badRequest(DataSourceMessages.inUse(users.map((u) => u.fullName).join('、')));
      await tx.delete(dbLinks).where(eq(dbLinks.id, id));
    });
  }

  /** The connection target of a test: the form's values; its password, or the stored one when editing. */
  async testTarget(body: DataSourceBody & { id?: string }): Promise<LinkTarget> {
    let password = body.password;
    if (!password && body.id && body.id !== CONSOLE_DB_LINK_ID) password = (await this.get(body.id)).password;
    return { ...body, password: password ?? '' };
  }

  async test(body: DataSourceBody & { id?: string }): Promise<void> {
    const target = await this.testTarget(body);
    await withConnection(target, (c) => c.query('SELECT 1'));
  }
}
