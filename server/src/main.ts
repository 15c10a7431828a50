import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openKeyValueStore } from './core/kv/index.js';
import { openDatabase } from './db/client.js';
import { ADMIN_ACCOUNT, seedDatabase } from './db/seed/index.js';
import { createServices } from './services.js';

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
  if (seeded.generatedAdminPassword) {
    // Printed once, to the console only (never to the log): the one way to learn it.
    process.stdout.write(
      [
        '',
        '============================================================',
        '  First start: the administrator account was created.',
        `  account:  ${ADMIN_ACCOUNT}`,
        `  password: ${seeded.generatedAdminPassword}`,
        '  It is shown only this once and must be changed at first sign-in.',
        '============================================================',
        '',
      ].join('\n'),
    );
  }

  const app = await buildApp(services);
  await app.listen({ port: config.PORT, host: config.HOST });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
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
