import type { Layout } from '@console/shared';
import { http } from '../base/api';

/** Saves the layout on the server (best effort: the local choice wins; no toast on failure). */
export function saveTheme(theme: Layout): Promise<unknown> {
  return http
    .put('/permission/Users/Current/SystemTheme', { theme }, { silent: true })
    .catch(() => undefined);
}

/** Saves the interface language on the server (best effort, as above). */
export function saveLanguage(language: 'zh-CN' | 'zh-TW' | 'en-US'): Promise<unknown> {
  return http
    .put('/permission/Users/Current/SystemLanguage', { language }, { silent: true })
    .catch(() => undefined);
}

/** Unlocks the screen with the account's password (MD5 hex); errors are shown by the caller. */
export function unlockScreen(account: string, passwordMd5: string): Promise<unknown> {
  return http.post('/oauth/LockScreen', { account, password: passwordMd5 }, { silent: true });
}
