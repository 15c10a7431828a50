import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type DataBackupItem, DataBackupListQuery } from '@console/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { answer, defineRoute } from '../../../core/route.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { keywordMatch, selectPage } from '../../../db/query.js';
import { dataBackups } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { fileStoreFor } from '../../file/file-store.js';
import { userLabels } from '../common.js';
import { dumpDatabase, parseBackup, restoreDatabase, runningMigration } from './dump.js';

export const DATA_BACKUP_MODULE = 'systemData.dataBackup';
const DOWNLOAD_KIND = 'dataBackup';

export const DataBackupMessages = {
  created: '备份成功',
  deleted: '删除成功',
  restored: '还原成功，其他用户需要重新登录',
  missing: '备份不存在或已被删除',
  fileMissing: '备份文件不存在，不能下载或还原',
} as const;

const IdParams = z.object({ id: z.string().trim().min(1).max(64) });

const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

/**
 * Data backup (system-data.md 6): GET list, POST backs up now, DELETE `/{id}` (file too);
 * GET `/{id}/Actions/Download` answers a one-use `{name, url}`; POST `/{id}/Actions/Restore`
 * replaces the data with the backup's (dump.ts says what is kept and checked).
 */
export function registerDataBackupRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const store = fileStoreFor(services.config);
  // The version is the one migrated at start, whatever the files on disk say later.
  runningMigration();

  const find = async (id: string) => {
    const [row] = await db.select().from(dataBackups).where(eq(dataBackups.id, id));
    if (!row) throw badRequest(DataBackupMessages.missing);
    return row;
  };
  const content = async (storageKey: string) => {
    const stream = await store.read(storageKey);
    if (!stream) throw badRequest(DataBackupMessages.fileMissing);
    return stream;
  };

  registerDownload(DOWNLOAD_KIND, async (_services, payload) => {
    const row = await find(String((payload as { id: string }).id));
    return { body: await content(row.storageKey), contentType: 'application/gzip' };
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataBackup',
    access: { module: DATA_BACKUP_MODULE },
    query: DataBackupListQuery,
    handler: async ({ query }) => {
      const page = await selectPage(
        db,
        dataBackups,
        keywordMatch(query.keyword, dataBackups.fileName),
        [desc(dataBackups.creatorTime), desc(dataBackups.id)],
        query,
      );
      const names = await userLabels(
        db,
        page.rows.map((r) => r.creatorUserId),
      );
      const list: DataBackupItem[] = page.rows.map((r) => ({
        id: r.id,
        fileName: r.fileName,
        fileSize: r.fileSize,
        migration: r.migration,
        tableCount: r.tableCount,
        rowCount: r.rowCount,
        creatorUser: names.get(r.creatorUserId ?? '') ?? '',
        creatorTime: r.creatorTime,
        fileUrl: `/api/system/DataBackup/${r.id}/Actions/Download`,
      }));
      return { list, pagination: page.pagination };
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataBackup',
    access: { module: DATA_BACKUP_MODULE, button: 'btn_add' },
    handler: async ({ session }) => {
      const dump = await dumpDatabase(db);
      const now = new Date();
      const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
      const storageKey = `backup/${randomUUID()}.jsonl.gz`;
      await store.put(storageKey, dump.content);
      try {
        await db.insert(dataBackups).values({
          id: newId(),
          fileName: `backup_${stamp}.jsonl.gz`,
          fileSize: dump.content.length,
          storageKey,
          migration: dump.migration,
          tableCount: dump.tables,
          rowCount: dump.rows,
          creatorUserId: session.userId,
          creatorTime: now.getTime(),
        });
      } catch (error) {
        await store.delete([storageKey]).catch(() => undefined);
        throw error;
      }
      return answer(null, DataBackupMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/DataBackup/:id',
    access: { module: DATA_BACKUP_MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      const row = await find(params.id);
      await db.delete(dataBackups).where(eq(dataBackups.id, row.id));
      await store.delete([row.storageKey]);
      return answer(null, DataBackupMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataBackup/:id/Actions/Download',
    access: { module: DATA_BACKUP_MODULE, button: 'btn_download' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const row = await find(params.id);
      return issueDownload(services, {
        kind: DOWNLOAD_KIND,
        fileName: row.fileName,
        payload: { id: row.id },
        userId: session.userId,
      });
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataBackup/:id/Actions/Restore',
    access: { module: DATA_BACKUP_MODULE, button: 'btn_restore' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const row = await find(params.id);
      const backup = await parseBackup(await readAll(await content(row.storageKey)));
      await db.transaction(async (tx) => {
        await restoreDatabase(tx, backup);
        await services.sessions.endAllOthers(tx, session.id, 'forced');
      });
      // Every instance rebuilds what it cached of settings, menus and grants.
      await bumpStamp(services.kv, StampKey.sysConfig);
      await bumpStamp(services.kv, StampKey.authorization);
      return answer(null, DataBackupMessages.restored);
    },
  });
}
