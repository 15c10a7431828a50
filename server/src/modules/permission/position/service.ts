import {
  type PositionBody,
  type PositionItem,
  type PositionListQuery,
  type PositionTreeNode,
  type PositionUpdateBody,
  RelationType,
} from '@console/shared';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Session } from '../../../core/sessions.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { toggleEnabledVersioned, updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { authorizes, positions, userRelations, users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { uniqueAs } from '../../system/dictionary/service.js';
import { loadUnits, UnitIcons, type Units, unitsSnapshot, unitTreeWithLeaves } from '../organize/units.js';
import { assertInScope, organizeScope, pageScope, scopeFilter } from '../scope.js';

export const PositionMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  stateChanged: '更新岗位状态成功',
  notFound: '岗位不存在',
  organizeNotFound: '所属组织不存在',
  codeExists: '岗位编码已存在',
  inUse: '该岗位下有用户，不能删除',
} as const;

type Row = typeof positions.$inferSelect;

const SORTABLE = {
  fullName: positions.fullName,
  enCode: positions.enCode,
  sortCode: positions.sortCode,
  creatorTime: positions.creatorTime,
} as const;

const item = (units: Units, r: Row): PositionItem => ({
  id: r.id,
  organizeId: r.organizeId,
  organizeName: units.pathName(r.organizeId),
  fullName: r.fullName,
  enCode: r.enCode,
  type: r.type,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description,
  creatorTime: r.creatorTime,
  version: r.version,
});

const live = eq(positions.deleteMark, 0);
const ordered = [asc(positions.sortCode), asc(positions.creatorTime), asc(positions.id)];

