import { BillRuleBody, BillRuleListQuery, BillRuleUpdateBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { hasPermission } from '../../permission/grants.js';
import { BILL_NUMBER_LIMITS, BillRuleMessages, BillRuleService, billNumberKeys } from './service.js';

const MODULE = 'system.billRule';
const IdParams = z.object({ id: z.string().min(1).max(64) });

export function registerBillRuleRoutes(app: FastifyInstance, services: Services) {
  const rules = new BillRuleService(services.db);
  registerDownload('billRule', async (s, payload) => ({
    body: JSON.stringify(await new BillRuleService(s.db).exportBb(String(payload))),
    contentType: 'application/octet-stream',
  }));

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/BillRule',
    access: { module: MODULE },
    query: BillRuleListQuery,
    handler: ({ query }) => rules.list(query),
  });

  /** The business-rule picker of forms: enabled rules, paged. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/BillRule/Selector',
    access: 'session',
    query: BillRuleListQuery,
    handler: ({ query }) => rules.list(query, true),
  });

  /**
   * Takes the next number; forms with serial-number fields call it on save, so any signed-in
   * user may (a flow form's author need not hold any page of it). Users without the bill-rule
   * page are limited per minute and per day, so that nobody can drain a rule.
   */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/BillRule/BillNumber/:code',
    access: 'session',
    params: z.object({ code: z.string().min(1).max(50) }),
    handler: async ({ params, session }) => {
      if (!session.isAdministrator && !(await hasPermission(services.db, session.userId, MODULE))) {
        const keys = billNumberKeys(session.userId);
        if ((await services.kv.increment(keys.minute, 60_000)) > BILL_NUMBER_LIMITS.perMinute)
          throw badRequest(BillRuleMessages.tooManyNumbers);
        if ((await services.kv.increment(keys.day, 86_400_000)) > BILL_NUMBER_LIMITS.perDay)
          throw badRequest(BillRuleMessages.tooManyNumbers);
      }
      return rules.nextNumber(params.code);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/BillRule',
    access: { module: MODULE, button: 'btn_add' },
    body: BillRuleBody,
    handler: async ({ body, session }) =>
      answer({ id: await rules.create(body, session.userId) }, BillRuleMessages.created),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/BillRule/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params }) => rules.info(params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/BillRule/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: BillRuleUpdateBody,
    handler: async ({ params, body, session }) => {
      await rules.update(params.id, body, session.userId);
      return answer(null, BillRuleMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/BillRule/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await rules.remove(params.id);
      return answer(null, BillRuleMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/BillRule/:id/Actions/State',
    access: { module: MODULE, button: 'btn_state' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await rules.toggle(params.id, session.userId);
      return answer(null, BillRuleMessages.stateChanged);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/BillRule/:id/Action/Export',
    access: { module: MODULE, button: 'btn_export' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const rule = await rules.get(params.id);
      return issueDownload(services, {
        kind: 'billRule',
        fileName: `${rule.fullName}.bb`,
        payload: rule.id,
        userId: session.userId,
      });
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/system/BillRule/Action/Import',
      access: { module: MODULE, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: 1024 * 1024, extension: 'bb' });
        return answer({ id: await rules.importBb(file.content, session.userId) }, BillRuleMessages.imported);
      },
    });
  });
}
