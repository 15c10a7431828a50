import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { hasPermission } from '../../permission/grants.js';
import {
  CommonWordsBody,
  CommonWordsListQuery,
  CommonWordsMessages,
  CommonWordsService,
  CommonWordsType,
  CommonWordsUpdateBody,
} from './service.js';

const MODULE = 'system.commonWords';
const IdParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Approval common words (system-admin.md 6). The page manages system-wide words; everyone keeps
 * personal words from the approval dialog, so writes are open to a signed-in user and system
 * words then need the page's button.
 */
export function registerCommonWordsRoutes(app: FastifyInstance, services: Services) {
  const words = new CommonWordsService(services.db);
  const canManage = (session: { userId: string; isAdministrator: boolean }, button?: string) =>
    session.isAdministrator
      ? Promise.resolve(true)
      : hasPermission(services.db, session.userId, MODULE, button);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/CommonWords',
    access: { module: MODULE },
    query: CommonWordsListQuery,
    handler: ({ query }) => words.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/CommonWords/Selector',
    access: 'session',
    handler: ({ session }) => words.selector(session.userId),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/CommonWords/:id',
    access: 'session',
    params: IdParams,
    handler: async ({ params, session }) => {
      const row = await words.info(params.id);
      const own = row.commonWordsType === CommonWordsType.Personal;
      // Another user's personal words are not shown; system words are readable by the page.
      if (own ? (await words.get(params.id)).creatorUserId !== session.userId : !(await canManage(session)))
        throw words.notFound();
      return row;
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/CommonWords',
    access: 'session',
    body: CommonWordsBody,
    handler: async ({ body, session }) => {
      if (body.commonWordsType === CommonWordsType.System && !(await canManage(session, 'btn_add')))
        throw words.systemOnly();
      return answer({ id: await words.create(body, session.userId) }, CommonWordsMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/CommonWords/:id',
    access: 'session',
    params: IdParams,
    body: CommonWordsUpdateBody,
    handler: async ({ params, body, session }) => {
      await words.update(params.id, body, session.userId, await canManage(session, 'btn_edit'));
      return answer(null, CommonWordsMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/CommonWords/:id',
    access: 'session',
    params: IdParams,
    handler: async ({ params, session }) => {
      await words.remove(params.id, session.userId, await canManage(session, 'btn_remove'));
      return answer(null, CommonWordsMessages.deleted);
    },
  });
}
