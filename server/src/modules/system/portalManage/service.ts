import { PageQuery } from '@console/shared';
import { and, asc, count, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { assertFixedOrder, keywordMatch } from '../../../db/query.js';
import { dictionaryData, portalManages, portals, systems } from '../../../db/schema/index.js';
import { uniqueAs } from '../dictionary/service.js';
import { userLabels } from '../printDev/service.js';

/**
 * The portals of an application (门户管理, opened from an application's row on the menu page):
 * guarded by that page. The application is base_system (the console's applications).
 */
export const PORTAL_MANAGE_MODULE = 'system.menu';

export const PortalManageMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  notFound: '门户管理记录不存在或已被删除',
  systemMissing: '应用不存在或已被删除',
  portalMissing: '门户不存在或已停用，请重新选择门户',
  duplicate: '该应用的此平台已添加这个门户',
} as const;

const Platform = z.enum(['Web', 'App'], { message: 'platform 只能是 Web 或 App' });
const flag = (label: string) =>
  z.coerce
    .number({ message: `${label}只能是 0 或 1` })
    .int()
    .min(0)
    .max(1, `${label}只能是 0 或 1`);

export const PortalManageListQuery = PageQuery.extend({
  platform: Platform.default('Web'),
  category: z.string().trim().max(64).optional().default(''),
  enabledMark: z
    .union([z.literal(''), flag('状态')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v)),
});
export type PortalManageListQuery = z.output<typeof PortalManageListQuery>;

export const PortalManageSelectorQuery = PageQuery.extend({
  platform: Platform.default('Web'),
  type: z.union([z.literal(''), z.coerce.number().int().min(0).max(1)]).optional(),
});
export type PortalManageSelectorQuery = z.output<typeof PortalManageSelectorQuery>;

/** POST /api/system/PortalManage: a portal offered by an application on one platform. */
export const PortalManageBody = z.object({
  portalId: z.string({ message: '请选择门户' }).trim().min(1, '请选择门户').max(64),
  systemId: z.string({ message: '缺少应用（systemId）' }).trim().min(1, '缺少应用（systemId）').max(64),
  platform: Platform.default('Web'),
  sortCode: z.coerce
    .number({ message: '排序只能是数字' })
    .int('排序只能是整数')
    .min(0, '排序不能小于0')
    .max(999_999, '排序不能大于999999')
    .default(0),
  enabledMark: flag('状态').default(1),
  description: z.string().trim().max(500, '说明最多为500个字符').nullish(),
});
export type PortalManageBody = z.output<typeof PortalManageBody>;
export const PortalManageUpdateBody = PortalManageBody.extend({
  version: z.coerce.number({ message: '缺少版本号' }).int().min(0),
});
export type PortalManageUpdateBody = z.output<typeof PortalManageUpdateBody>;

type Row = typeof portalManages.$inferSelect;

export class PortalManageService {
  constructor(private readonly db: Db) {}

  async assertSystem(systemId: string, db: DbOrTx = this.db): Promise<void> {
    const [row] = await db
      .select({ id: systems.id })
      .from(systems)
      .where(and(eq(systems.id, systemId), eq(systems.deleteMark, 0)));
    if (!row) throw badRequest(PortalManageMessages.systemMissing);
  }

  private async categoryNames(ids: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return new Map();
    const rows = await this.db
      .select({ id: dictionaryData.id, fullName: dictionaryData.fullName })
      .from(dictionaryData)
      .where(inArray(dictionaryData.id, wanted));
    return new Map(rows.map((r) => [r.id, r.fullName]));
  }

