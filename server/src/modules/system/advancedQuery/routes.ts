import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { Messages } from '../../../core/messages.js';
import { answer, defineRoute, holdsAny } from '../../../core/route.js';
import type { Session } from '../../../core/sessions.js';
import type { Services } from '../../../services.js';
import { AdvancedQueryBody, AdvancedQueryMessages, AdvancedQueryService } from './service.js';

const IdParams = z.object({ id: z.string().trim().min(1).max(64) });
const ModuleParams = z.object({ moduleId: z.string().trim().min(1, '缺少菜单（moduleId）').max(64) });

/**
 * Saved advanced-query schemes (forms.md 5): a signed-in person keeps named superQuery conditions
 * for a menu they hold (the generated list's menu); a scheme is read and changed by its creator only.
 */
export function registerAdvancedQueryRoutes(app: FastifyInstance, services: Services) {
  const schemes = new AdvancedQueryService(services.db);
  /** 400 unless the menu exists and the caller holds it. */
  const requireMenu = async (session: Session, moduleId: string) => {
    const code = await schemes.menuCode(moduleId);
    if (!(await holdsAny(services, session, [code]))) throw badRequest(Messages.permissionDenied);
  };

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/AdvancedQuery/:moduleId/List',
    access: 'session',
    params: ModuleParams,
    handler: async ({ params, session }) => {
      await requireMenu(session, params.moduleId);
      return schemes.list(params.moduleId, session.userId);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/AdvancedQuery/:id',
    access: 'session',
    params: IdParams,
    handler: ({ params, session }) => schemes.info(params.id, session.userId),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/AdvancedQuery',
    access: 'session',
    body: AdvancedQueryBody,
    handler: async ({ body, session }) => {
      await requireMenu(session, body.moduleId);
      return answer({ id: await schemes.create(body, session.userId) }, AdvancedQueryMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/AdvancedQuery/:id',
    access: 'session',
    params: IdParams,
    body: AdvancedQueryBody,
    handler: async ({ params, body, session }) => {
      await schemes.own(params.id, session.userId);
      await requireMenu(session, body.moduleId);
      await schemes.update(params.id, body, session.userId);
      return answer(null, AdvancedQueryMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/AdvancedQuery/:id',
    access: 'session',
    params: IdParams,
    handler: async ({ params, session }) => {
      await schemes.remove(params.id, session.userId);
      return answer(null, AdvancedQueryMessages.deleted);
    },
  });
}
