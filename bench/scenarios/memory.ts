import { readFile } from 'node:fs/promises';
import { BenchServer } from '../lib/server.js';
import type { Scenario, ScenarioOutput } from './types.js';

/** Issue #24: the server after `npm start` with demo data (embedded database), idle, in MiB of RSS. */
export const IDLE_RSS_BUDGET_MIB = 400;

/** VmRSS, VmHWM (peak), RssAnon and RssFile of a process (all its threads), in MiB. */
async function processMemory(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : Number.NaN;
  };
  return { rss: field('VmRSS'), peak: field('VmHWM'), anon: field('RssAnon'), file: field('RssFile') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a server of its own as `npm start` runs it (NODE_ENV=production, DEMO_DATA=1, a fresh
 * embedded database), waits until it answers, leaves it idle and reads its resident memory from
 * /proc (the process with every thread: HTTP, the embedded database's worker, native libraries).
 * The shared bench server is not used: it has served the other scenarios.
 */
export const memory: Scenario = {
  name: 'memory',
  title: 'Server memory after start with demo data, idle (RSS)',
  section: 'memory',
  onlyOn: 'pglite',
  unavailable: () => (process.platform === 'linux' ? undefined : 'reads /proc: Linux only'),
  async run(ctx): Promise<ScenarioOutput> {
    const idleMs = ctx.quick ? 10_000 : 60_000;
    const started = Date.now();
    const server = await BenchServer.start({
      // The bench's servers echo image codes (CAPTCHA_ECHO=1), which production refuses.
      env: { DEMO_DATA: '1', NODE_ENV: 'production', CAPTCHA_ECHO: '0' },
      nodeArgs: ctx.nodeArgs,
    });
    try {
      const readyMs = Date.now() - started;
      const pid = server.child.pid;
      if (pid === undefined) throw new Error('the server process has no pid');
      const atReady = await processMemory(pid);
      // Samples every 5 s while idle; the figure is the last one (after the first minute).
      const samples: number[] = [];
      for (let waited = 0; waited < idleMs; waited += 5_000) {
        await sleep(5_000);
        samples.push((await processMemory(pid)).rss);
      }
      const idle = await processMemory(pid);
      const verdict =
        idle.rss <= IDLE_RSS_BUDGET_MIB
          ? `meets the ≤ ${IDLE_RSS_BUDGET_MIB} MiB budget`
          : `**misses** the ≤ ${IDLE_RSS_BUDGET_MIB} MiB budget`;
      const lines = [
        `answering after ${(readyMs / 1000).toFixed(1)} s (migrations and demo seed included); RSS then ${atReady.rss} MiB, peak so far ${atReady.peak} MiB`,
        `idle ${idleMs / 1000} s later: RSS ${idle.rss} MiB (anonymous ${idle.anon}, file-backed ${idle.file}), peak ${idle.peak} MiB — ${verdict}`,
        `RSS every 5 s while idle: ${samples.join(', ')} MiB`,
      ];
      for (const line of lines) console.log(`  ${line}`);
      return {
        connections: 0,
        durationS: Math.round((Date.now() - started) / 100) / 10,
        requests: 0,
        requestsPerSec: 0,
        latencyMs: { p50: readyMs, p95: readyMs, p99: readyMs, mean: readyMs, max: readyMs },
        non200: {},
        non200Total: 0,
        errors: 0,
        bodyBytes: Math.round(idle.rss * 1024 * 1024),
        wireBytesPerAnswer: 0,
        budgetFailures:
          idle.rss > IDLE_RSS_BUDGET_MIB ? [`idle RSS ${idle.rss} MiB > ${IDLE_RSS_BUDGET_MIB} MiB`] : [],
        notes: [...lines, 'table columns for this row: p50 = ms until the server answered, bytes = idle RSS'],
      };
    } finally {
      await server.stop();
    }
  },
};
