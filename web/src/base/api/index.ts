import { i18n } from '../i18n';
import { createEventStreamClient } from './event-stream';
import { toastError } from './feedback';
import { createHttpClient } from './http';
import { clearToken, getToken } from './token';

export { ApiError, type Envelope, type ListAnswer, listOf } from './http';

type SessionExpiredHandler = (message: string) => void;

let sessionExpiredHandler: SessionExpiredHandler = () => {
  window.location.hash = '#/login';
};

/** The app registers how to leave after a session code (reset stores, go to /login). */
export function onSessionExpired(handler: SessionExpiredHandler): void {
  sessionExpiredHandler = handler;
}

const clientDeps = {
  baseUrl: '/api',
  getToken,
  clearToken,
  notifyError: toastError,
  onSessionExpired: (message: string) => sessionExpiredHandler(message),
  defaultErrorMessage: () => i18n.t('common:request.failed'),
  language: () => i18n.language,
};

/** The console's HTTP client: base path /api. */
export const http = createHttpClient(clientDeps);

/** Server-sent events over POST with the same token and error handling (streamed chat answers). */
export const streamEvents = createEventStreamClient(clientDeps);
