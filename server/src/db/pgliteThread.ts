/**
 * The embedded database (PGlite) in a worker thread, so a long statement never holds the thread
 * that serves HTTP, and a statement that must not run on can be stopped: PGlite runs inside one
 * synchronous WebAssembly call that ignores statement_timeout, so the only way to stop it is to end
 * its thread. `deadline(ms, work)` does that when `work` has not finished in time: the thread is
 * terminated and a new one opens the same folder (PostgreSQL's crash recovery; what had committed
 * stays) while `work` rejects with `DeadlineExceeded`.
 *
 *   const thread = await PgliteThread.open({ dataDir: './data/pglite' });
 *   const db = drizzle({ client: thread, schema });   // drizzle-orm/pglite calls query and transaction
 *   await thread.deadline(10_000, () => db.transaction(async (tx) => …));
 *
 * Statements run one at a time, as on PGlite itself: a transaction holds the database until it
 * ends. An in-memory database (tests) restarts from the dump it was opened with.
 */
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';

/** What opens the database: a folder, or memory (optionally loaded from a `dumpDataDir` tarball). */
export type PgliteSource = { dataDir: string } | { dump?: Uint8Array };

/** The work given to `deadline` ran past its time and the database thread was restarted. */
export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`stopped after ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/** A call that was in the thread when it was stopped. */
export class ThreadStopped extends Error {
  constructor() {
    super('the embedded database thread was restarted; the statement did not finish');
    this.name = 'ThreadStopped';
  }
}

export interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** drizzle-orm passes parsers that keep the text of date and time types; only their type ids travel. */
  parsers?: Record<number, unknown>;
}

/** The transaction handle `transaction` passes to its callback (what drizzle-orm/pglite uses). */
export interface ThreadTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(text: string): Promise<Results[]>;
}

// CommonJS, evaluated in the worker: PGlite's own CommonJS build, found from this module.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
// The error's plain fields (code, detail, constraint, …): its query options hold functions, which cannot travel.
const pack = (e) => {
  const out = { name: e && e.name, message: e && e.message ? e.message : String(e) };
  for (const [k, v] of Object.entries(e || {})) if (v === null || typeof v !== 'object') out[k] = v;
  return out;
};
const keepText = (types) => Object.fromEntries((types || []).map((t) => [t, (v) => v]));
const ROLLBACK = Symbol('rollback');
(async () => {
  let db;
  try {
    const { pglite, initdb, bundle } = workerData.assets;
    // shared_buffers: PostgreSQL's default 128 MB is touched as PGlite starts, about 110 MB of
    // resident memory per database thread; 16 MB suffices for this database (docs/benchmarks.md, Memory).
    const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
    const assets = { pgliteWasmModule: pglite, initdbWasmModule: initdb, fsBundle: new Blob([bundle]), startParams };
    db = workerData.dataDir
      ? new PGlite(workerData.dataDir, assets)
      : new PGlite({ loadDataDir: workerData.dump ? new Blob([workerData.dump]) : undefined, ...assets });
    await db.waitReady;
  } catch (e) {
    parentPort.postMessage({ id: 0, error: pack(e) });
    return;
  }
  const open = new Map();
  const begin = (id) => new Promise((started, failed) => {
    const done = db.transaction((tx) => new Promise((resolve, reject) => {
      open.set(id, { tx, resolve, reject, done });
      started(id);
    }));
    done.catch((e) => { if (!open.has(id)) failed(e); });
    open.set(id, { done });
  });
  const finish = async (id, commit) => {
    const entry = open.get(id);
    if (commit) entry.resolve(); else entry.reject(ROLLBACK);
    try { await entry.done; } catch (e) { if (e !== ROLLBACK) throw e; } finally { open.delete(id); }
  };
  parentPort.on('message', async (m) => {
    try {
      const target = m.tx ? open.get(m.tx).tx : db;
      let result;
      if (m.op === 'query') result = await target.query(m.text, m.params, { rowMode: m.rowMode, parsers: keepText(m.keepText) });
      else if (m.op === 'exec') result = await target.exec(m.text);
      else if (m.op === 'begin') result = await begin(m.id);
      else if (m.op === 'commit') result = await finish(m.tx, true);
      else if (m.op === 'rollback') result = await finish(m.tx, false);
      else if (m.op === 'close') result = await db.close();
      else if (m.op === 'dump') result = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      parentPort.postMessage({ id: m.id, result });
    } catch (e) {
      parentPort.postMessage({ id: m.id, error: pack(e) });
      // A WebAssembly trap (out of memory, abort) leaves PGlite unusable: end, and be restarted.
      if (e instanceof WebAssembly.RuntimeError) process.exit(1);
    }
  });
  parentPort.postMessage({ id: 0, result: 'ready' });
})();
`;

