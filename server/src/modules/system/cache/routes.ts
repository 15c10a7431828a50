import { CacheListQuery } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { CacheMessages, CacheService } from './service.js';

const MODULE = 'system.cache';
const BASE = '/api/system/CacheManage';
const NameParams = z.object({ name: z.string().min(1, '请指定缓存名称').max(100, '缓存名称过长') });

export function registerCacheRoutes(app: FastifyInstance, services: Services) {
  const caches = new CacheService(services.kv);

  defineRoute(app, services, {
    method: 'GET',
    url: BASE,
    access: { module: MODULE },
    query: CacheListQuery,
    handler: ({ query }) => caches.list(query.keyword),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: `${BASE}/Actions/ClearAll`,
    access: { module: MODULE, button: 'btn_clear' },
    handler: async () => answer({ count: await caches.clearAll() }, CacheMessages.cleared),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/:name`,
    access: { module: MODULE, button: 'btn_detail' },
    params: NameParams,
    handler: ({ params }) => caches.detail(params.name),
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/:name`,
    access: { module: MODULE, button: 'btn_remove' },
    params: NameParams,
    handler: async ({ params }) => {
      await caches.remove(params.name);
      return answer(null, CacheMessages.removed);
    },
  });
}
