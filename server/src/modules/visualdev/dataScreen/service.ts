import {
  DataScreenBody,
  DataScreenFile,
  type DataScreenItem,
  type DataScreenUpdateBody,
  type ScreenBinding,
  type ScreenComponent,
  ScreenDesign,
} from '@console/shared';
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BizError, badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { Messages } from '../../../core/messages.js';
import type { Session } from '../../../core/sessions.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch, selectPage } from '../../../db/query.js';
import { dataScreens, dbLinks } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { hasPermission } from '../../permission/grants.js';
import { groupByCategory } from '../../system/dictionary/categories.js';
import { userLabels } from '../../system/printDev/service.js';
import { DATA_INTERFACE_MODULE } from '../../systemData/dataInterface/routes.js';
import {
  connectionFor,
  findInterface,
  prepareSql,
  type RunUser,
  readOnlyOptions,
  runLoadedInterface,
} from '../../systemData/dataInterface/run.js';
import {
  CONSOLE_LINK_ID,
  checkCost,
  dialectOfType,
  queryFailure,
} from '../../systemData/dataSource/connect.js';
import { menusOf } from '../webDesign/service.js';

export const DATA_SCREEN_MODULE = 'onlineDev.dataScreen';
/** Rows a SQL data set answers at most (a screen shows summaries, not tables of thousands). */
export const SQL_ROW_LIMIT = 1000;

export const DataScreenMessages = {
  created: '新建成功',
  updated: '保存成功',
  deleted: '删除成功',
  copied: '复制成功',
  imported: '导入成功',
  released: '发布成功',
  notFound: '大屏不存在',
  notReleased: '该大屏尚未发布',
  componentMissing: (id: string) => `组件“${id}”不存在`,
  noBinding: (id: string) => `组件“${id}”没有绑定数据`,
  deleteReleased: '该大屏已被菜单使用，请先删除对应菜单再删除大屏',
  importMalformed: '导入文件格式错误：不是有效的大屏导出文件(.json)',
  interfaceDisabled: (id: string, name: string) =>
    `组件“${id}”绑定的数据接口“${name}”已停用，只有数据接口管理者可以使用`,
  interfaceMissing: (id: string) => `组件“${id}”绑定的数据接口不存在`,
  sqlNotAllowed: (id: string) => `组件“${id}”使用 SQL 数据集：只有管理员或数据接口管理者可以编写 SQL 数据集`,
  sqlInvalid: (id: string, reason: string) => `组件“${id}”的 SQL 数据集有误：${reason}`,
  linkMissing: (id: string) => `组件“${id}”的数据源不存在`,
} as const;

type Row = typeof dataScreens.$inferSelect;

/** Component answers kept per instance at most (the oldest go first). */
const SHARED_ANSWERS = 2000;

/**
 * Answers of released screens' components, shared by the viewers who ask the same thing (same
 * screen release, component, filters and user, so the same variables and data rules) within the
 * component's refresh interval less a second: 50 walls showing one screen run each binding once
 * per refresh instead of 50 times, and calls that arrive together wait for the one run. Once an
 * answer is older than that, the next call starts a new run and, while it runs, every call is
 * answered the last answer if it is younger than STALE_FACTOR refreshes (a wall shows its previous
 * figures a moment longer instead of every viewer waiting in line for the database); an older one,
 * or none, is waited for. A failed run is not kept: the last good answer serves on while young
 * enough and the next call tries again. Measured: docs/benchmarks.md, data screen viewers.
 */
class SharedAnswers {
  private readonly entries = new Map<
    string,
    { running?: Promise<unknown>; last?: { value: unknown; at: number } }
  >();

  get(key: string, ttlMs: number, run: () => Promise<unknown>): Promise<unknown> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {};
      this.entries.set(key, entry);
      if (this.entries.size > SHARED_ANSWERS) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    const last = entry.last;
    // Kept from when the answer came, not from when it was asked: under load a run may take
    // longer than the refresh, and new runs must not pile up behind it.
    if (last && Date.now() - last.at < ttlMs) return Promise.resolve(last.value);
    if (!entry.running) {
      const running = run();
      const current = entry;
      current.running = running;
      running.then(
        (value) => {
          current.last = { value, at: Date.now() };
          current.running = undefined;
        },
        () => {
          current.running = undefined;
        },
      );
    }
    if (last && Date.now() - last.at < ttlMs * STALE_FACTOR) return Promise.resolve(last.value);
    return entry.running!;
  }
}
/** How many refresh intervals old the last answer may be to serve while a new run is under way. */
const STALE_FACTOR = 3;
const sharedAnswers = new SharedAnswers();

