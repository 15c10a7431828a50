import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newId } from '../../../core/ids.js';
import { maskUrl } from '../../../core/logger.js';
import { type ClientInfo, clientInfo, isLocalAddress } from '../../../core/request.js';
import { accessModules, declaredRoutes } from '../../../core/route.js';
import { modules } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { type LogEntry, LogWriter } from './writer.js';

/** Keys whose values never reach a log: passwords, tokens, secrets, keys, one-time codes. */
const SECRET_KEY =
  /pass|pwd|token|secret|ticket|authori[sz]ation|credential|cookie|api_?key|access_?key|private_?key|signature|^(code|smscode|verifycode|captcha)$/i;
const MAX_STRING = 1000;
const MAX_ITEMS = 50;
const MAX_DEPTH = 6;
const MAX_JSON = 8000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

/** A copy of a request part safe to store: secrets replaced by ***, long values cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… (${value.length} items)`] : items;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, MAX_ITEMS)) {
    out[key] = SECRET_KEY.test(key) ? '***' : redact(item, depth + 1);
  }
  return out;
}

const withoutStamp = (query: unknown) => {
  if (!query || typeof query !== 'object') return query;
  const { n: _stamp, ...rest } = query as Record<string, unknown>;
  return rest;
};

/** The path asked for, without its query, and with token or ticket segments masked. */
function requestPath(req: FastifyRequest): string {
  let path = req.url.split('?')[0] ?? '';
  const params = (req.params ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(params)) {
    if (SECRET_KEY.test(key) && typeof value === 'string' && value) path = path.replace(value, '***');
  }
  return maskUrl(path).slice(0, 500);
}

/** enCode -> menu name, read again after a minute so renamed menus show their new name. */
class ModuleNames {
  private names = new Map<string, string>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(private readonly services: Services) {}

  async get(enCode: string): Promise<string> {
    if (Date.now() - this.loadedAt > 60_000) {
      this.loading ??= this.services.db
        .select({ enCode: modules.enCode, fullName: modules.fullName })
        .from(modules)
        .where(eq(modules.deleteMark, 0))
        .then((rows) => {
          this.names = new Map(rows.map((row) => [row.enCode, row.fullName]));
          this.loadedAt = Date.now();
        })
        .finally(() => {
          this.loading = undefined;
        });
      await this.loading.catch(() => undefined);
    }
    return this.names.get(enCode) ?? enCode;
  }
}

/** Parsing a user agent costs more than the rest of a log row; browsers repeat theirs. */
class ClientCache {
  private readonly entries = new Map<string, Omit<ClientInfo, 'ip' | 'ipAddressName'>>();

  get(req: FastifyRequest): ClientInfo {
    const agent = String(req.headers['user-agent'] ?? '');
    let known = this.entries.get(agent);
    if (!known) {
      const info = clientInfo(req);
      known = { browser: info.browser, platForm: info.platForm, origin: info.origin };
      if (this.entries.size > 500) this.entries.clear();
      this.entries.set(agent, known);
    }
    return { ...known, ip: req.ip, ipAddressName: isLocalAddress(req.ip) ? '本地局域网' : '外部网络' };
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope code of a write's answer, for its operation log. */
    answerCode?: number;
    /** The error behind a 500 answer, for its exception log. */
    failure?: Error;
  }
}

const writers = new WeakMap<Services, LogWriter>();

/** The log writer of an app's services (tests flush it to read what was logged). */
export function logWriterOf(services: Services): LogWriter {
  const writer = writers.get(services);
  if (!writer) throw new Error('log capture not registered');
  return writer;
}

/**
 * What an exception log keeps of an error: the database's own message rather than the failed
 * query's, whose text carries the query's parameters.
 */
function failureText(error: Error): string {
  const cause = error.cause instanceof Error ? error.cause : error;
  return `${cause.name}: ${cause.message}`.slice(0, MAX_STRING);
}

/**
 * Request logs (category 5) for every API call, operation logs (3) for every signed-in write
 * and exception logs (4) for every 500 answer, queued after the answer has been sent
 * (onResponse) and written in batches.
 */
export function registerLogCapture(app: FastifyInstance, services: Services) {
  const writer = new LogWriter(services.db, app.log, {
    batchSize: services.config.LOG_BATCH_SIZE,
    flushMs: services.config.LOG_FLUSH_MS,
    maxBuffered: 50_000,
  });
  writers.set(services, writer);
  const moduleNames = new ModuleNames(services);
  const clients = new ClientCache();

  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.session && WRITE_METHODS.has(req.method) && typeof payload === 'string') {
      const code = /^\{"code":(\d+)/.exec(payload)?.[1];
      if (code) req.answerCode = Number(code);
    }
    return payload;
  });

  app.addHook('onError', async (req, _reply, error) => {
    req.failure = error;
  });

  const moduleNameOf = async (method: string, route: string) => {
    const access = declaredRoutes().get(`${method} ${route}`);
    const name = typeof access === 'object' ? await moduleNames.get(accessModules(access)[0] ?? '') : null;
    return name ?? route.split('/').slice(2, 4).join('/');
  };

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route?.startsWith('/api/') || route.includes('websocket')) return;
    const session = req.session;
    const client = clients.get(req);
    const base: Omit<LogEntry, 'id' | 'category'> = {
      userId: session?.userId ?? null,
      userName: session ? `${session.realName}/${session.account}` : null,
      ipAddress: client.ip,
      ipAddressName: client.ipAddressName,
      browser: client.browser,
      platForm: client.platForm,
      requestUrl: requestPath(req),
      requestMethod: req.method,
      requestDuration: Math.round(reply.elapsedTime),
      creatorTime: Date.now(),
    };
    writer.add({ id: newId(), category: 5, ...base });
    if (reply.statusCode >= 500) {
      writer.add({
        id: newId(),
        category: 4,
        ...base,
        moduleName: await moduleNameOf(req.method, route),
        abstracts: `code ${reply.statusCode}`,
        json: JSON.stringify({
          requestId: req.id,
          error: req.failure ? failureText(req.failure) : null,
          params: redact(req.params),
          query: redact(withoutStamp(req.query)),
        }),
      });
    }
    if (!session || !WRITE_METHODS.has(req.method)) return;
    const json = JSON.stringify({
      params: redact(req.params),
      // `n` is the clients' cache-busting stamp, not part of the operation.
      query: redact(withoutStamp(req.query)),
      body: redact(req.body),
      code: req.answerCode ?? null,
    });
    writer.add({
      id: newId(),
      category: 3,
      ...base,
      moduleName: await moduleNameOf(req.method, route),
      abstracts: req.answerCode === 200 ? 'success' : `code ${req.answerCode ?? reply.statusCode}`,
      json: json.length > MAX_JSON ? `${json.slice(0, MAX_JSON)}…` : json,
    });
  });

  app.addHook('onClose', async () => writer.close());
}
