import {
  DataSourceBody,
  DataSourceListQuery,
  DataSourceTestBody,
  DataSourceUpdateBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRecordRoutes } from '../../../core/record-routes.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { DataSourceMessages, DataSourceService } from './service.js';

export const DATA_SOURCE_MODULE = 'systemData.dataSource';

export function registerDataSourceRoutes(app: FastifyInstance, services: Services) {
  const sources = new DataSourceService(services.db);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataSource',
    access: { module: DATA_SOURCE_MODULE },
    query: DataSourceListQuery,
    handler: ({ query }) => sources.list(query),
  });

  /** Pickers of the data model, data interfaces and sync: any signed-in user who can open those pages. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataSource/Selector',
    access: 'session',
    query: z.object({ type: z.string().trim().max(20).optional().default('') }),
    handler: ({ query }) => sources.selector(query.type),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataSource/Actions/Test',
    access: { module: DATA_SOURCE_MODULE, button: 'btn_test' },
    body: DataSourceTestBody,
    handler: async ({ body }) => {
      await sources.test(body);
      return answer(null, DataSourceMessages.testOk);
    },
  });

  defineRecordRoutes(app, services, {
    url: '/api/system/DataSource',
    module: DATA_SOURCE_MODULE,
    create: {
      body: DataSourceBody,
      run: (session, body) => sources.create(body, session.userId),
      message: DataSourceMessages.created,
    },
    info: (_session, id) => sources.info(id),
    update: {
      body: DataSourceUpdateBody,
      run: (session, id, body) => sources.update(id, body, session.userId),
      message: DataSourceMessages.updated,
    },
    remove: { run: (_session, id) => sources.remove(id), message: DataSourceMessages.deleted },
  });
}
