import { eq, inArray } from 'drizzle-orm';
import type { KeyValueStore } from '../../../core/kv/index.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { sysConfig } from '../../../db/schema/index.js';
import { resealSecret, sealFields } from '../../systemData/secrets.js';
import { SYS_CONFIG_DEFAULTS, SYS_CONFIG_SECRETS, type SysConfigValues } from './defaults.js';

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

  /**
   * The settings as of `stamp` (read from the store when the caller has not read it already).
   * The secrets (SYS_CONFIG_SECRETS) are answered as stored: open them with openSecret where used.
   */
  async get(stamp?: string | null): Promise<SysConfigValues> {
    const current = stamp === undefined ? await this.kv.get(StampKey.sysConfig) : stamp;
    if (this.cached && this.cached.stamp === current) return this.cached.values;
    const rows = await this.db.select({ key: sysConfig.key, value: sysConfig.value }).from(sysConfig);
    const values: Record<string, unknown> = { ...SYS_CONFIG_DEFAULTS };
    for (const row of rows) if (row.key in SYS_CONFIG_DEFAULTS) values[row.key] = row.value;
    this.cached = { stamp: current, values: values as SysConfigValues };
    return this.cached.values;
  }

  /**
   * Writes settings inside the caller's transaction, the secrets sealed; call invalidate() after
   * it commits.
   */
  async write(tx: DbOrTx, changes: Partial<SysConfigValues>, userId: string | null): Promise<void> {
    const now = Date.now();
    for (const [key, value] of Object.entries(sealFields(changes, SYS_CONFIG_SECRETS))) {
      await tx
        .insert(sysConfig)
        .values({ key, value, creatorUserId: userId, lastModifyTime: now, lastModifyUserId: userId })
        .onConflictDoUpdate({
          target: sysConfig.key,
          set: { value, lastModifyTime: now, lastModifyUserId: userId },
        });
    }
  }

  /**
   * Seals again with the current key the stored secrets a save leaves as they are (not in
   * `changed`): a plain value written before sealing gets sealed, and a rotation completes as the
   * page is saved. A value no key opens is kept as it is.
   */
  async resealKept(tx: DbOrTx, changed: readonly string[], userId: string | null): Promise<void> {
    const kept = SYS_CONFIG_SECRETS.filter((key) => !changed.includes(key));
    if (kept.length === 0) return;
    const rows = await tx
      .select({ key: sysConfig.key, value: sysConfig.value })
      .from(sysConfig)
      .where(inArray(sysConfig.key, kept));
    const now = Date.now();
    for (const row of rows) {
      if (typeof row.value !== 'string' || row.value === '') continue;
      const value = resealSecret(row.value);
      if (value === row.value) continue;
      await tx
        .update(sysConfig)
        .set({ value, lastModifyTime: now, lastModifyUserId: userId })
        .where(eq(sysConfig.key, row.key));
    }
  }

  async invalidate(): Promise<void> {
    this.cached = null;
    await bumpStamp(this.kv, StampKey.sysConfig);
  }
}
