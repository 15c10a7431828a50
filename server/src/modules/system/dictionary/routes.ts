import {
  DictionaryDataBody,
  DictionaryDataQuery,
  DictionaryDataUpdateBody,
  DictionaryTypeBody,
  DictionaryTypeUpdateBody,
  PageQuery,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import { assertFixedOrder } from '../../../db/query.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { translateEntries, translateTypeTree } from '../baseLang/dictionaryNames.js';
import { requestLanguage } from '../baseLang/menuNames.js';
import { DictionaryMessages, DictionaryService } from './service.js';

const MODULE = 'systemData.dictionary';
const IdParams = z.object({ id: z.string().min(1).max(64) });
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export function registerDictionaryRoutes(app: FastifyInstance, services: Services) {
  const dictionaries = new DictionaryService(services.db);
  registerDownload('dictionary', async (s, payload) => ({
    body: JSON.stringify(await new DictionaryService(s.db).exportBdd(String(payload))),
    contentType: 'application/octet-stream',
  }));

  // ----- types (/api/system/DictionaryType) -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DictionaryType',
    access: { module: MODULE },
    query: PageQuery.pick({ sidx: true }),
    handler: async ({ query, req }) => {
      assertFixedOrder(query.sidx);
      // Seeded names in the reader's language (issue #23 item 12); names entered by hand as entered.
      return {
        list: translateTypeTree(
          await dictionaries.typeTree(),
          requestLanguage(req.headers['accept-language']),
        ),
      };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: ['/api/system/DictionaryType/Selector/:id', '/api/system/DictionaryType/Selector/'],
    access: 'session',
    params: z.object({ id: z.string().max(64).optional() }),
    handler: async ({ params, req }) => ({
      list: translateTypeTree(
        await dictionaries.typeSelector(params.id || '0'),
        requestLanguage(req.headers['accept-language']),
      ),
    }),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DictionaryType',
    access: { module: MODULE, button: 'btn_category' },
    body: DictionaryTypeBody,
    handler: async ({ body, session }) =>
      answer({ id: await dictionaries.createType(body, session.userId) }, DictionaryMessages.created),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DictionaryType/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: async ({ params }) => {
      const row = await dictionaries.getType(params.id);
      return {
        id: row.id,
        parentId: row.parentId,
        fullName: row.fullName,
        enCode: row.enCode,
        isTree: row.isTree,
        sortCode: row.sortCode,
        description: row.description,
        version: row.version,
      };
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/DictionaryType/:id',
    access: { module: MODULE, button: 'btn_category' },
    params: IdParams,
    body: DictionaryTypeUpdateBody,
    handler: async ({ params, body, session }) => {
      await dictionaries.updateType(params.id, body, session.userId);
      return answer(null, DictionaryMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/DictionaryType/:id',
    access: { module: MODULE, button: 'btn_category' },
    params: IdParams,
    handler: async ({ params }) => {
      await dictionaries.deleteType(params.id);
      return answer(null, DictionaryMessages.deleted);
    },
  });

  // ----- entries (/api/system/DictionaryData) -----

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DictionaryData/All',
    access: 'session',
    handler: async ({ req }) => {
      const language = requestLanguage(req.headers['accept-language']);
      const list = await dictionaries.all();
      return {
        list: list.map((type) => ({
          ...type,
          dictionaryList: translateEntries(type.enCode, type.dictionaryList, language),
        })),
      };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DictionaryData/:id',
    access: { module: MODULE },
    params: IdParams,
    query: DictionaryDataQuery,
    handler: async ({ params, query, req }) => {
      const list = await dictionaries.entries(params.id, query.keyword, query.isTree);
      const type = await dictionaries.getType(params.id);
      return { list: translateEntries(type.enCode, list, requestLanguage(req.headers['accept-language'])) };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: ['/api/system/DictionaryData/:id/Selector/:parentId', '/api/system/DictionaryData/:id/Selector/'],
    access: { module: MODULE },
    params: IdParams.extend({ parentId: z.string().max(64).optional() }),
    query: z.object({ isTree: z.coerce.number().int().optional() }),
    handler: async ({ params, query }) => ({
      list: await dictionaries.entrySelector(params.id, params.parentId || '0', query.isTree),
    }),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DictionaryData/:id/Data/Selector',
    access: 'session',
    params: IdParams,
    handler: async ({ params, req }) => {
      const type = await dictionaries.getTypeByIdOrCode(params.id);
      const list = await dictionaries.dataSelector(params.id);
      return { list: translateEntries(type.enCode, list, requestLanguage(req.headers['accept-language'])) };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DictionaryData/:id/Info',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params }) => dictionaries.entryInfo(params.id),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/DictionaryData',
    access: { module: MODULE, button: 'btn_add' },
    body: DictionaryDataBody,
    handler: async ({ body, session }) =>
      answer({ id: await dictionaries.createEntry(body, session.userId) }, DictionaryMessages.created),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/DictionaryData/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: DictionaryDataUpdateBody,
    handler: async ({ params, body, session }) => {
      await dictionaries.updateEntry(params.id, body, session.userId);
      return answer(null, DictionaryMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/DictionaryData/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await dictionaries.deleteEntry(params.id);
      return answer(null, DictionaryMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/DictionaryData/:id/Actions/State',
    access: { module: MODULE, button: 'btn_state' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await dictionaries.toggleEntry(params.id, session.userId);
      return answer(null, DictionaryMessages.stateChanged);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/DictionaryData/:id/Action/Export',
    access: { module: MODULE, button: 'btn_export' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const type = await dictionaries.getType(params.id);
      return issueDownload(services, {
        kind: 'dictionary',
        fileName: `${type.fullName}.bdd`,
        payload: type.id,
        userId: session.userId,
      });
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/system/DictionaryData/Action/Import',
      access: { module: MODULE, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: MAX_IMPORT_BYTES, extension: 'bdd' });
        const counts = await dictionaries.importBdd(file.content, session.userId);
        return answer(counts, DictionaryMessages.imported);
      },
    });
  });
}
