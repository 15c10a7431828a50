import { type BrowserServer, chromium } from 'playwright-core';

interface SharedChromium {
  server: Promise<BrowserServer>;
  users: number;
}

// The lanes' global set-ups run in the one Vitest process, each loading this module on its own:
// the browser is kept on globalThis so that they share it.
const shared = globalThis as { consoleE2eChromium?: SharedChromium };

/**
 * Debian's Chromium (scripts/ensure-chromium.mjs), started once for the whole run by the first
 * lane's global set-up and shared by the lanes; each spec file connects to it (launchBrowser), which
 * costs a fraction of a start. A browser is never downloaded. The returned function lets go of it;
 * the last lane to let go closes it.
 */
export async function startChromium(): Promise<{ wsEndpoint: string; release: () => Promise<void> }> {
  shared.consoleE2eChromium ??= {
    server: chromium.launchServer({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    }),
    users: 0,
  };
  const entry = shared.consoleE2eChromium;
  entry.users += 1;
  const server = await entry.server;
  return {
    wsEndpoint: server.wsEndpoint(),
    release: async () => {
      entry.users -= 1;
      if (entry.users > 0) return;
      shared.consoleE2eChromium = undefined;
      await server.close();
    },
  };
}
