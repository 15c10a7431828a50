import {
  SendConfigBody,
  SendConfigListQuery,
  SendConfigUpdateBody,
  TestSendConfigBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { MsgCenterMessages } from '../common.js';
import { sendThrough } from '../send.js';
import { SendConfigService } from './service.js';

const MODULE = 'msgCenter.sendConfig';
const IdParams = z.object({ id: z.string().min(1).max(64) });

export function registerSendConfigRoutes(app: FastifyInstance, services: Services) {
  const configs = new SendConfigService(services.db);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/SendMessageConfig',
    access: { module: MODULE },
    query: SendConfigListQuery,
    handler: ({ query }) => configs.list(query),
  });

  /** Enabled configurations, for the pickers of other pages (flow and schedule notifications). */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/SendMessageConfig/getSendConfigList',
    access: 'session',
    query: SendConfigListQuery,
    handler: ({ query }) => configs.list(query, true),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/SendMessageConfig',
    access: { module: MODULE, button: 'btn_add' },
    body: SendConfigBody,
    handler: async ({ body, session }) =>
      answer({ id: await configs.create(body, session.userId) }, MsgCenterMessages.created),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/SendMessageConfig/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params }) => configs.info(params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/message/SendMessageConfig/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: SendConfigUpdateBody,
    handler: async ({ params, body, session }) => {
      await configs.update(params.id, body, session.userId);
      return answer(null, MsgCenterMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/message/SendMessageConfig/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await configs.remove(params.id);
      return answer(null, MsgCenterMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/SendMessageConfig/copy/:id',
    access: { module: MODULE, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await configs.copy(params.id, session.userId) }, MsgCenterMessages.copied),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/SendMessageConfig/getTestConfig/:id',
    access: { module: MODULE, button: 'btn_test' },
    params: IdParams,
    handler: ({ params }) => configs.testChannels(params.id),
  });

  /** Sends through every enabled channel; answers each channel's outcome (also in the monitor). */
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/SendMessageConfig/testSendConfig',
    access: { module: MODULE, button: 'btn_test' },
    body: TestSendConfigBody,
    handler: async ({ body }) => {
      const config = await configs.get(body.id);
      return sendThrough(services, config, { userIds: body.userIds, params: body.params });
    },
  });
}
