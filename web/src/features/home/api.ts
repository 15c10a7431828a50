import type { HomeOverview, SignInRecord } from '@console/shared';
import { http } from '../../base/api';

export type { HomeOverview, SignInRecord };

export const overviewKey = ['home', 'overview'] as const;

/** GET /api/home/Overview: counts for administrators, recent sign-ins for everyone. */
export function getOverview(): Promise<HomeOverview> {
  return http.get<HomeOverview>('/home/Overview');
}
