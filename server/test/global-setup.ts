import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, usePglite } from '../src/db/client.js';
import { seedDatabase } from '../src/db/seed/index.js';
import { ADMIN_PASSWORD } from './admin-password.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Dumps of a migrated, seeded in-memory PGlite (plain and with the demo district) that test servers start from. */
    pgliteTemplates: { plain: string; demo: string } | null;
    /** Names of migrated, seeded PostgreSQL databases (plain and demo) that test databases are copied from. */
    postgresTemplates: { plain: string; demo: string } | null;
  }
}

/**
 * Migrating and seeding a database takes seconds, and nearly every test file starts a server on
 * one: done once here. A PGlite server loads the dump; on PostgreSQL a server's fresh database is
 * made a copy of the template database (CREATE DATABASE … TEMPLATE), see harness.ts.
 */
export default async function setup(project: TestProject) {
  const postgres = process.env.TEST_DATABASE_URL;
  if (postgres) {
    project.provide('pgliteTemplates', null);
    const suffix = randomBytes(4).toString('hex');
    const names = { plain: `console_template_${suffix}_plain`, demo: `console_template_${suffix}_demo` };
    const run = async (sql: string) => {
      const admin = new pg.Client({ connectionString: postgres });
      await admin.connect();
      try {
        await admin.query(sql);
      } finally {
        await admin.end();
      }
    };
    for (const [kind, name] of Object.entries(names)) {
      await run(`CREATE DATABASE ${name}`);
      const url = new URL(postgres);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 2 });
      await seedDatabase(database.db, { adminPassword: ADMIN_PASSWORD, demo: kind === 'demo' });
      await database.close();
    }
    project.provide('postgresTemplates', names);
    return async () => {
      for (const name of Object.values(names)) await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  project.provide('postgresTemplates', null);
  const folder = mkdtempSync(join(tmpdir(), 'console-pglite-'));
  const dump = async (demo: boolean) => {
    const client = new PGlite();
    const database = await usePglite(client);
    await seedDatabase(database.db, { adminPassword: ADMIN_PASSWORD, demo });
    const file = join(folder, demo ? 'demo.tar' : 'plain.tar');
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await client.close();
    return file;
  };
  project.provide('pgliteTemplates', { plain: await dump(false), demo: await dump(true) });
  return () => rmSync(folder, { recursive: true, force: true });
}
