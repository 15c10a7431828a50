import { ScheduleBody, ScheduleRangeQuery, ScheduleScopeParams } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { startReminders } from './reminders.js';
import { ScheduleMessages, ScheduleService } from './service.js';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Schedules are personal: every signed-in user keeps their own and sees those they take part
 * in, so the routes need a session, and the service checks creator or participant per row.
 */
export function registerScheduleRoutes(app: FastifyInstance, services: Services) {
  const schedules = new ScheduleService(services.db);
  startReminders(app, services, schedules);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Schedule',
    access: 'session',
    query: ScheduleRangeQuery,
    handler: async ({ query, session }) => ({
      list: await schedules.range(session.userId, query.startTime, query.endTime),
    }),
  });

  defineRoute(app, services, {
    method: 'GET',
    // The existing client asks for `detail/?groupId=…&id=…`, with the slash.
    url: ['/api/system/Schedule/detail', '/api/system/Schedule/detail/'],
    access: 'session',
    query: z.object({
      id: z.string({ message: '请选择日程' }).min(1, '请选择日程').max(64),
      groupId: z.string().max(64).optional(),
    }),
    handler: ({ query, session }) => schedules.detail(session.userId, query.id),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Schedule/:id',
    access: 'session',
    params: IdParams,
    handler: ({ params, session }) => schedules.info(session.userId, params.id),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/Schedule',
    access: 'session',
    body: ScheduleBody,
    handler: async ({ body, session }) =>
      answer({ id: await schedules.create(session.userId, body) }, ScheduleMessages.created),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/Schedule/:id/:flag',
    access: 'session',
    params: ScheduleScopeParams,
    body: ScheduleBody,
    handler: async ({ params, body, session }) => {
      await schedules.update(session.userId, params.id, params.flag, body);
      return answer(null, ScheduleMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/Schedule/:id/:flag',
    access: 'session',
    params: ScheduleScopeParams,
    handler: async ({ params, session }) => {
      await schedules.remove(session.userId, params.id, params.flag);
      return answer(null, ScheduleMessages.deleted);
    },
  });
}