const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** A compiled WebAssembly module, typed through PGlite's options (the build's libraries have no WebAssembly namespace). */
type WasmModule = NonNullable<PGliteOptions['initdbWasmModule']>;

interface Assets {
  pglite: WasmModule;
  initdb: WasmModule;
  bundle: Uint8Array;
}
let assets: Promise<Assets> | undefined;
// The server's TypeScript libraries declare WebAssembly's types, not the global itself.
const { compile } = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }
).WebAssembly;
/** PGlite's WebAssembly, compiled once per process: a restart then takes a second, not several. */
const compiledAssets = () => {
  const file = (name: string) => readFile(path.join(path.dirname(pgliteEntry), name));
  assets ??= (async () => ({
    pglite: await compile(await file('pglite.wasm')),
    initdb: await compile(await file('initdb.wasm')),
    bundle: await file('pglite.data'),
  }))();
  return assets;
};

/** An Error with the worker's fields (code, detail, …) back on it. */
function unpack(error: Record<string, unknown>): Error {
  return Object.assign(new Error(String(error.message)), error);
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** One worker (started once `after` has settled): its calls in flight until it answers or dies. */
class Generation {
  worker?: Worker;
  readonly ready: Promise<void>;
  private readonly pending = new Map<number, Pending>();
  private next = 1;
  /** Set when the worker has ended: later calls fail at once instead of waiting for no answer. */
  private ended?: Error;

  constructor(source: PgliteSource, onDeath: (generation: Generation) => void, after: Promise<unknown>) {
    this.ready = Promise.all([compiledAssets(), after]).then(
      ([assets]) =>
        new Promise<void>((resolve, reject) => {
          this.pending.set(0, { resolve: () => resolve(), reject });
          const worker = new Worker(WORKER, {
            eval: true,
            workerData: { ...source, assets, pglite: pgliteEntry },
          });
          this.worker = worker;
          worker.on('message', (m: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
            const call = this.pending.get(m.id);
            this.pending.delete(m.id);
            if (m.error) call?.reject(unpack(m.error));
            else call?.resolve(m.result);
          });
          const die = (error?: Error) => {
            this.ended = error ?? new ThreadStopped();
            for (const call of this.pending.values()) call.reject(this.ended);
            this.pending.clear();
            onDeath(this);
          };
          worker.on('error', die);
          worker.on('exit', () => die());
        }),
    );
    this.ready.catch(() => undefined);
  }

  async call<T>(message: Record<string, unknown>): Promise<T> {
    await this.ready;
    if (this.ended) throw this.ended;
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker!.postMessage({ ...message, id });
    });
  }

  async terminate() {
    await this.ready.catch(() => undefined);
    await this.worker?.terminate();
  }
}

/**
 * How old the copy `trial` runs on may be before the next trial takes it again (in the background;
 * taking it holds the database for a moment, so not often).
 */
export const COPY_MAX_AGE_MS = 10 * 60_000;

/**
 * A copy of the database in memory, in a thread of its own, for `trial`: work that may run
 * away runs there first. `users` counts trials on it, so a replaced copy closes after the last.
 */
interface Copy {
  thread: PgliteThread;
  taken: number;
  users: number;
  /** Keys of trials (`trial`'s key: the statements and their values) that finished in time on it. */
  passed: Set<string>;
}

/** Passed trials remembered per copy at most. */
const PASSED_KEPT = 2_000;

/** A copy's folder, or none (in memory). */
const folderOf = (thread: PgliteThread) => thread.folder;

