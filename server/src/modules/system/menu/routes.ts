import {
  KeywordQuery,
  MenuBody,
  MenuSelectorQuery,
  MenuTreeQuery,
  MenuUpdateBody,
  ModuleColumnBatchBody,
  ModuleDataFieldBody,
  ModuleDataFieldUpdateBody,
  ModuleFormBatchBody,
  ModuleItemBody,
  ModuleItemUpdateBody,
  ModuleSchemeBody,
  ModuleSchemeUpdateBody,
  SystemBody,
  SystemUpdateBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { menuNamesOf } from '../baseLang/menuNames.js';
import { registerModuleLinkRoutes } from './dataAuthorizeLink/routes.js';
import { answerOf, type ItemKind, ModuleItemService } from './items.js';
import { MenuMessages, MenuService, menuItem, systemItem } from './service.js';

/** The menu page (seed: system.menu); its item dialogs are gated by the page's item buttons. */
const MODULE = 'system.menu';
const IdParams = z.object({ id: z.string().min(1).max(64) });

export function registerMenuRoutes(app: FastifyInstance, services: Services) {
  const menus = new MenuService(services);
  const items = new ModuleItemService(services);
  registerModuleLinkRoutes(app, services);
  registerDownload('menu', async (s, payload) => ({
    body: JSON.stringify(await new MenuService(s).exportMenu(String(payload)), null, 2),
    contentType: 'application/json; charset=utf-8',
  }));

  // ----- Applications -----
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/System',
    access: { module: MODULE },
    query: KeywordQuery,
    handler: ({ query }) => menus.listSystems(query.keyword),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/System',
    access: { module: MODULE, button: 'btn_add' },
    body: SystemBody,
    handler: async ({ body, session }) =>
      answer({ id: await menus.createSystem(body, session.userId) }, MenuMessages.created),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/System/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: async ({ params }) => systemItem(await menus.getSystem(params.id)),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/System/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: SystemUpdateBody,
    handler: async ({ params, body, session }) => {
      await menus.updateSystem(params.id, body, session.userId);
      return answer(null, MenuMessages.updated);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/System/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await menus.removeSystem(params.id);
      return answer(null, MenuMessages.deleted);
    },
  });

  // ----- Menus -----
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Menu/ModuleBySystem/:id',
    access: { module: MODULE },
    params: IdParams,
    query: MenuTreeQuery,
    handler: ({ params, query }) => menus.tree(params.id, query.category, query.keyword),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Menu/Selector/All',
    access: { module: MODULE },
    query: MenuTreeQuery,
    handler: ({ query }) => menus.selectorAll(query.category),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: ['/api/system/Menu/Selector/:id', '/api/system/Menu/Selector/'],
    access: { module: MODULE },
    params: z.object({ id: z.string().max(64).optional().default('0') }),
    query: MenuSelectorQuery,
    handler: ({ params, query }) => menus.selector(params.id || '0', query.category, query.systemId),
  });
  // The 3.4.7 release dialogs ask /Selector/{id or 0}/{systemId or 0}; 0 means every application,
  // each a root of its menus (the picked node's systemId names where the page goes).
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Menu/Selector/:id/:systemId',
    access: { module: MODULE },
    params: z.object({ id: z.string().trim().min(1).max(64), systemId: z.string().trim().min(1).max(64) }),
    query: MenuSelectorQuery,
    handler: ({ params, query }) =>
      params.systemId === '0'
        ? menus.selectorAllSystems(params.id, query.category)
        : menus.selector(params.id, query.category, params.systemId),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/Menu',
    access: { module: MODULE, button: 'btn_add' },
    body: MenuBody,
    handler: async ({ body, session }) =>
      answer({ id: await menus.createMenu(body, session.userId) }, MenuMessages.created),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Menu/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: async ({ params }) => ({
      ...menuItem(await menus.getMenu(params.id)),
      fullNameI18n: await menuNamesOf(services.db, params.id),
    }),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/Menu/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: MenuUpdateBody,
    handler: async ({ params, body, session }) => {
      await menus.updateMenu(params.id, body, session.userId);
      return answer(null, MenuMessages.updated);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/Menu/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await menus.removeMenu(params.id);
      return answer(null, MenuMessages.deleted);
    },
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/Menu/:id/Actions/State',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await menus.toggleMenu(params.id, session.userId);
      return answer(null, MenuMessages.stateChanged);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Menu/:id/Action/Export',
    access: { module: MODULE, button: 'btn_export' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const menu = await menus.getMenu(params.id);
      return issueDownload(services, {
        kind: 'menu',
        fileName: `${menu.fullName}.json`,
        payload: menu.id,
        userId: session.userId,
      });
    },
  });

  /** An exported menu file (.json) into an application (?systemId=, default the main one). */
  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/system/Menu/Action/Import',
      access: { module: MODULE, button: 'btn_import' },
      query: z.object({ systemId: z.string().trim().max(64).optional() }),
      handler: async ({ req, query, session }) => {
        const file = await readUpload(req, { maxBytes: 1024 * 1024, extension: 'json' });
        const systemId = query.systemId || (await menus.mainSystemId());
        return answer(
          { id: await menus.importMenu(file.content, systemId, session.userId) },
          MenuMessages.imported,
        );
      },
    });
  });

  // ----- Per page items -----
  const itemRoutes = (
    kind: ItemKind,
    base: string,
    button: string,
    body: z.ZodType,
    updateBody: z.ZodType,
    withState: boolean,
  ) => {
    const access = { module: MODULE, button };
    defineRoute(app, services, {
      method: 'GET',
      url: `${base}/:id/List`,
      access,
      params: IdParams,
      query: KeywordQuery,
      handler: ({ params, query }) => items.list(kind, params.id, query.keyword),
    });
    defineRoute(app, services, {
      method: 'POST',
      url: base,
      access,
      body,
      handler: async ({ body: input, session }) =>
        answer(
          { id: await items.create(kind, input as Parameters<typeof items.create>[1], session.userId) },
          MenuMessages.created,
        ),
    });
    defineRoute(app, services, {
      method: 'GET',
      url: `${base}/:id`,
      access,
      params: IdParams,
      handler: async ({ params }) => answerOf(await items.get(kind, params.id)),
    });
    defineRoute(app, services, {
      method: 'PUT',
      url: `${base}/:id`,
      access,
      params: IdParams,
      body: updateBody,
      handler: async ({ params, body: input, session }) => {
        await items.update(kind, params.id, input as Parameters<typeof items.update>[2], session.userId);
        return answer(null, MenuMessages.updated);
      },
    });
    defineRoute(app, services, {
      method: 'DELETE',
      url: `${base}/:id`,
      access,
      params: IdParams,
      handler: async ({ params }) => {
        await items.remove(kind, params.id);
        return answer(null, MenuMessages.deleted);
      },
    });
    if (withState)
      defineRoute(app, services, {
        method: 'PUT',
        url: `${base}/:id/Actions/State`,
        access,
        params: IdParams,
        handler: async ({ params, session }) => {
          await items.toggle(kind, params.id, session.userId);
          return answer(null, MenuMessages.stateChanged);
        },
      });
  };
  itemRoutes('button', '/api/system/ModuleButton', 'btn_button', ModuleItemBody, ModuleItemUpdateBody, true);
  itemRoutes('column', '/api/system/ModuleColumn', 'btn_column', ModuleItemBody, ModuleItemUpdateBody, true);
  itemRoutes('form', '/api/system/ModuleForm', 'btn_form', ModuleItemBody, ModuleItemUpdateBody, true);
  itemRoutes(
    'dataField',
    '/api/system/ModuleDataAuthorize',
    'btn_resource',
    ModuleDataFieldBody,
    ModuleDataFieldUpdateBody,
    false,
  );
  itemRoutes(
    'scheme',
    '/api/system/ModuleDataAuthorizeScheme',
    'btn_resource',
    ModuleSchemeBody,
    ModuleSchemeUpdateBody,
    false,
  );

  /** The enabled buttons of a page, as the tree a parent-button picker shows. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/ModuleButton/:id/Selector',
    access: { module: MODULE, button: 'btn_button' },
    params: IdParams,
    handler: ({ params }) => items.list('button', params.id, '', true),
  });
  for (const [kind, base, button] of [
    ['column', '/api/system/ModuleColumn', 'btn_column'],
    ['form', '/api/system/ModuleForm', 'btn_form'],
  ] as const) {
    defineRoute(app, services, {
      method: 'GET',
      url: `${base}/:id/Fields`,
      access: { module: MODULE, button },
      params: IdParams,
      handler: ({ params }) => items.fields(kind, params.id),
    });
  }
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/ModuleColumn/Actions/Batch',
    access: { module: MODULE, button: 'btn_column' },
    body: ModuleColumnBatchBody,
    handler: async ({ body, session }) =>
      answer(
        {
          ids: await items.createBatch(
            'column',
            body.moduleId,
            body.bindTable,
            body.columnJson,
            session.userId,
          ),
        },
        MenuMessages.created,
      ),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/ModuleForm/Actions/Batch',
    access: { module: MODULE, button: 'btn_form' },
    body: ModuleFormBatchBody,
    handler: async ({ body, session }) =>
      answer(
        {
          ids: await items.createBatch('form', body.moduleId, body.bindTable, body.formJson, session.userId),
        },
        MenuMessages.created,
      ),
  });
}
