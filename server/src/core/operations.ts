import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Services } from '../services.js';
import { Messages } from './messages.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares the whole Authorization value with `Bearer <token>` in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/**
 * What a proxy, an orchestrator and Prometheus read (docs/operations.md). Outside /api, so
 * the request log table never records them; their own log lines only at warn and above, as
 * proxies ask every few seconds.
 */
export function registerOperationsRoutes(app: FastifyInstance, services: Services) {
  const { health, metrics, config } = services;

  // Liveness: the process answers. No database call, so a slow database never restarts it.
  app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/readyz', { logLevel: 'warn' }, async (req, reply) => {
    const reason = await health.notReadyReason();
    reply.header('cache-control', 'no-store');
    if (reason === null) return reply.send({ status: 'ready' });
    req.log.warn({ reason }, 'not ready');
    return reply.status(503).send({ status: 'not ready', reason });
  });

  // node-postgres's pool (drizzle keeps it as $client); PGlite is one embedded connection, no pool.
  const pool = (services.db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    metrics.gaugeOnScrape(
      'console_db_pool_in_use',
      'Database connections checked out by queries',
      () => pool.totalCount - pool.idleCount,
    );
    metrics.gaugeOnScrape(
      'console_db_pool_idle',
      'Open database connections not in use',
      () => pool.idleCount,
    );
    metrics.gaugeOnScrape(
      'console_db_pool_waiting',
      'Queries waiting for a database connection (the pool is full)',
      () => pool.waitingCount,
    );
  }
  metrics.gaugeOnScrape(
    'console_http_open_connections',
    'Open TCP connections to this instance',
    () =>
      new Promise((resolve) =>
        app.server.getConnections((error, count) => resolve(error ? undefined : count)),
      ),
  );
  metrics.gaugeOnScrape(
    'console_websocket_clients',
    'Live WebSocket connections (message centre, chat) on this instance',
    () => app.websocketServer?.clients.size,
  );

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, never the URL asked for; requests that matched no route share one label.
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? '(unmatched)',
      status: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.requestDuration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    const token = config.METRICS_TOKEN;
    if (!token) return reply.status(404).send({ code: 404, msg: Messages.notFound, data: null });
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ code: 401, msg: Messages.metricsTokenRequired, data: null });
    }
    return reply.header('content-type', metrics.contentType).send(await metrics.text());
  });
}
