import {
  ImportListBody,
  ImportPreviewQuery,
  OnlineBatchDeleteBody,
  OnlineDataBody,
  OnlineExportBody,
  OnlineListBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { withMultipart } from '../../file/multipart.js';
import { ImportMessages, importAnswer, readImportFile } from '../../permission/user/importExport.js';
import { VisualDevMessages } from '../webDesign/service.js';
import { acceptUpload, exceptionFile, importRows, preview, templateFile } from './import.js';
import { FieldDataSelectQuery, FieldName, RelationMessages } from './relation.js';
import { OnlineDevService } from './runtime.js';

const Id = z.string().min(1).max(64);
const IdParams = z.object({ id: Id });
const ModelParams = z.object({ modelId: Id });
const RecordParams = z.object({ modelId: Id, id: Id });
const ConfigQuery = z.object({ type: z.string().max(2).optional() });

/** The generated pages (forms.md 5): their parts, records, export, and import through the wizard. */
export function registerOnlineDevRoutes(app: FastifyInstance, services: Services) {
  const online = new OnlineDevService(services);
  const xlsxOf = (fileName: string, content: Buffer, userId: string) =>
    issueDownload(services, {
      kind: 'onlineDevExport',
      fileName,
      payload: content.toString('base64'),
      userId,
    });
  registerDownload('onlineDevExport', async (_s, payload) => ({
    body: Buffer.from(String(payload), 'base64'),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }));

  // Under Base, but it reads the released form (fields for pickers on other forms), as FieldDataSelect does.
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/Base/:id/FormDataFields',
    access: 'session',
    params: IdParams,
    query: z.object({ filterType: z.coerce.number().int().min(0).max(1).optional().default(0) }),
    handler: async ({ params, session }) => {
      const rt = await online.runtime(params.id);
      await online.access(session, params.id);
      return {
        list: rt.model.fields
          .filter((f) => f.key !== 'relationForm' && f.key !== 'popupSelect')
          .map((f) => ({ vmodel: f.vModel, label: f.label })),
      };
    },
  });

  // The relation-form picker (relation.ts).
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/Base/:id/FieldDataSelect',
    access: 'session',
    params: IdParams,
    query: FieldDataSelectQuery,
    handler: async ({ params, query, session, req }) => {
      const access = await online.access(session, params.id);
      const rt = await online.runtime(params.id);
      const columns = query.columnOptions
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const shown = [...new Set([query.relationField, ...columns])];
      for (const name of shown) {
        if (!FieldName.safeParse(name).success || !rt.fieldsByVModel.has(name))
          throw badRequest(RelationMessages.notField(name));
      }
      // A flat, paged list whatever view the page uses; the keyword searches the shown fields.
      const flat = {
        ...rt,
        columnData: { ...rt.columnData, type: 1, hasPage: true, columnList: [], searchList: [] },
      };
      const superQueryJson = query.keyword
        ? JSON.stringify({
            matchLogic: 'OR',
            conditionJson: shown.map((field) => ({ field, symbol: 'like', fieldValue: query.keyword })),
          })
        : '';
      const page = await online.list(
        flat,
        access,
        {
          currentPage: query.currentPage,
          pageSize: query.pageSize,
          sort: 'desc',
          sidx: '',
          keyword: '',
          menuId: '',
          queryJson: '',
          superQueryJson,
        },
        req.log,
      );
      return {
        list: page.list.map((row) => {
          const out: Record<string, unknown> = { id: row.id };
          for (const name of shown) out[name] = row[name];
          return out;
        }),
        pagination: page.pagination,
      };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/OnlineDev/:modelId/Config',
    access: 'session',
    params: ModelParams,
    query: ConfigQuery,
    handler: async ({ params, query, session }) => {
      const draft = query.type === '0';
      await online.access(session, params.modelId, undefined, draft);
      return online.config(await online.runtime(params.modelId, draft));
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/OnlineDev/:modelId/ColumnData',
    access: 'session',
    params: ModelParams,
    handler: async ({ params, session }) => {
      await online.access(session, params.modelId);
      return { columnData: (await online.runtime(params.modelId)).copy.columnData };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/OnlineDev/:modelId/FormData',
    access: 'session',
    params: ModelParams,
    handler: async ({ params, session }) => {
      await online.access(session, params.modelId);
      return { formData: (await online.runtime(params.modelId)).copy.formData };
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: ['/api/visualdev/OnlineDev/:modelId/List', '/api/visualdev/OnlineDev/:modelId/ListLink'],
    access: 'session',
    params: ModelParams,
    body: OnlineListBody,
    handler: async ({ params, body, session, req }) => {
      const access = await online.access(session, params.modelId);
      return online.list(await online.runtime(params.modelId), access, body, req.log);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/OnlineDev/:modelId/List/:id',
    access: 'session',
    params: RecordParams,
    body: OnlineListBody,
    handler: async ({ params, body, session, req }) => {
      const access = await online.access(session, params.modelId);
      return online.list(await online.runtime(params.modelId), access, body, req.log, params.id);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/OnlineDev/:modelId/:id',
    access: 'session',
    params: RecordParams,
    handler: async ({ params, session, req }) => {
      const access = await online.access(session, params.modelId);
      return online.detail(await online.runtime(params.modelId), access, params.id, req.log);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/OnlineDev/:modelId/:id/DataChange',
    access: 'session',
    params: RecordParams,
    handler: async ({ params, session, req }) => {
      const access = await online.access(session, params.modelId);
      return online.dataChange(await online.runtime(params.modelId), access, params.id, req.log);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/OnlineDev/:modelId',
    access: 'session',
    params: ModelParams,
    body: OnlineDataBody,
    handler: async ({ params, body, session }) => {
      const access = await online.access(session, params.modelId, 'btn_add');
      const id = await online.create(await online.runtime(params.modelId), access, body.data);
      return answer({ id }, VisualDevMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/visualdev/OnlineDev/:modelId/:id',
    access: 'session',
    params: RecordParams,
    body: OnlineDataBody,
    handler: async ({ params, body, session, req }) => {
      const access = await online.access(session, params.modelId, 'btn_edit');
      await online.update(await online.runtime(params.modelId), access, params.id, body.data, req.log);
      return answer(null, VisualDevMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/visualdev/OnlineDev/:modelId/:id',
    access: 'session',
    params: RecordParams,
    handler: async ({ params, session, req }) => {
      const access = await online.access(session, params.modelId, 'btn_remove');
      await online.remove(await online.runtime(params.modelId), access, [params.id], req.log);
      return answer(null, VisualDevMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/OnlineDev/batchDelete/:modelId',
    access: 'session',
    params: ModelParams,
    body: OnlineBatchDeleteBody,
    handler: async ({ params, body, session, req }) => {
      const access = await online.access(session, params.modelId, 'btn_batchRemove');
      await online.remove(await online.runtime(params.modelId), access, body.ids, req.log);
      return answer(null, VisualDevMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/OnlineDev/:modelId/Actions/Export',
    access: 'session',
    params: ModelParams,
    body: OnlineExportBody,
    handler: async ({ params, body, session, req }) => {
      const access = await online.access(session, params.modelId, 'btn_export');
      const rt = await online.runtime(params.modelId);
      return xlsxOf(
        `${rt.copy.fullName}.xlsx`,
        await online.exportXlsx(rt, access, body, req.log),
        session.userId,
      );
    },
  });

  // ----- Import through the generic wizard (widgets.md; forms.md 5) -----

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/visualdev/OnlineDev/Uploader',
      access: 'session',
      handler: async ({ req, session }) => {
        const file = await readImportFile(req);
        return answer(await acceptUpload(services, session, file.content), ImportMessages.uploaded);
      },
    });

    // The 3.4.7 client's list page imports in one step: upload the filled template, rows added.
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/VisualDevelopment/Model/:modelId/Actions/Uploader',
      access: 'session',
      params: ModelParams,
      handler: async ({ req, params, session }) => {
        await online.access(session, params.modelId, 'btn_import');
        const access = await online.access(session, params.modelId, 'btn_add');
        const rt = await online.runtime(params.modelId);
        const file = await readImportFile(req);
        const { name } = await acceptUpload(services, session, file.content);
        const { dataRow } = await preview(services, rt, session, name);
        return importAnswer(await importRows(online, rt, access, dataRow));
      },
    });
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/OnlineDev/:modelId/TemplateDownload',
    access: 'session',
    params: ModelParams,
    handler: async ({ params, session }) => {
      await online.access(session, params.modelId, 'btn_import');
      const rt = await online.runtime(params.modelId);
      return xlsxOf(`${rt.copy.fullName}导入模板.xlsx`, await templateFile(rt), session.userId);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/OnlineDev/:modelId/ImportPreview',
    access: 'session',
    params: ModelParams,
    query: ImportPreviewQuery,
    handler: async ({ params, query, session }) => {
      await online.access(session, params.modelId, 'btn_import');
      return preview(services, await online.runtime(params.modelId), session, query.fileName);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/OnlineDev/:modelId/ImportData',
    access: 'session',
    params: ModelParams,
    body: ImportListBody,
    handler: async ({ params, body, session }) => {
      // Rows are added as the add button adds them.
      await online.access(session, params.modelId, 'btn_import');
      const access = await online.access(session, params.modelId, 'btn_add');
      const result = await importRows(online, await online.runtime(params.modelId), access, body.list);
      return importAnswer(result);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    // ImportExceptionData: the name the 3.4.7 client's import wizard (ImportBox) calls.
    url: [
      '/api/visualdev/OnlineDev/:modelId/ExportExceptionData',
      '/api/visualdev/OnlineDev/:modelId/ImportExceptionData',
    ],
    access: 'session',
    params: ModelParams,
    body: ImportListBody,
    handler: async ({ params, body, session }) => {
      await online.access(session, params.modelId, 'btn_import');
      const rt = await online.runtime(params.modelId);
      return xlsxOf(
        `${rt.copy.fullName}导入错误报告.xlsx`,
        await exceptionFile(rt, body.list),
        session.userId,
      );
    },
  });
}