/**
 * How long a released screen's design, and a session's right to view a screen, are kept per
 * instance for its data calls: 50 viewers of 20 components ask 200 a second, and reading the
 * screen's row (its whole design) and the viewer's grants for each one held the embedded
 * database's single connection while the bindings' statements waited behind them. A release, save
 * or delete here drops the design at once; on other instances, and for grants, the change shows
 * within this time. Refusals and failures are not kept.
 */
const VIEW_KEPT_MS = 2_000;

class Recent<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();
  constructor(private readonly max: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < VIEW_KEPT_MS) return hit.value;
    const entry = { at: Date.now(), value: load() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  drop(key: string) {
    this.entries.delete(key);
  }
}
type ReleasedScreen = { id: string; releaseTime: number | null; design: DesignValue };
const releasedScreens = new Recent<ReleasedScreen>(500);
const viewerGrants = new Recent<void>(5_000);
export type DesignValue = z.output<typeof ScreenDesign>;

const parseDesign = (text: string): DesignValue => ScreenDesign.parse(JSON.parse(text));

/** The value a binding parameter takes: its filter's current value when it reads one, else its own. */
function bindingParams(
  binding: Exclude<ScreenBinding, { kind: 'static' }>,
  filters: Record<string, unknown>,
) {
  const out: Record<string, unknown> = {};
  for (const p of binding.params) {
    const fromFilter = p.fromFilter ? filters[p.fromFilter] : undefined;
    out[p.field] =
      fromFilter !== undefined && fromFilter !== null && fromFilter !== '' ? fromFilter : p.value;
  }
  return out;
}

