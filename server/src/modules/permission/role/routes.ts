import { OrgIdsBody, RoleBody, RoleListQuery, RoleUpdateBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { defineRecordRoutes } from '../../../core/record-routes.js';
import { defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { RoleMessages, RoleService } from './service.js';

const MODULE = 'permission.role';

export function registerRoleRoutes(app: FastifyInstance, services: Services) {
  const roles = new RoleService(services);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Role',
    access: { module: MODULE },
    query: RoleListQuery,
    handler: ({ query, session }) => roles.list(session, query),
  });

  // The role picker of every page; ByPermission offers only roles the caller may hand out.
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Role/Selector',
    access: 'session',
    handler: ({ session }) => roles.selector(session, 'select'),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Role/SelectorByPermission',
    access: 'session',
    handler: ({ session }) => roles.selector(session, 'edit'),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Role/getListByOrgIds',
    access: 'session',
    body: OrgIdsBody,
    handler: ({ body, session }) => roles.selector(session, 'select', body.organizeIds),
  });

  defineRecordRoutes(app, services, {
    url: '/api/permission/Role',
    module: MODULE,
    create: {
      body: RoleBody,
      run: (session, body) => roles.create(session, body),
      message: RoleMessages.created,
    },
    info: (session, id) => roles.info(session, id),
    update: {
      body: RoleUpdateBody,
      run: (session, id, body) => roles.update(session, id, body),
      message: RoleMessages.updated,
    },
    toggle: {
      button: 'btn_state',
      run: (session, id) => roles.toggleState(session, id),
      message: RoleMessages.stateChanged,
    },
    remove: { run: (session, id) => roles.remove(session, id), message: RoleMessages.deleted },
  });
}
