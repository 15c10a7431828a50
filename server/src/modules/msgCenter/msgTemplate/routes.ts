import {
  MESSAGE_DATA_TYPE_LISTS,
  MessageTemplateBody,
  MessageTemplateListQuery,
  MessageTemplateUpdateBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { MsgCenterMessages } from '../common.js';
import { MessageTemplateService } from './service.js';

const MODULE = 'msgCenter.msgTemplate';
const IdParams = z.object({ id: z.string().min(1).max(64) });

export function registerMessageTemplateRoutes(app: FastifyInstance, services: Services) {
  const templates = new MessageTemplateService(services.db);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/MessageTemplateConfig',
    access: { module: MODULE },
    query: MessageTemplateListQuery,
    handler: ({ query }) => templates.list(query),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/MessageTemplateConfig',
    access: { module: MODULE, button: 'btn_add' },
    body: MessageTemplateBody,
    handler: async ({ body, session }) =>
      answer({ id: await templates.create(body, session.userId) }, MsgCenterMessages.created),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/MessageTemplateConfig/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params }) => templates.info(params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/message/MessageTemplateConfig/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: MessageTemplateUpdateBody,
    handler: async ({ params, body, session }) => {
      await templates.update(params.id, body, session.userId);
      return answer(null, MsgCenterMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/message/MessageTemplateConfig/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await templates.remove(params.id);
      return answer(null, MsgCenterMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/MessageTemplateConfig/copy/:id',
    access: { module: MODULE, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await templates.copy(params.id, session.userId) }, MsgCenterMessages.copied),
  });

  /** The fixed lists (1 channels, 2 sources, 3 SMS vendors, 4 webhook kinds, 5 webhook auth). */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/MessageDataType/getTypeList/:id',
    access: 'session',
    params: z.object({ id: z.enum(['1', '2', '3', '4', '5'], { message: '类型只能为1-5' }) }),
    handler: async ({ params }) =>
      MESSAGE_DATA_TYPE_LISTS[Number(params.id) as keyof typeof MESSAGE_DATA_TYPE_LISTS],
  });
}
