import type { FastifyInstance } from 'fastify';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { LanguageListQuery, LanguageMessages, LanguageService, LanguageUpdateBody } from './service.js';

const MODULE = 'system.language';

/**
 * Translation management (system-admin.md 8, issue #15): the texts of the web client's bundled
 * locale files and their edits. GET /api/system/BaseLang lists, PUT /api/system/BaseLang saves
 * one key's three texts, GET /api/system/BaseLang/Overrides answers every edit to any client
 * (the sign-in page shows translated texts too; they are no secret).
 */
export function registerLanguageRoutes(app: FastifyInstance, services: Services) {
  const languages = new LanguageService(services.db);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/BaseLang',
    access: { module: MODULE },
    query: LanguageListQuery,
    handler: ({ query }) => languages.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/BaseLang/Overrides',
    access: 'public',
    handler: () => languages.allOverrides(),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/BaseLang',
    access: { module: MODULE, button: 'btn_edit' },
    body: LanguageUpdateBody,
    handler: async ({ body, session }) => {
      await languages.update(session.userId, body);
      return answer(null, LanguageMessages.saved);
    },
  });
}
