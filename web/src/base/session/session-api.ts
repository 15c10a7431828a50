import { http } from '../api';
import { closeSocket } from '../socket/live-store';
import type { CurrentUser } from './session-types';

export function fetchCurrentUser(): Promise<CurrentUser> {
  return http.get<CurrentUser>('/oauth/CurrentUser');
}

export function logout(): Promise<unknown> {
  // Closed first: the end of the session must not come back as a logout push to this page.
  closeSocket();
  // Signing out with an already expired session is fine: no toast, no session handling.
  return http.get('/oauth/Logout', undefined, { silent: true, skipSessionCheck: true });
}
