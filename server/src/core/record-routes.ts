import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.js';
import { answer, defineRoute } from './route.js';
import type { Session } from './sessions.js';

/** The record id of a route address ('/:id'). */
export const IdParams = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * The record routes of a page's resource at `url`: POST (create), GET/PUT/DELETE `/:id` and,
 * with `toggle`, PUT `/:id/Actions/State`. Reading needs the page, writing its buttons; writes
 * answer the given messages.
 */
export function defineRecordRoutes<C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  services: Services,
  resource: {
    url: string;
    module: string;
    /** Button of POST; btn_add unless said. */
    addButton?: string;
    create: { body: C; run(session: Session, body: z.output<C>): Promise<string>; message: string };
    info(session: Session, id: string): Promise<unknown>;
    update: { body: U; run(session: Session, id: string, body: z.output<U>): Promise<void>; message: string };
    toggle?: { button: string; run(session: Session, id: string): Promise<void>; message: string };
    remove: { run(session: Session, id: string): Promise<void>; message: string };
  },
): void {
  const { url, module, create, update, toggle, remove } = resource;

  defineRoute(app, services, {
    method: 'POST',
    url,
    access: { module, button: resource.addButton ?? 'btn_add' },
    body: create.body,
    handler: async ({ body, session }) =>
      answer({ id: await create.run(session, body as z.output<C>) }, create.message),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${url}/:id`,
    access: { module },
    params: IdParams,
    handler: ({ params, session }) => resource.info(session, params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${url}/:id`,
    access: { module, button: 'btn_edit' },
    params: IdParams,
    body: update.body,
    handler: async ({ params, body, session }) => {
      await update.run(session, params.id, body as z.output<U>);
      return answer(null, update.message);
    },
  });

  if (toggle) {
    defineRoute(app, services, {
      method: 'PUT',
      url: `${url}/:id/Actions/State`,
      access: { module, button: toggle.button },
      params: IdParams,
      handler: async ({ params, session }) => {
        await toggle.run(session, params.id);
        return answer(null, toggle.message);
      },
    });
  }

  defineRoute(app, services, {
    method: 'DELETE',
    url: `${url}/:id`,
    access: { module, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await remove.run(session, params.id);
      return answer(null, remove.message);
    },
  });
}
