import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
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
        if (i > 600) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
      // `Expect: 100-continue` makes Node answer 100 once it has parsed the request, so this
      // sign-in is provably in flight when the signal arrives; its body follows afterwards.
      const body = new URLSearchParams({ account: 'admin', password: md5(ADMIN_PASSWORD) }).toString();
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/oauth/Login',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      });
      const answered = once(req, 'response');
      req.flushHeaders();
      await once(req, 'continue');
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      req.end(body);
      const [res] = (await answered) as [http.IncomingMessage];
      let text = '';
      for await (const chunk of res) text += chunk;
      expect((JSON.parse(text) as { code: number }).code).toBe(200);
      expect(await exited).toBe(0);
      await expect(fetch(`${base}/api/oauth/getConfig/admin`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
