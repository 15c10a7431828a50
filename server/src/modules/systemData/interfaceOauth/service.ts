import { randomUUID } from 'node:crypto';
import type { InterfaceOauthBody, InterfaceOauthItem, InterfaceOauthUpdateBody } from '@console/shared';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { toggleEnabledVersioned, updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch } from '../../../db/query.js';
import { dataInterfaces, interfaceOauths } from '../../../db/schema/index.js';
import { uniqueAs, userLabels } from '../common.js';
import { parseIpList } from './verify.js';

export const InterfaceOauthMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  saved: '保存成功',
  stateChanged: '更新状态成功',
  notFound: '接口认证应用不存在',
  appIdExists: '应用ID已存在',
  interfaceMissing: (ids: string) => `以下数据接口不存在：${ids}`,
} as const;

type Row = typeof interfaceOauths.$inferSelect;

const item = (row: Row, names: Map<string, string>): InterfaceOauthItem & { creatorUser: string | null } => ({
  id: row.id,
  appId: row.appId,
  appName: row.appName,
  appSecret: row.appSecret,
  verifySignature: row.verifySignature,
  usefulLife: row.usefulLife,
  whiteList: row.whiteList,
  blackList: row.blackList,
  dataInterfaceIds: row.dataInterfaceIds,
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: row.description,
  creatorUser: names.get(row.creatorUserId ?? '') ?? null,
  creatorTime: row.creatorTime,
  lastModifyTime: row.lastModifyTime,
  version: row.version,
});

const idList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** A new secret: a UUID without dashes (32 hex characters), as the 3.4.7 server hands out. */
export const newAppSecret = () => randomUUID().replace(/-/g, '');

export class InterfaceOauthService {
  constructor(private readonly db: Db) {}

  async list(query: { currentPage: number; pageSize: number; keyword: string }) {
    const where = keywordMatch(query.keyword, interfaceOauths.appId, interfaceOauths.appName);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(interfaceOauths)
        .where(where)
        .orderBy(asc(interfaceOauths.sortCode), desc(interfaceOauths.creatorTime), desc(interfaceOauths.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(interfaceOauths).where(where),
    ]);
    const names = await userLabels(
      this.db,
      rows.map((r) => r.creatorUserId),
    );
    return {
      list: rows.map((r) => {
        const { appSecret: _secret, ...rest } = item(r, names);
        return rest;
      }),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(interfaceOauths).where(eq(interfaceOauths.id, id));
    if (!row) throw badRequest(InterfaceOauthMessages.notFound);
    return row;
  }

  async byAppId(appId: string): Promise<Row> {
    const [row] = await this.db.select().from(interfaceOauths).where(eq(interfaceOauths.appId, appId));
    if (!row) throw badRequest(InterfaceOauthMessages.notFound);
    return row;
  }

  async interfaces(ids: string[], db: DbOrTx = this.db) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: dataInterfaces.id,
        fullName: dataInterfaces.fullName,
        enCode: dataInterfaces.enCode,
        dataType: dataInterfaces.dataType,
        requestMethod: dataInterfaces.requestMethod,
        enabledMark: dataInterfaces.enabledMark,
      })
      .from(dataInterfaces)
      .where(inArray(dataInterfaces.id, ids))
      .orderBy(asc(dataInterfaces.fullName));
  }

  async info(id: string) {
    const row = await this.get(id);
    const names = await userLabels(this.db, [row.creatorUserId]);
    return { ...item(row, names), list: await this.interfaces(idList(row.dataInterfaceIds)) };
  }

  private async checkedIds(tx: DbOrTx, text: string): Promise<string> {
    const ids = idList(text);
    const found = new Set((await this.interfaces(ids, tx)).map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(InterfaceOauthMessages.interfaceMissing(missing.join(',')));
    return ids.join(',');
  }

  private async values(tx: DbOrTx, body: InterfaceOauthBody) {
    parseIpList(body.whiteList ?? '');
    return {
      appId: body.appId,
      appName: body.appName,
      appSecret: body.appSecret,
      verifySignature: body.verifySignature,
      usefulLife: body.usefulLife,
      whiteList: body.whiteList?.trim() || null,
      blackList: body.blackList?.trim() || null,
      dataInterfaceIds: await this.checkedIds(tx, body.dataInterfaceIds),
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: InterfaceOauthBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await tx
          .insert(interfaceOauths)
          .values({ id, ...(await this.values(tx, body)), creatorUserId: userId });
      })
      .catch(uniqueAs(InterfaceOauthMessages.appIdExists));
    return id;
  }

  async update(id: string, body: InterfaceOauthUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        await updateVersioned(
          tx,
          interfaceOauths,
          { id, version: body.version, userId },
          await this.values(tx, body),
        );
      })
      .catch(uniqueAs(InterfaceOauthMessages.appIdExists));
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.db
      .delete(interfaceOauths)
      .where(eq(interfaceOauths.id, id))
      .returning({ id: interfaceOauths.id });
    if (deleted.length === 0) throw badRequest(InterfaceOauthMessages.notFound);
  }

  async toggle(id: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await toggleEnabledVersioned(tx, interfaceOauths, await this.get(id, tx), userId);
    });
  }

  async saveInterfaces(id: string, text: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.get(id, tx);
      await updateVersioned(
        tx,
        interfaceOauths,
        { id, version: row.version, userId },
        { dataInterfaceIds: await this.checkedIds(tx, text) },
      );
    });
  }

  async boundInterfaces(id: string) {
    return this.interfaces(idList((await this.get(id)).dataInterfaceIds));
  }
}
