import { LoginBody, UnlockBody, UpdatePasswordBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientInfo } from '../../core/request.js';
import { answer, defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';
import { buildCurrentUser } from './currentUser.js';
import { OAuthMessages, OAuthService } from './service.js';

export function registerOAuthRoutes(app: FastifyInstance, services: Services) {
  const oauth = new OAuthService(services);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/oauth/getConfig/:account',
    access: 'public',
    params: z.object({ account: z.string().max(100) }),
    handler: ({ params, req }) => oauth.loginConfig(params.account, req.ip),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/oauth/Login',
    access: 'public',
    body: LoginBody,
    handler: async ({ body, req }) =>
      answer(await oauth.login(body, clientInfo(req)), OAuthMessages.loginSuccess),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/oauth/CurrentUser',
    access: 'session',
    allowDuringPasswordChange: true,
    handler: async ({ session }) =>
      buildCurrentUser(services.db, session.userId, await services.sysConfig.get()),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/oauth/Logout',
    access: 'session',
    allowDuringPasswordChange: true,
    handler: async ({ session }) => {
      await oauth.logout(session);
      return answer(null, OAuthMessages.logoutSuccess);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/oauth/LockScreen',
    access: 'session',
    body: UnlockBody,
    handler: async ({ session, body, req }) => {
      await oauth.unlockScreen(session, body.account, body.password, clientInfo(req));
      return answer(null, OAuthMessages.unlocked);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/oauth/updatePasswordMessage',
    access: 'session',
    allowDuringPasswordChange: true,
    body: UpdatePasswordBody,
    handler: async ({ session, body }) => {
      await oauth.changePassword(session, body);
      return answer(null, OAuthMessages.passwordChanged);
    },
  });
}
