import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, migrationsFolder } from '../db/client.js';
import type { KeyValueStore } from './kv/index.js';
import { RedisStore } from './kv/redis.js';

/** A readiness check slower than this counts as failed: the proxy asks again soon anyway. */
const CHECK_TIMEOUT_MS = 2_000;

let newestMigration: number | undefined;
/** When the newest migration of this build was written (drizzle records it as created_at). */
function newestMigrationTime(): number {
  newestMigration ??= readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  return newestMigration;
}

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness and readiness of one instance, for /healthz and /readyz. */
export class Health {
  /** Set when the graceful stop begins (SIGTERM), before the listener closes. */
  stopping = false;

  /** Starts the graceful stop: not ready from now on, while serving on for `ms` so the proxy can notice. */
  async drain(ms: number): Promise<void> {
    this.stopping = true;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  constructor(
    private readonly database: Database,
    private readonly kv: KeyValueStore,
  ) {}

  /** Why this instance should not get traffic now, or null when it should. */
  async notReadyReason(): Promise<string | null> {
    if (this.stopping) return 'shutting down';
    const [database, redis] = await Promise.all([this.checkDatabase(), this.checkRedis()]);
    return database ?? redis;
  }

  private async checkDatabase(): Promise<string | null> {
    try {
      const result = (await withinTimeout(
        this.database.db.execute(sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`),
      )) as unknown as { rows: { newest: string | number | null }[] };
      return Number(result.rows[0]?.newest ?? 0) >= newestMigrationTime() ? null : 'migrations not applied';
    } catch {
      return 'database unreachable';
    }
  }

  private async checkRedis(): Promise<string | null> {
    if (!(this.kv instanceof RedisStore)) return null;
    // A client that is reconnecting would queue the PING until it is back; that is not ready.
    if (this.kv.client.status !== 'ready') return 'redis unreachable';
    try {
      await withinTimeout(this.kv.client.ping());
      return null;
    } catch {
      return 'redis unreachable';
    }
  }
}
