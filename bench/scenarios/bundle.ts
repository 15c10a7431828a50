import { type BrowserContext, chromium, type Page } from 'playwright-core';
import type { Scenario, ScenarioOutput } from './types.js';

/**
 * Budgets of issue #24 "Performance", in bytes of compressed (gzip) bodies: the sign-in page by
 * either count (until its form is usable, and until the network is idle), and home in the shell
 * after signing in, also in responses. A run that exceeds one makes the bench exit with status 1.
 */
export const SIGN_IN_BUDGET = 150 * 1024;
export const AFTER_SIGN_IN_BUDGET = 300 * 1024;
export const AFTER_SIGN_IN_RESPONSES = 40;

/** What the browser fetched in one phase. */
interface Transfer {
  /** Compressed body bytes (resource timing encodedBodySize; the document's too). */
  bodyBytes: number;
  /** Body + headers as received (resource timing transferSize). */
  wireBytes: number;
  responses: number;
  /** Content-Encoding of the script and style answers, counted. */
  encodings: Record<string, number>;
  ms: number;
}

interface Entry {
  name: string;
  encodedBodySize: number;
  transferSize: number;
  startTime: number;
}

/** Resource-timing entries of the page (navigation + resources), from `since` (ms since navigation start). */
async function entries(page: Page, since: number): Promise<Entry[]> {
  return page.evaluate((from) => {
    // Runs in the page; typed loosely because the bench compiles with Node's types only.
    const timing = performance as unknown as { getEntriesByType(type: string): Entry[] };
    const all = [...timing.getEntriesByType('navigation'), ...timing.getEntriesByType('resource')];
    return all
      .filter((entry) => entry.startTime >= from)
      .map((entry) => ({
        name: entry.name,
        encodedBodySize: entry.encodedBodySize,
        transferSize: entry.transferSize,
        startTime: entry.startTime,
      }));
  }, since);
}

/** Also counts every response's encoded length through CDP, as a cross-check of resource timing. */
async function cdpCounter(context: BrowserContext, page: Page) {
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  const encodings: Record<string, number> = {};
  let wire = 0;
  session.on('Network.responseReceived', (event) => {
    const type = event.type;
    if (type !== 'Script' && type !== 'Stylesheet' && type !== 'Document') return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]),
    );
    const encoding = headers['content-encoding'] ?? 'identity';
    encodings[encoding] = (encodings[encoding] ?? 0) + 1;
  });
  session.on('Network.loadingFinished', (event) => {
    wire += event.encodedDataLength;
  });
  return {
    take() {
      const result = { wire, encodings: { ...encodings } };
      wire = 0;
      for (const key of Object.keys(encodings)) delete encodings[key];
      return result;
    },
  };
}

async function measure(baseUrl: string, password: string, acceptEncoding: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
      extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding },
    });
    const page = await context.newPage();
    const cdp = await cdpCounter(context, page);

    // Phase 1: a cold visit of the sign-in page until its form can be used (and the network is idle).
    let started = Date.now();
    await page.goto(`${baseUrl}/#/login`);
    await page.locator('#login_account').waitFor();
    await page.locator('button[type=submit]').waitFor();
    const usableMs = Date.now() - started;
    const usableEntries = await entries(page, 0);
    await page.waitForLoadState('networkidle');
    const signInEntries = await entries(page, 0);
    const signInCdp = cdp.take();
    const signIn: Transfer = {
      bodyBytes: signInEntries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      wireBytes: signInEntries.reduce((sum, entry) => sum + entry.transferSize, 0),
      responses: signInEntries.length,
      encodings: signInCdp.encodings,
      ms: usableMs,
    };
    const cdpSignInWire = signInCdp.wire;
    const usable = {
      bodyBytes: usableEntries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      responses: usableEntries.length,
    };

    // Phase 2: sign in, until the home page is rendered inside the shell.
    const mark = await page.evaluate(() => performance.now());
    started = Date.now();
    await page.locator('#login_account').fill('admin');
    await page.locator('#login_password').fill(password);
    await page.locator('#login_password').press('Enter');
    await page.waitForURL(/#\/home$/);
    await page.locator('[data-testid="home-greeting"]').waitFor();
    await page.locator('[data-testid="sys-name"], .shell-header, header').first().waitFor();
    const homeMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const homeEntries = await entries(page, mark);
    const homeCdp = cdp.take();
    const home: Transfer = {
      bodyBytes: homeEntries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      wireBytes: homeEntries.reduce((sum, entry) => sum + entry.transferSize, 0),
      responses: homeEntries.length,
      encodings: homeCdp.encodings,
      ms: homeMs,
    };
    if (process.env.BENCH_BUNDLE_LIST === '1') {
      for (const [phase, list] of [
        ['sign-in', signInEntries],
        ['home', homeEntries],
      ] as const) {
        for (const entry of list)
          console.log(
            `    ${phase} ${String(entry.encodedBodySize).padStart(7)} ${entry.name.replace(baseUrl, '')}`,
          );
      }
    }
    return { usable, signIn, home, cdpSignInWire, cdpHomeWire: homeCdp.wire };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (bytes: number, budget: number) =>
  bytes <= budget ? `meets the ≤ ${kb(budget)} budget` : `**misses** the ≤ ${kb(budget)} budget`;
const encodings = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, count]) => `${name} ×${count}`)
    .join(', ');

