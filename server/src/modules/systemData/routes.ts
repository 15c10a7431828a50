import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { registerCommonFieldsRoutes } from './commonFields/routes.js';
import { registerDataBackupRoutes } from './dataBackup/routes.js';
import { registerDataInterfaceRoutes } from './dataInterface/routes.js';
import { registerDataModelRoutes } from './dataModel/routes.js';
import { registerDataSourceRoutes } from './dataSource/routes.js';
import { registerDataSyncRoutes } from './dataSync/routes.js';
import { registerInterfaceOauthRoutes } from './interfaceOauth/routes.js';
import { registerMapRoutes } from './map/routes.js';
import { keyFile, setSecretsKey } from './secrets.js';

/** Data sources, data model, data interfaces, interface auth, sync and backup (system-data.md 1-6), GeoJSON maps. */
export function registerSystemDataRoutes(app: FastifyInstance, services: Services) {
  setSecretsKey(
    services.config.SECRETS_KEY ?? keyFile(services.config.DATA_DIR),
    services.config.SECRETS_KEY_PREVIOUS,
  );
  registerDataSourceRoutes(app, services);
  registerDataModelRoutes(app, services);
  registerCommonFieldsRoutes(app, services);
  registerDataInterfaceRoutes(app, services);
  registerInterfaceOauthRoutes(app, services);
  registerDataSyncRoutes(app, services);
  registerDataBackupRoutes(app, services);
  registerMapRoutes(app, services);
}
