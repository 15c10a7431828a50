import {
  type GroupBody,
  type GroupItem,
  type GroupTreeNode,
  type GroupUpdateBody,
  type PageQuery,
  RelationType,
} from '@console/shared';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Session } from '../../../core/sessions.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { groups, userRelations } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { uniqueAs } from '../../system/dictionary/service.js';
import { UnitIcons } from '../organize/units.js';
import { organizeScope, type ScopeAction, ScopeMessages } from '../scope.js';

export const GroupMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  notFound: '分组不存在',
  codeExists: '分组编码已存在',
} as const;

type Row = typeof groups.$inferSelect;

const SORTABLE = {
  fullName: groups.fullName,
  enCode: groups.enCode,
  sortCode: groups.sortCode,
  creatorTime: groups.creatorTime,
} as const;

const item = (r: Row): GroupItem => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  type: r.type ?? '',
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description,
  creatorTime: r.creatorTime,
  version: r.version,
});

const live = eq(groups.deleteMark, 0);
const ordered = [asc(groups.sortCode), asc(groups.creatorTime), asc(groups.id)];

/**
 * Groups belong to no unit: everyone with the page reads them, but a grade administrator (confined
 * to its units) may not create, change or delete them.
 */
export class GroupService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  private async assertUnconfined(session: Session, action: ScopeAction) {
    if (!(await organizeScope(this.services, session, action)).all)
      throw badRequest(ScopeMessages.outOfScope);
  }

  async list(query: PageQuery) {
    const filters: (SQL | undefined)[] = [live];
    filters.push(keywordMatch(query.keyword, groups.fullName, groups.enCode));
    const where = and(...filters);
    const order = listOrder(SORTABLE, query, asc(groups.id), ordered);
    const { rows, pagination } = await selectPage(this.db, groups, where, order, query);
    return {
      list: rows.map(item),
      pagination,
    };
  }

  /** GET Group/Selector: one node per group type holding its enabled groups. */
  async selector(): Promise<{ list: GroupTreeNode[] }> {
    const rows = await this.db
      .select()
      .from(groups)
      .where(and(live, eq(groups.enabledMark, 1)))
      .orderBy(...ordered);
    const byType = new Map<string, GroupTreeNode[]>();
    for (const r of rows) {
      const type = r.type ?? '';
      byType.set(type, [
        ...(byType.get(type) ?? []),
        {
          id: r.id,
          parentId: type,
          fullName: r.fullName,
          enCode: r.enCode,
          type: 'group',
          icon: UnitIcons.group,
          hasChildren: false,
          isLeaf: true,
          children: [],
        },
      ]);
    }
    return {
      list: [...byType].map(([type, children]) => ({
        id: type,
        parentId: '0',
        fullName: type,
        enCode: '',
        type: 'groupType',
        icon: UnitIcons.group,
        hasChildren: true,
        isLeaf: false,
        children,
      })),
    };
  }

  private async row(db: DbOrTx, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(groups)
      .where(and(eq(groups.id, id), live));
    if (!row) throw badRequest(GroupMessages.notFound);
    return row;
  }

  async info(id: string): Promise<GroupItem> {
    return item(await this.row(this.db, id));
  }

  async create(session: Session, body: GroupBody): Promise<string> {
    await this.assertUnconfined(session, 'add');
    const id = newId();
    await this.db
      .insert(groups)
      .values({
        id,
        fullName: body.fullName,
        enCode: body.enCode,
        type: body.type,
        sortCode: body.sortCode,
        enabledMark: body.enabledMark,
        description: body.description ?? null,
        creatorUserId: session.userId,
      })
      .catch(uniqueAs(GroupMessages.codeExists));
    return id;
  }

  async update(session: Session, id: string, body: GroupUpdateBody): Promise<void> {
    await this.assertUnconfined(session, 'edit');
    await this.db
      .transaction(async (tx) => {
        await this.row(tx, id);
        await updateVersioned(
          tx,
          groups,
          { id, version: body.version, userId: session.userId },
          {
            fullName: body.fullName,
            enCode: body.enCode,
            type: body.type,
            sortCode: body.sortCode,
            enabledMark: body.enabledMark,
            description: body.description ?? null,
          },
        );
      })
      .catch(uniqueAs(GroupMessages.codeExists));
  }

  /** Deletes a group and its memberships (a group grants nothing, so no grants to clear). */
  async remove(session: Session, id: string): Promise<void> {
    await this.assertUnconfined(session, 'delete');
    await this.db.transaction(async (tx) => {
      await this.row(tx, id);
      await tx
        .delete(userRelations)
        .where(and(eq(userRelations.objectType, RelationType.Group), eq(userRelations.objectId, id)));
      await tx.delete(groups).where(eq(groups.id, id));
    });
  }
}
