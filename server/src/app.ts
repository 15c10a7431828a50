import { existsSync } from 'node:fs';
import { ResultCode } from '@console/shared';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { BizError } from './core/errors.js';
import { loggerOptions } from './core/logger.js';
import { Messages } from './core/messages.js';
import { registerOperationsRoutes } from './core/operations.js';
import { isLocalAddress } from './core/request.js';
import { registerModules } from './modules/index.js';
import { registerLogCapture } from './modules/system/log/capture.js';
import type { Services } from './services.js';

/** Fastify's own error codes for requests it could not even read. */
const TRANSPORT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: Messages.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: Messages.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: Messages.malformedRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: Messages.malformedRequest,
  FST_ERR_CTP_INVALID_JSON_BODY: Messages.malformedRequest,
};

/**
 * TRUST_PROXY=<n>: the n nearest hops are proxies. Fastify refuses a bare count (a client that
 * reaches the server directly could write the hops itself), so the nearest proxy must also
 * connect from a loopback or private address.
 */
const trustHops = (count: number) => (address: string, hop: number) =>
  hop < count && (hop > 0 || isLocalAddress(address));

/** A proxy's request id is kept only when it is short and plain, so it cannot forge log lines. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * On every answer. No inline script; antd writes its styles at run time, so inline styles are
 * allowed. Images may come from elsewhere (notices link them), frames too (link menus open a
 * site inside the console); the socket is same-origin, which 'self' covers.
 */
const SECURITY_HEADERS = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "frame-src 'self' http: https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

/** Builds the HTTP app from its parts; no business logic lives here. */
export async function buildApp(
  services: Services,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, options.logStream),
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Behind a trusted proxy its X-Request-Id (nginx: $request_id) names the request in both logs.
    requestIdHeader: false,
    genReqId: (req) => {
      const fromProxy = config.TRUST_PROXY ? req.headers['x-request-id'] : undefined;
      return typeof fromProxy === 'string' && PROXY_REQUEST_ID.test(fromProxy)
        ? fromProxy
        : crypto.randomUUID();
    },
    forceCloseConnections: 'idle',
  });

  // The contract speaks JSON and forms (uploads add multipart); anything else answers 415.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody);

  // During shutdown, answers close their connection: a keep-alive socket that was busy when
  // closing began would otherwise hold the process open until its idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    services.health.stopping = true;
  });
  app.addHook('onSend', async (req, reply) => {
    reply.headers(SECURITY_HEADERS);
    // Every answer names its request, so a person can quote it and an operator find its log lines.
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
  });

  app.setErrorHandler((error: FastifyError | BizError, req, reply) => {
    if (error instanceof BizError) {
      return reply.status(200).send({ code: error.code, msg: error.message, data: error.data });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError') {
      return reply
        .status(400)
        .send({ code: ResultCode.BadRequest, msg: Messages.malformedRequest, data: null });
    }
    const transportMessage = error.code ? TRANSPORT_ERRORS[error.code] : undefined;
    if (transportMessage || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply.status(error.statusCode ?? 400).send({
        code: ResultCode.BadRequest,
        msg: transportMessage ?? Messages.malformedRequest,
        data: null,
      });
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      code: ResultCode.ServerError,
      msg: `${Messages.serverError}（${req.id}）`,
      data: { requestId: req.id },
    });
  });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerOperationsRoutes(app, services);
  // Before the routes, so every route's request and operation logs are captured.
  registerLogCapture(app, services);
  registerModules(app, services);

  const webDist = config.WEB_DIST;
  if (webDist && existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      // The web build writes .br and .gz beside each asset; browsers get those.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must always be fetched again.
        reply.header(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    // The app routes by hash, so only page addresses get index.html; a missing file stays a 404.
    // The mobile app (issue #26) routes by path under /m/: its addresses get m/index.html.
    const pathname = req.url.split('?')[0] ?? '';
    const isPage = !pathname.startsWith('/api/') && !/\.[A-Za-z0-9]+$/.test(pathname);
    if (webDist && req.method === 'GET' && isPage && existsSync(webDist)) {
      const page = pathname.startsWith('/m/') ? 'm/index.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply.status(404).send({ code: 404, msg: Messages.notFound, data: null });
  });

  return app;
}
