import {
  DataScreenBody,
  DataScreenListQuery,
  DataScreenUpdateBody,
  ScreenDataBody,
  ScreenShareBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRecordRoutes, IdParams } from '../../../core/record-routes.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { DATA_SCREEN_MODULE, DataScreenMessages, DataScreenService } from './service.js';
import { DataScreenShares, ShareGeoQuery, ShareMessages, SharePasswordBody, ShareQuery } from './share.js';

const BASE = '/api/visualdev/DataScreen';
const DraftQuery = z.object({
  /** 1: the saved draft (designers' preview), else the released copy. */
  draft: z.coerce.number().int().min(0).max(1).optional().default(0),
});
const ComponentParams = z.object({ id: z.string().min(1).max(64), componentId: z.string().min(1).max(64) });
const ImportBody = z.object({ file: z.unknown() });

/**
 * Data screens (大屏设计, issue #25): the design page's list and records, release, import and
 * export of one JSON file, the menu dialog's picker (`/api/blade-visual/visual/Selector`, the
 * 3.4.7 address), and the viewer's reads, which run each component's data as the viewer.
 */
export function registerDataScreenRoutes(app: FastifyInstance, services: Services) {
  const screens = new DataScreenService(services);
  const shares = new DataScreenShares(services, screens);

  defineRoute(app, services, {
    method: 'GET',
    url: BASE,
    access: { module: DATA_SCREEN_MODULE },
    query: DataScreenListQuery,
    handler: ({ query }) => screens.list(query),
  });

  defineRecordRoutes(app, services, {
    url: BASE,
    module: DATA_SCREEN_MODULE,
    create: {
      body: DataScreenBody,
      run: (session, body) => screens.create(body, session),
      message: DataScreenMessages.created,
    },
    info: (_session, id) => screens.info(id),
    update: {
      body: DataScreenUpdateBody,
      run: (session, id, body) => screens.update(id, body, session),
      message: DataScreenMessages.updated,
    },
    remove: { run: (_session, id) => screens.remove(id), message: DataScreenMessages.deleted },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/:id/Actions/Copy`,
    access: { module: DATA_SCREEN_MODULE, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await screens.copy(params.id, session.userId) }, DataScreenMessages.copied),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/:id/Actions/Release`,
    access: { module: DATA_SCREEN_MODULE, button: 'btn_release' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await screens.release(params.id, session.userId);
      return answer(null, DataScreenMessages.released);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/:id/Actions/Export`,
    access: { module: DATA_SCREEN_MODULE, button: 'btn_export' },
    params: IdParams,
    handler: ({ params }) => screens.exportFile(params.id),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/Actions/Import`,
    access: { module: DATA_SCREEN_MODULE, button: 'btn_import' },
    body: ImportBody,
    handler: async ({ body, session }) =>
      answer({ id: await screens.importFile(body.file, session) }, DataScreenMessages.imported),
  });

  /** The 3.4.7 menu dialog's screen picker (menus of type 6): released screens by category. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/blade-visual/visual/Selector',
    access: 'session',
    handler: () => screens.selector(),
  });

  // ----- The viewer (/dataScreen/view/{id}): who holds the page or a type-6 menu showing it -----

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/:id/View`,
    access: 'session',
    params: IdParams,
    query: DraftQuery,
    handler: ({ params, query, session }) => screens.view(session, params.id, query.draft === 1),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/:id/Data/:componentId`,
    access: 'session',
    params: ComponentParams,
    query: DraftQuery,
    body: ScreenDataBody,
    handler: ({ params, query, body, session }) =>
      screens.data(session, params.id, params.componentId, body.filters, query.draft === 1),
  });

  // ----- Share links for wall displays (share.ts): set by the design page, opened by anyone holding them -----

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/:id/Share`,
    access: { module: DATA_SCREEN_MODULE },
    params: IdParams,
    handler: ({ params }) => shares.info(params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: `${BASE}/:id/Share`,
    access: { module: DATA_SCREEN_MODULE, button: 'btn_share' },
    params: IdParams,
    body: ScreenShareBody,
    handler: async ({ params, body, session }) =>
      answer(
        await shares.save(params.id, body, session),
        body.enabled ? ShareMessages.saved : ShareMessages.revoked,
      ),
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/:id/Share`,
    access: { module: DATA_SCREEN_MODULE, button: 'btn_share' },
    params: IdParams,
    handler: async ({ params }) => answer(await shares.revoke(params.id), ShareMessages.revoked),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Share/Info`,
    access: 'public',
    query: ShareQuery,
    handler: ({ query }) => shares.publicInfo(query.encryption),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/Share/Password`,
    access: 'public',
    body: SharePasswordBody,
    handler: ({ body, req }) => shares.checkPassword(body, req.ip),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Share/View`,
    access: 'public',
    query: ShareQuery,
    handler: ({ query }) => shares.view(query),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/Share/Data/:componentId`,
    access: 'public',
    params: z.object({ componentId: z.string().min(1).max(64) }),
    query: ShareQuery,
    body: ScreenDataBody,
    handler: ({ params, query, body, req }) => shares.data(query, params.componentId, body.filters, req.ip),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Share/Geo`,
    access: 'public',
    query: ShareGeoQuery,
    handler: ({ query }) => shares.geo(query),
  });
}
