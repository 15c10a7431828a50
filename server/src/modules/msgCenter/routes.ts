import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { registerAccountConfigRoutes } from './accountConfig/routes.js';
import { registerMessageMonitorRoutes } from './msgMonitor/routes.js';
import { registerMessageTemplateRoutes } from './msgTemplate/routes.js';
import { registerSendConfigRoutes } from './sendConfig/routes.js';

/** The message centre: accounts, templates, send configurations and the send monitor. */
export function registerMsgCenterRoutes(app: FastifyInstance, services: Services) {
  registerAccountConfigRoutes(app, services);
  registerMessageTemplateRoutes(app, services);
  registerSendConfigRoutes(app, services);
  registerMessageMonitorRoutes(app, services);
}
