import {
  OrgIdsBody,
  PositionBody,
  PositionConditionBody,
  PositionListQuery,
  PositionUpdateBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { defineRecordRoutes } from '../../../core/record-routes.js';
import { defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { PositionMessages, PositionService } from './service.js';

const MODULE = 'permission.position';

export function registerPositionRoutes(app: FastifyInstance, services: Services) {
  const positions = new PositionService(services);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Position',
    access: { module: MODULE },
    query: PositionListQuery,
    handler: ({ query, session }) => positions.list(session, query),
  });

  // Pickers of every page (user form, flows) read these.
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Position/Selector',
    access: 'session',
    handler: ({ session }) => positions.selector(session),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Position/All',
    access: 'session',
    handler: ({ session }) => positions.all(session),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Position/getListByOrgIds',
    access: 'session',
    body: OrgIdsBody,
    handler: ({ body, session }) => positions.byUnits(session, body.organizeIds),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Position/PositionCondition',
    access: 'session',
    body: PositionConditionBody,
    handler: ({ body, session }) =>
      positions.condition(session, body.departIds, body.positionIds, body.keyword),
  });

  defineRecordRoutes(app, services, {
    url: '/api/permission/Position',
    module: MODULE,
    create: {
      body: PositionBody,
      run: (session, body) => positions.create(session, body),
      message: PositionMessages.created,
    },
    info: (session, id) => positions.info(session, id),
    update: {
      body: PositionUpdateBody,
      run: (session, id, body) => positions.update(session, id, body),
      message: PositionMessages.updated,
    },
    toggle: {
      button: 'btn_edit',
      run: (session, id) => positions.toggleState(session, id),
      message: PositionMessages.stateChanged,
    },
    remove: { run: (session, id) => positions.remove(session, id), message: PositionMessages.deleted },
  });
}
