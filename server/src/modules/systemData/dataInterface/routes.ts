import {
  DataInterfaceBody,
  DataInterfaceInfoByIdsBody,
  DataInterfaceListBody,
  DataInterfaceListQuery,
  DataInterfacePreviewBody,
  DataInterfaceUpdateBody,
} from '@console/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BizError } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { defineRecordRoutes, IdParams } from '../../../core/record-routes.js';
import { clientInfo } from '../../../core/request.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Session } from '../../../core/sessions.js';
import { assertFixedOrder } from '../../../db/query.js';
import { dataInterfaceLogs } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { hasPermission } from '../../permission/grants.js';
import { verifyOutsideCall } from '../interfaceOauth/verify.js';
import { findInterface, type RunOptions, runLoadedInterface } from './run.js';
import { DataInterfaceMessages, DataInterfaceService } from './service.js';

export const DATA_INTERFACE_MODULE = 'systemData.dataInterface';

const LogQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(100).optional().default(''),
});

const logOf = (req: FastifyRequest, oauthAppId: string | null = null): RunOptions['log'] => {
  const client = clientInfo(req);
  return {
    ip: client.ip,
    device: `${client.platForm} ${client.browser}`.slice(0, 200),
    invokType: req.method === 'GET' ? 'GET' : 'POST',
    oauthAppId,
  };
};

/** Rows of an answer: an array, or the list of a paged answer. */
const rowsOf = (data: unknown): Record<string, unknown>[] => {
  const list = Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list;
  return Array.isArray(list)
    ? list.filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object')
    : [];
};

