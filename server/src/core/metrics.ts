import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The background queues whose outcomes are counted (docs/operations.md). */
export type JobQueue = 'knowledge_indexing' | 'workflow_timers' | 'scheduled_tasks' | 'message_sends';
export type JobOutcome = 'done' | 'failed';

/**
 * Process metrics (memory, CPU, event-loop lag, handles) are the process's, so they are
 * collected once however many apps a process builds (tests build many).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'console_' });
  }
  return processRegistry;
}

/**
 * The metrics of one app instance. Labels are route patterns, methods, status codes, queue
 * and outcome names only: never an id, a token, an account or a raw URL.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: 'console_http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly requestDuration = new Histogram({
    name: 'console_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly jobs = new Counter({
    name: 'console_jobs_total',
    help: 'Background jobs finished, by queue and outcome (done or failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly backlogReaders = new Map<JobQueue, () => Promise<number>>();

  /** Set by a queue each time it looks for due work, or read when scraped (readBacklogOnScrape). */
  readonly jobBacklog = new Gauge({
    name: 'console_job_backlog',
    help: 'Jobs waiting or due in a background queue (when it last looked, or when scraped)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
    collect: async () => {
      for (const [queue, read] of this.backlogReaders) {
        const count = await read().catch(() => undefined);
        if (count === undefined) this.jobBacklog.remove({ queue });
        else this.jobBacklog.set({ queue }, count);
      }
    },
  });

  readonly signInFailures = new Counter({
    name: 'console_signin_failures_total',
    help: 'Failed sign-ins (wrong account, password or code)',
    registers: [this.registry],
  });

  readonly signInLockouts = new Counter({
    name: 'console_signin_lockouts_total',
    help: 'Account names locked after repeated failed sign-ins',
    registers: [this.registry],
  });

  job(queue: JobQueue, outcome: JobOutcome, count = 1) {
    if (count > 0) this.jobs.inc({ queue, outcome }, count);
  }

  readBacklogOnScrape(queue: JobQueue, read: () => Promise<number>) {
    this.backlogReaders.set(queue, read);
  }

  /** A gauge read when scraped; a failing read leaves it out of that scrape. */
  gaugeOnScrape(name: string, help: string, read: () => Promise<number | undefined> | number | undefined) {
    return new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.reset();
        const value = await Promise.resolve()
          .then(read)
          .catch(() => undefined);
        if (value !== undefined) this.set(value);
      },
    });
  }

  /** The Prometheus text of this app and of its process. */
  async text(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${process}`;
  }

  readonly contentType = this.registry.contentType;
}