/**
 * Bytes the browser transfers (Debian Chromium, fresh profile, the server's pre-compressed assets):
 * a cold visit of the sign-in page until the form is usable, then signing in until the home page is
 * rendered in the shell. Counted with resource timing (encodedBodySize = compressed bodies,
 * transferSize = with headers), cross-checked with CDP Network.loadingFinished encodedDataLength.
 * Measured once with `Accept-Encoding: gzip` (the budget's unit) and once with Chromium's own
 * `gzip, deflate, br, zstd`.
 */
export const bundle: Scenario = {
  name: 'bundle',
  // What the browser downloads does not depend on the database: PGlite only (no PostgreSQL in CI).
  onlyOn: 'pglite',
  title: 'Bundle bytes (sign-in page, then home in the shell)',
  section: 'bundle',
  async run(ctx): Promise<ScenarioOutput> {
    const gzip = await measure(ctx.server.baseUrl, ctx.adminPassword, 'gzip');
    const native = await measure(ctx.server.baseUrl, ctx.adminPassword, 'gzip, deflate, br, zstd');
    const lines = [
      `sign-in page until the form is usable: ${gzip.usable.bodyBytes} bytes gzip (${kb(gzip.usable.bodyBytes)}) in ${gzip.usable.responses} responses; usable after ${gzip.signIn.ms} ms — ${verdict(gzip.usable.bodyBytes, SIGN_IN_BUDGET)}`,
      `sign-in page until the network is idle: ${gzip.signIn.bodyBytes} bytes gzip (${kb(gzip.signIn.bodyBytes)}) in ${gzip.signIn.responses} responses, ${gzip.signIn.wireBytes} with headers (CDP: ${gzip.cdpSignInWire}) — ${verdict(gzip.signIn.bodyBytes, SIGN_IN_BUDGET)}`,
      `after sign-in until home is rendered in the shell and the network is idle: ${gzip.home.bodyBytes} bytes gzip (${kb(gzip.home.bodyBytes)}) in ${gzip.home.responses} responses, ${gzip.home.wireBytes} with headers (CDP: ${gzip.cdpHomeWire}); rendered after ${gzip.home.ms} ms — ${verdict(gzip.home.bodyBytes, AFTER_SIGN_IN_BUDGET)}, ${gzip.home.responses <= AFTER_SIGN_IN_RESPONSES ? 'meets' : '**misses**'} the ≤ ${AFTER_SIGN_IN_RESPONSES} responses budget`,
      `with Chromium's own Accept-Encoding (brotli): sign-in ${native.signIn.bodyBytes} bytes (${kb(native.signIn.bodyBytes)}), after sign-in ${native.home.bodyBytes} bytes (${kb(native.home.bodyBytes)})`,
      `content encodings of documents, scripts and styles: gzip run ${encodings({ ...gzip.signIn.encodings })}; brotli run ${encodings({ ...native.signIn.encodings })}`,
    ];
    for (const line of lines) console.log(`  ${line}`);
    const budgetFailures = [
      ...(gzip.usable.bodyBytes > SIGN_IN_BUDGET
        ? [`sign-in page until usable: ${kb(gzip.usable.bodyBytes)} > ${kb(SIGN_IN_BUDGET)}`]
        : []),
      ...(gzip.signIn.bodyBytes > SIGN_IN_BUDGET
        ? [`sign-in page until the network is idle: ${kb(gzip.signIn.bodyBytes)} > ${kb(SIGN_IN_BUDGET)}`]
        : []),
      ...(gzip.home.bodyBytes > AFTER_SIGN_IN_BUDGET
        ? [`home after sign-in: ${kb(gzip.home.bodyBytes)} > ${kb(AFTER_SIGN_IN_BUDGET)}`]
        : []),
      ...(gzip.home.responses > AFTER_SIGN_IN_RESPONSES
        ? [`home after sign-in: ${gzip.home.responses} responses > ${AFTER_SIGN_IN_RESPONSES}`]
        : []),
    ];
    const seconds = (gzip.signIn.ms + gzip.home.ms) / 1000;
    const requests = gzip.signIn.responses + gzip.home.responses;
    return {
      connections: 1,
      durationS: Math.round(seconds * 10) / 10,
      requests,
      requestsPerSec: Math.round((requests / Math.max(seconds, 0.001)) * 10) / 10,
      // "Latency" here: time until the sign-in form is usable (p50) and until home is rendered (p99).
      latencyMs: {
        p50: gzip.signIn.ms,
        p95: gzip.home.ms,
        p99: gzip.home.ms,
        mean: (gzip.signIn.ms + gzip.home.ms) / 2,
        max: Math.max(gzip.signIn.ms, gzip.home.ms),
      },
      non200: {},
      non200Total: 0,
      errors: 0,
      bodyBytes: gzip.signIn.bodyBytes,
      wireBytesPerAnswer: gzip.signIn.wireBytes,
      budgetFailures,
      notes: [
        ...lines,
        'table columns for this row: p50 = ms until the sign-in form is usable, p95/p99 = ms from submit until home is rendered, bytes = sign-in page (gzip bodies, then with headers)',
      ],
    };
  },
};
