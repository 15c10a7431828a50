import {
  PrintDataQuery,
  PrintDevBody,
  PrintDevListQuery,
  PrintDevUpdateBody,
  PrintFieldsBody,
  PrintLogBody,
  PrintLogQuery,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { PrintDevMessages, PrintDevService } from './service.js';

const MODULE = 'system.printDev';
const IdParams = z.object({ id: z.string().min(1).max(64) });

/** Print templates, their data and the print log (system-admin.md 7.3). */
export function registerPrintDevRoutes(app: FastifyInstance, services: Services) {
  const prints = new PrintDevService(services.db);
  registerDownload('printDev', async (s, payload) => ({
    body: JSON.stringify(await new PrintDevService(s.db).exportBp(String(payload))),
    contentType: 'application/octet-stream',
  }));

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/printDev',
    access: { module: MODULE },
    query: PrintDevListQuery,
    handler: ({ query }) => prints.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/printDev/Selector',
    // Names only: flow designers and form pages pick a template without the print-template page.
    access: 'session',
    query: z.object({ type: z.coerce.number().int().min(1).max(2).optional() }),
    handler: ({ query }) => prints.selector(query.type),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/printDev/getListOptions',
    access: 'session',
    body: z.object({ ids: z.array(z.string().min(1).max(64)).max(500, '一次最多500个模板') }),
    handler: ({ body }) => prints.listOptions(body.ids),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/printDev/Fields',
    access: { module: MODULE },
    body: PrintFieldsBody,
    handler: ({ body }) => prints.fields(body.sqlTemplate, body.dbLinkId),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/printDev/Data',
    access: { module: MODULE },
    query: PrintDataQuery,
    handler: ({ query }) => prints.data(query.id, query.formId),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/printDev/BatchData',
    access: { module: MODULE },
    query: PrintDataQuery,
    handler: ({ query }) =>
      prints.batchData(
        query.id,
        query.formId
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/printDev',
    access: { module: MODULE, button: 'btn_add' },
    body: PrintDevBody,
    handler: async ({ body, session }) =>
      answer({ id: await prints.create(body, session.userId) }, PrintDevMessages.created),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/printDev/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params }) => prints.info(params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/printDev/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: PrintDevUpdateBody,
    handler: async ({ params, body, session }) => {
      await prints.update(params.id, body, session.userId);
      return answer(null, PrintDevMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/printDev/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await prints.remove(params.id);
      return answer(null, PrintDevMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/printDev/:id/Actions/Copy',
    access: { module: MODULE, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await prints.copy(params.id, session.userId) }, PrintDevMessages.copied),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/printDev/:id/Actions/State',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await prints.toggle(params.id, session.userId);
      return answer(null, PrintDevMessages.stateChanged);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/printDev/:id/Actions/Export',
    access: { module: MODULE, button: 'btn_export' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const row = await prints.get(params.id);
      return issueDownload(services, {
        kind: 'printDev',
        fileName: `${row.fullName}.bp`,
        payload: row.id,
        userId: session.userId,
      });
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/system/printDev/Actions/ImportData',
      access: { module: MODULE, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: 1024 * 1024, extension: 'bp' });
        return answer({ id: await prints.importBp(file.content, session.userId) }, PrintDevMessages.imported);
      },
    });
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/printLog/save',
    access: { module: MODULE },
    body: PrintLogBody,
    handler: async ({ body, session }) => {
      await prints.saveLog(body, session.userId);
      return answer(null, PrintDevMessages.saved);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/printLog/:id',
    access: { module: MODULE },
    params: IdParams,
    query: PrintLogQuery,
    handler: ({ params, query }) => prints.logs(params.id, query),
  });
}
