import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PgliteThread } from './pgliteThread.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service decides where the transaction starts. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** An arbitrary constant: instances starting together on one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_340_201;

/**
 * Opens the database: PostgreSQL (pooled) when a URL is given, otherwise PGlite in dataDir
 * (or in memory for 'memory://'), in a thread of its own (pgliteThread.ts). Applies the committed migrations before returning.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** An in-memory PGlite starts from this dump (`usePglite` then `dumpDataDir`) instead of empty. */
  pgliteDump?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A connection the server ends (restart, failover, terminated backend) emits 'error' on its
    // client, idle or checked out (in a transaction too); unhandled, that ends the process. The
    // query it was running fails on its own (the request answers 500 and its transaction is gone),
    // and the pool drops the broken client on release and opens a new one when needed.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        process.emitWarning(`database connection closed: ${error.message}`, { code: 'CONSOLE_DB_CLOSED' });
      });
    });
    // The pool re-emits an idle client's error, already warned about above.
    pool.on('error', () => undefined);
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(drizzleNodePg({ client: lockClient, schema }), { migrationsFolder });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PgliteThread.open(
    inMemory
      ? { dump: options.pgliteDump && new Uint8Array(await options.pgliteDump.arrayBuffer()) }
      : { dataDir: path.resolve(options.dataDir, 'pglite') },
  );
  return usePglite(client);
}

/** Migrates an opened PGlite (in this thread, or in its own: PgliteThread) and wraps it as the database. */
export async function usePglite(client: PGlite | PgliteThread): Promise<Database> {
  await client.waitReady;
  const database = drizzlePglite({ client: client as PGlite, schema });
  await migratePglite(database, { migrationsFolder });
  return { db: database as unknown as Db, kind: 'pglite', close: () => client.close() };
}
