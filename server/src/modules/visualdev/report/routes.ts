import {
  DataReportBody,
  DataReportListQuery,
  DataReportRunBody,
  DataReportUpdateBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { defineRecordRoutes, IdParams } from '../../../core/record-routes.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { DATA_REPORT_MODULE, DataReportMessages, DataReportService } from './service.js';

/** `{reportServer}/api/datareport/Data` with reportServer = `/api/ReportServer` (other.md 3). */
export const REPORT_BASE = '/api/ReportServer/api/datareport/Data';
/**
 * The 3.4.7 client's production build puts reportServer at `{base API}/ReportServer` with an
 * empty base API, so it asks `/ReportServer/api/datareport/Data` (issue #20): both answer.
 */
const reportPaths = (path: string) =>
  [REPORT_BASE, '/ReportServer/api/datareport/Data'].map((base) => base + path);

/**
 * Report design (onlineDev/dataReport) and the report pages of menu type 5: the design page's
 * records, and running or exporting a report for whoever holds a menu showing it.
 */
export function registerDataReportRoutes(app: FastifyInstance, services: Services) {
  const reports = new DataReportService(services);
  registerDownload('dataReport', async (s, payload) => ({
    body: JSON.stringify(await new DataReportService(s).exportDr(String(payload))),
    contentType: 'application/octet-stream',
  }));
  registerDownload('dataReportXlsx', async (_s, payload) => ({
    body: Buffer.from(String(payload), 'base64'),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }));

  defineRoute(app, services, {
    method: 'GET',
    url: reportPaths(''),
    access: { module: DATA_REPORT_MODULE },
    query: DataReportListQuery,
    handler: ({ query }) => reports.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: reportPaths('/Selector'),
    access: 'session',
    handler: () => reports.selector(),
  });

  for (const url of reportPaths(''))
    defineRecordRoutes(app, services, {
      url,
      module: DATA_REPORT_MODULE,
      create: {
        body: DataReportBody,
        run: (session, body) => reports.create(body, session.userId),
        message: DataReportMessages.created,
      },
      info: (_session, id) => reports.info(id),
      update: {
        body: DataReportUpdateBody,
        run: (session, id, body) => reports.update(id, body, session.userId),
        message: DataReportMessages.updated,
      },
      remove: { run: (_session, id) => reports.remove(id), message: DataReportMessages.deleted },
    });

  defineRoute(app, services, {
    method: 'POST',
    url: reportPaths('/Copy/:id'),
    access: { module: DATA_REPORT_MODULE, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await reports.copy(params.id, session.userId) }, DataReportMessages.copied),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: reportPaths('/:id/Action/Export'),
    access: { module: DATA_REPORT_MODULE },
    params: IdParams,
    handler: async ({ params, session }) => {
      const row = await reports.get(params.id);
      return issueDownload(services, {
        kind: 'dataReport',
        fileName: `${row.fullName}.dr`,
        payload: row.id,
        userId: session.userId,
      });
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: reportPaths('/Action/Import'),
      access: { module: DATA_REPORT_MODULE, button: 'btn_add' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: 1024 * 1024, extension: 'dr' });
        return answer(
          { id: await reports.importDr(file.content, session.userId) },
          DataReportMessages.imported,
        );
      },
    });
  });

  // ----- The report page (menu type 5) -----

  defineRoute(app, services, {
    method: 'GET',
    url: reportPaths('/:id/Runtime'),
    access: 'session',
    params: IdParams,
    handler: ({ params, session }) => reports.runtime(session, params.id),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: reportPaths('/:id/Actions/Run'),
    access: 'session',
    params: IdParams,
    body: DataReportRunBody,
    handler: async ({ params, body, session }) => ({
      list: (await reports.run(session, params.id, body.params)).rows,
    }),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: reportPaths('/:id/Actions/Export'),
    access: 'session',
    params: IdParams,
    body: DataReportRunBody,
    handler: async ({ params, body, session }) => {
      const file = await reports.exportXlsx(session, params.id, body.params);
      return issueDownload(services, {
        kind: 'dataReportXlsx',
        fileName: file.fileName,
        payload: file.content.toString('base64'),
        userId: session.userId,
      });
    },
  });
}
