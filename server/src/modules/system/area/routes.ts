import { AreaBody, AreaByIdsBody, AreaUpdateBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { AreaMessages, AreaService } from './service.js';

const MODULE = 'system.area';
const IdParams = z.object({ id: z.string().min(1).max(64) });

export function registerAreaRoutes(app: FastifyInstance, services: Services) {
  const areas = new AreaService(services.db);

  /** Children of a parent ('-1' or '0' = provinces), lazily; the address picker of every form uses it. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Area/:parentId',
    access: 'session',
    params: z.object({ parentId: z.string().min(1).max(64) }),
    query: z.object({ keyword: z.string().trim().max(50).optional().default('') }),
    handler: async ({ params, query }) => ({ list: await areas.children(params.parentId, query.keyword) }),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Area/:id/Info',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params }) => areas.info(params.id),
  });

  /** Parent choices: children of {id}, without {excludeId} (the area being edited, or 0). */
  defineRoute(app, services, {
    method: 'GET',
    url: ['/api/system/Area/:id/Selector/:excludeId', '/api/system/Area/:id/Selector/'],
    access: 'session',
    params: IdParams.extend({ excludeId: z.string().max(64).optional() }),
    handler: async ({ params }) => ({ list: await areas.selector(params.id, params.excludeId || '0') }),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/Area/GetAreaByIds',
    access: 'session',
    body: AreaByIdsBody,
    handler: ({ body }) => areas.namesByIds(body.idsList),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/Area',
    access: { module: MODULE, button: 'btn_add' },
    body: AreaBody,
    handler: async ({ body, session }) =>
      answer({ id: await areas.create(body, session.userId) }, AreaMessages.created),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/Area/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: AreaUpdateBody,
    handler: async ({ params, body, session }) => {
      await areas.update(params.id, body, session.userId);
      return answer(null, AreaMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/Area/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await areas.remove(params.id);
      return answer(null, AreaMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/Area/:id/Actions/State',
    access: { module: MODULE, button: 'btn_state' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await areas.toggle(params.id, session.userId);
      return answer(null, AreaMessages.stateChanged);
    },
  });
}
