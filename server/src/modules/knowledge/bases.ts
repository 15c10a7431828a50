import type {
  KbBaseBody,
  KbBaseRow,
  KbBaseUpdateBody,
  KbGrant,
  KbGrantRow,
  KbListQuery,
  PagedList,
} from '@console/shared';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Session } from '../../core/sessions.js';
import { updateVersioned } from '../../core/versioned.js';
import type { DbOrTx } from '../../db/client.js';
import { assertFixedOrder, keywordMatch, selectPage } from '../../db/query.js';
import {
  kbBases,
  kbChunks,
  kbDocuments,
  kbGrants,
  kbJobs,
  organizes,
  positions,
  roles,
  users,
} from '../../db/schema/index.js';
import { AccessMessages, accessibleBases, type KbLevel } from './access.js';
import { enqueueDocuments } from './jobs.js';

export const BaseMessages = {
  grantObjectMissing: '授权对象不存在或已删除，请重新选择',
  duplicateName: '已存在同名的知识库',
} as const;

type BaseRecord = typeof kbBases.$inferSelect;

const NAMED_TABLES = { Role: roles, Position: positions, Organize: organizes } as const;

/** The names of grant objects, by `type:id`; missing objects are absent. */
async function grantObjectNames(db: DbOrTx, grants: { objectType: string; objectId: string }[]) {
  const names = new Map<string, string>();
  for (const [type, table] of Object.entries(NAMED_TABLES)) {
    const ids = grants.filter((g) => g.objectType === type).map((g) => g.objectId);
    if (ids.length === 0) continue;
    const rows = await db
      .select({ id: table.id, name: table.fullName })
      .from(table)
      .where(and(inArray(table.id, ids), eq(table.deleteMark, 0)));
    for (const row of rows) names.set(`${type}:${row.id}`, row.name);
  }
  const userIds = grants.filter((g) => g.objectType === 'User').map((g) => g.objectId);
  if (userIds.length > 0) {
    const rows = await db
      .select({ id: users.id, realName: users.realName, account: users.account })
      .from(users)
      .where(and(inArray(users.id, userIds), eq(users.deleteMark, 0)));
    for (const row of rows) names.set(`User:${row.id}`, `${row.realName}/${row.account}`);
  }
  return names;
}

/** Grants without repeats (one object, the higher level), every object checked to exist. */
async function checkedGrants(db: DbOrTx, grants: KbGrant[]): Promise<KbGrant[]> {
  const byObject = new Map<string, KbGrant>();
  for (const grant of grants) {
    const key = `${grant.objectType}:${grant.objectId}`;
    if (byObject.get(key)?.level !== 'manage') byObject.set(key, grant);
  }
  const unique = [...byObject.values()];
  const names = await grantObjectNames(db, unique);
  if (unique.some((g) => !names.has(`${g.objectType}:${g.objectId}`)))
    throw badRequest(BaseMessages.grantObjectMissing);
  return unique;
}

/** List rows with counts, creator names and grants, in the order of `records`. */
async function toRows(db: DbOrTx, records: BaseRecord[], access: Map<string, KbLevel>): Promise<KbBaseRow[]> {
  if (records.length === 0) return [];
  const ids = records.map((r) => r.id);
  const [docCounts, chunkCounts, grants, creators] = await Promise.all([
    db
      .select({ baseId: kbDocuments.baseId, n: count() })
      .from(kbDocuments)
      .where(inArray(kbDocuments.baseId, ids))
      .groupBy(kbDocuments.baseId),
    db
      .select({ baseId: kbChunks.baseId, n: count() })
      .from(kbChunks)
      .where(inArray(kbChunks.baseId, ids))
      .groupBy(kbChunks.baseId),
    db.select().from(kbGrants).where(inArray(kbGrants.baseId, ids)),
    db
      .select({ id: users.id, realName: users.realName, account: users.account })
      .from(users)
      .where(
        inArray(
          users.id,
          records.flatMap((r) => (r.creatorUserId ? [r.creatorUserId] : [])),
        ),
      ),
  ]);
  const names = await grantObjectNames(db, grants);
  const docs = new Map(docCounts.map((d) => [d.baseId, d.n]));
  const chunks = new Map(chunkCounts.map((c) => [c.baseId, c.n]));
  const creatorName = new Map(creators.map((u) => [u.id, `${u.realName}/${u.account}`]));
  return records.map((r) => ({
    id: r.id,
    fullName: r.fullName,
    description: r.description,
    enabledMark: r.enabledMark,
    sortCode: r.sortCode,
    docCount: docs.get(r.id) ?? 0,
    chunkCount: chunks.get(r.id) ?? 0,
    creatorUserName: (r.creatorUserId && creatorName.get(r.creatorUserId)) || '',
    creatorTime: r.creatorTime,
    version: r.version,
    canManage: access.get(r.id) === 'manage',
    chunkSettings: r.chunkSettings,
    answerSettings: r.answerSettings,
    grants: grants
      .filter((g) => g.baseId === r.id)
      .map(
        (g): KbGrantRow => ({
          objectType: g.objectType as KbGrantRow['objectType'],
          objectId: g.objectId,
          objectName: names.get(`${g.objectType}:${g.objectId}`) ?? '',
          level: g.level as KbGrantRow['level'],
        }),
      ),
  }));
}

