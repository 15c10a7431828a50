/**
 * Connections to a data source: the console's own database ("0") through its Drizzle handle,
 * PostgreSQL through `pg`, MySQL/MariaDB through `mysql2`. Other sources are outbound
 * connections: the host is checked by `checkOutboundHost` (no loopback, private or link-local
 * address unless OUTBOUND_ALLOW names it) and the socket goes to the address that was checked.
 */
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { BizError, badRequest } from '../../../core/errors.js';
import { checkOutboundHost, OutboundError } from '../../../core/outbound.js';
import type { DbOrTx } from '../../../db/client.js';
import { DeadlineExceeded, PgliteThread, ThreadStopped } from '../../../db/pgliteThread.js';
import type { DialectName } from '../dataModel/ddl.js';
import { openSecret } from '../secrets.js';

/** What a connection needs of a data source record. */
export interface LinkTarget {
  dbType: string;
  host: string;
  port: number;
  userName: string;
  password: string;
  serviceName: string;
  dbSchema?: string | null;
}

export const CONSOLE_LINK_ID = '0';
export const CONNECT_TIMEOUT_MS = 8_000;
/** The longest a data interface's or preview's statement may run. */
export const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * The embedded database runs one statement at a time for everyone, so a user's statement there
 * first runs on a copy of the database (`PgliteThread.trial`) and is stopped there after this
 * long; only one that finished in time runs on the database itself, which it then holds about as
 * long. Every other request meanwhile waits at most about this.
 */
export const EMBEDDED_TRIAL_MS = 500;
/**
 * On the database itself, a statement that passed its trial is still stopped after this long (the
 * copy may be up to a minute old: a table that grew a lot since then).
 */
export const EMBEDDED_STATEMENT_MS = 3_000;

/**
 * At most this many users' statements run on the console database at once per instance (on
 * PostgreSQL each holds a pooled connection for up to STATEMENT_TIMEOUT_MS; the pool has 10 by
 * default, and the rest must stay for everything else). One more waits up to USER_SQL_WAIT_MS for
 * a place, then answers 400 `ConnectMessages.busy`.
 */
export const USER_SQL_CONCURRENCY = 3;
export const USER_SQL_WAIT_MS = 2_000;

/**
 * Released data screens' statements have places of their own (`readOnly`'s lane 'screen'): they
 * were checked when the screen was saved and released, are bounded like every user statement
 * (read-only, cost ceiling, time limits and, on the embedded database, the trial on its copy), and
 * one run answers every viewer asking the same within the component's refresh
 * (dataScreen/service.ts). 50 wall displays then neither take the places of people previewing SQL
 * nor are refused after 2 s behind them: a screen's statement waits up to SCREEN_SQL_WAIT_MS (a
 * refresh is due again by then), then answers 400 `ConnectMessages.screenBusy`. On PostgreSQL the
 * pool of 10 then keeps at least 10 − 3 − 2 for everything else.
 */
export const SCREEN_SQL_CONCURRENCY = 2;
export const SCREEN_SQL_WAIT_MS = 10_000;

/** Which places a user's statement waits for (see USER_SQL_CONCURRENCY, SCREEN_SQL_CONCURRENCY). */
export interface ReadOnlyOptions {
  lane?: 'user' | 'screen';
  /**
   * What the work runs (its statements and values): on the embedded database a trial that passed
   * with this key on the current copy is not run again (`PgliteThread.trial`).
   */
  trialKey?: string;
}

/**
 * The highest planner cost (EXPLAIN) a user's statement on the console database may have. The
 * embedded database runs one statement at a time for everyone, so its ceiling is low (about a
 * second there); PostgreSQL runs it on one pooled connection of many.
 */
export const COST_CEILING = { embedded: 20_000, server: 1_000_000 } as const;

