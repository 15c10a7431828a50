import {
  CurrentBaseInfoBody,
  MajorBody,
  SignImgBody,
  StoredFileName,
  SystemLanguageBody,
  SystemLogQuery,
  SystemThemeBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { CurrentMessages, CurrentUserService } from './service.js';

const BASE = '/api/permission/Users/Current';
const IdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** The signed-in user's own profile, settings and memberships (console.md 7, Current user). */
export function registerCurrentUserRoutes(app: FastifyInstance, services: Services) {
  const current = new CurrentUserService(services);

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/BaseInfo`,
    access: 'session',
    handler: ({ session }) => current.baseInfo(session.userId),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/BaseInfo`,
    access: 'session',
    body: CurrentBaseInfoBody,
    handler: async ({ session, body }) => {
      await current.updateBaseInfo(session, body);
      return answer(null, CurrentMessages.saved);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/Avatar/:name`,
    access: 'session',
    params: z.object({ name: z.string().regex(StoredFileName, CurrentMessages.avatarMissing) }),
    handler: async ({ session, params }) => {
      await current.setAvatar(session, params.name);
      return answer(null, CurrentMessages.avatarSaved);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/SystemTheme`,
    access: 'session',
    allowDuringPasswordChange: true,
    body: SystemThemeBody,
    handler: async ({ session, body }) => {
      await current.setTheme(session, body.theme);
      return answer(null, CurrentMessages.themeSaved);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/SystemLanguage`,
    access: 'session',
    allowDuringPasswordChange: true,
    body: SystemLanguageBody,
    handler: async ({ session, body }) => {
      await current.setLanguage(session, body.language);
      return answer(null, CurrentMessages.languageSaved);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Subordinate/:id`,
    access: 'session',
    params: IdParams,
    // The 3.4.7 profile's lazy tree reads the nodes in data itself; so do the lists below.
    handler: ({ session, params }) => current.subordinates(session, params.id),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Authorize`,
    access: 'session',
    handler: ({ session, stamps }) => current.authorize(session, stamps),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/SystemLog`,
    access: 'session',
    query: SystemLogQuery,
    handler: ({ session, query }) => current.systemLog(session, query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/getUserOrganizes`,
    access: 'session',
    handler: ({ session }) => current.organizes(session),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/getUserPositions`,
    access: 'session',
    handler: ({ session }) => current.positions(session),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/getUserRoles`,
    access: 'session',
    handler: ({ session }) => current.roles(session),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/major`,
    access: 'session',
    body: MajorBody,
    handler: async ({ session, body }) => {
      await current.switchMajor(session, body);
      return answer(null, CurrentMessages.majorSwitched);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/SignImg`,
    access: 'session',
    handler: ({ session }) => current.signImgs(session),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/SignImg`,
    access: 'session',
    body: SignImgBody,
    handler: async ({ session, body }) => {
      await current.addSignImg(session, body.signImg, Boolean(body.isDefault));
      return answer(null, CurrentMessages.signImgAdded);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/:id/SignImg`,
    access: 'session',
    params: IdParams,
    handler: async ({ session, params }) => {
      await current.setDefaultSignImg(session, params.id);
      return answer(null, CurrentMessages.signImgDefault);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/:id/SignImg`,
    access: 'session',
    params: IdParams,
    handler: async ({ session, params }) => {
      await current.deleteSignImg(session, params.id);
      return answer(null, CurrentMessages.signImgDeleted);
    },
  });
}
