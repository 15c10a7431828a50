import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';

const sendSvg = (svg: string, reply: import('fastify').FastifyReply) =>
  reply.header('content-type', 'image/svg+xml').header('cache-control', 'no-store').send(svg);

export function registerCaptchaRoutes(app: FastifyInstance, services: Services) {
  // The sign-in page's code: the client chooses the length (getConfig tells it which).
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/oauth/ImageCode/:length/:timestamp',
    access: 'public',
    params: z.object({ length: z.coerce.number().int().min(3).max(8), timestamp: z.string() }),
    handler: async ({ params, req, reply }) =>
      sendSvg(await services.captcha.create(params.timestamp, params.length, req.ip), reply),
  });
  // Dialogs elsewhere (password change): the length comes from the system configuration.
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/file/ImageCode/:timestamp',
    access: 'public',
    params: z.object({ timestamp: z.string() }),
    handler: async ({ params, req, reply }) => {
      const { verificationCodeNumber } = await services.sysConfig.get();
      return sendSvg(await services.captcha.create(params.timestamp, verificationCodeNumber, req.ip), reply);
    },
  });
}
