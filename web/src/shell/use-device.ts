import { useSyncExternalStore } from 'react';

/** Mobile below 992 px of width (console.md 2.4 / 9). */
export const MOBILE_QUERY = '(max-width: 991.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