export const ConnectMessages = {
  unsupported: (dbType: string) => `暂不支持${dbType}类型的数据源，目前支持PostgreSQL和MySQL（含MariaDB）`,
  failed: (detail: string) => `连接失败：${detail}`,
  timeout: `查询超过${STATEMENT_TIMEOUT_MS / 1000}秒仍未完成，已停止。请加条件缩小查询范围后再试`,
  busy: `正在运行的查询已有${USER_SQL_CONCURRENCY}个，请稍后再试`,
  screenBusy: `大屏数据查询繁忙（等待超过${SCREEN_SQL_WAIT_MS / 1000}秒），将在下次刷新时重试`,
  embeddedTimeout: `查询在内嵌数据库上超过${EMBEDDED_TRIAL_MS / 1000}秒仍未完成，已停止（内嵌数据库同一时间只运行一条语句，长查询会让所有人等待）。请加条件缩小查询范围，或改用PostgreSQL数据库`,
  tooCostly: (cost: number, ceiling: number) =>
    `查询的预计代价过高（约${Math.round(cost)}，上限${ceiling}），会运行很久，未执行。请加条件或限制行数后再试`,
} as const;

export const dialectOfType = (dbType: string): DialectName | null =>
  dbType === 'PostgreSQL' ? 'postgres' : dbType === 'MySQL' ? 'mysql' : null;

export interface QueryResult {
  rows: Record<string, unknown>[];
  fields: string[];
}

/** One open connection; `query` takes $n (PostgreSQL) or ? (MySQL) placeholders. */
export interface Connection {
  dialect: DialectName;
  /** The schema (PostgreSQL) or database (MySQL) tables are listed in. */
  schema: string;
  query(text: string, params?: unknown[]): Promise<QueryResult>;
  /** Runs `work` in a read-only transaction with the statement timeout, then rolls back. */
  readOnly<T>(work: (c: Connection) => Promise<T>, options?: ReadOnlyOptions): Promise<T>;
  /** Runs `work` in a transaction committed when it returns (PostgreSQL; MySQL DDL commits itself). */
  transaction<T>(work: (c: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Text with $n placeholders as a Drizzle SQL whose values are bound. */
export function boundSql(text: string, params: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    chunks.push(sql`${params[Number(m[1]) - 1] ?? null}`);
    last = m.index! + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

/** The embedded database's thread behind a handle, when it is one (not PostgreSQL, not a transaction). */
const threadOf = (db: DbOrTx) => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PgliteThread ? client : null;
};

/** True when a failure is PostgreSQL's statement_timeout (57014), however wrapped. */
const isTimeout = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '57014') return true;
    e = e.cause as typeof e;
  }
  return false;
};

/**
 * Refuses a user's statement whose planned cost is past the ceiling, before it runs (EXPLAIN plans
 * with the bound values). Estimates can be fooled (a recursive CTE, a set-returning function over
 * a subquery); the time limit of `readOnly` is what holds then.
 */