/** Closes a copy and removes its folder. */
async function closeCopy(thread: PgliteThread) {
  await thread.close();
  const folder = folderOf(thread);
  if (folder) await rm(folder, { recursive: true, force: true });
}

/** Copies left by a process that ended without closing (`<folder>-copy-<time>`). */
async function removeCopies(folder: string) {
  const parent = path.dirname(folder);
  const prefix = `${path.basename(folder)}-copy-`;
  for (const name of await readdir(parent).catch(() => [] as string[]))
    if (name.startsWith(prefix)) await rm(path.join(parent, name), { recursive: true, force: true });
}

export class PgliteThread {
  private current: Generation;
  private copy?: Copy;
  private copying?: Promise<Copy>;
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;

  private constructor(private readonly source: PgliteSource) {
    this.current = this.start(Promise.resolve());
  }

  static async open(source: PgliteSource): Promise<PgliteThread> {
    const thread = new PgliteThread(source);
    await thread.current.ready;
    return thread;
  }

  /** A new thread, opened once `after` (the end of the previous one: never two on one folder). */
  private start(after: Promise<unknown>): Generation {
    return new Generation(
      this.source,
      (dead) => {
        // A thread that died by itself (a WebAssembly trap) is replaced like a stopped one.
        if (!this.closing && dead === this.current) this.current = this.start(Promise.resolve());
      },
      after,
    );
  }

  /** The current thread once it is open. */
  private async generation(): Promise<Generation> {
    for (;;) {
      const g = this.current;
      try {
        await g.ready;
        return g;
      } catch (error) {
        if (g === this.current) throw error;
      }
    }
  }

  /** Runs `work` alone on the database (a statement or a whole transaction). */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The folder it opened, if any. */
  get folder(): string | undefined {
    return 'dataDir' in this.source ? this.source.dataDir : undefined;
  }

  get waitReady(): Promise<void> {
    return this.current.ready;
  }

  query(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    return this.exclusive(async () =>
      (await this.generation()).call<Results>({
        op: 'query',
        text,
        params,
        rowMode: options.rowMode,
        keepText: Object.keys(options.parsers ?? {}).map(Number),
      }),
    );
  }

  exec(text: string): Promise<Results[]> {
    return this.exclusive(async () => (await this.generation()).call<Results[]>({ op: 'exec', text }));
  }

  transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const g = await this.generation();
      const id = await g.call<number>({ op: 'begin' });
      const tx: ThreadTransaction = {
        query: (text, params = [], options = {}) =>
          g.call<Results>({
            op: 'query',
            tx: id,
            text,
            params,
            rowMode: options.rowMode,
            keepText: Object.keys(options.parsers ?? {}).map(Number),
          }),
        exec: (text) => g.call<Results[]>({ op: 'exec', tx: id, text }),
      };
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        if (g === this.current) await g.call({ op: 'rollback', tx: id }).catch(() => undefined);
        throw error;
      }
      await g.call({ op: 'commit', tx: id });
      return result;
    });
  }

  /**
   * Runs `work`; when it has not settled after `ms`, the thread is terminated (whatever statement
   * it runs stops there) and reopened, and the answer is `DeadlineExceeded`.
   */
  deadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
    return this.deadlineOnHold(ms, (hold) => {
      hold();
      return work();
    });
  }

  /**
   * As `deadline`, but the time counts from when `work` calls `hold` (the first thing its
   * transaction does once it holds the database), not from when it was asked: a statement queued
   * behind other requests' statements is not stopped for the time it waited, and the thread is not
   * restarted under everyone for it (under load that restart failed every call in flight).
   */
  async deadlineOnHold<T>(ms: number, work: (hold: () => void) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    let expire: (error: Error) => void = () => undefined;
    const expired = new Promise<never>((_, reject) => {
      expire = reject;
    });
    const hold = () => {
      if (timer !== undefined || settled) return;
      timer = setTimeout(() => {
        expire(new DeadlineExceeded(ms));
        this.restart();
      }, ms);
    };
    const running = work(hold);
    try {
      return await Promise.race([running, expired]);
    } finally {
      settled = true;
      clearTimeout(timer);
      running.catch(() => undefined);
      expired.catch(() => undefined);
    }
  }

  /** A copy of the whole database (a `dumpDataDir` tarball), taken between two statements. */
  dump(): Promise<Uint8Array> {
    return this.exclusive(async () => (await this.generation()).call<Uint8Array>({ op: 'dump' }));
  }

  /**
   * Runs `work` on the copy of this database (see `Copy`) and stops it after `ms`
   * (`DeadlineExceeded`): what it runs there never holds this database. The copy is taken at the
   * first trial (or by `prepareCopy`) and again, in the background, by a trial that finds it older
   * than `COPY_MAX_AGE_MS`. With a `key` (what the work runs: its statements and their values), a
   * trial that already passed on the current copy is not run again (answers undefined): the copy
   * does not change, so the same statements would take the same time on it.
   */
  async trial<T>(
    ms: number,
    work: (copy: PgliteThread, hold: () => void) => Promise<T>,
    key?: string,
  ): Promise<T | undefined> {
    if (this.closing) throw new ThreadStopped();
    let copy = this.copy;
    if (!copy) copy = await this.takeCopy();
    else if (Date.now() - copy.taken > COPY_MAX_AGE_MS) this.takeCopy().catch(() => undefined);
    // The same work passed on this very copy, which nothing changes: it would pass again.
    if (key !== undefined && copy.passed.has(key)) return undefined;
    copy.users++;
    try {
      // The time counts from an open copy (one stopped by the last trial is reopening) that the
      // work holds (`hold`; trials queued on the copy wait for each other).
      await copy.thread.generation();
      const result = await copy.thread.deadlineOnHold(ms, (hold) => work(copy.thread, hold));
      if (key !== undefined) {
        if (copy.passed.size >= PASSED_KEPT) copy.passed.clear();
        copy.passed.add(key);
      }
      return result;
    } finally {
      copy.users--;
      if (copy !== this.copy && copy.users === 0) await closeCopy(copy.thread);
    }
  }

  /**
   * Takes the copy (now, when there is none). The database is held meanwhile: a folder is copied
   * file by file after a CHECKPOINT, between two statements (what PostgreSQL would find after a
   * crash there; the copy recovers it when it opens); a database in memory is dumped.
   */
  prepareCopy(): Promise<void> {
    return this.copy ? Promise.resolve() : this.takeCopy().then(() => undefined);
  }

  /** Resolves when the copy is taken and open (after a trial stopped it, it reopens). */
  async copyReady(): Promise<void> {
    await this.prepareCopy();
    await this.copy?.thread.generation();
  }

  private takeCopy(): Promise<Copy> {
    this.copying ??= (async () => {
      try {
        const taken = Date.now();
        let source: PgliteSource;
        const from = 'dataDir' in this.source ? this.source.dataDir : undefined;
        if (from) {
          const to = `${from}-copy-${taken}`;
          if (!this.copy) await removeCopies(from);
          await this.exclusive(async () => {
            await (await this.generation()).call({ op: 'exec', text: 'CHECKPOINT' });
            await cp(from, to, { recursive: true });
          });
          source = { dataDir: to };
        } else source = { dump: await this.dump() };
        const thread = await PgliteThread.open(source);
        const old = this.copy;
        if (this.closing) {
          await closeCopy(thread);
          throw new ThreadStopped();
        }
        this.copy = { thread, taken, users: 0, passed: new Set() };
        if (old && old.users === 0) await closeCopy(old.thread);
        return this.copy;
      } finally {
        this.copying = undefined;
      }
    })();
    return this.copying;
  }

  private restart() {
    if (this.closing) return;
    const old = this.current;
    this.current = this.start(old.terminate());
  }

  async close(): Promise<void> {
    this.closing = true;
    const copy = this.copy;
    this.copy = undefined;
    if (copy) await closeCopy(copy.thread);
    const g = this.current;
    // A statement still running (a runaway being stopped) would hold the close: end the thread then.
    const closed = this.exclusive(() => g.call({ op: 'close' }));
    const timeout = new Promise((resolve) => setTimeout(resolve, 2_000).unref());
    await Promise.race([closed.catch(() => undefined), timeout]);
    await g.terminate();
  }
}