export class PositionService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  /** The position page's list: narrowed by that page's data rules (`pageScope`), as its writes are. */
  async list(session: Session, query: PositionListQuery) {
    const [units, scope] = await Promise.all([
      unitsSnapshot(this.services),
      pageScope(this.services, session, 'permission.position', 'select'),
    ]);
    const filters: (SQL | undefined)[] = [live, scopeFilter(scope, positions.organizeId)];
    filters.push(keywordMatch(query.keyword, positions.fullName, positions.enCode));
    if (query.organizeId)
      filters.push(inArray(positions.organizeId, [...units.subtree(query.organizeId), '']));
    const where = and(...filters);
    const order = listOrder(SORTABLE, query, asc(positions.id), ordered);
    const { rows, pagination } = await selectPage(this.db, positions, where, order, query);
    return {
      list: rows.map((r) => item(units, r)),
      pagination,
    };
  }

  /** Enabled positions in scope, optionally only those matching `filter`, with the unit tree. */
  private async tree(session: Session, filter?: SQL, onlyUnits?: Set<string>) {
    const [units, scope] = await Promise.all([
      unitsSnapshot(this.services),
      organizeScope(this.services, session, 'select'),
    ]);
    const rows = await this.db
      .select()
      .from(positions)
      .where(and(live, eq(positions.enabledMark, 1), scopeFilter(scope, positions.organizeId), filter))
      .orderBy(...ordered);
    const leaves = rows.filter(
      (r) => units.byId.has(r.organizeId) && (!onlyUnits || onlyUnits.has(r.organizeId)),
    );
    const list = unitTreeWithLeaves<Row, Omit<PositionTreeNode, 'hasChildren' | 'children'>>(
      units,
      scope,
      leaves,
      (row, disabled) => ({ ...units.pickerFields(row, disabled), isLeaf: false }),
      (p, unit) => ({
        id: p.id,
        parentId: unit.id,
        fullName: p.fullName,
        enCode: p.enCode,
        type: 'position',
        icon: UnitIcons.position,
        organize: units.pathName(unit.id),
        organizeIds: units.pathIds(unit.id),
        lastFullName: `${units.pathName(unit.id)}/${p.fullName}`,
        disabled: false,
        isLeaf: true,
      }),
    );
    return { list };
  }

  /** GET Position/Selector: units with their positions. */
  selector(session: Session) {
    return this.tree(session);
  }

  /** POST Position/getListByOrgIds: the positions of the given units. */
  byUnits(session: Session, organizeIds: string[]) {
    return this.tree(session, undefined, new Set(organizeIds));
  }

  /** POST Position/PositionCondition: positions of the given units or given ids (custom pickers). */
  condition(session: Session, departIds: string[], positionIds: string[], keyword: string) {
    const chosen = or(
      departIds.length ? inArray(positions.organizeId, departIds) : undefined,
      positionIds.length ? inArray(positions.id, positionIds) : undefined,
    );
    return this.tree(
      session,
      and(chosen ?? inArray(positions.id, ['']), keywordMatch(keyword, positions.fullName, positions.enCode)),
    );
  }

  /** GET Position/All: every enabled position in scope. */
  async all(session: Session) {
    const [units, scope] = await Promise.all([
      unitsSnapshot(this.services),
      organizeScope(this.services, session, 'select'),
    ]);
    const rows = await this.db
      .select()
      .from(positions)
      .where(and(live, eq(positions.enabledMark, 1), scopeFilter(scope, positions.organizeId)))
      .orderBy(...ordered);
    return { list: rows.map((r) => item(units, r)) };
  }

  private async row(db: DbOrTx, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(positions)
      .where(and(eq(positions.id, id), live));
    if (!row) throw badRequest(PositionMessages.notFound);
    return row;
  }

  async info(session: Session, id: string): Promise<PositionItem> {
    const row = await this.row(this.db, id);
    assertInScope(await organizeScope(this.services, session, 'select'), row.organizeId);
    return item(await unitsSnapshot(this.services), row);
  }

  private async checkUnit(db: DbOrTx, organizeId: string) {
    const units = await loadUnits(db);
    if (!units.byId.has(organizeId)) throw badRequest(PositionMessages.organizeNotFound);
  }

  async create(session: Session, body: PositionBody): Promise<string> {
    const scope = await pageScope(this.services, session, 'permission.position', 'add');
    assertInScope(scope, body.organizeId);
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await this.checkUnit(tx, body.organizeId);
        await tx.insert(positions).values({
          id,
          organizeId: body.organizeId,
          fullName: body.fullName,
          enCode: body.enCode,
          type: body.type || null,
          sortCode: body.sortCode,
          enabledMark: body.enabledMark,
          description: body.description ?? null,
          creatorUserId: session.userId,
        });
      })
      .catch(uniqueAs(PositionMessages.codeExists));
    return id;
  }

  async update(session: Session, id: string, body: PositionUpdateBody): Promise<void> {
    const scope = await pageScope(this.services, session, 'permission.position', 'edit');
    await this.db
      .transaction(async (tx) => {
        const row = await this.row(tx, id);
        assertInScope(scope, row.organizeId);
        assertInScope(scope, body.organizeId);
        await this.checkUnit(tx, body.organizeId);
        await updateVersioned(
          tx,
          positions,
          { id, version: body.version, userId: session.userId },
          {
            organizeId: body.organizeId,
            fullName: body.fullName,
            enCode: body.enCode,
            type: body.type || null,
            sortCode: body.sortCode,
            enabledMark: body.enabledMark,
            description: body.description ?? null,
          },
        );
      })
      .catch(uniqueAs(PositionMessages.codeExists));
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  async toggleState(session: Session, id: string): Promise<void> {
    const scope = await pageScope(this.services, session, 'permission.position', 'edit');
    await this.db.transaction(async (tx) => {
      const row = await this.row(tx, id);
      assertInScope(scope, row.organizeId);
      await toggleEnabledVersioned(tx, positions, row, session.userId);
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  async remove(session: Session, id: string): Promise<void> {
    const scope = await pageScope(this.services, session, 'permission.position', 'delete');
    await this.db.transaction(async (tx) => {
      const row = await this.row(tx, id);
      assertInScope(scope, row.organizeId);
      const [held] = await tx
        .select({ id: userRelations.id })
        .from(userRelations)
        .where(and(eq(userRelations.objectType, RelationType.Position), eq(userRelations.objectId, id)))
        .limit(1);
      const [current] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.positionId, id), eq(users.deleteMark, 0)))
        .limit(1);
      if (held || current) throw badRequest(PositionMessages.inUse);
      await tx
        .delete(authorizes)
        .where(and(eq(authorizes.objectType, RelationType.Position), eq(authorizes.objectId, id)));
      await tx.delete(positions).where(eq(positions.id, id));
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }
}