export async function checkCost(db: DbOrTx, c: Connection, text: string, params: unknown[]) {
  const ceiling = threadOf(db) ? COST_CEILING.embedded : COST_CEILING.server;
  const { rows } = await c.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
  const raw = Object.values(rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Total Cost': number } }[];
  const cost = plan[0]?.Plan['Total Cost'] ?? 0;
  if (cost > ceiling) throw badRequest(ConnectMessages.tooCostly(cost, ceiling));
}

/**
 * The console database as a connection; tables are those of schema gen. `readOnly` is where users'
 * SQL runs: a read-only transaction with statement_timeout, and on the embedded database (which
 * ignores statement_timeout) under its thread's deadline, which stops the statement by restarting
 * the thread. Either way a statement past the limit answers 400 `ConnectMessages.timeout`.
 */
export function consoleConnection(db: DbOrTx): Connection {
  const connection: Connection = {
    dialect: 'postgres',
    schema: 'gen',
    async query(text, params) {
      const result = (await db.execute(boundSql(text, params))) as unknown as {
        rows: Record<string, unknown>[];
        fields?: { name: string }[];
      };
      const fields = result.fields?.map((f) => f.name) ?? Object.keys(result.rows[0] ?? {});
      return { rows: result.rows, fields };
    },
    async readOnly(work, options = {}) {
      // `hold`: the time limit counts from here, where the transaction holds the database.
      const run = (on: DbOrTx, hold: () => void) =>
        (on as Exclude<DbOrTx, { rollback: unknown }>).transaction(async (tx) => {
          hold();
          await tx.execute(sql.raw('SET TRANSACTION READ ONLY'));
          await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`));
          await tx.execute(sql.raw('SET LOCAL search_path = gen'));
          // Committing a read-only transaction changes nothing.
          return work(consoleConnection(tx));
        });
      const thread = threadOf(db);
      const slots = options.lane === 'screen' ? screenSqlSlots : userSqlSlots;
      await slots.take();
      try {
        if (!thread) return await runOnServer(() => run(db, () => undefined));
        await trial(thread, (copy, hold) => run(copyHandle(copy), hold), options.trialKey);
        return await thread.deadlineOnHold(EMBEDDED_STATEMENT_MS, (hold) => run(db, hold));
      } catch (error) {
        if (error instanceof DeadlineExceeded) throw badRequest(ConnectMessages.embeddedTimeout);
        throw error;
      } finally {
        slots.release();
      }
    },
    transaction: (work) =>
      (db as Exclude<DbOrTx, { rollback: unknown }>).transaction((tx) => work(consoleConnection(tx))),
    close: async () => undefined,
  };
  return connection;
}

/** Places for users' statements on the console database: `size` at once, a next one waits up to `waitMs`. */
class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly size: number,
    private readonly waitMs: number,
    private readonly busy: string,
  ) {}

  async take() {
    if (this.running < this.size) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(badRequest(this.busy));
      }, this.waitMs);
      this.waiting.push(turn);
    });
  }

  /** The place goes to the first waiting, else is freed. */
  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
const userSqlSlots = new Slots(USER_SQL_CONCURRENCY, USER_SQL_WAIT_MS, ConnectMessages.busy);
const screenSqlSlots = new Slots(SCREEN_SQL_CONCURRENCY, SCREEN_SQL_WAIT_MS, ConnectMessages.screenBusy);

/** PostgreSQL: statement_timeout stops the statement. */
async function runOnServer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isTimeout(error)) throw badRequest(ConnectMessages.timeout);
    throw error;
  }
}

const copyHandles = new WeakMap<PgliteThread, DbOrTx>();
/** A Drizzle handle on the embedded database's copy. */
const copyHandle = (copy: PgliteThread): DbOrTx => {
  let handle = copyHandles.get(copy);
  if (!handle) {
    handle = drizzlePglite({ client: copy as unknown as PGlite }) as unknown as DbOrTx;
    copyHandles.set(copy, handle);
  }
  return handle;
};

/** True when a failure is the embedded thread's ThreadStopped, however wrapped (drizzle's query error). */
const stoppedThread = (error: unknown) => {
  for (let e = error as { cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e instanceof ThreadStopped) return true;
    e = e.cause as typeof e;
  }
  return false;
};

/**
 * The embedded database: `work` runs first on the copy, stopped there after EMBEDDED_TRIAL_MS
 * (DeadlineExceeded). A refusal (cost, guard) is the answer. Any other failure may come from the
 * copy's age (a table made since it was taken): then the statement runs on the database, which
 * answers its own error, under EMBEDDED_STATEMENT_MS. A trial that was waiting on the copy when
 * another one's runaway stopped it (ThreadStopped) is tried again on the reopened copy: it never
 * skips its trial for that.
 */
async function trial(
  thread: PgliteThread,
  work: (copy: PgliteThread, hold: () => void) => Promise<unknown>,
  key?: string,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      await thread.trial(EMBEDDED_TRIAL_MS, work, key);
      return;
    } catch (error) {
      if (error instanceof DeadlineExceeded || error instanceof BizError) throw error;
      if (stoppedThread(error)) {
        if (attempt < 3) continue;
        throw badRequest(ConnectMessages.busy);
      }
      return;
    }
  }
}

async function vettedAddress(link: LinkTarget): Promise<string> {
  try {
    return (await checkOutboundHost(link.host, link.port)).address;
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(error.message);
    throw error;
  }
}

/** What a driver said, without the password. */
const driverMessage = (error: unknown, link: LinkTarget) => {
  const text = (error as Error).message || String(error);
  return link.password ? text.split(link.password).join('***') : text;
};

async function postgresConnection(link: LinkTarget): Promise<Connection> {
  const client = new pg.Client({
    host: await vettedAddress(link),
    port: link.port,
    user: link.userName,
    password: link.password,
    database: link.serviceName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS + 5_000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw badRequest(ConnectMessages.failed(driverMessage(error, link)));
  }
  const connection: Connection = {
    dialect: 'postgres',
    schema: link.dbSchema || 'public',
    async query(text, params) {
      const result = await client.query(text, params as unknown[]);
      return { rows: result.rows, fields: result.fields.map((f) => f.name) };
    },
    async readOnly(work) {
      await client.query('BEGIN READ ONLY');
      try {
        await client.query(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
        return await work(connection);
      } finally {
        await client.query('ROLLBACK').catch(() => undefined);
      }
    },
    async transaction(work) {
      await client.query('BEGIN');
      try {
        const result = await work(connection);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    close: () => client.end().catch(() => undefined),
  };
  return connection;
}

async function mysqlConnection(link: LinkTarget): Promise<Connection> {
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({
      host: await vettedAddress(link),
      port: link.port,
      user: link.userName,
      password: link.password,
      database: link.serviceName,
      connectTimeout: CONNECT_TIMEOUT_MS,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      multipleStatements: false,
    });
  } catch (error) {
    if (error instanceof BizError) throw error;
    throw badRequest(ConnectMessages.failed(driverMessage(error, link)));
  }
  conn.on('error', () => undefined);
  // MariaDB: max_statement_time in seconds; MySQL: max_execution_time in ms (SELECT only).
  await conn
    .query(`SET SESSION max_statement_time = ${STATEMENT_TIMEOUT_MS / 1000}`)
    .catch(() => conn.query(`SET SESSION max_execution_time = ${STATEMENT_TIMEOUT_MS}`))
    .catch(() => undefined);
  const connection: Connection = {
    dialect: 'mysql',
    schema: link.serviceName,
    async query(text, params) {
      const [rows, fields] = await conn.query({ sql: text, values: params ?? [] });
      const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
      return { rows: list, fields: (fields ?? []).map((f) => f.name) };
    },
    async readOnly(work) {
      await conn.query('START TRANSACTION READ ONLY');
      try {
        return await work(connection);
      } finally {
        await conn.query('ROLLBACK').catch(() => undefined);
      }
    },
    transaction: (work) => work(connection),
    close: () => conn.end().catch(() => undefined),
  };
  return connection;
}

/** Opens a connection to a data source (not "0"); 400 with the driver's words when it fails. */
export async function openConnection(stored: LinkTarget): Promise<Connection> {
  const link = { ...stored, password: openSecret(stored.password) };
  const dialect = dialectOfType(link.dbType);
  if (dialect === 'postgres') return postgresConnection(link);
  if (dialect === 'mysql') return mysqlConnection(link);
  throw badRequest(ConnectMessages.unsupported(link.dbType));
}

/** Opens, runs, closes. */
export async function withConnection<T>(link: LinkTarget, work: (c: Connection) => Promise<T>): Promise<T> {
  const connection = await openConnection(link);
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

/**
 * A query failure of a source as a 400 with the database's own message, to whoever ran it: never
 * the statement and its parameters, which a wrapper (drizzle's "Failed query: … params: …") puts
 * around the database's error, kept as its cause.
 */
export function queryFailure(error: unknown): never {
  if (error instanceof BizError) throw error;
  if (isTimeout(error)) throw badRequest(ConnectMessages.timeout);
  let cause = error as { message?: string; cause?: unknown };
  while (cause.cause instanceof Error) cause = cause.cause;
  throw badRequest(`执行失败：${cause.message || String(error)}`);
}