/** The bases the caller may use or manage, paged, with a keyword on name and description. */
export async function listBases(
  db: DbOrTx,
  session: Session,
  query: KbListQuery,
): Promise<PagedList<KbBaseRow>> {
  assertFixedOrder(query.sidx);
  const access = await accessibleBases(db, session);
  const ids = [...access.keys()];
  if (ids.length === 0) {
    return { list: [], pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: 0 } };
  }
  const page = await selectPage(
    db,
    kbBases,
    and(inArray(kbBases.id, ids), keywordMatch(query.keyword, kbBases.fullName, kbBases.description)),
    [asc(kbBases.sortCode), desc(kbBases.creatorTime), asc(kbBases.id)],
    query,
  );
  return { list: await toRows(db, page.rows, access), pagination: page.pagination };
}

/** A base that is not deleted, or a 400. */
export async function liveBase(db: DbOrTx, id: string): Promise<BaseRecord> {
  const [row] = await db
    .select()
    .from(kbBases)
    .where(and(eq(kbBases.id, id), eq(kbBases.deleteMark, 0)));
  if (!row) throw badRequest(AccessMessages.baseNotFound);
  return row;
}

export async function readBase(db: DbOrTx, session: Session, id: string): Promise<KbBaseRow> {
  const access = await accessibleBases(db, session);
  if (!access.has(id)) throw badRequest(AccessMessages.baseNotFound);
  const [row] = await toRows(db, [await liveBase(db, id)], access);
  return row!;
}

export async function createBase(db: DbOrTx, session: Session, body: KbBaseBody): Promise<string> {
  const grants = await checkedGrants(db, body.grants);
  const id = newId();
  await db.insert(kbBases).values({
    id,
    fullName: body.fullName,
    description: body.description ?? null,
    enabledMark: body.enabledMark,
    sortCode: body.sortCode,
    chunkSettings: body.chunkSettings,
    answerSettings: body.answerSettings,
    creatorUserId: session.userId,
  });
  if (grants.length > 0) await db.insert(kbGrants).values(grants.map((g) => ({ baseId: id, ...g })));
  return id;
}

/** Saves a base (optimistic lock) and its grants; new chunk settings re-index its documents. */
export async function updateBase(db: DbOrTx, session: Session, id: string, body: KbBaseUpdateBody) {
  const old = await liveBase(db, id);
  const grants = await checkedGrants(db, body.grants);
  await updateVersioned(
    db,
    kbBases,
    { id, version: body.version, userId: session.userId },
    {
      fullName: body.fullName,
      description: body.description ?? null,
      enabledMark: body.enabledMark,
      sortCode: body.sortCode,
      chunkSettings: body.chunkSettings,
      answerSettings: body.answerSettings,
    },
  );
  await db.delete(kbGrants).where(eq(kbGrants.baseId, id));
  if (grants.length > 0) await db.insert(kbGrants).values(grants.map((g) => ({ baseId: id, ...g })));
  const rechunk =
    old.chunkSettings.maxChars !== body.chunkSettings.maxChars ||
    old.chunkSettings.splitOnHeadings !== body.chunkSettings.splitOnHeadings;
  if (rechunk) {
    const docs = await db.select({ id: kbDocuments.id }).from(kbDocuments).where(eq(kbDocuments.baseId, id));
    await enqueueDocuments(
      db,
      docs.map((d) => d.id),
    );
  }
  return rechunk;
}

/** Soft-deletes a base; its queued jobs go, and its chunks leave every index. */
export async function deleteBase(db: DbOrTx, session: Session, id: string) {
  await liveBase(db, id);
  await db
    .update(kbBases)
    .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: session.userId })
    .where(eq(kbBases.id, id));
  await db
    .delete(kbJobs)
    .where(
      inArray(
        kbJobs.documentId,
        db.select({ id: kbDocuments.id }).from(kbDocuments).where(eq(kbDocuments.baseId, id)),
      ),
    );
}
