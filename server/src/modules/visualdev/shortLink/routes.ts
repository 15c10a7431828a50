import { OnlineDataBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import {
  CheckPwdBody,
  PublicListBody,
  PublicQuery,
  ShortLinkBody,
  ShortLinkMessages,
  ShortLinkService,
} from './service.js';

/** The web-design page, whose list opens 外链设置. */
const MODULE = 'onlineDev.webDesign';
const Id = z.string().min(1).max(64);
const ModelParams = z.object({ modelId: Id });
const RecordParams = z.object({ modelId: Id, id: Id });
/** An anonymous record is smaller than a signed-in one: 256 KB of JSON at most. */
const PublicDataBody = OnlineDataBody.extend({
  data: z
    .string({ error: 'data must be the record as a JSON string' })
    .min(2)
    .max(256 * 1024),
});

/**
 * External links of web designs (外链设置, forms.md 5 "External links"): the settings are the
 * web-design page's; the rest is public, admitted by the link's token (`encryption`) and, for a
 * password-protected link, the pass POST /checkPwd answered.
 */
export function registerShortLinkRoutes(app: FastifyInstance, services: Services) {
  const links = new ShortLinkService(services);

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/visualdev/ShortLink',
    access: { module: MODULE },
    body: ShortLinkBody,
    handler: async ({ body, session }) => answer(await links.save(body, session), ShortLinkMessages.saved),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/ShortLink/:modelId',
    access: { module: MODULE },
    params: ModelParams,
    handler: ({ params }) => links.info(params.modelId),
  });

  // ----- Public: the anonymous form and list -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/ShortLink/getConfig/:modelId',
    access: 'public',
    params: ModelParams,
    query: PublicQuery,
    handler: ({ params, query }) => links.publicInfo(params.modelId, query.encryption),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/ShortLink/checkPwd',
    access: 'public',
    body: CheckPwdBody,
    handler: ({ body, req }) => links.checkPassword(body, req.ip),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/ShortLink/:modelId/Config',
    access: 'public',
    params: ModelParams,
    query: PublicQuery,
    handler: async ({ params, query }) => {
      const channel = query.type ?? 'form';
      const row = await links.admit(params.modelId, query, channel);
      return links.config(params.modelId, row, channel);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/ShortLink/:modelId',
    access: 'public',
    params: ModelParams,
    query: PublicQuery,
    body: PublicDataBody,
    handler: async ({ params, query, body, req }) => {
      const row = await links.admit(params.modelId, query, 'form');
      const id = await links.submit(params.modelId, row, body.data, req.ip);
      return answer({ id }, ShortLinkMessages.sent);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/ShortLink/:modelId/ListLink',
    access: 'public',
    params: ModelParams,
    query: PublicQuery,
    body: PublicListBody,
    handler: async ({ params, query, body, req }) => {
      const row = await links.admit(params.modelId, query, 'list');
      return links.list(params.modelId, row, body, req.log);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/ShortLink/:modelId/:id/DataChange',
    access: 'public',
    params: RecordParams,
    query: PublicQuery,
    handler: async ({ params, query, req }) => {
      const row = await links.admit(params.modelId, query, 'list');
      return links.dataChange(params.modelId, row, params.id, req.log);
    },
  });
}
