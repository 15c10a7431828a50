import {
  LoginBody,
  type LoginPageConfig,
  SmsCodeBody,
  TicketParams,
  UnlockBody,
  UpdatePasswordBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Messages } from '../../core/messages.js';
import { clientInfo } from '../../core/request.js';
import { answer, defineRoute } from '../../core/route.js';
import { parseInput } from '../../core/validation.js';
import type { Services } from '../../services.js';
import { requestLanguage } from '../system/baseLang/menuNames.js';
import { AnswerCache } from './answerCache.js';
import { CONSOLE_CLIENT_HEADER, forClient347, isConsoleClient } from './clientPages.js';
import { buildCurrentUser } from './currentUser.js';
import { OAuthMessages, OAuthService } from './service.js';
import { registerSocialRoutes } from './socials/routes.js';
import { TicketMessages } from './tickets.js';

export function registerOAuthRoutes(app: FastifyInstance, services: Services) {
  const oauth = new OAuthService(services, app.log);
  const currentUserAnswers = new AnswerCache();

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
    handler: async ({ session, stamps, req, reply }) => {
      // Rebuilt only when the user's row, the grants and menus, or the settings have changed.
      const language = requestLanguage(req.headers['accept-language']);
      // Our web client says who it is; any other client gets only the pages the 3.4.7 client has.
      const ours = isConsoleClient(req.headers);
      const key = [
        session.userVersion,
        session.lastLogTime,
        stamps.authorization,
        stamps.sysConfig,
        language,
        ours ? 'console' : '3.4.7',
      ].join('|');
      let entry = currentUserAnswers.get(session.userId, key);
      if (!entry) {
        const config = await services.sysConfig.get(stamps.sysConfig);
        const built = await buildCurrentUser(services.db, session.userId, config, language);
        const data = ours ? built : forClient347(built);
        entry = currentUserAnswers.set(
          session.userId,
          key,
          JSON.stringify({ code: 200, msg: Messages.success, data }),
        );
      }
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('vary', `accept-encoding, accept-language, ${CONSOLE_CLIENT_HEADER}`);
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(AnswerCache.gzip(entry));
      }
      return reply.send(entry.json);
    },
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

  // The password dialog and the profile page's password tab: the same rules, one route.
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Users/Current/Actions/ModifyPassword',
    access: 'session',
    allowDuringPasswordChange: true,
    body: UpdatePasswordBody,
    handler: async ({ session, body, req }) => {
      // The 3.4.7 client signs in again after a change (its profile drops the token; its forced
      // change dialog would reopen from the stale user it holds): its session ends too. Ours
      // reloads the user and stays signed in.
      await oauth.changePassword(session, body, { endThisSession: !isConsoleClient(req.headers) });
      return answer(null, OAuthMessages.passwordChanged);
    },
  });

  // The same change; without a body it is the layout's check whether a change is due, and no
  // rule here makes one due (the forced change follows changePasswordDate), so nothing is done.
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/oauth/updatePasswordMessage',
    access: 'session',
    allowDuringPasswordChange: true,
    handler: async ({ session, req }) => {
      if (req.body === undefined || req.body === null) return null;
      await oauth.changePassword(session, parseInput(UpdatePasswordBody, req.body));
      return answer(null, OAuthMessages.passwordChanged);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/oauth/SmsCode',
    access: 'public',
    body: SmsCodeBody,
    handler: ({ body, req }) => oauth.sms.send(body.mobile, req.ip),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/oauth/getLoginConfig',
    access: 'public',
    handler: async (): Promise<LoginPageConfig> => ({
      redirect: false,
      url: '',
      ticketParams: 'jnpf_ticket',
      socialsList: await oauth.socials.loginList(),
    }),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/oauth/getTicket',
    access: 'public',
    handler: async ({ req }) => {
      const { ticket, ttlMs } = await oauth.tickets.create(clientInfo(req));
      return answer(ticket, String(ttlMs));
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/oauth/getTicketStatus/:ticket',
    access: 'public',
    params: TicketParams,
    handler: ({ params }) => oauth.tickets.status(params.ticket),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/oauth/ConfirmTicket/:ticket',
    access: 'session',
    params: TicketParams,
    handler: async ({ session, params }) => {
      await oauth.confirmTicket(session, params.ticket);
      return answer(null, TicketMessages.confirmed);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/oauth/RejectTicket/:ticket',
    access: 'session',
    params: TicketParams,
    handler: async ({ params }) => {
      await oauth.rejectTicket(params.ticket);
      return answer(null, TicketMessages.rejected);
    },
  });

  registerSocialRoutes(app, services, oauth);
}
