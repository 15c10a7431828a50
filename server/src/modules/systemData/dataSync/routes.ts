import { DataSyncBatchBody, DataSyncBody, DataSyncExecuteBody, DataSyncLinks } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { DataSyncService } from './service.js';

export const DATA_SYNC_MODULE = 'systemData.dataSync';

/** Data sync (system-data.md 5). */
export function registerDataSyncRoutes(app: FastifyInstance, services: Services) {
  const sync = new DataSyncService(services.db);

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataSync/Actions/checkDbLink',
    access: { module: DATA_SYNC_MODULE },
    body: DataSyncLinks,
    handler: ({ body }) => sync.check(body.dbConnectionFrom, body.dbConnectionTo),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataSync',
    access: { module: DATA_SYNC_MODULE },
    body: DataSyncBody,
    handler: ({ body }) => sync.probe(body),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataSync/Actions/Execute',
    access: { module: DATA_SYNC_MODULE, button: 'btn_sync' },
    body: DataSyncExecuteBody,
    handler: async ({ body }) => answer(null, await sync.execute(body)),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataSync/Actions/batchExecute',
    access: { module: DATA_SYNC_MODULE, button: 'btn_sync' },
    body: DataSyncBatchBody,
    handler: ({ body }) =>
      sync.batch(body.dbConnectionFrom, body.dbConnectionTo, body.dbTableList, body.convertRuleMap),
  });
}
