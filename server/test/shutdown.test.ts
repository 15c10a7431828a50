import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, md5 } from './harness.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(serverRoot, 'dist/main.js');

/** Runs the built server as an operator would; skipped until `npm run build` has made it. */
describe.skipIf(!existsSync(built))('the server process', () => {
  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'console-shutdown-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, [built], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        const ready = await fetch(`${base}/api/oauth/getConfig/admin`).catch(() => null);
        if (ready?.ok) break;
        if (i > 300) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
      const login = () =>
        fetch(`${base}/api/oauth/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ account: 'admin', password: md5(ADMIN_PASSWORD) }),
        }).then(async (r) => ((await r.json()) as { code: number }).code);
      // Each sign-in spends time in argon2id, so several are still in flight when the signal comes.
      const inFlight = Array.from({ length: 6 }, login);
      await Promise.race(inFlight);
      child.kill('SIGTERM');
      expect(await Promise.all(inFlight)).toEqual(Array(6).fill(200));
      expect(await exited).toBe(0);
      await expect(fetch(`${base}/api/oauth/getConfig/admin`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
