import type { AreaBody, AreaNode, AreaUpdateBody } from '@console/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { escapeLike } from '../../../db/query.js';
import { areas } from '../../../db/schema/index.js';
import { uniqueAs } from '../dictionary/service.js';

export const AreaMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  stateChanged: '更新状态成功',
  notFound: '区域不存在',
  parentNotFound: '上级区域不存在',
  parentIsSelf: '上级不能选择自己或自己的下级',
  codeExists: '区域编码已存在',
  hasChildren: '该区域下有下级区域，不能删除',
  tooDeep: '区域最多为4级（省、市、区县、街道）',
} as const;

/** Root parent of the area tree (console.md 9). */
export const AREA_ROOT = '-1';
const SEARCH_LIMIT = 500;
type Row = typeof areas.$inferSelect;

const root = (id: string) => (id === '0' || id === '' ? AREA_ROOT : id);

export class AreaService {
  constructor(private readonly db: Db) {}

  private async withLeafFlags(rows: Row[]): Promise<AreaNode[]> {
    if (rows.length === 0) return [];
    const parents = await this.db
      .selectDistinct({ parentId: areas.parentId })
      .from(areas)
      .where(
        inArray(
          areas.parentId,
          rows.map((r) => r.id),
        ),
      );
    const withChildren = new Set(parents.map((p) => p.parentId));
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parentId,
      fullName: r.fullName,
      enCode: r.enCode,
      type: r.type,
      sortCode: r.sortCode,
      enabledMark: r.enabledMark,
      description: r.description,
      version: r.version,
      isLeaf: !withChildren.has(r.id),
      hasChildren: withChildren.has(r.id),
    }));
  }

  /**
   * Children of a parent (lazy tree). With a keyword: areas anywhere below the parent whose
   * name or code contains it (at most 500).
   */
  async children(parentId: string, keyword: string): Promise<AreaNode[]> {
    const parent = root(parentId);
    if (!keyword) {
      const rows = await this.db
        .select()
        .from(areas)
        .where(eq(areas.parentId, parent))
        .orderBy(asc(areas.sortCode), asc(areas.enCode));
      return this.withLeafFlags(rows);
    }
    const like = `%${escapeLike(keyword)}%`;
    const found = (await this.db.execute(sql`
      WITH RECURSIVE below(id) AS (
        SELECT id FROM base_province WHERE parent_id = ${parent}
        UNION ALL
        SELECT p.id FROM base_province p JOIN below b ON p.parent_id = b.id
      )
      SELECT p.id FROM base_province p JOIN below b ON b.id = p.id
      WHERE p.full_name ILIKE ${like} OR p.en_code ILIKE ${like}
      ORDER BY p.type, p.sort_code, p.en_code
      LIMIT ${SEARCH_LIMIT}`)) as unknown as { rows: { id: string }[] };
    const ids = found.rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const rows = await this.db.select().from(areas).where(inArray(areas.id, ids));
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return this.withLeafFlags(rows);
  }

  /** Parent choices for the area form: children of `parentId`, without the area being edited. */
  async selector(parentId: string, excludeId: string): Promise<AreaNode[]> {
    const rows = await this.db
      .select()
      .from(areas)
      .where(and(eq(areas.parentId, root(parentId)), excludeId === '0' ? undefined : ne(areas.id, excludeId)))
      .orderBy(asc(areas.sortCode), asc(areas.enCode));
    return this.withLeafFlags(rows);
  }

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(areas).where(eq(areas.id, id));
    if (!row) throw badRequest(AreaMessages.notFound);
    return row;
  }

  async info(id: string) {
    const row = await this.get(id);
    const { creatorUserId: _a, lastModifyUserId: _b, ...rest } = row;
    return rest;
  }

  /** Each path of ids as its names, e.g. [['11','1101']] → [['北京市','市辖区']]; unknown ids are skipped. */
  async namesByIds(idsList: string[][]): Promise<string[][]> {
    const ids = [...new Set(idsList.flat())];
    if (ids.length === 0) return idsList.map(() => []);
    const rows = await this.db
      .select({ id: areas.id, fullName: areas.fullName })
      .from(areas)
      .where(inArray(areas.id, ids));
    const names = new Map(rows.map((r) => [r.id, r.fullName]));
    return idsList.map((path) => path.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])));
  }

  /** The parent's level + 1, checking that the parent exists and is not the node or below it. */
  private async levelUnder(tx: DbOrTx, parentId: string, selfId?: string): Promise<number> {
    if (parentId === AREA_ROOT) return 1;
    let level = 1;
    let current: string = parentId;
    while (current !== AREA_ROOT) {
      if (current === selfId) throw badRequest(AreaMessages.parentIsSelf);
      const [row] = await tx.select({ parentId: areas.parentId }).from(areas).where(eq(areas.id, current));
      if (!row) throw badRequest(level === 1 ? AreaMessages.parentNotFound : AreaMessages.parentIsSelf);
      current = row.parentId;
      level++;
      if (level > 10) break;
    }
    return level;
  }

  async create(body: AreaBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        const parentId = root(body.parentId);
        const type = await this.levelUnder(tx, parentId);
        if (type > 4) throw badRequest(AreaMessages.tooDeep);
        await tx.insert(areas).values({
          id,
          parentId,
          fullName: body.fullName,
          enCode: body.enCode,
          type,
          sortCode: body.sortCode,
          enabledMark: body.enabledMark,
          description: body.description ?? null,
          creatorUserId: userId,
        });
      })
      .catch(uniqueAs(AreaMessages.codeExists));
    return id;
  }

  async update(id: string, body: AreaUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        const current = await this.get(id, tx);
        const parentId = root(body.parentId);
        const type = parentId === current.parentId ? current.type : await this.levelUnder(tx, parentId, id);
        if (type !== current.type) {
          const [child] = await tx
            .select({ id: areas.id })
            .from(areas)
            .where(eq(areas.parentId, id))
            .limit(1);
          if (child) throw badRequest(AreaMessages.hasChildren.replace('删除', '移动到其他层级'));
          if (type > 4) throw badRequest(AreaMessages.tooDeep);
        }
        await updateVersioned(
          tx,
          areas,
          { id, version: body.version, userId },
          {
            parentId,
            type,
            fullName: body.fullName,
            enCode: body.enCode,
            sortCode: body.sortCode,
            enabledMark: body.enabledMark,
            description: body.description ?? null,
          },
        );
      })
      .catch(uniqueAs(AreaMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.get(id, tx);
      const [child] = await tx.select({ id: areas.id }).from(areas).where(eq(areas.parentId, id)).limit(1);
      if (child) throw badRequest(AreaMessages.hasChildren);
      await tx.delete(areas).where(eq(areas.id, id));
    });
  }

  async toggle(id: string, userId: string): Promise<void> {
    const updated = await this.db
      .update(areas)
      .set({
        enabledMark: sql`1 - ${areas.enabledMark}`,
        lastModifyTime: Date.now(),
        lastModifyUserId: userId,
        version: sql`${areas.version} + 1`,
      })
      .where(eq(areas.id, id))
      .returning({ id: areas.id });
    if (updated.length === 0) throw badRequest(AreaMessages.notFound);
  }
}
