import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { registerCaptchaRoutes } from './captcha/routes.js';
import { registerDownloadRoute } from './file/download.js';
import { registerUploadRoutes } from './file/upload.js';
import { registerHomeRoutes } from './home/routes.js';
import { registerSocket } from './message/socket.js';
import { registerOAuthRoutes } from './oauth/routes.js';
import { registerCurrentUserRoutes } from './permission/current/routes.js';
import { registerAreaRoutes } from './system/area/routes.js';
import { registerBillRuleRoutes } from './system/billRule/routes.js';
import { registerDictionaryRoutes } from './system/dictionary/routes.js';
import { registerSysConfigRoutes } from './system/sysConfig/routes.js';

/** Every feature's routes; a new feature adds its line here. */
export function registerModules(app: FastifyInstance, services: Services) {
  registerOAuthRoutes(app, services);
  registerCurrentUserRoutes(app, services);
  registerHomeRoutes(app, services);
  registerCaptchaRoutes(app, services);
  registerUploadRoutes(app, services);
  registerSocket(app, services);
  registerDownloadRoute(app, services);
  registerDictionaryRoutes(app, services);
  registerBillRuleRoutes(app, services);
  registerAreaRoutes(app, services);
  registerSysConfigRoutes(app, services);
}
