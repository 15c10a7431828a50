import { GradeAdminBody, GradeAdminUpdateBody, PageQuery } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRecordRoutes } from '../../../core/record-routes.js';
import { defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { GradeManageService, GradeMessages } from './service.js';

/** Reading needs the page; every change (and the rights of one user) is for administrators only. */
const MODULE = 'permission.gradeManage';
const SelectorParams = z.object({ id: z.string().trim().max(64).optional().default('0') });

export function registerGradeManageRoutes(app: FastifyInstance, services: Services) {
  const grades = new GradeManageService(services);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/organizeAdminIsTrator',
    access: { module: MODULE },
    query: PageQuery,
    handler: ({ query }) => grades.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: [
      '/api/permission/organizeAdminIsTrator/Selector/',
      '/api/permission/organizeAdminIsTrator/Selector/:id',
    ],
    access: { module: MODULE },
    params: SelectorParams,
    handler: ({ params, session }) => grades.selector(session, params.id),
  });

  defineRecordRoutes(app, services, {
    url: '/api/permission/organizeAdminIsTrator',
    module: MODULE,
    create: {
      body: GradeAdminBody,
      run: async (session, body) => {
        await grades.create(session, body);
        return body.userId;
      },
      message: GradeMessages.created,
    },
    info: (session, id) => grades.info(session, id),
    update: {
      body: GradeAdminUpdateBody,
      run: (session, id, body) => grades.update(session, id, body.organizeAdminList),
      message: GradeMessages.updated,
    },
    remove: { run: (session, id) => grades.remove(session, id), message: GradeMessages.deleted },
  });
}
