import type { MonitorInfo } from '@console/shared';
import { http } from '../../../base/api';

export type { MonitorInfo };

export const monitorKeys = { info: ['systemMonitor'] as const };

export function fetchMonitor(): Promise<MonitorInfo> {
  return http.get<MonitorInfo>('/system/Monitor');
}
