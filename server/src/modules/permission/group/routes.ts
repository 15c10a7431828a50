import { GroupBody, GroupUpdateBody, PageQuery } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { defineRecordRoutes } from '../../../core/record-routes.js';
import { defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { GroupMessages, GroupService } from './service.js';

const MODULE = 'permission.group';

export function registerGroupRoutes(app: FastifyInstance, services: Services) {
  const groups = new GroupService(services);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Group',
    access: { module: MODULE },
    query: PageQuery,
    handler: ({ query }) => groups.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Group/Selector',
    access: 'session',
    handler: () => groups.selector(),
  });

  defineRecordRoutes(app, services, {
    url: '/api/permission/Group',
    module: MODULE,
    create: {
      body: GroupBody,
      run: (session, body) => groups.create(session, body),
      message: GroupMessages.created,
    },
    info: (_session, id) => groups.info(id),
    update: {
      body: GroupUpdateBody,
      run: (session, id, body) => groups.update(session, id, body),
      message: GroupMessages.updated,
    },
    remove: { run: (session, id) => groups.remove(session, id), message: GroupMessages.deleted },
  });
}
