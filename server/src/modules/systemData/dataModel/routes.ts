import { DataModelTableBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { Messages } from '../../../core/messages.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { hasPermission } from '../../permission/grants.js';
import { DataModelMessages, DataModelService } from './service.js';

export const DATA_MODEL_MODULE = 'systemData.dataModel';
/** The form designer picks tables and their fields too. */
const DESIGNER_MODULE = 'onlineDev.webDesign';

const LinkParams = z.object({ linkId: z.string().trim().min(1).max(64) });
/** Table names as read from a catalog (any characters); DDL checks its own names strictly. */
const TableParams = LinkParams.extend({ table: z.string().min(1, '缺少表名').max(128) });

export function registerDataModelRoutes(app: FastifyInstance, services: Services) {
  const model = new DataModelService(services.db);
  const base = '/api/system/DataModel/:linkId';
  registerDownload('dataModelTable', async (s, payload) => {
    const { linkId, table } = payload as { linkId: string; table: string };
    return {
      body: JSON.stringify(await new DataModelService(s.db).exportFile(linkId, table)),
      contentType: 'application/octet-stream',
    };
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/TableAll`,
    access: { module: DATA_MODEL_MODULE },
    params: LinkParams,
    query: z.object({ keyword: z.string().trim().max(100).optional().default('') }),
    handler: async ({ params, query }) => ({ list: await model.tables(params.linkId, query.keyword) }),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/Tables`,
    access: { module: DATA_MODEL_MODULE },
    params: LinkParams,
    query: z.object({
      keyword: z.string().trim().max(100).optional().default(''),
      currentPage: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(1000).default(20),
    }),
    handler: async ({ params, query }) => {
      const all = await model.tables(params.linkId, query.keyword);
      const start = (query.currentPage - 1) * query.pageSize;
      return {
        list: all.slice(start, start + query.pageSize),
        pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: all.length },
      };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/Tables/:table/Fields`,
    access: 'session',
    params: TableParams,
    query: z.object({ type: z.coerce.number().int().min(0).max(1).optional().default(0) }),
    handler: async ({ params, query, session }) => {
      if (
        !session.isAdministrator &&
        !(await hasPermission(services.db, session.userId, DATA_MODEL_MODULE)) &&
        !(await hasPermission(services.db, session.userId, DESIGNER_MODULE))
      )
        throw badRequest(Messages.permissionDenied);
      return model.fields(params.linkId, params.table, query.type);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/Table/:table`,
    access: { module: DATA_MODEL_MODULE },
    params: TableParams,
    handler: ({ params }) => model.info(params.linkId, params.table),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${base}/Table`,
    access: { module: DATA_MODEL_MODULE, button: 'btn_add' },
    params: LinkParams,
    body: DataModelTableBody,
    handler: async ({ params, body }) => {
      await model.create(params.linkId, body);
      return answer(null, DataModelMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${base}/Table`,
    access: { module: DATA_MODEL_MODULE, button: 'btn_edit' },
    params: LinkParams,
    body: DataModelTableBody,
    handler: async ({ params, body }) => {
      await model.update(params.linkId, body);
      return answer(null, DataModelMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${base}/addFields`,
    access: { module: DATA_MODEL_MODULE, button: 'btn_edit' },
    params: LinkParams,
    body: DataModelTableBody,
    handler: async ({ params, body }) => {
      await model.addFields(params.linkId, body);
      return answer(null, DataModelMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: `${base}/Table/:table`,
    access: { module: DATA_MODEL_MODULE, button: 'btn_remove' },
    params: TableParams,
    handler: async ({ params }) => {
      await model.remove(params.linkId, params.table);
      return answer(null, DataModelMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/Table/:table/Preview`,
    access: { module: DATA_MODEL_MODULE, button: 'btn_preview' },
    params: TableParams,
    query: z.object({
      field: z.string().trim().max(128).optional().default(''),
      keyword: z.string().trim().max(100).optional().default(''),
      currentPage: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(500).default(20),
    }),
    handler: ({ params, query }) => model.preview(params.linkId, params.table, query),
  });

  /** The table's structure as a .bdb file (system-data.md 2), read when it is downloaded. */
  defineRoute(app, services, {
    method: 'GET',
    url: `${base}/Table/:table/Action/Export`,
    access: { module: DATA_MODEL_MODULE, button: 'btn_export' },
    params: TableParams,
    handler: async ({ params, session }) => {
      const def = await model.exportFile(params.linkId, params.table);
      return issueDownload(services, {
        kind: 'dataModelTable',
        fileName: `${def.tableInfo.table}.bdb`,
        payload: { linkId: params.linkId, table: def.tableInfo.table },
        userId: session.userId,
      });
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: `${base}/Action/Import`,
      access: { module: DATA_MODEL_MODULE, button: 'btn_import' },
      params: LinkParams,
      handler: async ({ req, params }) => {
        const file = await readUpload(req, { maxBytes: 1024 * 1024, extension: 'bdb' });
        const table = await model.importFile(params.linkId, file.content);
        return answer({ table }, DataModelMessages.imported);
      },
    });
  });
}
