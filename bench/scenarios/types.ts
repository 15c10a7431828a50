import type { Measurement } from '../lib/measure.js';
import type { BenchServer } from '../lib/server.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface ScenarioContext {
  server: BenchServer;
  database: DatabaseKind;
  /** The administrator's password after the first-sign-in change. */
  adminPassword: string;
  /** Shortened durations for a smoke run (--quick); figures are then not comparable. */
  quick: boolean;
  /** Node options for servers a scenario starts itself (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

/** What a scenario measured. */
export interface ScenarioOutput extends Measurement {
  /** Body bytes of one answer (without HTTP headers), where meaningful. */
  bodyBytes?: number;
  /** Median latency of requests sent one at a time (no queueing), where measured. */
  unloadedP50Ms?: number;
  notes: string[];
  /** Budgets this run exceeded, one sentence each: the bench then exits with status 1. */
  budgetFailures?: string[];
}

/** A scenario's figures with where they come from (filled in by run.ts). */
export interface ScenarioResult extends ScenarioOutput {
  scenario: string;
  title: string;
  section: string;
  database: DatabaseKind;
}

export interface Scenario {
  /** Selects the scenario on the command line: `npm run bench -- currentUser`. */
  name: string;
  title: string;
  /** The docs/benchmarks.md section (`<!-- bench:<section>:start -->`) its figures go to. */
  section: string;
  /** Why it cannot run here (data it needs is not there), with how to run it; undefined when it can. */
  unavailable?(): string | undefined;
  /** The one database it runs on (it does not depend on the database); undefined: every one. */
  onlyOn?: DatabaseKind;
  run(ctx: ScenarioContext): Promise<ScenarioOutput>;
}
