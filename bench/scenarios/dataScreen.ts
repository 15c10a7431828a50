import { readFile } from 'node:fs/promises';
import { call, login, ORIGIN_HEADERS } from '../lib/http.js';
import type { Scenario, ScenarioOutput } from './types.js';

const VIEWERS = 50;
const COMPONENTS = 20;
const REFRESH_S = 5;

/** The seeded demo data interfaces (SQL over VALUES lists), as the demo screen's designers would bind them. */
const INTERFACES = [
  { id: '0190f0a0-0000-7000-8000-000000000511', mapping: { category: 'dept', series: ['budget', 'spent'] } },
  {
    id: '0190f0a0-0000-7000-8000-000000000512',
    mapping: { category: 'quarter', series: ['budget', 'spent'] },
  },
  { id: '0190f0a0-0000-7000-8000-000000000513', mapping: undefined },
];

/** SQL data sets on the console database: small summaries of its own tables. */
const SQL = [
  'SELECT gender AS name, count(*) AS value FROM base_user GROUP BY gender',
  'SELECT category AS name, count(*) AS value FROM base_module GROUP BY category',
  'SELECT type AS name, count(*) AS value FROM base_module GROUP BY type ORDER BY type',
  'SELECT full_name AS name, sort_code AS value FROM base_organize ORDER BY sort_code LIMIT 10',
];

/** A released screen of 20 components refreshing every 5 s: 12 on data interfaces, 8 on SQL data sets. */
function design() {
  const types = ['bar', 'line', 'area', 'pie', 'scrollTable', 'ranking'];
  const components = Array.from({ length: COMPONENTS }, (_, i) => {
    const box = { x: (i % 5) * 380, y: Math.floor(i / 5) * 260, w: 360, h: 240 };
    const onInterface = i < 12;
    const iface = INTERFACES[i % INTERFACES.length]!;
    return {
      id: `c${i}`,
      type: types[i % types.length],
      ...box,
      refresh: REFRESH_S,
      data: onInterface
        ? { kind: 'interface', interfaceId: iface.id, params: [] }
        : { kind: 'sql', dbLinkId: '0', sql: SQL[i % SQL.length], params: [] },
      ...(onInterface && iface.mapping ? { mapping: iface.mapping } : {}),
    };
  });
  return { width: 1920, height: 1080, components };
}

/** utime + stime of a process and all its threads, in seconds (/proc/{pid}/stat, clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Data screen viewers (issue #25 must show 3): a released screen of 20 data components, each
 * refreshing every 5 s as the viewer does (one POST /api/visualdev/DataScreen/{id}/Data/{component}
 * per component per refresh, all of a viewer's at once), with 50 viewers started at random moments
 * of the first 5 s. Measured: every data call's latency (from sending to the whole answer) and the
 * server process's CPU time (all threads, /proc) over the measured window, which gives CPU per viewer.
 * The viewers are the administrator's session (the viewer's grant check is then one flag; a menu
 * grant adds its permission queries per call, not measured here).
 */
export const dataScreen: Scenario = {
  name: 'dataScreen',
  title: `Data screen viewers (${VIEWERS} viewers, ${COMPONENTS} components every ${REFRESH_S} s)`,
  section: 'dataScreen',
  async run(ctx): Promise<ScenarioOutput> {
    const baseUrl = ctx.server.baseUrl;
    const pid = ctx.server.child.pid;
    if (!pid) throw new Error('no server process id');
    const token = await login(baseUrl, 'admin', ctx.adminPassword);
    const made = await call<{ id: string }>(baseUrl, 'POST', '/api/visualdev/DataScreen', {
      token,
      json: { fullName: `压测大屏${Date.now()}`, category: '压测', design: JSON.stringify(design()) },
    });
    if (made.code !== 200) throw new Error(`screen not saved: ${made.code} ${made.msg}`);
    const id = made.data.id;
    const released = await call(baseUrl, 'PUT', `/api/visualdev/DataScreen/${id}/Actions/Release`, { token });
    if (released.code !== 200) throw new Error(`screen not released: ${released.code} ${released.msg}`);

    const headers = { ...ORIGIN_HEADERS, authorization: token, 'content-type': 'application/json' };
    const body = JSON.stringify({ filters: {} });
    let measuring = false;
    const latencies: number[] = [];
    const non200: Record<string, number> = {};
    let errors = 0;
    let bytes = 0;
    const dataCall = async (componentId: string) => {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/visualdev/DataScreen/${id}/Data/${componentId}`, {
          method: 'POST',
          headers,
          body,
        });
        const text = await response.text();
        if (!measuring) return;
        latencies.push(performance.now() - started);
        bytes += Buffer.byteLength(text);
        if (!text.startsWith('{"code":200,')) {
          const code = String((JSON.parse(text) as { code?: unknown }).code ?? response.status);
          non200[code] = (non200[code] ?? 0) + 1;
        }
      } catch {
        if (measuring) errors += 1;
      }
    };

    // One refresh of one viewer: every component's call at once, as each chart's query refetches.
    const refresh = () => Promise.all(Array.from({ length: COMPONENTS }, (_, i) => dataCall(`c${i}`)));
    // Warm-up: one refresh, not measured (the first calls compile queries and fill caches).
    await refresh();

    const durationS = ctx.quick ? 15 : 60;
    let stop = false;
    const viewer = async () => {
      await sleep(Math.random() * REFRESH_S * 1000);
      while (!stop) {
        const next = performance.now() + REFRESH_S * 1000;
        await refresh();
        await sleep(Math.max(0, next - performance.now()));
      }
    };
    const viewers = Array.from({ length: VIEWERS }, () => viewer());
    // Measure once every viewer has started.
    await sleep(REFRESH_S * 1000);
    measuring = true;
    const cpuBefore = await cpuSeconds(pid);
    const started = performance.now();
    await sleep(durationS * 1000);
    const elapsedS = (performance.now() - started) / 1000;
    const cpuUsed = (await cpuSeconds(pid)) - cpuBefore;
    measuring = false;
    stop = true;
    await Promise.all(viewers);

    latencies.sort((a, b) => a - b);
    const non200Total = Object.values(non200).reduce((a, b) => a + b, 0);
    const cores = cpuUsed / elapsedS;
    const expected = (VIEWERS * COMPONENTS) / REFRESH_S;
    return {
      connections: VIEWERS,
      durationS: round(elapsedS),
      requests: latencies.length,
      requestsPerSec: round(latencies.length / elapsedS),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
        max: round(latencies.at(-1) ?? Number.NaN),
      },
      non200,
      non200Total,
      errors,
      wireBytesPerAnswer: Math.round(bytes / Math.max(1, latencies.length)),
      bodyBytes: Math.round(bytes / Math.max(1, latencies.length)),
      notes: [
        `server CPU: ${round(cpuUsed, 2)} s over ${round(elapsedS)} s = ${round(cores * 100)} % of one core for ${VIEWERS} viewers, ${round((cores * 1000) / VIEWERS, 1)} ms of CPU per viewer per second (${round((cores * 1000 * REFRESH_S) / VIEWERS)} ms per viewer refresh of ${COMPONENTS} calls)`,
        `data calls answered ${round(latencies.length / elapsedS)}/s of the ${expected}/s the viewers ask for (below it when answers take longer than the refresh interval)`,
        `components: 12 on the seeded SQL data interfaces (budget, trend, overview), 8 SQL data sets on console tables; viewers are the administrator's session`,
      ],
    };
  },
};
