import { escapeHtml, LoginBody } from '@console/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BizError, badRequest } from '../../../core/errors.js';
import { clientInfo } from '../../../core/request.js';
import { answer, defineRoute, holdsAny } from '../../../core/route.js';
import type { Session } from '../../../core/sessions.js';
import type { Services } from '../../../services.js';
import { USER_MODULE } from '../../permission/user/service.js';
import type { OAuthService } from '../service.js';
import { OAuthMessages } from '../service.js';
import { CALLBACK_PATH, SocialMessages } from './service.js';

const SYS_CONFIG_MODULE = 'system.sysConfig';

const ProviderParams = z.object({ provider: z.string().max(40) });
const httpBase = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), '地址须以 http:// 或 https:// 开头')
  .optional()
  .default('');

/** PUT /api/system/Socials/{provider}: a provider's settings; an empty secret keeps the stored one. */
export const SocialProviderBody = z.object({
  enabledMark: z.coerce.number().int().min(0).max(1).default(0),
  clientId: z.string().trim().max(200).optional().default(''),
  clientSecret: z.string().max(500).optional().default(''),
  agentId: z.string().trim().max(100).optional().default(''),
  authorizeBase: httpBase,
  apiBase: httpBase,
});

const origin = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}`;

/** The callback's page in the provider's window: what happened, in words; no script (CSP). */
function page(reply: FastifyReply, status: number, title: string, message: string) {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;display:flex;align-items:center;justify-content:center;height:90vh;margin:0;color:#333}
main{max-width:420px;text-align:center}h1{font-size:20px}p{line-height:1.6}</style></head>
<body><main><h1 data-result="${status === 200 ? 'ok' : 'refused'}">${escapeHtml(title)}</h1><p id="message">${escapeHtml(message)}</p><p>可以关闭此窗口。</p></main></body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** Whose bindings: the caller's, or (with the user page) the user named by ?userId=. */
async function targetUser(services: Services, session: Session, userId: string | undefined) {
  if (!userId || userId === session.userId) return session.userId;
  if (!(await holdsAny(services, session, [USER_MODULE]))) throw badRequest(SocialMessages.noPermission);
  return userId;
}

export function registerSocialRoutes(app: FastifyInstance, services: Services, oauth: OAuthService) {
  const { socials } = oauth;

  // The sign-in page's provider window: sent on to the provider with a new single-use state.
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/oauth/socials/render/:provider',
    access: 'public',
    params: ProviderParams,
    query: z.object({ ticket: z.string().max(200).optional().default('') }),
    handler: async ({ params, query, req, reply }) => {
      const url = await socials.renderSignIn(params.provider, query.ticket, origin(req));
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${CALLBACK_PATH}/:provider`,
    access: 'public',
    params: ProviderParams,
    query: z.object({
      code: z.string().max(500).optional(),
      authCode: z.string().max(500).optional(),
      state: z.string().max(200).optional(),
    }),
    handler: async ({ params, query, reply }) => {
      try {
        const outcome = await socials.callback(params.provider, {
          code: query.authCode ?? query.code,
          state: query.state,
        });
        return page(reply, 200, outcome.result === 'not-bound' ? '需要绑定账号' : '完成', outcome.message);
      } catch (error) {
        if (error instanceof BizError) return page(reply, 400, '未能完成', error.message);
        throw error;
      }
    },
  });

  // The bind step of the sign-in page: account and password, with the ticket that left the
  // provider's user unbound; binds and signs in (answer as /api/oauth/Login).
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/oauth/Login/socials',
    access: 'public',
    handler: async ({ req }) => {
      const raw = (req.body ?? {}) as Record<string, unknown>;
      const ticket = typeof raw.jnpf_ticket === 'string' ? raw.jnpf_ticket : '';
      if (!(await socials.hasPending(ticket))) throw badRequest(SocialMessages.bindExpired);
      const body = LoginBody.safeParse({ ...raw, origin: 'password' });
      if (!body.success) throw badRequest(body.error.issues[0]?.message ?? OAuthMessages.wrongCredentials);
      return answer(await oauth.login(body.data, clientInfo(req)), SocialMessages.bound);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/socials/login',
    access: 'public',
    handler: async () => (await socials.loginList()).map((entry) => ({ ...entry, isLatest: 'true' })),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/socials',
    access: 'session',
    query: z.object({ userId: z.string().max(50).optional() }),
    handler: async ({ session, query }) =>
      socials.userList(await targetUser(services, session, query.userId)),
  });

  // The profile's 绑定: msg (and data) is the provider's authorise address for a new window.
  defineRoute(app, services, {
    method: 'GET',
    url: ['/api/permission/socials/render/:provider', '/api/oauth/render/:provider'],
    access: 'session',
    params: ProviderParams,
    handler: async ({ session, params, req }) => {
      const url = await socials.renderBind(params.provider, session.userId, origin(req));
      return answer(url, url);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/permission/socials/:id',
    access: 'session',
    params: z.object({ id: z.string().max(50) }),
    query: z.object({ userId: z.string().max(50).optional() }),
    handler: async ({ session, params, query }) => {
      await socials.unbind(params.id, await targetUser(services, session, query.userId));
      return answer(null, SocialMessages.unbound);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Socials',
    access: { module: SYS_CONFIG_MODULE },
    handler: () => socials.configList(),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/Socials/:provider',
    access: { module: SYS_CONFIG_MODULE, button: 'btn_save' },
    params: ProviderParams,
    body: SocialProviderBody,
    handler: async ({ session, params, body }) => {
      await socials.saveConfig(params.provider, body, session.userId);
      return answer(null, SocialMessages.saved);
    },
  });
}
