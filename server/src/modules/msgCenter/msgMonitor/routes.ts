import { MessageMonitorQuery, MonitorBatchRemoveBody } from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { MsgCenterMessages } from '../common.js';
import { MessageMonitorService, MonitorMessages } from './service.js';

const MODULE = 'msgCenter.msgMonitor';

export function registerMessageMonitorRoutes(app: FastifyInstance, services: Services) {
  const monitor = new MessageMonitorService(services.db);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/MessageMonitor',
    access: { module: MODULE },
    query: MessageMonitorQuery,
    handler: ({ query }) => monitor.list(query),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/MessageMonitor/detail/:id',
    access: { module: MODULE, button: 'btn_detail' },
    params: z.object({ id: z.string().min(1).max(64) }),
    handler: ({ params }) => monitor.detail(params.id),
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/message/MessageMonitor/batchRemove',
    access: { module: MODULE, button: 'btn_remove' },
    body: MonitorBatchRemoveBody,
    handler: async ({ body }) => answer(null, MonitorMessages.removed(await monitor.remove(body.ids))),
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/message/MessageMonitor/empty',
    access: { module: MODULE, button: 'btn_clear' },
    handler: async () => {
      await monitor.empty();
      return answer(null, MsgCenterMessages.cleared);
    },
  });
}
