import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { registerBigDataRoutes } from './bigData/routes.js';
import { registerCrmOrderRoutes } from './crmOrder/routes.js';
import { registerDocumentRoutes } from './document/routes.js';
import { registerDocumentPreviewRoutes } from './documentPreview/routes.js';
import { registerEmailRoutes } from './email/routes.js';
import { registerEmployeeRoutes } from './employee/routes.js';
import { registerProjectGanttRoutes } from './projectGantt/routes.js';
import { registerSaleOrderRoutes } from './saleOrder/routes.js';
import { registerExtendScheduleRoutes } from './schedule/routes.js';
import { registerTableExampleRoutes } from './tableExample/routes.js';

/** The extend demos (other.md 1, menu group extend). */
export function registerExtendRoutes(app: FastifyInstance, services: Services) {
  registerDocumentRoutes(app, services);
  registerBigDataRoutes(app, services);
  registerProjectGanttRoutes(app, services);
  registerEmployeeRoutes(app, services);
  registerSaleOrderRoutes(app, services);
  registerEmailRoutes(app, services);
  registerCrmOrderRoutes(app, services);
  registerDocumentPreviewRoutes(app, services);
  registerTableExampleRoutes(app, services);
  registerExtendScheduleRoutes(app, services);
}
