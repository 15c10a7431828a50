import {
  DefaultDepartmentBody,
  OrganizeBody,
  OrganizeConditionBody,
  OrganizeTreeQuery,
  OrganizeUpdateBody,
} from '@console/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { defineRecordRoutes, IdParams } from '../../../core/record-routes.js';
import { defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { OrganizeMessages, OrganizeService, SerializedAnswer } from './service.js';

/** Departments are managed on the organisation page (button btn_addDepartment adds one). */
const MODULE = 'permission.organize';
/** Selector/{id}: the unit being edited (left out with its subtree); '0' or nothing for none. */
const SelectorParams = z.object({ id: z.string().trim().max(64).optional().default('0') });

const sendList = <T>(reply: FastifyReply, answer: T | SerializedAnswer) =>
  answer instanceof SerializedAnswer
    ? reply.type('application/json; charset=utf-8').send(answer.json)
    : answer;

export function registerOrganizeRoutes(app: FastifyInstance, services: Services) {
  const units = new OrganizeService(services);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Organize',
    access: { module: MODULE },
    query: OrganizeTreeQuery,
    handler: async ({ query, session, reply }) =>
      sendList(reply, await units.list(session, query.keyword, undefined, true)),
  });

  /** Companies only (the organisation tree of pickers and of the user page's left pane). */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Organize/Tree',
    access: 'session',
    query: OrganizeTreeQuery,
    handler: async ({ query, session, reply }) =>
      sendList(reply, await units.list(session, query.keyword, 'company')),
  });

  for (const [prefix, onlyCompanies] of [
    ['/api/permission/Organize', true],
    ['/api/permission/Organize/Department', false],
  ] as const) {
    defineRoute(app, services, {
      method: 'GET',
      url: [`${prefix}/Selector/`, `${prefix}/Selector/:id`],
      access: 'session',
      params: SelectorParams,
      handler: ({ params, session }) => units.selector(session, params.id, onlyCompanies, false),
    });
    defineRoute(app, services, {
      method: 'GET',
      url: [`${prefix}/SelectorByAuth/`, `${prefix}/SelectorByAuth/:id`],
      access: 'session',
      params: SelectorParams,
      handler: ({ params, session }) => units.selector(session, params.id, onlyCompanies, true),
    });
  }

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Organize/OrganizeCondition',
    access: 'session',
    body: OrganizeConditionBody,
    handler: ({ body, session }) => units.condition(session, body.departIds, body.keyword),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/permission/Organize/getDefaultCurrentValueDepartmentId',
    access: 'session',
    body: DefaultDepartmentBody,
    handler: async ({ body, session }) => units.defaultDepartment(session, body.departIds),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/permission/Organize/:id/Department',
    access: { module: MODULE },
    params: IdParams,
    query: OrganizeTreeQuery,
    handler: ({ params, query, session }) => units.departmentsOf(session, params.id, query.keyword),
  });

  for (const [prefix, category, addButton] of [
    ['/api/permission/Organize', 'company', 'btn_add'],
    ['/api/permission/Organize/Department', 'department', 'btn_addDepartment'],
  ] as const) {
    defineRecordRoutes(app, services, {
      url: prefix,
      module: MODULE,
      addButton,
      create: {
        body: OrganizeBody,
        run: (session, body) => units.create(session, category, body),
        message: OrganizeMessages.created,
      },
      info: (session, id) => units.info(session, id),
      update: {
        body: OrganizeUpdateBody,
        run: (session, id, body) => units.update(session, id, body),
        message: OrganizeMessages.updated,
      },
      toggle: {
        button: 'btn_edit',
        run: (session, id) => units.toggleState(session, id),
        message: OrganizeMessages.stateChanged,
      },
      remove: { run: (session, id) => units.remove(session, id), message: OrganizeMessages.deleted },
    });
  }
}
