import { type BrowserServer, chromium } from 'playwright-core';

/**
 * Debian's Chromium (scripts/ensure-chromium.mjs), started once for the whole run by the global
 * set-up; each spec file connects to it (launchBrowser), which costs a fraction of a start. A
 * browser is never downloaded.
 */
export function startChromium(): Promise<BrowserServer> {
  return chromium.launchServer({
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
  });
}
