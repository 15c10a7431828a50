import {
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
import { BizError } from '../../../core/errors.js';
import { Messages } from '../../../core/messages.js';
import { answer, defineRoute, holdsAny } from '../../../core/route.js';
import type { Session } from '../../../core/sessions.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { VisualDevMessages, VisualDevService } from './service.js';

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

/** The designs (forms.md 4): list, add, edit, copy, release, delete, and the .vdd export and import. */
export function registerWebDesignRoutes(app: FastifyInstance, services: Services) {
  const designs = new VisualDevService(services);
  registerDownload('visualDev', async (s, payload) => ({
    body: await new VisualDevService(s).exportVdd(String(payload)),
    contentType: 'application/octet-stream',
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
}
