import { type PortalAuth, PortalBody, type PortalItem, type PortalUpdateBody } from '@console/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { Messages } from '../../../core/messages.js';
import type { Session } from '../../../core/sessions.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import {
  dictionaryData,
  modules,
  portalCustoms,
  portalManages,
  portals,
  users,
} from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { hasPermission } from '../../permission/grants.js';
import { groupByCategory, isItemOfDictionary } from '../../system/dictionary/categories.js';
import { uniqueAs } from '../../system/dictionary/service.js';
import { userLabels } from '../../system/printDev/service.js';
import {
  type DesignCatalogue,
  type DesignListQuery,
  designPage,
  designRow,
  enabledDesigns,
} from '../catalogue.js';
import { copyValues, importDesignFile } from '../designFile.js';
import { menusOf, VisualDevMessages } from '../webDesign/service.js';

export const PORTAL_MODULE = 'onlineDev.visualPortal';
/** The dictionary whose entries are the portal categories. */
export const PORTAL_CATEGORY_CODE = 'portalDesigner';

export const PortalMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  copied: '复制成功',
  imported: '导入成功',
  saved: '保存成功',
  released: '发布成功',
  defaultSet: '设置成功',
  notFound: '门户不存在',
  disabled: '该门户已停用',
  codeExists: '门户编码已存在',
  categoryMissing: '门户分类不存在，请选择门户分类字典中的分类',
  locked: '该门户的布局已锁定，不能保存个人布局',
  deleteReleased: '该门户已发布到菜单，请先删除对应菜单再删除门户',
  importMalformed: '导入文件格式错误：不是有效的门户文件(.vp)',
} as const;

type Row = typeof portals.$inferSelect;
const CATALOGUE: DesignCatalogue<typeof portals> = {
  table: portals,
  category: portals.category,
  notFound: PortalMessages.notFound,
};

const VpFile = z.looseObject({ fullName: z.string(), enCode: z.string(), category: z.string() });

