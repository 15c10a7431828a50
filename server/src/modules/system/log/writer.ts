import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { logs } from '../../../db/schema/index.js';

export type LogEntry = typeof logs.$inferInsert;

/** On close, a failed write is tried this often, this far apart (about 2.5 s at most). */
const CLOSE_ATTEMPTS = 6;
const CLOSE_RETRY_MS = 500;

export interface LogWriterOptions {
  /** Rows written by one INSERT; reaching it flushes at once. */
  batchSize: number;
  /** Longest time a row waits in memory before it is written. */
  flushMs: number;
  /** Rows held while the database is unreachable; beyond it the oldest are dropped (and counted). */
  maxBuffered: number;
}

/**
 * Request and operation logs are written after the answer has gone, in batches: each request
 * only pushes a row into memory; one INSERT writes up to `batchSize` rows when the batch is
 * full or `flushMs` after its first row. A failed INSERT keeps the rows for the next attempt
 * (up to `maxBuffered`). close() writes what is left, retrying a failed write for a few
 * seconds, so a shutdown loses nothing while the database comes back in that time.
 */
export class LogWriter {
  private buffer: LogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  /** Rows dropped because the buffer overflowed while the database was failing. */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: LogWriterOptions,
  ) {}

  add(entry: LogEntry): void {
    if (this.closed) return;
    this.buffer.push(entry);
    if (this.buffer.length > this.options.maxBuffered) {
      const excess = this.buffer.length - this.options.maxBuffered;
      this.buffer.splice(0, excess);
      this.dropped += excess;
    }
    if (this.buffer.length >= this.options.batchSize) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
      this.timer.unref();
    }
  }

  /** Writes everything buffered so far; resolves when it is in the database (or has failed). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.writeAll());
    return this.flushing;
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, this.options.batchSize);
      try {
        await this.db.insert(logs).values(batch);
      } catch (error) {
        this.log.error({ err: error, rows: batch.length }, 'writing logs failed; kept for the next flush');
        this.buffer.unshift(...batch);
        if (!this.closed && !this.timer) {
          this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
          this.timer.unref();
        }
        return;
      }
    }
  }

  /** Writes what is left; a failed INSERT (a dropped connection) is tried again for a few seconds. */
  async close(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await this.flush();
      if (!this.buffer.length || attempt === CLOSE_ATTEMPTS) break;
      await new Promise((resolve) => setTimeout(resolve, CLOSE_RETRY_MS));
    }
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
