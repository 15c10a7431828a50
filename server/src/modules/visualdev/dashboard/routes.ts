import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { DashboardNoticeBody, DashboardService, FlowTodoCountBody } from './service.js';

const BASE = '/api/visualdev/Dashboard';

/**
 * The home portal's widget calls (other.md 3): any signed-in person, always about themselves.
 * GET /FlowTodo (the todo list) is registered with the portal routes.
 */
export function registerDashboardRoutes(app: FastifyInstance, services: Services) {
  const dashboard = new DashboardService(services);

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/MyFlowTodo`,
    access: 'session',
    handler: ({ session }) => dashboard.myFlowTodo(session.userId),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/FlowTodoCount`,
    access: 'session',
    body: FlowTodoCountBody,
    handler: ({ body, session }) => dashboard.flowTodoCount(session.userId, body),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/Notice`,
    access: 'session',
    body: DashboardNoticeBody,
    handler: ({ body, session }) => dashboard.notices(session.userId, body.typeList),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Email`,
    access: 'session',
    handler: ({ session }) => dashboard.unreadMails(session.userId),
  });
}