  /** GET /list/{systemId}: the application's portals of one platform, by sort code. */
  async list(systemId: string, query: PortalManageListQuery) {
    assertFixedOrder(query.sidx);
    await this.assertSystem(systemId);
    const filters: (SQL | undefined)[] = [
      eq(portalManages.systemId, systemId),
      eq(portalManages.platform, query.platform),
      keywordMatch(query.keyword, portals.fullName, portals.enCode),
    ];
    if (query.category) filters.push(eq(portals.category, query.category));
    if (query.enabledMark !== undefined) filters.push(eq(portalManages.enabledMark, query.enabledMark));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ manage: portalManages, portal: portals })
        .from(portalManages)
        .innerJoin(portals, eq(portals.id, portalManages.portalId))
        .where(where)
        .orderBy(asc(portalManages.sortCode), desc(portalManages.creatorTime), desc(portalManages.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db
        .select({ n: count() })
        .from(portalManages)
        .innerJoin(portals, eq(portals.id, portalManages.portalId))
        .where(where),
    ]);
    const [categories, creators] = await Promise.all([
      this.categoryNames(rows.map((r) => r.portal.category)),
      userLabels(
        this.db,
        rows.map((r) => r.manage.creatorUserId),
      ),
    ]);
    return {
      list: rows.map(({ manage, portal }) => ({
        id: manage.id,
        portalId: portal.id,
        systemId: manage.systemId,
        platform: manage.platform,
        fullName: portal.fullName,
        enCode: portal.enCode,
        type: portal.type,
        categoryId: portal.category,
        categoryName: categories.get(portal.category) ?? null,
        description: manage.description,
        sortCode: manage.sortCode,
        enabledMark: manage.enabledMark,
        creatorUser: manage.creatorUserId ? (creators.get(manage.creatorUserId) ?? null) : null,
        creatorTime: manage.creatorTime,
        lastModifyTime: manage.lastModifyTime,
      })),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  private async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(portalManages).where(eq(portalManages.id, id));
    if (!row) throw badRequest(PortalManageMessages.notFound);
    return row;
  }

  /** GET /{id}: the record with its portal's name and category (what the edit dialog shows). */
  async info(id: string) {
    const row = await this.get(id);
    const [portal] = await this.db
      .select({ fullName: portals.fullName, category: portals.category })
      .from(portals)
      .where(eq(portals.id, row.portalId));
    const categories = await this.categoryNames(portal ? [portal.category] : []);
    return {
      id: row.id,
      portalId: row.portalId,
      systemId: row.systemId,
      platform: row.platform,
      fullName: portal?.fullName ?? null,
      categoryId: portal?.category ?? null,
      categoryName: portal ? (categories.get(portal.category) ?? null) : null,
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description,
      version: row.version,
    };
  }

  /** The application exists, the portal exists and is enabled, and it is not yet in that application/platform. */
  private async check(tx: DbOrTx, body: PortalManageBody, selfId?: string) {
    await this.assertSystem(body.systemId, tx);
    const [portal] = await tx
      .select({ id: portals.id })
      .from(portals)
      .where(and(eq(portals.id, body.portalId), eq(portals.enabledMark, 1)));
    if (!portal) throw badRequest(PortalManageMessages.portalMissing);
    const [other] = await tx
      .select({ id: portalManages.id })
      .from(portalManages)
      .where(
        and(
          eq(portalManages.systemId, body.systemId),
          eq(portalManages.platform, body.platform),
          eq(portalManages.portalId, body.portalId),
        ),
      );
    if (other && other.id !== selfId) throw badRequest(PortalManageMessages.duplicate);
  }

  private values(body: PortalManageBody) {
    return {
      portalId: body.portalId,
      systemId: body.systemId,
      platform: body.platform,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description || null,
    };
  }

  async create(body: PortalManageBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await this.check(tx, body);
        await tx.insert(portalManages).values({ id, ...this.values(body), creatorUserId: userId });
      })
      .catch(uniqueAs(PortalManageMessages.duplicate));
    return id;
  }

  async update(id: string, body: PortalManageUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        await this.check(tx, body, id);
        await updateVersioned(tx, portalManages, { id, version: body.version, userId }, this.values(body));
      })
      .catch(uniqueAs(PortalManageMessages.duplicate));
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.db
      .delete(portalManages)
      .where(eq(portalManages.id, id))
      .returning({ id: portalManages.id });
    if (deleted.length === 0) throw badRequest(PortalManageMessages.notFound);
  }

  /**
   * GET /api/visualdev/Portal/manage/Selector/{systemId}: enabled portals the application does not
   * offer yet on the platform (the add dialog's picker), paged.
   */
  async selector(systemId: string, query: PortalManageSelectorQuery) {
    assertFixedOrder(query.sidx);
    await this.assertSystem(systemId);
    const taken = this.db
      .select({ id: portalManages.portalId })
      .from(portalManages)
      .where(and(eq(portalManages.systemId, systemId), eq(portalManages.platform, query.platform)));
    const filters: (SQL | undefined)[] = [
      eq(portals.enabledMark, 1),
      notInArray(portals.id, taken),
      keywordMatch(query.keyword, portals.fullName, portals.enCode),
    ];
    if (typeof query.type === 'number') filters.push(eq(portals.type, query.type));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(portals)
        .where(where)
        .orderBy(asc(portals.sortCode), desc(portals.creatorTime), desc(portals.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(portals).where(where),
    ]);
    const categories = await this.categoryNames(rows.map((r) => r.category));
    return {
      list: rows.map((p) => ({
        id: p.id,
        fullName: p.fullName,
        enCode: p.enCode,
        type: p.type,
        categoryId: p.category,
        categoryName: categories.get(p.category) ?? null,
        sortCode: p.sortCode,
        enabledMark: p.enabledMark,
      })),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }
}
