import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRecordRoutes } from '../../../core/record-routes.js';
import { defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import {
  PORTAL_MANAGE_MODULE,
  PortalManageBody,
  PortalManageListQuery,
  PortalManageMessages,
  PortalManageSelectorQuery,
  PortalManageService,
  PortalManageUpdateBody,
} from './service.js';

const BASE = '/api/system/PortalManage';
const SystemParams = z.object({
  systemId: z.string().trim().min(1, '缺少应用（systemId）').max(64, '应用编号过长'),
});

/**
 * 门户管理 (system/portal of the 3.4.7 client): the portals each application offers on Web and
 * App. Reading needs the menu page; adding and editing need its edit button (they change an
 * application), removing its remove button.
 */
export function registerPortalManageRoutes(app: FastifyInstance, services: Services) {
  const manages = new PortalManageService(services.db);

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/list/:systemId`,
    access: { module: PORTAL_MANAGE_MODULE },
    params: SystemParams,
    query: PortalManageListQuery,
    handler: ({ params, query }) => manages.list(params.systemId, query),
  });

  defineRecordRoutes(app, services, {
    url: BASE,
    module: PORTAL_MANAGE_MODULE,
    addButton: 'btn_edit',
    create: {
      body: PortalManageBody,
      run: (session, body) => manages.create(body, session.userId),
      message: PortalManageMessages.created,
    },
    info: (_session, id) => manages.info(id),
    update: {
      body: PortalManageUpdateBody,
      run: (session, id, body) => manages.update(id, body, session.userId),
      message: PortalManageMessages.updated,
    },
    remove: { run: (_session, id) => manages.remove(id), message: PortalManageMessages.deleted },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/Portal/manage/Selector/:systemId',
    access: { module: PORTAL_MANAGE_MODULE },
    params: SystemParams,
    query: PortalManageSelectorQuery,
    handler: ({ params, query }) => manages.selector(params.systemId, query),
  });
}
