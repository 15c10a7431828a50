import {
  AuthorizeBatchBody,
  AuthorizeDataBody,
  AuthorizeModelBody,
  AuthorizeModelParams,
  AuthorizeValuesBody,
  ColumnsSettingBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { AuthorizeMessages, AuthorizeService } from './service.js';

/** The authorise page (seed: permission.authorize); saving needs its btn_save. */
const MODULE = 'permission.authorize';
const IdParams = z.object({ id: z.string().min(1).max(64) });

export function registerAuthorizeRoutes(app: FastifyInstance, services: Services) {
  const authorize = new AuthorizeService(services);

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Authority/Data/:id/Values',
    access: { module: MODULE },
    params: IdParams,
    body: AuthorizeValuesBody,
    handler: ({ params, body, session }) => authorize.values(session, params.id, body),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Authority/Data/Batch',
    access: { module: MODULE, button: 'btn_save' },
    body: AuthorizeBatchBody,
    handler: async ({ body, session }) => {
      await authorize.batch(session, body);
      return answer(null, AuthorizeMessages.saved);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/permission/Authority/Data/:id',
    access: { module: MODULE, button: 'btn_save' },
    params: IdParams,
    body: AuthorizeDataBody,
    handler: async ({ params, body, session }) => {
      await authorize.save(session, params.id, body);
      return answer(null, AuthorizeMessages.saved);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Authority/Model/:itemId/:objectType',
    access: { module: MODULE },
    params: AuthorizeModelParams,
    handler: ({ params }) => authorize.holders(params.itemId, params.objectType),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/permission/Authority/Model/:id',
    access: { module: MODULE, button: 'btn_save' },
    params: IdParams,
    body: AuthorizeModelBody,
    handler: async ({ params, body, session }) => {
      await authorize.saveHolders(session, params.id, body);
      return answer(null, AuthorizeMessages.saved);
    },
  });

  // Column settings of list pages: any signed-in holder of the page (the service checks it).
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Authority/GetColumnsByModuleId/:id',
    access: 'session',
    params: IdParams,
    handler: ({ params, session }) => authorize.columns(session, params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/permission/Authority/SetColumnsByModuleId',
    access: 'session',
    body: ColumnsSettingBody,
    handler: async ({ body, session }) => {
      await authorize.setColumns(session, body.moduleId, body.fieldList);
      return answer(null, AuthorizeMessages.columnsSaved);
    },
  });
}
