import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

/** Where new databases are created from (the `test` database) and which Redis to use. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Where Debian's PostgreSQL puts its Unix socket. */
const PG_SOCKET_DIR = process.env.BENCH_PG_SOCKET_DIR ?? '/var/run/postgresql';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface BenchDatabase {
  url: string;
  /**
   * The same database through PostgreSQL's Unix socket when it is on this host (Debian's
   * /var/run/postgresql), else `url`: what a server next to its database should use.
   */
  localUrl: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates a fresh bench_xxx database, or answers why PostgreSQL cannot be used. */
export async function createDatabase(): Promise<BenchDatabase | { unavailable: string }> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    return { unavailable: `${PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//…@')}: ${(error as Error).message}` };
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    localUrl: existsSync(`${PG_SOCKET_DIR}/.s.PGSQL.${url.port || 5432}`)
      ? `postgres://${url.username}@/${name}?host=${encodeURIComponent(PG_SOCKET_DIR)}&port=${url.port || 5432}`
      : url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Whether something answers PING on the Redis address (a plain RESP exchange). */
export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
