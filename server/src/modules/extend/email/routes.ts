import { EmailConfigBody, EmailListQuery, EmailSendBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { EmailMessages, EmailService } from './service.js';

const MODULE = 'extend.email';
const IdParams = z.object({
  id: z.string().trim().min(1, EmailMessages.notFound).max(64, EmailMessages.notFound),
});

/**
 * extend/email (other.md 1): the caller's own mailbox. Reading and marking need the page;
 * sending and saving drafts btn_add, deleting btn_remove.
 */
export function registerEmailRoutes(app: FastifyInstance, services: Services) {
  const email = new EmailService(services.db);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Email/Config',
    access: { module: MODULE },
    handler: ({ session }) => email.config(session.userId),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/extend/Email/Config',
    access: { module: MODULE },
    body: EmailConfigBody,
    handler: async ({ body, session }) => {
      await email.saveConfig(session.userId, body);
      return answer(null, EmailMessages.saved);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Email/Config/Actions/CheckMail',
    access: { module: MODULE },
    body: EmailConfigBody,
    handler: async ({ body, session }) => {
      await email.checkMail(session.userId, body);
      return answer(null, EmailMessages.checked);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Email/Receive',
    access: { module: MODULE },
    handler: async ({ session }) => {
      const received = await email.receive(session.userId);
      return answer({ received }, EmailMessages.received(received));
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Email',
    access: { module: MODULE },
    query: EmailListQuery,
    handler: ({ query, session }) => email.list(session.userId, query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Email/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params, session }) => email.info(session.userId, params.id),
  });

  const marks = {
    Read: { isRead: 1 },
    Unread: { isRead: 0 },
    Star: { starred: 1 },
    Unstar: { starred: 0 },
  } as const;
  for (const [action, values] of Object.entries(marks)) {
    defineRoute(app, services, {
      method: 'PUT',
      url: `/api/extend/Email/:id/Actions/${action}`,
      access: { module: MODULE },
      params: IdParams,
      handler: async ({ params, session }) => {
        await email.mark(session.userId, params.id, values);
        return answer(null, '操作成功');
      },
    });
  }

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/Email/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await email.remove(session.userId, params.id);
      return answer(null, EmailMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Email/Actions/SaveDraft',
    access: { module: MODULE, button: 'btn_add' },
    body: EmailSendBody,
    handler: async ({ body, session }) =>
      answer({ id: await email.saveDraft(session.userId, body) }, EmailMessages.draftSaved),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Email',
    access: { module: MODULE, button: 'btn_add' },
    body: EmailSendBody,
    handler: async ({ body, session }) =>
      answer({ id: await email.send(session.userId, body) }, EmailMessages.sent),
  });
}
