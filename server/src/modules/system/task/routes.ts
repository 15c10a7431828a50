import { TaskBody, TaskListQuery, TaskLogQuery, TaskUpdateBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { taskMethods } from './actions.js';
import { createTaskScheduler } from './scheduler.js';
import { TaskMessages, TaskService } from './service.js';

const MODULE = 'system.task';
const BASE = '/api/scheduletask';
const IdParams = z.object({ id: z.string().min(1).max(64) });

export function registerTaskRoutes(app: FastifyInstance, services: Services) {
  const tasks = new TaskService(services.db);
  const scheduler = createTaskScheduler(services, app.log);
  const interval = services.config.TASK_SCHEDULER_INTERVAL_MS;
  if (interval > 0) app.addHook('onReady', async () => scheduler.start(interval));
  // Runs in progress finish (and are logged) before the database closes.
  app.addHook('preClose', async () => scheduler.stop());

  defineRoute(app, services, {
    method: 'GET',
    url: BASE,
    access: { module: MODULE },
    query: TaskListQuery,
    handler: ({ query }) => tasks.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/TaskMethods`,
    access: { module: MODULE },
    handler: async () => taskMethods(),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Info/:id`,
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params }) => tasks.info(params.id),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: BASE,
    access: { module: MODULE, button: 'btn_add' },
    body: TaskBody,
    handler: async ({ body, session }) =>
      answer({ id: await tasks.create(body, session.userId) }, TaskMessages.created),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/:id`,
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: TaskUpdateBody,
    handler: async ({ params, body, session }) => {
      await tasks.update(params.id, body, session.userId);
      return answer(null, TaskMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await tasks.remove(params.id);
      return answer(null, TaskMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/:id/Actions/Enable`,
    access: { module: MODULE, button: 'btn_start' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await tasks.setEnabled(params.id, true, session.userId);
      return answer(null, TaskMessages.started);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/:id/Actions/Stop`,
    access: { module: MODULE, button: 'btn_stop' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await tasks.setEnabled(params.id, false, session.userId);
      return answer(null, TaskMessages.stopped);
    },
  });

  /** Runs the task at once, whether started or stopped, and answers the run's result. */
  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/:id/Actions/Run`,
    access: { module: MODULE, button: 'btn_start' },
    params: IdParams,
    handler: async ({ params }) => {
      const result = await scheduler.runNow(await tasks.get(params.id));
      return answer(result, result.runResult === 0 ? TaskMessages.ranOk : TaskMessages.ranFailed);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/:id/TaskLog`,
    access: { module: MODULE, button: 'btn_log' },
    params: IdParams,
    query: TaskLogQuery,
    handler: ({ params, query }) => tasks.logs(params.id, query),
  });
}
