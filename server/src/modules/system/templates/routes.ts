import {
  SmsTemplateBody,
  SmsTemplateUpdateBody,
  SmsTestSendBody,
  SmsVendorTemplateBody,
  SystemTemplateBody,
  SystemTemplateListQuery,
  SystemTemplateUpdateBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { SmsTemplateService, SystemTemplateService, TemplateMessages } from './service.js';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/**
 * CRUD, selector, parameters and enable/disable of one kind of template at `base`, checked
 * against the menu page `module`.
 */
function registerTemplateCrud<B extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  services: Services,
  base: string,
  module: string,
  service: SystemTemplateService | SmsTemplateService,
  schemas: { body: B; update: U },
) {
  const crud = service as {
    list: SystemTemplateService['list'];
    info(id: string): Promise<{ params: unknown }>;
    create(body: z.infer<B>, userId: string): Promise<string>;
    update(id: string, body: z.infer<U>, userId: string): Promise<void>;
    remove(id: string): Promise<void>;
    toggle(id: string, userId: string): Promise<void>;
  };

  defineRoute(app, services, {
    method: 'GET',
    url: base,
    access: { module },
    query: SystemTemplateListQuery,
    handler: ({ query }) => crud.list(query),
  });

  /** Enabled templates, for pickers of other pages: any signed-in user. */
  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/Selector`,
    access: 'session',
    query: SystemTemplateListQuery,
    handler: ({ query }) => crud.list(query, true),
  });

  /** The template's parameters ([{ field, fieldName }]). */
  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/getTemplate/:id`,
    access: 'session',
    params: IdParams,
    handler: async ({ params }) => (await crud.info(params.id)).params,
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/:id`,
    access: { module },
    params: IdParams,
    handler: ({ params }) => crud.info(params.id),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: base,
    access: { module, button: 'btn_add' },
    body: schemas.body,
    handler: async ({ body, session }) =>
      answer({ id: await crud.create(body as z.infer<B>, session.userId) }, TemplateMessages.created),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${base}/:id`,
    access: { module, button: 'btn_edit' },
    params: IdParams,
    body: schemas.update,
    handler: async ({ params, body, session }) => {
      await crud.update(params.id, body as z.infer<U>, session.userId);
      return answer(null, TemplateMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: `${base}/:id`,
    access: { module, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await crud.remove(params.id);
      return answer(null, TemplateMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${base}/:id/Actions/State`,
    access: { module, button: 'btn_state' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await crud.toggle(params.id, session.userId);
      return answer(null, TemplateMessages.stateChanged);
    },
  });
}

/** System templates (page system/systemTemplate) and SMS templates (page system/smsTemplate). */
export function registerTemplateRoutes(app: FastifyInstance, services: Services) {
  registerTemplateCrud(
    app,
    services,
    '/api/system/MessageTemplate',
    'system.systemTemplate',
    new SystemTemplateService(services.db),
    { body: SystemTemplateBody, update: SystemTemplateUpdateBody },
  );

  const MODULE = 'system.smsTemplate';
  const sms = new SmsTemplateService(services.db);
  // Registered before the shared CRUD so that these static paths are plain routes of their own.
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/SmsTemplate/Accounts',
    access: { module: MODULE },
    handler: () => sms.accountOptions(),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/SmsTemplate/getTemplate',
    access: { module: MODULE },
    body: SmsVendorTemplateBody,
    handler: ({ body }) => sms.vendorTemplate(body.accountConfigId, body.templateId),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/SmsTemplate/testSent',
    access: { module: MODULE, button: 'btn_test' },
    body: SmsTestSendBody,
    handler: async ({ body }) => {
      await sms.testSend(body.id, body.phoneNumbers, body.parameters);
      return answer(null, TemplateMessages.sent);
    },
  });

  registerTemplateCrud(app, services, '/api/system/SmsTemplate', MODULE, sms, {
    body: SmsTemplateBody,
    update: SmsTemplateUpdateBody,
  });
}
