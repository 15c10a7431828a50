import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { registerDataInterfaceRoutes } from './dataInterface/routes.js';
import { registerDataModelRoutes } from './dataModel/routes.js';
import { registerDataSourceRoutes } from './dataSource/routes.js';
import { registerInterfaceOauthRoutes } from './interfaceOauth/routes.js';
import { setSecretsKey } from './secrets.js';

/** Data sources, data model, data interfaces and interface auth (system-data.md 1-4). */
export function registerSystemDataRoutes(app: FastifyInstance, services: Services) {
  setSecretsKey(services.config.SECRETS_KEY);
  registerDataSourceRoutes(app, services);
  registerDataModelRoutes(app, services);
  registerDataInterfaceRoutes(app, services);
  registerInterfaceOauthRoutes(app, services);
}
