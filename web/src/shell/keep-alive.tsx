import { type ReactNode, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  type NavigationType,
  useLocation,
  useMatches,
  useNavigationType,
  useOutlet,
} from 'react-router';
import type { RouteHandle } from './routing';
import { useTabs } from './tabs-store';

interface CachedView {
  element: ReactNode;
  location: Location;
  navigationType: NavigationType;
}

/** At most this many page elements stay mounted (hidden) besides the current one. */
export const KEEP_ALIVE_MAX = 10;

/**
 * Page cache (console.md 2.4 "page cache"): visited page elements stay mounted but hidden so that
 * their state (filters, scroll, form input) survives switching tabs. Bounded (least recently
 * used first out); views whose route handle says `noCache` are never kept; a view leaves the
 * cache when its tab closes (with the tags view on) and remounts when refreshed.
 */
export function KeepAliveOutlet({
  enabled,
  openKeys,
}: {
  enabled: boolean;
  openKeys: readonly string[] | null;
}) {
  const outlet = useOutlet();
  const location = useLocation();
  const matches = useMatches();
  const epochs = useTabs((state) => state.epochs);
  const navigationType = useNavigationType();
  const cache = useRef(new Map<string, CachedView>());
  const key = `${location.pathname}${location.search}`;
  const noCache = matches.some((match) => (match.handle as RouteHandle | undefined)?.noCache);

  if (!enabled) {
    cache.current.clear();
    return <div className="shell-view">{outlet}</div>;
  }

  const entries = cache.current;
  if (!noCache) {
    entries.delete(key);
    entries.set(key, { element: outlet, location, navigationType });
  }
  // Views whose tab was closed leave the cache; then the oldest beyond the bound.
  if (openKeys) {
    for (const cached of [...entries.keys()]) {
      if (cached !== key && !openKeys.includes(cached)) entries.delete(cached);
    }
  }
  while (entries.size > KEEP_ALIVE_MAX + 1) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined || oldest === key) break;
    entries.delete(oldest);
  }

  return (
    <>
      {[...entries.entries()].map(([cached, view]) => (
        <div
          key={`${cached}#${epochs[cached] ?? 0}`}
          className="shell-view"
          hidden={cached !== key}
          data-view={cached}
        >
          {/* A hidden view keeps seeing its own location (its query parameters), not the current one. */}
          <LocationContext.Provider value={{ location: view.location, navigationType: view.navigationType }}>
            {view.element}
          </LocationContext.Provider>
        </div>
      ))}
      {noCache && (
        <div className="shell-view" key={`${key}#nocache`}>
          {outlet}
        </div>
      )}
    </>
  );
}
