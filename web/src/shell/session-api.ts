import { http } from '../api';
import type { CurrentUser } from './session-types';

export function fetchCurrentUser(): Promise<CurrentUser> {
  return http.get<CurrentUser>('/oauth/CurrentUser');
}

export function logout(): Promise<unknown> {
  // Signing out with an already expired session is fine: no toast, no session handling.
  return http.get('/oauth/Logout', undefined, { silent: true, skipSessionCheck: true });
}
