import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openKeyValueStore } from './core/kv/index.js';
import { openDatabase } from './db/client.js';
import { ADMIN_ACCOUNT, seedDatabase } from './db/seed/index.js';
import { createServices } from './services.js';

const INITIAL_PASSWORD_FILE = 'initial-admin-password';

/**
 * The generated password is the one way in, so it must not scroll away under request logs nor
 * land in a log file: in a terminal it is printed once; otherwise it is written to a file only
 * this user can read, and one log line says where.
 */
function announceAdminPassword(app: FastifyInstance, dataDir: string, password: string) {
  if (process.stdout.isTTY) {
    process.stdout.write(
      [
        '',
        '============================================================',
        '  First start: the administrator account was created.',
        `  account:  ${ADMIN_ACCOUNT}`,
        `  password: ${password}`,
        '  It is shown only this once and must be changed at first sign-in.',
        '============================================================',
        '',
      ].join('\n'),
    );
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, INITIAL_PASSWORD_FILE);
  // A fresh file, so the mode holds even where an old one (or a link) was left behind.
  rmSync(file, { force: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  app.log.warn(
    `First start: the password of the administrator account "${ADMIN_ACCOUNT}" is in ${file}; it must be changed at first sign-in, then delete the file`,
  );
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  config.WEB_DIST ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const kv = openKeyValueStore({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const services = createServices(config, database, kv);

  const seeded = await seedDatabase(database.db, {
    adminPassword: config.ADMIN_PASSWORD,
    demo: config.DEMO_DATA,
  });
  const app = await buildApp(services);
  if (seeded.generatedAdminPassword)
    announceAdminPassword(app, config.DATA_DIR, seeded.generatedAdminPassword);
  await app.listen({ port: config.PORT, host: config.HOST });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // /readyz answers 503 from now on, so the proxy stops sending before the listener closes.
      await services.health.drain(config.SHUTDOWN_DRAIN_MS);
      await app.close();
      await kv.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
