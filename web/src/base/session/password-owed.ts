import type { SysConfigInfo, UserInfo } from './session-types';

/**
 * True while the mandatory change of the initial password is pending (console.md 2.6). Kept apart
 * from the session store so that the mobile app can use it without the desktop's live socket.
 */
export function mustChangePassword(
  userInfo: UserInfo | null | undefined,
  config: SysConfigInfo | null | undefined,
): boolean {
  if (!userInfo || !config) return false;
  const neverChanged = userInfo.changePasswordDate === null || userInfo.changePasswordDate === undefined;
  return neverChanged && Number(config.mandatoryModificationOfInitialPassword) === 1;
}
