import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startChromium } from './support/chromium';
import './support/context';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = join(repoRoot, 'server', 'dist', 'main.js');
const webDist = join(repoRoot, 'web', 'dist');
const webIndex = join(webDist, 'index.html');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the built server on a free port with a fresh data folder and demo data, without
 * ADMIN_PASSWORD, learns the generated administrator password from the file it writes, and stops it after
 * the run. NODE_ENV=test with CAPTCHA_ECHO=1 makes the server print `captcha <timestamp> <code>`.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(serverMain))
    throw new Error(`${serverMain} is missing: run npm run build at the root first`);
  if (!existsSync(webIndex)) throw new Error(`${webIndex} is missing: run npm run build at the root first`);

  const port = await freePort();
  const work = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const dataDir = join(work, 'data');
  const stateDir = join(work, 'state');
  mkdirSync(stateDir);
  // The server indexes its static files at start: a rebuild of web/dist during the run (others work
  // in the same tree) would leave it answering new asset names with index.html. Serve a copy.
  const webCopy = join(work, 'web-dist');
  cpSync(webDist, webCopy, { recursive: true });
  if (!existsSync(join(webCopy, 'index.html')))
    throw new Error(`${webDist} changed while it was copied: run again`);
  const serverLog = join(work, 'server.log');
  const log = createWriteStream(serverLog);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    NODE_ENV: 'test',
    CAPTCHA_ECHO: '1',
    WEB_DIST: webCopy,
    // Specs start their SMTP and vendor stand-ins on loopback at ports chosen at run time.
    OUTBOUND_ALLOW: '127.0.0.1',
  };
  delete env.ADMIN_PASSWORD;
  delete env.DATABASE_URL;
  delete env.REDIS_URL;

  const child: ChildProcess = spawn(process.execPath, [serverMain], { cwd: repoRoot, env, stdio: 'pipe' });
  let output = '';
  let exited: number | string | null = null;
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    log.write(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    log.write(chunk);
  });
  child.on('exit', (code, signal) => {
    exited = code ?? signal;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  // About 10 s on a quiet machine; a machine shared by several builds has needed over 130 s.
  const deadline = Date.now() + 300_000;
  let ready = false;
  while (!ready) {
    if (exited !== null)
      throw new Error(`server exited (${exited}) before it was ready:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within 300 s:\n${output.slice(-4000)}`);
    }
    try {
      const answer = await fetch(`${baseUrl}/api/oauth/getConfig/admin`);
      if (answer.ok) ready = ((await answer.json()) as { code?: number }).code === 200;
    } catch {
      // not listening yet
    }
    if (!ready) await sleep(250);
  }

  // Its output is a pipe, not a terminal, so the server writes the password to this file.
  const passwordFile = join(dataDir, 'initial-admin-password');
  const password = existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : '';
  if (!password) {
    child.kill('SIGTERM');
    throw new Error(`the server wrote no ${passwordFile}:\n${output.slice(-4000)}`);
  }

  const browser = await startChromium();
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('baseUrl', baseUrl);
  project.provide('initialAdminPassword', password);
  project.provide('serverLog', serverLog);
  project.provide('stateDir', stateDir);

  return async () => {
    await browser.close();
    if (exited === null) {
      const stopped = new Promise<void>((resolveStop) => child.once('exit', () => resolveStop()));
      child.kill('SIGTERM');
      await Promise.race([stopped, sleep(10_000)]);
      if (exited === null) child.kill('SIGKILL');
    }
    log.end();
    reportServerErrors(output);
    if (!process.env.E2E_KEEP) rmSync(work, { recursive: true, force: true });
  };
}

/**
 * Prints the server's error lines (pino level 50 and up) at the end of the run: a failed step
 * often had a 500 behind it, and CI keeps only what the run printed.
 */
function reportServerErrors(output: string) {
  const errors = output.split('\n').filter((line) => {
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return false;
    }
  });
  if (errors.length === 0) return;
  console.log(`server errors during the run (${errors.length}, the last 20):`);
  for (const line of errors.slice(-20)) console.log(`  ${line.slice(0, 600)}`);
}
