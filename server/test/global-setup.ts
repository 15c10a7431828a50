import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { usePglite } from '../src/db/client.js';
import { seedDatabase } from '../src/db/seed/index.js';
import { ADMIN_PASSWORD } from './admin-password.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Dumps of a migrated, seeded in-memory PGlite (plain and with the demo district) that test servers start from. */
    pgliteTemplates: { plain: string; demo: string } | null;
  }
}

/**
 * Migrating and seeding a PGlite takes seconds, and nearly every test file starts a server on
 * one: done once here, each server loads the result. PostgreSQL runs create their own databases.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplates', null);
    return;
  }
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
