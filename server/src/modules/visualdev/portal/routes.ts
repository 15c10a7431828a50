import {
  FlowTaskListQuery,
  PortalBody,
  PortalCustomBody,
  PortalListQuery,
  PortalReleaseBody,
  PortalUpdateBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRecordRoutes, IdParams } from '../../../core/record-routes.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { MenuService } from '../../system/menu/service.js';
import { TaskLists } from '../../workflow/lists.js';
import { PORTAL_MODULE, PortalMessages, PortalService } from './service.js';

const BASE = '/api/visualdev/Portal';
const PlatformQuery = z.object({
  platform: z.enum(['Web', 'App'], { error: 'platform 只能是 Web 或 App' }).default('Web'),
});
/** type 1: the portals an application (systemId, the main one when absent) offers in 门户管理. */
const SelectorQuery = PlatformQuery.extend({
  type: z.union([z.literal(''), z.coerce.number().int().min(0).max(1, 'type 只能是 0 或 1')]).optional(),
  systemId: z.string().trim().max(64).optional().default(''),
});

/** Portal design (onlineDev/visualPortal), the portal pages of menu type 8, and the dashboard widgets' calls. */
export function registerPortalRoutes(app: FastifyInstance, services: Services) {
  const portals = new PortalService(services);
  const tasks = new TaskLists(services.db);
  registerDownload('portal', async (s, payload) => ({
    body: JSON.stringify(await new PortalService(s).exportVp(String(payload))),
    contentType: 'application/octet-stream',
  }));

  defineRoute(app, services, {
    method: 'GET',
    url: BASE,
    access: { module: PORTAL_MODULE },
    query: PortalListQuery,
    handler: ({ query }) => portals.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Selector`,
    access: 'session',
    query: SelectorQuery,
    handler: async ({ query }) => {
      if (query.type !== 1) return portals.selector();
      const systemId = query.systemId || (await new MenuService(services).mainSystemId());
      return portals.selector({ systemId, platform: query.platform });
    },
  });

  defineRecordRoutes(app, services, {
    url: BASE,
    module: PORTAL_MODULE,
    create: {
      body: PortalBody,
      run: (session, body) => portals.create(body, session.userId),
      message: PortalMessages.created,
    },
    info: (_session, id) => portals.info(id),
    update: {
      body: PortalUpdateBody,
      run: (session, id, body) => portals.update(id, body, session.userId),
      message: PortalMessages.updated,
    },
    remove: { run: (_session, id) => portals.remove(id), message: PortalMessages.deleted },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/:id/Actions/Copy`,
    access: { module: PORTAL_MODULE, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await portals.copy(params.id, session.userId) }, PortalMessages.copied),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/:id/Actions/ExportData`,
    access: { module: PORTAL_MODULE, button: 'btn_export' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const row = await portals.get(params.id);
      return issueDownload(services, {
        kind: 'portal',
        fileName: `${row.fullName}.vp`,
        payload: row.id,
        userId: session.userId,
      });
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: `${BASE}/Model/Actions/ImportData`,
      access: { module: PORTAL_MODULE, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: 2 * 1024 * 1024, extension: 'vp' });
        return answer({ id: await portals.importVp(file.content, session.userId) }, PortalMessages.imported);
      },
    });
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/Actions/release/:id`,
    access: { module: PORTAL_MODULE, button: 'btn_release' },
    params: IdParams,
    body: PortalReleaseBody,
    handler: async ({ params, body, session }) => {
      await portals.release(params.id, body.pcModuleParentId, session.userId);
      return answer(null, PortalMessages.released);
    },
  });

  // ----- Showing a portal (menu type 8, the user's default portal) -----

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/:id/auth`,
    access: 'session',
    params: IdParams,
    handler: ({ params, session }) => portals.auth(session, params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/Custom/Save/:id`,
    access: 'session',
    params: IdParams,
    body: PortalCustomBody,
    handler: async ({ params, body, session }) => {
      await portals.saveCustom(session, params.id, body.formData);
      return answer(null, PortalMessages.saved);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/:id/Actions/SetDefault`,
    access: 'session',
    params: IdParams,
    query: PlatformQuery,
    handler: async ({ params, session }) => {
      await portals.setDefault(session, params.id);
      return answer(null, PortalMessages.defaultSet);
    },
  });

  /** The todo widget: the caller's own pending approvals, newest first. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/Dashboard/FlowTodo',
    access: 'session',
    query: FlowTaskListQuery,
    handler: ({ query, session }) => tasks.byCategory(1, session.userId, query),
  });
}