export function registerDataInterfaceRoutes(app: FastifyInstance, services: Services) {
  const interfaces = new DataInterfaceService(services.db);
  registerDownload('dataInterface', async (s, payload) => ({
    body: JSON.stringify(await new DataInterfaceService(s.db).exportBd(String(payload))),
    contentType: 'application/octet-stream',
  }));

  /**
   * Runs an interface for a signed-in user. Any user may run enabled interfaces (forms take
   * their options from them); holders of the interface page may also run disabled ones.
   */
  const runFor = async (
    req: FastifyRequest,
    session: Session,
    id: string,
    params: unknown,
    options: RunOptions = {},
  ) => {
    const row = await findInterface(services.db, id);
    const manager =
      session.isAdministrator || (await hasPermission(services.db, session.userId, DATA_INTERFACE_MODULE));
    return runLoadedInterface(services, row, params, session, {
      ...options,
      includeDisabled: manager,
      log: logOf(req),
    });
  };

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataInterface',
    access: { module: DATA_INTERFACE_MODULE },
    query: DataInterfaceListQuery,
    handler: ({ query }) => {
      assertFixedOrder(query.sidx);
      return interfaces.list(query);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataInterface/Selector',
    access: 'session',
    handler: () => interfaces.selector(),
  });

  /** The flow-event and designer picker: enabled interfaces, paged. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataInterface/getList',
    access: 'session',
    query: DataInterfaceListQuery,
    handler: async ({ query }) => {
      const page = await interfaces.list(query);
      return { ...page, list: page.list.filter((r) => r.enabledMark === 1) };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataInterface/GetParam/:id',
    access: 'session',
    params: IdParams,
    handler: async ({ params }) => JSON.parse((await interfaces.get(params.id)).requestParameters),
  });

  defineRecordRoutes(app, services, {
    url: '/api/system/DataInterface',
    module: DATA_INTERFACE_MODULE,
    create: {
      body: DataInterfaceBody,
      run: (session, body) => interfaces.create(body, session.userId),
      message: DataInterfaceMessages.created,
    },
    info: (_session, id) => interfaces.info(id),
    update: {
      body: DataInterfaceUpdateBody,
      run: (session, id, body) => interfaces.update(id, body, session.userId),
      message: DataInterfaceMessages.updated,
    },
    toggle: {
      button: 'btn_state',
      run: (session, id) => interfaces.toggle(id, session.userId),
      message: DataInterfaceMessages.stateChanged,
    },
    remove: { run: (_session, id) => interfaces.remove(id), message: DataInterfaceMessages.deleted },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataInterface/:id/Actions/Copy',
    access: { module: DATA_INTERFACE_MODULE, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await interfaces.copy(params.id, session.userId) }, DataInterfaceMessages.copied),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataInterface/:id/Actions/Preview',
    access: 'session',
    params: IdParams,
    body: DataInterfacePreviewBody,
    handler: ({ req, params, body, session }) => runFor(req, session, params.id, body.paramList),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataInterface/:id/Action/List',
    access: 'session',
    params: IdParams,
    body: DataInterfaceListBody,
    handler: async ({ req, params, body, session }) => {
      const paging = { currentPage: body.currentPage, pageSize: body.pageSize, keyword: body.keyword };
      const data = await runFor(req, session, params.id, body.paramList, { paging });
      if (data && typeof data === 'object' && !Array.isArray(data) && 'pagination' in data) return data;
      let rows = rowsOf(data);
      if (body.keyword) {
        const keys = [body.relationField, ...body.columnOptions.split(',')]
          .map((k) => k.trim())
          .filter(Boolean);
        const needle = body.keyword.toLowerCase();
        rows = rows.filter((r) =>
          keys.some((k) =>
            String(r[k] ?? '')
              .toLowerCase()
              .includes(needle),
          ),
        );
      }
      const start = (body.currentPage - 1) * body.pageSize;
      return {
        list: rows.slice(start, start + body.pageSize),
        pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: rows.length },
      };
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataInterface/:id/Action/InfoByIds',
    access: 'session',
    params: IdParams,
    body: DataInterfaceInfoByIdsBody,
    handler: async ({ req, params, body, session }) => {
      const wanted = new Set(body.ids.map(String));
      const rows = rowsOf(await runFor(req, session, params.id, body.paramList));
      return rows.filter((r) => wanted.has(String(r[body.propsValue] ?? '')));
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DataInterface/:id/Actions/GetFields',
    access: 'session',
    params: IdParams,
    body: DataInterfacePreviewBody,
    handler: async ({ req, params, body, session }) => {
      const [first] = rowsOf(await runFor(req, session, params.id, body.paramList));
      return first ? Object.keys(first) : [];
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataInterface/:id/Action/Export',
    access: { module: DATA_INTERFACE_MODULE, button: 'btn_export' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const row = await interfaces.get(params.id);
      return issueDownload(services, {
        kind: 'dataInterface',
        fileName: `${row.fullName}.bd`,
        payload: row.id,
        userId: session.userId,
      });
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/system/DataInterface/Action/Import',
      access: { module: DATA_INTERFACE_MODULE, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: 1024 * 1024, extension: 'bd' });
        return answer(
          { id: await interfaces.importBd(file.content, session.userId) },
          DataInterfaceMessages.imported,
        );
      },
    });
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DataInterfaceLog/:id',
    access: { module: DATA_INTERFACE_MODULE, button: 'btn_log' },
    params: IdParams,
    query: LogQuery,
    handler: ({ params, query }) => interfaces.logs({ interfaceId: params.id }, query),
  });

  /** Outside callers (interface auth): GET takes parameters in the query, POST a JSON body. */
  for (const method of ['GET', 'POST'] as const) {
    defineRoute(app, services, {
      method,
      url: '/api/system/DataInterface/:id/Actions/Response',
      access: 'public',
      params: IdParams,
      handler: async ({ req, params }) => {
        const path = req.url.split('?')[0]!;
        const header = req.headers.authorization;
        let appId: string | null = header?.includes('::')
          ? header.slice(0, header.indexOf('::')).slice(0, 64)
          : null;
        const started = Date.now();
        try {
          ({ appId } = await verifyOutsideCall(services.db, {
            authorization: header,
            ymDate: String(req.headers.ymdate ?? ''),
            method: req.method,
            path,
            host: String(req.headers.host ?? ''),
            ip: req.ip,
            interfaceId: params.id,
          }));
        } catch (error) {
          // Refusals are logged too, against the interface asked for.
          if (error instanceof BizError) {
            const log = logOf(req, appId);
            await services.db
              .insert(dataInterfaceLogs)
              .values({
                id: newId(),
                interfaceId: params.id,
                invokTime: started,
                invokIp: log?.ip ?? null,
                invokDevice: log?.device ?? null,
                invokType: log?.invokType ?? 'GET',
                invokWasteTime: Date.now() - started,
                oauthAppId: appId,
                success: 0,
                message: error.message,
              })
              .catch(() => undefined);
          }
          throw error;
        }
        const input = req.method === 'GET' ? (req.query as Record<string, unknown>) : (req.body ?? {});
        const {
          n: _n,
          tenantId: _t,
          ...params_
        } = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
        const row = await findInterface(services.db, params.id);
        return runLoadedInterface(services, row, params_, null, { log: logOf(req, appId) });
      },
    });
  }
}
