import {
  ImportListBody,
  ImportPreviewQuery,
  OnlineBatchDeleteBody,
  OnlineDataBody,
  OnlineExportBody,
  OnlineListBody,
  ResultCode,
  VisualDevBody,
  VisualDevListQuery,
  VisualDevReleaseBody,
  VisualDevSelectorQuery,
  VisualDevType,
  VisualDevUpdateBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BizError } from '../../core/errors.js';
import { Messages } from '../../core/messages.js';
import { answer, defineRoute, holdsAny } from '../../core/route.js';
import type { Session } from '../../core/sessions.js';
import type { Services } from '../../services.js';
import { issueDownload, registerDownload } from '../file/download.js';
import { readUpload, withMultipart } from '../file/multipart.js';
import { ImportMessages, importAnswer, readImportFile } from '../permission/user/importExport.js';
import { registerGeneratorRoutes } from './generator/routes.js';
import { acceptUpload, exceptionFile, importRows, preview, templateFile } from './import.js';
import { OnlineDevService } from './runtime.js';
import { VisualDevMessages, VisualDevService } from './service.js';
import { registerShortLinkRoutes } from './shortLink/routes.js';

/** The web-design page (console.md 2.6 OnlineDev/WebDesign) and its buttons. */
const MODULE = 'onlineDev.webDesign';
/** The code generator pages and the design type each lists (forms.md 4: 3 flow form, 4 web form). */
const GENERATOR_PAGES: Readonly<Record<number, string>> = {
  [VisualDevType.FlowForm]: 'generator.flowForm',
  [VisualDevType.CodeGenWeb]: 'generator.webForm',
};
/** The design routes the generator pages share: holders of any of these pages pass the route, then the type decides. */
const DESIGN_PAGES = [MODULE, ...Object.values(GENERATOR_PAGES)];
const Id = z.string().min(1).max(64);
const IdParams = z.object({ id: Id });
const ModelParams = z.object({ modelId: Id });
const RecordParams = z.object({ modelId: Id, id: Id });
const ConfigQuery = z.object({ type: z.string().max(2).optional() });

export function registerVisualDevRoutes(app: FastifyInstance, services: Services) {
  const designs = new VisualDevService(services);
  const online = new OnlineDevService(services);
  registerGeneratorRoutes(app, services);
  registerShortLinkRoutes(app, services);
  registerDownload('visualDev', async (s, payload) => ({
    body: await new VisualDevService(s).exportVdd(String(payload)),
    contentType: 'application/octet-stream',
  }));
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

  /**
   * Designs of a type are for the web-design page (every type, as before) or for the generator page
   * of that type (3 or 4 only), with the button when given; a list without a type is web design's.
   */
  const checkType = async (session: Session, types: readonly (number | undefined)[], button?: string) => {
    const generator = new Set(types.map((type) => (type === undefined ? undefined : GENERATOR_PAGES[type])));
    const [page] = generator;
    const pages = generator.size === 1 && page ? [MODULE, page] : [MODULE];
    if (!(await holdsAny(services, session, pages, button)))
      throw new BizError(ResultCode.BadRequest, Messages.permissionDenied);
  };
  const checkDesign = async (session: Session, id: string, button?: string, newType?: number) => {
    const { type } = await designs.get(id);
    await checkType(session, newType === undefined ? [type] : [type, newType], button);
  };

  // ----- Designs (forms.md 4) -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/Base',
    access: { module: DESIGN_PAGES },
    query: VisualDevListQuery,
    handler: async ({ query, session }) => {
      await checkType(session, [query.type]);
      return designs.list(query);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/Base/Selector',
    access: 'session',
    query: VisualDevSelectorQuery,
    handler: ({ query }) => designs.selector(query),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/Base',
    access: { module: DESIGN_PAGES, button: 'btn_add' },
    body: VisualDevBody,
    handler: async ({ body, session }) => {
      await checkType(session, [body.type], 'btn_add');
      return answer({ id: await designs.create(body, session.userId) }, VisualDevMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/visualdev/Base/:id',
    access: { module: DESIGN_PAGES },
    params: IdParams,
    handler: async ({ params, session }) => {
      await checkDesign(session, params.id);
      return designs.info(params.id);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/visualdev/Base/:id',
    access: { module: DESIGN_PAGES, button: 'btn_edit' },
    params: IdParams,
    body: VisualDevUpdateBody,
    handler: async ({ params, body, session }) => {
      await checkDesign(session, params.id, 'btn_edit', body.type);
      await designs.update(params.id, body, session.userId);
      return answer(null, VisualDevMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/visualdev/Base/:id',
    access: { module: DESIGN_PAGES, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await checkDesign(session, params.id, 'btn_remove');
      await designs.remove(params.id);
      return answer(null, VisualDevMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/Base/:id/Actions/Copy',
    access: { module: DESIGN_PAGES, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await checkDesign(session, params.id, 'btn_copy');
      return answer({ id: await designs.copy(params.id, session.userId) }, VisualDevMessages.copied);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/Base/:id/Actions/Release',
    access: { module: MODULE, button: 'btn_release' },
    params: IdParams,
    body: VisualDevReleaseBody,
    handler: async ({ params, body, session }) => {
      await designs.release(params.id, body, session.userId);
      return answer(null, VisualDevMessages.released);
    },
  });

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

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/visualdev/OnlineDev/:modelId/Actions/ExportData',
    access: { module: MODULE, button: 'btn_export' },
    params: ModelParams,
    handler: async ({ params, session }) => {
      const row = await designs.get(params.modelId);
      return issueDownload(services, {
        kind: 'visualDev',
        fileName: `${row.fullName}.vdd`,
        payload: row.id,
        userId: session.userId,
      });
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/visualdev/OnlineDev/Model/Actions/ImportData',
      access: { module: MODULE, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: 5 * 1024 * 1024, extension: 'vdd' });
        return answer(
          { id: await designs.importVdd(file.content, session.userId) },
          VisualDevMessages.imported,
        );
      },
    });
  });

  // ----- Generated pages (forms.md 5) -----

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
    url: '/api/visualdev/OnlineDev/:modelId/ExportExceptionData',
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
