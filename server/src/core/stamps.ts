import type { KeyValueStore } from './kv/index.js';

/**
 * Version stamps in the shared store. Every instance caches what they stamp and rebuilds
 * its copy when a stamp changes, so a change made through one instance applies on all.
 */
export const StampKey = {
  /** System settings. */
  sysConfig: 'stamp:sysconfig',
  /** Anything that shapes a CurrentUser answer: menus, grants, roles, relations, units, systems. */
  authorization: 'stamp:authorization',
} as const;

export interface Stamps {
  sysConfig: string | null;
  authorization: string | null;
}

/** Reads every stamp in one round trip. */
export async function readStamps(kv: KeyValueStore): Promise<Stamps> {
  const [sysConfig = null, authorization = null] = await kv.getMany([
    StampKey.sysConfig,
    StampKey.authorization,
  ]);
  return { sysConfig, authorization };
}

/** Marks a stamp changed; call after the transaction that made the change has committed. */
export async function bumpStamp(
  kv: KeyValueStore,
  key: (typeof StampKey)[keyof typeof StampKey],
): Promise<void> {
  await kv.set(key, `${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`, 365 * 86_400_000);
}
