import { ResultCode } from '@console/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasPermission } from '../modules/permission/grants.js';
import type { Services } from '../services.js';
import { BizError } from './errors.js';
import { Messages } from './messages.js';
import type { Session } from './sessions.js';
import { readStamps, type Stamps } from './stamps.js';
import { parseInput } from './validation.js';

/**
 * Who may call a route: anyone, any signed-in user, or holders of a page (module enCode)
 * and optionally one of its buttons. Administrators pass every check. A list of pages lets
 * in holders of any of them (with that button there); the handler then narrows it, e.g.
 * visual designs check the page of the design's type.
 */
export type Access = 'public' | 'session' | { module: string | readonly string[]; button?: string };

/** The pages of an access (one or a list), the first being the one logs name. */
export const accessModules = (access: { module: string | readonly string[] }): readonly string[] =>
  typeof access.module === 'string' ? [access.module] : access.module;

/** Whether the user holds one of the pages (with the button there when given); administrators pass. */
export async function holdsAny(
  services: Services,
  session: Session,
  pages: readonly string[],
  button?: string,
): Promise<boolean> {
  if (session.isAdministrator) return true;
  for (const page of pages) {
    if (await hasPermission(services.db, session.userId, page, button)) return true;
  }
  return false;
}

/** A handler's answer with a message other than the default. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}
export const answer = <T>(data: T, msg: string) => new Answer(data, msg);

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<B extends Schema, Q extends Schema, P extends Schema, A extends Access> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
  session: A extends 'public' ? Session | undefined : Session;
  /** Read once per request; public routes do not read them. */
  stamps: A extends 'public' ? undefined : Stamps;
}

export interface RouteDefinition<B extends Schema, Q extends Schema, P extends Schema, A extends Access> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string | string[];
  access: A;
  /** Reachable while the user still has to replace an initial password. */
  allowDuringPasswordChange?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  /** Returns the answer's data (or an Answer), or the reply after sending something else itself. */
  handler(ctx: RouteContext<B, Q, P, A>): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
  }
}

/** Every route declared through defineRoute ('GET /api/...' -> access): the permission matrix test checks it covers them all. */
const declared = new Map<string, Access>();
export const declaredRoutes = (): ReadonlyMap<string, Access> => declared;

/**
 * Query parameters with a value: the platform's clients send every search field, empty ones as
 * `name=`, and an empty parameter means "not given" (so defaults and optional filters apply).
 */
function givenOnly(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/** Registers a route whose access, input and envelope are handled here, in one place. */
export function defineRoute<B extends Schema, Q extends Schema, P extends Schema, A extends Access>(
  app: FastifyInstance,
  services: Services,
  route: RouteDefinition<B, Q, P, A>,
): void {
  for (const url of Array.isArray(route.url) ? route.url : [route.url]) {
    declared.set(`${route.method} ${url}`, route.access);
    app.route({
      method: route.method,
      url,
      handler: async (req, reply) => {
        let session: Session | undefined;
        let stamps: Stamps | undefined;
        if (route.access !== 'public') {
          stamps = await readStamps(services.kv);
          const config = await services.sysConfig.get(stamps.sysConfig);
          session = await services.sessions.resolve(req.headers.authorization, config.tokenTimeout * 60_000);
          req.session = session;
          if (session.mustChangePassword && !route.allowDuringPasswordChange) {
            throw new BizError(ResultCode.BadRequest, Messages.mustChangePassword);
          }
          if (typeof route.access === 'object') {
            const allowed = await holdsAny(
              services,
              session,
              accessModules(route.access),
              route.access.button,
            );
            if (!allowed) throw new BizError(ResultCode.BadRequest, Messages.permissionDenied);
          }
        }
        const ctx = {
          req,
          reply,
          body: (route.body ? parseInput(route.body, req.body) : undefined) as Parsed<B>,
          query: (route.query ? parseInput(route.query, givenOnly(req.query)) : undefined) as Parsed<Q>,
          params: (route.params ? parseInput(route.params, req.params) : undefined) as Parsed<P>,
          session: session as RouteContext<B, Q, P, A>['session'],
          stamps: stamps as RouteContext<B, Q, P, A>['stamps'],
        };
        const result = await route.handler(ctx);
        // A reply is thenable: awaiting a handler that returned it yields undefined, so ask the reply.
        if (reply.sent) return reply;
        if (result instanceof Answer)
          return { code: ResultCode.Success, msg: result.msg, data: result.data ?? null };
        return { code: ResultCode.Success, msg: Messages.success, data: result ?? null };
      },
    });
  }
}