export class PortalService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  private async items(rows: Row[]): Promise<PortalItem[]> {
    const categoryIds = [...new Set(rows.map((r) => r.category))];
    const [categories, creators] = await Promise.all([
      categoryIds.length
        ? this.db
            .select({ id: dictionaryData.id, fullName: dictionaryData.fullName })
            .from(dictionaryData)
            .where(inArray(dictionaryData.id, categoryIds))
        : [],
      userLabels(
        this.db,
        rows.map((r) => r.creatorUserId),
      ),
    ]);
    const names = new Map(categories.map((c) => [c.id, c.fullName]));
    return rows.map((r) => ({
      id: r.id,
      fullName: r.fullName,
      enCode: r.enCode,
      category: r.category,
      categoryName: names.get(r.category) ?? null,
      type: r.type,
      linkType: r.linkType,
      customUrl: r.customUrl,
      appCustomUrl: r.appCustomUrl,
      enabledLock: r.enabledLock,
      formData: r.formData,
      sortCode: r.sortCode,
      enabledMark: r.enabledMark,
      description: r.description,
      creatorUser: r.creatorUserId ? (creators.get(r.creatorUserId) ?? null) : null,
      creatorTime: r.creatorTime,
      lastModifyTime: r.lastModifyTime,
      version: r.version,
    }));
  }

  async list(query: DesignListQuery & { category: string }) {
    const page = await designPage(this.db, CATALOGUE, query, query.category);
    // The 3.4.7 list shows `category` as it comes (its 分类 column): the entry's name; the info
    // keeps the id for the form.
    const list = (await this.items(page.rows)).map((item) => ({
      ...item,
      category: item.categoryName ?? item.category,
    }));
    return { list, pagination: page.pagination };
  }

  /**
   * Enabled portals by category (the default-portal picker and the menu editor of type 8). With
   * `offeredBy` (type=1 of the 3.4.7 client), only those an application offers on the platform in
   * 门户管理 whose entry is enabled, in that order.
   */
  async selector(offeredBy?: { systemId: string; platform: string }) {
    const rows = offeredBy
      ? (
          await this.db
            .select({ portal: portals })
            .from(portalManages)
            .innerJoin(portals, eq(portals.id, portalManages.portalId))
            .where(
              and(
                eq(portalManages.systemId, offeredBy.systemId),
                eq(portalManages.platform, offeredBy.platform),
                eq(portalManages.enabledMark, 1),
                eq(portals.enabledMark, 1),
              ),
            )
            .orderBy(asc(portalManages.sortCode), desc(portalManages.creatorTime), desc(portalManages.id))
        ).map((r) => r.portal)
      : await enabledDesigns(this.db, CATALOGUE);
    const list = groupByCategory(
      await this.items(rows),
      (item) => ({ id: item.category, fullName: item.categoryName ?? item.category }),
      (item) => ({ id: item.id, fullName: item.fullName }),
    );
    return { list };
  }

  get(id: string, db: DbOrTx = this.db): Promise<Row> {
    return designRow(db, CATALOGUE, id);
  }

  async info(id: string): Promise<PortalItem> {
    const [one] = await this.items([await this.get(id)]);
    return one!;
  }

  private async check(tx: DbOrTx, body: PortalBody, selfId?: string) {
    if (!(await isItemOfDictionary(tx, body.category, PORTAL_CATEGORY_CODE)))
      throw badRequest(PortalMessages.categoryMissing);
    const [other] = await tx.select({ id: portals.id }).from(portals).where(eq(portals.enCode, body.enCode));
    if (other && other.id !== selfId) throw badRequest(PortalMessages.codeExists);
  }

  private values(body: PortalBody) {
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      category: body.category,
      type: body.type,
      linkType: body.linkType,
      customUrl: body.customUrl || null,
      appCustomUrl: body.appCustomUrl || null,
      enabledLock: body.enabledLock,
      formData: body.formData,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async create(body: PortalBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await this.check(tx, body);
        await tx.insert(portals).values({ id, ...this.values(body), creatorUserId: userId });
      })
      .catch(uniqueAs(PortalMessages.codeExists));
    return id;
  }

  async update(id: string, body: PortalUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        await this.check(tx, body, id);
        await updateVersioned(tx, portals, { id, version: body.version, userId }, this.values(body));
      })
      .catch(uniqueAs(PortalMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if ((await menusOf(tx, id, 8)).length) throw badRequest(PortalMessages.deleteReleased);
      const deleted = await tx.delete(portals).where(eq(portals.id, id)).returning({ id: portals.id });
      if (deleted.length === 0) throw badRequest(PortalMessages.notFound);
      await tx.delete(portalCustoms).where(eq(portalCustoms.portalId, id));
      await tx.delete(portalManages).where(eq(portalManages.portalId, id));
      await tx.update(users).set({ portalId: null }).where(eq(users.portalId, id));
    });
  }

  async copy(id: string, userId: string): Promise<string> {
    const values = copyValues(await this.get(id), userId);
    await this.db.insert(portals).values(values).catch(uniqueAs(PortalMessages.codeExists));
    return values.id;
  }

  async exportVp(id: string) {
    const {
      id: _id,
      version: _v,
      creatorUserId: _c,
      creatorTime: _t,
      lastModifyTime: _m,
      lastModifyUserId: _u,
      ...rest
    } = await this.get(id);
    return rest;
  }

  /** Imports a .vp file as a new portal (a code already taken gets the copy suffix); checks of create apply. */
  importVp(content: Buffer, userId: string): Promise<string> {
    return importDesignFile(
      content,
      { file: VpFile, body: PortalBody },
      PortalMessages.importMalformed,
      async (enCode) =>
        (await this.db.select({ id: portals.id }).from(portals).where(eq(portals.enCode, enCode))).length > 0,
      (body) => this.create(body, userId),
    );
  }

  /**
   * Who may see a portal: holders of the portal design page or of an enabled type-8 menu showing
   * it, and a user whose default portal it is. Administrators pass.
   */
  private async assertVisible(session: Session, id: string): Promise<void> {
    if (session.isAdministrator) return;
    if (await hasPermission(this.db, session.userId, PORTAL_MODULE)) return;
    const [me] = await this.db
      .select({ portalId: users.portalId })
      .from(users)
      .where(eq(users.id, session.userId));
    if (me?.portalId === id) return;
    for (const menu of await menusOf(this.db, id, 8))
      if (menu.enabledMark === 1 && (await hasPermission(this.db, session.userId, menu.enCode))) return;
    throw badRequest(Messages.permissionDenied);
  }

  /** GET /{id}/auth: the portal to display; the user's own layout when the portal is not locked. */
  async auth(session: Session, id: string): Promise<PortalAuth> {
    await this.assertVisible(session, id);
    const row = await this.get(id);
    if (row.enabledMark !== 1) throw badRequest(PortalMessages.disabled);
    const [custom] =
      row.enabledLock === 0
        ? await this.db
            .select({ formData: portalCustoms.formData })
            .from(portalCustoms)
            .where(and(eq(portalCustoms.portalId, id), eq(portalCustoms.userId, session.userId)))
        : [];
    return {
      id: row.id,
      fullName: row.fullName,
      type: row.type,
      linkType: row.linkType,
      customUrl: row.customUrl,
      enabledLock: row.enabledLock,
      formData: custom?.formData ?? row.formData,
      isCustom: custom ? 1 : 0,
    };
  }

  /** PUT /Custom/Save/{id}: keeps the user's own layout of an unlocked portal. */
  async saveCustom(session: Session, id: string, formData: string): Promise<void> {
    await this.assertVisible(session, id);
    const row = await this.get(id);
    if (row.enabledLock !== 0) throw badRequest(PortalMessages.locked);
    const now = Date.now();
    await this.db
      .insert(portalCustoms)
      .values({
        id: newId(),
        portalId: id,
        userId: session.userId,
        formData,
        creatorUserId: session.userId,
        creatorTime: now,
      })
      .onConflictDoUpdate({
        target: [portalCustoms.portalId, portalCustoms.userId],
        set: {
          formData,
          lastModifyTime: now,
          lastModifyUserId: session.userId,
          version: sql`${portalCustoms.version} + 1`,
        },
      });
  }

  /** PUT /{id}/Actions/SetDefault: the portal the user's home shows. */
  async setDefault(session: Session, id: string): Promise<void> {
    await this.assertVisible(session, id);
    const row = await this.get(id);
    if (row.enabledMark !== 1) throw badRequest(PortalMessages.disabled);
    await this.db.update(users).set({ portalId: id }).where(eq(users.id, session.userId));
  }

  /** PUT /Actions/release/{id}: creates or moves the type-8 menu showing the portal. */
  async release(id: string, parentId: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.get(id, tx);
      const [parent] = await tx
        .select()
        .from(modules)
        .where(and(eq(modules.id, parentId), eq(modules.deleteMark, 0), inArray(modules.type, [0, 1])));
      if (!parent) throw badRequest(VisualDevMessages.parentMissing);
      const now = Date.now();
      const values = {
        parentId: parent.id,
        fullName: row.fullName,
        propertyJson: JSON.stringify({ moduleId: id, isTree: 0 }),
        enabledMark: 1,
      };
      const existing = (await menusOf(tx, id, 8)).find((m) => m.systemId === parent.systemId);
      if (existing) {
        await tx
          .update(modules)
          .set({
            ...values,
            lastModifyTime: now,
            lastModifyUserId: userId,
            version: sql`${modules.version} + 1`,
          })
          .where(eq(modules.id, existing.id));
        return;
      }
      const enCode = `portal.${row.enCode}`;
      const [clash] = await tx
        .select({ id: modules.id })
        .from(modules)
        .where(
          and(eq(modules.systemId, parent.systemId), eq(modules.category, 'Web'), eq(modules.enCode, enCode)),
        );
      if (clash) throw badRequest(`菜单编码“${enCode}”已被其他菜单使用，请修改门户编码后再发布`);
      await tx.insert(modules).values({
        id: newId(),
        systemId: parent.systemId,
        type: 8,
        icon: 'icon-ym icon-ym-portal',
        category: 'Web',
        enCode,
        urlAddress: `portal/${row.enCode}`,
        sortCode: row.sortCode,
        creatorUserId: userId,
        creatorTime: now,
        ...values,
      });
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }
}
