import { http } from '../api';
import type { CurrentUser } from './session-types';

export function fetchCurrentUser(): Promise<CurrentUser> {
  return http.get<CurrentUser>('/oauth/CurrentUser');
}

export function logout(): Promise<unknown> {
  return http.get('/oauth/Logout', undefined, { silent: true });
}
