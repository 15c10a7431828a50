import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { DATA_MODEL_MODULE } from '../dataModel/routes.js';
import {
  CommonFieldBody,
  CommonFieldsListQuery,
  CommonFieldsMessages,
  CommonFieldsService,
  CommonFieldUpdateBody,
} from './service.js';

const IdParams = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * Common fields library `/api/system/CommonFields` (system-data.md 2). The library belongs to the
 * data model's table designer (there is no page of its own), so its menu and buttons guard it.
 */
export function registerCommonFieldsRoutes(app: FastifyInstance, services: Services) {
  const fields = new CommonFieldsService(services.db);
  const base = '/api/system/CommonFields';

  defineRoute(app, services, {
    method: 'GET',
    url: base,
    access: { module: DATA_MODEL_MODULE },
    query: CommonFieldsListQuery,
    handler: ({ query }) => fields.list(query.keyword),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/:id`,
    access: { module: DATA_MODEL_MODULE },
    params: IdParams,
    handler: ({ params }) => fields.info(params.id),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: base,
    access: { module: DATA_MODEL_MODULE, button: 'btn_add' },
    body: CommonFieldBody,
    handler: async ({ body, session }) =>
      answer({ id: await fields.create(body, session.userId) }, CommonFieldsMessages.created),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${base}/:id`,
    access: { module: DATA_MODEL_MODULE, button: 'btn_edit' },
    params: IdParams,
    body: CommonFieldUpdateBody,
    handler: async ({ params, body, session }) => {
      await fields.update(params.id, body, session.userId);
      return answer(null, CommonFieldsMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: `${base}/:id`,
    access: { module: DATA_MODEL_MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await fields.remove(params.id);
      return answer(null, CommonFieldsMessages.deleted);
    },
  });
}
