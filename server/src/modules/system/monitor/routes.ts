import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { CpuMeter, monitorInfo } from './service.js';

export function registerMonitorRoutes(app: FastifyInstance, services: Services) {
  const cpu = new CpuMeter();
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/system/Monitor',
    access: { module: 'system.monitor' },
    handler: () => monitorInfo(services, cpu),
  });
}
