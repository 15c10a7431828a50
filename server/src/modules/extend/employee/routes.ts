import { EmployeeListQuery, ImportListBody, ImportPreviewQuery } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { answer, defineRoute } from '../../../core/route.js';
import { selectPage } from '../../../db/query.js';
import { extEmployees } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { withMultipart } from '../../file/multipart.js';
import {
  ImportMessages,
  importAnswer,
  keepImportUpload,
  previewImportUpload,
  readImportFile,
} from '../../permission/user/importExport.js';
import {
  checkEmployeeRows,
  EMPLOYEE_COLUMNS,
  employeeErrors,
  employeeExport,
  employeeFilter,
  employeeOrder,
  employeeTemplate,
  importEmployees,
  rowOf,
} from './sheet.js';

const MODULE = 'extend.importAndExport';
const UPLOAD_FOLDER = 'employeeImport';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const Params = z.object({ id: z.string().trim().min(1).max(64) });

export const EmployeeMessages = {
  notFound: '员工不存在或已删除',
  deleted: '删除成功',
} as const;

/**
 * extend/importAndExport (other.md 1): the employee roster with Excel export and the generic
 * three-step import wizard (upload, preview with each row's problems, import).
 */
export function registerEmployeeRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  registerDownload('employeeTemplate', async () => ({ body: await employeeTemplate(), contentType: XLSX }));
  registerDownload('employeeImportErrors', async (_s, payload) => ({
    body: await employeeErrors(payload as Record<string, unknown>[]),
    contentType: XLSX,
  }));
  registerDownload('employeeExport', async (s, payload) => ({
    body: await employeeExport(s.db, EmployeeListQuery.parse(payload)),
    contentType: XLSX,
  }));

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Employee',
    access: { module: MODULE },
    query: EmployeeListQuery,
    handler: async ({ query }) => {
      const page = await selectPage(
        db,
        extEmployees,
        employeeFilter(query.keyword),
        employeeOrder(query),
        query,
      );
      return { list: page.rows.map(rowOf), pagination: page.pagination };
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/Employee/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: Params,
    handler: async ({ params, session }) => {
      const done = await db
        .update(extEmployees)
        .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: session.userId })
        .where(and(eq(extEmployees.id, params.id), eq(extEmployees.deleteMark, 0)))
        .returning({ id: extEmployees.id });
      if (done.length === 0) throw badRequest(EmployeeMessages.notFound);
      return answer(null, EmployeeMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Employee/ExportExcelData',
    access: { module: MODULE, button: 'btn_export' },
    query: EmployeeListQuery,
    handler: ({ query, session }) =>
      issueDownload(services, {
        kind: 'employeeExport',
        fileName: '员工信息.xlsx',
        payload: query,
        userId: session.userId,
      }),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Employee/TemplateDownload',
    access: { module: MODULE, button: 'btn_import' },
    handler: ({ session }) =>
      issueDownload(services, {
        kind: 'employeeTemplate',
        fileName: '员工信息导入模板.xlsx',
        payload: null,
        userId: session.userId,
      }),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Employee/ImportPreview',
    access: { module: MODULE, button: 'btn_import' },
    query: ImportPreviewQuery,
    handler: async ({ query, session }) => {
      const preview = await previewImportUpload(
        services,
        session,
        UPLOAD_FOLDER,
        EMPLOYEE_COLUMNS,
        query.fileName,
      );
      // Each row carries what the import would refuse it for, so it can be fixed first.
      const checked = await checkEmployeeRows(db, preview.dataRow);
      return {
        ...preview,
        dataRow: checked.map(({ row, errors }) =>
          errors.length ? { ...row, errorsInfo: errors.join('；') } : row,
        ),
      };
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Employee/ImportData',
    access: { module: MODULE, button: 'btn_import' },
    body: ImportListBody,
    handler: async ({ body, session }) => {
      const result = await importEmployees(services, session, body.list);
      return importAnswer(result);
    },
  });

  // The import wizard's "download the failed rows" button.
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Employee/ExportExceptionData',
    access: { module: MODULE, button: 'btn_import' },
    body: ImportListBody,
    handler: ({ body, session }) =>
      issueDownload(services, {
        kind: 'employeeImportErrors',
        fileName: '员工导入错误报告.xlsx',
        payload: body.list,
        userId: session.userId,
      }),
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/extend/Employee/Uploader',
      access: { module: MODULE, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readImportFile(req);
        return answer(
          await keepImportUpload(services, session, UPLOAD_FOLDER, EMPLOYEE_COLUMNS, file.content),
          ImportMessages.uploaded,
        );
      },
    });
  });
}