export class DataScreenService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  private async items(rows: Row[]): Promise<DataScreenItem[]> {
    const creators = await userLabels(
      this.db,
      rows.map((r) => r.creatorUserId),
    );
    return rows.map((r) => ({
      id: r.id,
      fullName: r.fullName,
      category: r.category,
      description: r.description,
      design: r.design,
      state: r.state,
      releaseTime: r.releaseTime,
      hasShare: Boolean(r.shareToken),
      creatorUser: r.creatorUserId ? (creators.get(r.creatorUserId) ?? null) : null,
      creatorTime: r.creatorTime,
      lastModifyTime: r.lastModifyTime,
      version: r.version,
    }));
  }

  /** The list page: keyword over name and description, one category, newest first; and every category in use. */
  async list(query: { keyword: string; category: string; currentPage: number; pageSize: number }) {
    const where: SQL[] = [];
    const match = keywordMatch(query.keyword, dataScreens.fullName, dataScreens.description);
    if (match) where.push(match);
    if (query.category) where.push(eq(dataScreens.category, query.category));
    const [page, categories] = await Promise.all([
      selectPage(
        this.db,
        dataScreens,
        where.length ? and(...where) : undefined,
        [desc(dataScreens.creatorTime), desc(dataScreens.id)],
        query,
      ),
      this.db
        .selectDistinct({ category: dataScreens.category })
        .from(dataScreens)
        .orderBy(dataScreens.category),
    ]);
    return {
      list: await this.items(page.rows),
      pagination: page.pagination,
      categories: categories.map((c) => c.category).filter(Boolean),
    };
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(dataScreens).where(eq(dataScreens.id, id));
    if (!row) throw badRequest(DataScreenMessages.notFound);
    return row;
  }

  async info(id: string): Promise<DataScreenItem> {
    const [one] = await this.items([await this.get(id)]);
    return one!;
  }

  /**
   * What the saver may bind: enabled data interfaces (disabled ones only for holders of the data
   * interface page, as running them allows), SQL data sets only for administrators and holders of
   * the data interface page, checked by the data interfaces' read-only guard.
   */
  async checkBindings(design: DesignValue, saver: Session): Promise<void> {
    let manager: boolean | undefined;
    const isManager = async () => {
      manager ??=
        saver.isAdministrator || (await hasPermission(this.db, saver.userId, DATA_INTERFACE_MODULE));
      return manager;
    };
    for (const c of design.components) {
      const data = c.data;
      if (!data || data.kind === 'static') continue;
      if (data.kind === 'interface') {
        const row = await findInterface(this.db, data.interfaceId).catch((error) => {
          if (error instanceof BizError) throw badRequest(DataScreenMessages.interfaceMissing(c.id));
          throw error;
        });
        if (row.enabledMark !== 1 && !(await isManager()))
          throw badRequest(DataScreenMessages.interfaceDisabled(c.id, row.fullName));
        continue;
      }
      if (!(await isManager())) throw badRequest(DataScreenMessages.sqlNotAllowed(c.id));
      const consoleDb = data.dbLinkId === CONSOLE_LINK_ID;
      let dialect: 'postgres' | 'mysql' = 'postgres';
      if (!consoleDb) {
        const [link] = await this.db
          .select({ dbType: dbLinks.dbType })
          .from(dbLinks)
          .where(eq(dbLinks.id, data.dbLinkId));
        if (!link) throw badRequest(DataScreenMessages.linkMissing(c.id));
        dialect = dialectOfType(link.dbType) ?? 'postgres';
      }
      try {
        await prepareSql(this.db, data.sql, dialect, consoleDb, bindingParams(data, {}), saver, {});
      } catch (error) {
        if (error instanceof BizError) throw badRequest(DataScreenMessages.sqlInvalid(c.id, error.message));
        throw error;
      }
    }
  }

  private async checked(body: DataScreenBody, saver: Session): Promise<string> {
    const design = parseDesign(body.design);
    await this.checkBindings(design, saver);
    return JSON.stringify(design);
  }

  async create(body: DataScreenBody, saver: Session, id = newId()): Promise<string> {
    const design = await this.checked(body, saver);
    await this.db.insert(dataScreens).values({
      id,
      fullName: body.fullName,
      category: body.category,
      description: body.description ?? null,
      design,
      creatorUserId: saver.userId,
    });
    return id;
  }

  async update(id: string, body: DataScreenUpdateBody, saver: Session): Promise<void> {
    await this.get(id);
    const design = await this.checked(body, saver);
    await updateVersioned(
      this.db,
      dataScreens,
      { id, version: body.version, userId: saver.userId },
      { fullName: body.fullName, category: body.category, description: body.description ?? null, design },
    );
    releasedScreens.drop(id);
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      if ((await menusOf(tx, id, 6)).some((m) => m.deleteMark === 0))
        throw badRequest(DataScreenMessages.deleteReleased);
      const deleted = await tx
        .delete(dataScreens)
        .where(eq(dataScreens.id, id))
        .returning({ id: dataScreens.id });
      if (deleted.length === 0) throw badRequest(DataScreenMessages.notFound);
    });
    releasedScreens.drop(id);
  }

  /** A draft copy (not released, no share link) named with the copy suffix. */
  async copy(id: string, userId: string): Promise<string> {
    const row = await this.get(id);
    const copyId = newId();
    await this.db.insert(dataScreens).values({
      id: copyId,
      fullName: `${row.fullName}.副本${Date.now().toString().slice(-5)}`.slice(0, 100),
      category: row.category,
      description: row.description,
      design: row.design,
      creatorUserId: userId,
    });
    return copyId;
  }

  /** Release: the design as it is now becomes what viewers, menus and share links show. */
  async release(id: string, userId: string): Promise<void> {
    const row = await this.get(id);
    await this.db
      .update(dataScreens)
      .set({
        state: 1,
        released: parseDesign(row.design),
        releaseTime: Date.now(),
        lastModifyTime: Date.now(),
        lastModifyUserId: userId,
        version: sql`${dataScreens.version} + 1`,
      })
      .where(eq(dataScreens.id, id));
    releasedScreens.drop(id);
  }

  /** One JSON file: the screen's name, category, description and design with its data bindings. */
  async exportFile(id: string) {
    const row = await this.get(id);
    return {
      kind: 'dataScreen' as const,
      fullName: row.fullName,
      category: row.category,
      description: row.description,
      design: JSON.parse(row.design) as unknown,
    };
  }

  /** Imports an exported file as a new draft; the checks of saving apply (bindings as the importer). */
  async importFile(content: unknown, saver: Session): Promise<string> {
    const file = DataScreenFile.safeParse(content);
    if (!file.success) throw badRequest(DataScreenMessages.importMalformed);
    const body = DataScreenBody.safeParse({
      fullName: file.data.fullName,
      category: file.data.category ?? '',
      description: file.data.description ?? null,
      design: JSON.stringify(file.data.design ?? null),
    });
    if (!body.success) throw badRequest(body.error.issues.map((i) => i.message).join('；'));
    return this.create(body.data, saver);
  }

  /** GET /api/blade-visual/visual/Selector: released screens by category, the tree the 3.4.7 menu dialog picks from. */
  async selector() {
    const rows = await this.db
      .select({ id: dataScreens.id, fullName: dataScreens.fullName, category: dataScreens.category })
      .from(dataScreens)
      .where(and(eq(dataScreens.state, 1), isNotNull(dataScreens.released)))
      .orderBy(dataScreens.category, desc(dataScreens.creatorTime));
    return {
      list: groupByCategory(
        rows,
        (r) => ({ id: `category:${r.category}`, fullName: r.category || '默认分类' }),
        (r) => ({ id: r.id, fullName: r.fullName }),
      ),
    };
  }

  /**
   * Who may view a screen: administrators, holders of the design page, and holders of an enabled
   * type-6 menu that shows it (the menu grant).
   */
  async assertViewer(session: Session, id: string): Promise<void> {
    if (session.isAdministrator) return;
    if (await hasPermission(this.db, session.userId, DATA_SCREEN_MODULE)) return;
    for (const menu of await menusOf(this.db, id, 6))
      if (
        menu.enabledMark === 1 &&
        menu.deleteMark === 0 &&
        (await hasPermission(this.db, session.userId, menu.enCode))
      )
        return;
    throw badRequest(Messages.permissionDenied);
  }

  /** The design a viewer shows: the released copy; designers previewing may ask for the draft. */
  async viewDesign(row: Row, draft: boolean): Promise<DesignValue> {
    if (draft) return parseDesign(row.design);
    if (row.state !== 1 || !row.released) throw badRequest(DataScreenMessages.notReleased);
    return ScreenDesign.parse(row.released);
  }

  async view(session: Session, id: string, draft: boolean) {
    await this.assertViewer(session, id);
    if (
      draft &&
      !session.isAdministrator &&
      !(await hasPermission(this.db, session.userId, DATA_SCREEN_MODULE))
    )
      throw badRequest(Messages.permissionDenied);
    const row = await this.get(id);
    return {
      id: row.id,
      fullName: row.fullName,
      releaseTime: row.releaseTime,
      design: await this.viewDesign(row, draft),
    };
  }

  /** A released screen's component run as `user`, shared with whoever asks the same within its refresh. */
  releasedComponent(
    screen: { id: string; releaseTime: number | null },
    design: DesignValue,
    componentId: string,
    filters: Record<string, unknown>,
    user: RunUser,
    log: { ip?: string } = {},
  ): Promise<unknown> {
    const refresh = design.components.find((c) => c.id === componentId)?.refresh || 5;
    const key = JSON.stringify([
      screen.id,
      screen.releaseTime,
      componentId,
      user.userId,
      user.organizeId ?? null,
      filters,
    ]);
    return sharedAnswers.get(key, Math.max(1000, refresh * 1000 - 1000), () =>
      this.runComponent(design, componentId, filters, user, log, 'screen'),
    );
  }

  /**
   * Runs one component's binding as `user` (its variables and so its data rules are the viewer's).
   * `lane` 'screen': a released screen's statement, which waits for the places of screens
   * (dataSource/connect.ts SCREEN_SQL_CONCURRENCY), not those of people's ad-hoc SQL.
   */
  async runComponent(
    design: DesignValue,
    componentId: string,
    filters: Record<string, unknown>,
    user: RunUser,
    log: { ip?: string } = {},
    lane: 'user' | 'screen' = 'user',
  ): Promise<unknown> {
    const component: ScreenComponent | undefined = design.components.find((c) => c.id === componentId);
    if (!component) throw badRequest(DataScreenMessages.componentMissing(componentId));
    const data = component.data;
    if (!data) throw badRequest(DataScreenMessages.noBinding(componentId));
    if (data.kind === 'static') return JSON.parse(data.json) as unknown;
    const params = bindingParams(data, filters);
    if (data.kind === 'interface') {
      const row = await findInterface(this.db, data.interfaceId);
      return runLoadedInterface(this.services, row, params, user, {
        lane,
        log: { ...log, invokType: 'POST' },
      });
    }
    const connection = await connectionFor(this.services, data.dbLinkId);
    try {
      const consoleDb = data.dbLinkId === CONSOLE_LINK_ID;
      const prepared = await prepareSql(this.db, data.sql, connection.dialect, consoleDb, params, user, {});
      return await connection
        .readOnly(
          async (c) => {
            if (consoleDb) await checkCost(this.db, c, prepared.text, prepared.values);
            const result = await c.query(prepared.text, prepared.values);
            return result.rows
              .slice(0, SQL_ROW_LIMIT)
              .map((r) =>
                Object.fromEntries(
                  Object.entries(r).map(([k, v]) => [
                    k,
                    typeof v === 'bigint' ? v.toString() : v instanceof Date ? v.getTime() : v,
                  ]),
                ),
              );
          },
          readOnlyOptions(lane, prepared),
        )
        .catch(queryFailure);
    } finally {
      await connection.close();
    }
  }

  async data(
    session: Session,
    id: string,
    componentId: string,
    filters: Record<string, unknown>,
    draft: boolean,
  ) {
    if (draft) {
      const view = await this.view(session, id, draft);
      return this.runComponent(view.design, componentId, filters, session);
    }
    // The session itself was resolved for this call (a signed-out viewer is refused at once).
    await viewerGrants.get(JSON.stringify([session.id, id]), () => this.assertViewer(session, id));
    const screen = await releasedScreens.get(id, async () => {
      const row = await this.get(id);
      return { id: row.id, releaseTime: row.releaseTime, design: await this.viewDesign(row, false) };
    });
    return this.releasedComponent(screen, screen.design, componentId, filters, session);
  }
}
