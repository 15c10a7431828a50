import { LogCategoryParams, LogDeleteBody, LogListQuery, LogRetentionBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { EXPORT_LIMIT, LogMessages, LogService } from './service.js';

const MODULE = 'system.log';
const CATEGORY_NAMES: Record<number, string> = { 1: '登录日志', 3: '操作日志', 4: '异常日志', 5: '请求日志' };
const ExportPayload = z.object({
  category: z.number(),
  keyword: z.string(),
  startTime: z.number().optional(),
  endTime: z.number().optional(),
});

/** Sweeps are claimed per window in the shared store, so one instance sweeps each time. */
const SWEEP_EVERY_MS = 3_600_000;
const SWEEP_KEY = 'log:retention-sweep';

export function registerLogRoutes(app: FastifyInstance, services: Services) {
  const service = new LogService(services.db);
  registerDownload('systemLog', async (s, payload) => {
    const { category, ...filters } = ExportPayload.parse(payload);
    return {
      body: await new LogService(s.db).exportXlsx(category, filters),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Log/Actions/Retention',
    access: { module: MODULE },
    handler: async () => ({ days: (await services.sysConfig.get()).logRetentionDays }),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/system/Log/Actions/Retention',
    access: { module: MODULE, button: 'btn_clear' },
    body: LogRetentionBody,
    handler: async ({ body, session }) => {
      await services.db.transaction((tx) =>
        services.sysConfig.write(tx, { logRetentionDays: body.days }, session.userId),
      );
      await services.sysConfig.invalidate();
      return answer({ days: body.days }, LogMessages.retentionSaved);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Log/:category',
    access: { module: MODULE },
    params: LogCategoryParams,
    query: LogListQuery,
    handler: ({ params, query }) => service.list(params.category, query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Log/:category/Actions/Export',
    access: { module: MODULE, button: 'btn_export' },
    params: LogCategoryParams,
    query: LogListQuery,
    handler: async ({ params, query, session }) => {
      const filters = { keyword: query.keyword, startTime: query.startTime, endTime: query.endTime };
      if ((await service.count(params.category, filters)) > EXPORT_LIMIT)
        throw badRequest(LogMessages.exportTooLarge(EXPORT_LIMIT));
      return issueDownload(services, {
        kind: 'systemLog',
        fileName: `${CATEGORY_NAMES[params.category]}.xlsx`,
        payload: { category: params.category, ...filters },
        userId: session.userId,
      });
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/Log',
    access: { module: MODULE, button: 'btn_remove' },
    body: LogDeleteBody,
    handler: async ({ body }) => answer({ count: await service.remove(body.ids) }, LogMessages.deleted),
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/system/Log/:category',
    access: { module: MODULE, button: 'btn_clear' },
    params: LogCategoryParams,
    handler: async ({ params }) =>
      answer({ count: await service.clear(params.category) }, LogMessages.cleared),
  });

  // Retention: every instance looks each hour; the first to claim the hour's window sweeps.
  const sweep = async () => {
    try {
      if ((await services.kv.increment(SWEEP_KEY, SWEEP_EVERY_MS - 60_000)) !== 1) return;
      const days = (await services.sysConfig.get()).logRetentionDays;
      const count = await service.sweep(days);
      if (count) app.log.info({ count, days }, 'old logs deleted');
    } catch (error) {
      app.log.error({ err: error }, 'log retention sweep failed; retried next hour');
    }
  };
  const first = setTimeout(sweep, 60_000);
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  timer.unref();
  app.addHook('preClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
