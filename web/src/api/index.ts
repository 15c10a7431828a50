import { i18n } from '../app/i18n';
import { toastError } from './feedback';
import { createHttpClient } from './http';
import { clearToken, getToken } from './token';

export { ApiError, type Envelope } from './http';

type SessionExpiredHandler = (message: string) => void;

let sessionExpiredHandler: SessionExpiredHandler = () => {
  window.location.hash = '#/login';
};

/** The app registers how to leave after a session code (reset stores, go to /login). */
export function onSessionExpired(handler: SessionExpiredHandler): void {
  sessionExpiredHandler = handler;
}

/** The console's HTTP client: base path /api. */
export const http = createHttpClient({
  baseUrl: '/api',
  getToken,
  clearToken,
  notifyError: toastError,
  onSessionExpired: (message) => sessionExpiredHandler(message),
  defaultErrorMessage: () => i18n.t('common:request.failed'),
});
