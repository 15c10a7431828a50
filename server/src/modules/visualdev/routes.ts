import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { registerDashboardRoutes } from './dashboard/routes.js';
import { registerDataScreenRoutes } from './dataScreen/routes.js';
import { registerGeneratorRoutes } from './generator/routes.js';
import { registerOnlineDevRoutes } from './onlineDev/routes.js';
import { registerPortalRoutes } from './portal/routes.js';
import { registerDataReportRoutes } from './report/routes.js';
import { registerShortLinkRoutes } from './shortLink/routes.js';
import { registerWebDesignRoutes } from './webDesign/routes.js';

/** Online development (forms.md 4, 5; other.md 3): its features' routes. */
export function registerVisualDevRoutes(app: FastifyInstance, services: Services) {
  registerGeneratorRoutes(app, services);
  registerShortLinkRoutes(app, services);
  registerWebDesignRoutes(app, services);
  registerOnlineDevRoutes(app, services);
  registerDataReportRoutes(app, services);
  registerPortalRoutes(app, services);
  registerDashboardRoutes(app, services);
  registerDataScreenRoutes(app, services);
}
