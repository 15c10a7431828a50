/**
 * Lock-screen flag (console.md 4): '1' = locked, kept locally under the product prefix. Plain
 * localStorage (no store) so that the route guard, which ships with the sign-in page, stays tiny.
 */
export const LOCK_KEY = 'console_lock';

export function isLocked(): boolean {
  try {
    return localStorage.getItem(LOCK_KEY) === '1';
  } catch {
    return false;
  }
}

export function setLocked(locked: boolean): void {
  try {
    if (locked) localStorage.setItem(LOCK_KEY, '1');
    else localStorage.removeItem(LOCK_KEY);
  } catch {
    // storage unavailable: the lock lasts for this page only
  }
}
