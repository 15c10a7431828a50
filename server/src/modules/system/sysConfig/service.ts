import type { KeyValueStore } from '../../../core/kv/index.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { sysConfig } from '../../../db/schema/index.js';
import { SYS_CONFIG_DEFAULTS, type SysConfigValues } from './defaults.js';

/**
 * Reads system settings. Each instance keeps a copy and reloads it when the shared stamp
 * changes, so a change made through any instance applies everywhere without restart.
 */
export class SysConfigService {
  private cached: { stamp: string | null; values: SysConfigValues } | null = null;

  constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
  ) {}

  /** The settings as of `stamp` (read from the store when the caller has not read it already). */
  async get(stamp?: string | null): Promise<SysConfigValues> {
    const current = stamp === undefined ? await this.kv.get(StampKey.sysConfig) : stamp;
    if (this.cached && this.cached.stamp === current) return this.cached.values;
    const rows = await this.db.select({ key: sysConfig.key, value: sysConfig.value }).from(sysConfig);
    const values: Record<string, unknown> = { ...SYS_CONFIG_DEFAULTS };
    for (const row of rows) if (row.key in SYS_CONFIG_DEFAULTS) values[row.key] = row.value;
    this.cached = { stamp: current, values: values as SysConfigValues };
    return this.cached.values;
  }

  /** Writes settings inside the caller's transaction; call invalidate() after it commits. */
  async write(tx: DbOrTx, changes: Partial<SysConfigValues>, userId: string | null): Promise<void> {
    const now = Date.now();
    for (const [key, value] of Object.entries(changes)) {
      await tx
        .insert(sysConfig)
        .values({ key, value, creatorUserId: userId, lastModifyTime: now, lastModifyUserId: userId })
        .onConflictDoUpdate({
          target: sysConfig.key,
          set: { value, lastModifyTime: now, lastModifyUserId: userId },
        });
    }
  }

  async invalidate(): Promise<void> {
    this.cached = null;
    await bumpStamp(this.kv, StampKey.sysConfig);
  }
}
