import { InterfaceOauthBody, InterfaceOauthUpdateBody, SaveInterfaceListBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRecordRoutes, IdParams } from '../../../core/record-routes.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { DataInterfaceService } from '../dataInterface/service.js';
import { InterfaceOauthMessages, InterfaceOauthService, newAppSecret } from './service.js';
import { signCall } from './verify.js';

export const INTERFACE_OAUTH_MODULE = 'systemData.interfaceOauth';

const PageQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(100).optional().default(''),
});

export function registerInterfaceOauthRoutes(app: FastifyInstance, services: Services) {
  const apps = new InterfaceOauthService(services.db);
  const interfaces = new DataInterfaceService(services.db);
  const url = '/api/system/InterfaceOauth';

  defineRoute(app, services, {
    method: 'GET',
    url,
    access: { module: INTERFACE_OAUTH_MODULE },
    query: PageQuery,
    handler: ({ query }) => apps.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${url}/getAppSecret`,
    access: { module: INTERFACE_OAUTH_MODULE },
    handler: async () => newAppSecret(),
  });

  defineRecordRoutes(app, services, {
    url,
    module: INTERFACE_OAUTH_MODULE,
    create: {
      body: InterfaceOauthBody,
      run: (session, body) => apps.create(body, session.userId),
      message: InterfaceOauthMessages.created,
    },
    info: (_session, id) => apps.info(id),
    update: {
      body: InterfaceOauthUpdateBody,
      run: (session, id, body) => apps.update(id, body, session.userId),
      message: InterfaceOauthMessages.updated,
    },
    toggle: {
      button: 'btn_state',
      run: (session, id) => apps.toggle(id, session.userId),
      message: InterfaceOauthMessages.stateChanged,
    },
    remove: { run: (_session, id) => apps.remove(id), message: InterfaceOauthMessages.deleted },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${url}/saveInterfaceList`,
    access: { module: INTERFACE_OAUTH_MODULE, button: 'btn_authorize' },
    body: SaveInterfaceListBody,
    handler: async ({ body, session }) => {
      await apps.saveInterfaces(body.interfaceIdentId, body.dataInterfaceIds, session.userId);
      return answer(null, InterfaceOauthMessages.saved);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${url}/getInterfaceList/:id`,
    access: { module: INTERFACE_OAUTH_MODULE },
    params: IdParams,
    handler: ({ params }) => apps.boundInterfaces(params.id),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${url}/dataInterfaceLog/:id`,
    access: { module: INTERFACE_OAUTH_MODULE, button: 'btn_log' },
    params: IdParams,
    query: PageQuery,
    handler: async ({ params, query }) => {
      const row = await apps.get(params.id);
      return interfaces.logs({ oauthAppId: row.appId }, query);
    },
  });

  /** For trying an app out: the headers a call of this interface would carry now. */
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataInterface/Actions/GetAuth',
    access: { module: INTERFACE_OAUTH_MODULE },
    query: z.object({
      appId: z.string().trim().min(1, '缺少appId').max(64),
      intefaceId: z.string().trim().min(1, '缺少intefaceId').max(64),
      method: z.enum(['GET', 'POST']).optional().default('POST'),
    }),
    handler: async ({ query, req }) => {
      const full = await apps.byAppId(query.appId);
      const ymDate = String(Date.now());
      const path = `/api/system/DataInterface/${query.intefaceId}/Actions/Response`;
      const proof =
        full.verifySignature === 1
          ? signCall(full.appSecret, query.method, path, ymDate, String(req.headers.host ?? ''))
          : full.appSecret;
      return { YmDate: ymDate, Authorization: `${full.appId}::${proof}` };
    },
  });
}
