#!/usr/bin/env node
// Makes sure Debian's Chromium is available for the e2e suite. Never downloads a browser build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) {
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `ensure-chromium: ${CHROMIUM} is missing and this process is not root.\n` +
      'Install it with: sudo apt-get update && sudo apt-get install -y chromium',
  );
  process.exit(1);
}

console.log(`ensure-chromium: ${CHROMIUM} is missing, installing Debian's chromium package...`);
const result = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
if (result.status !== 0 || !existsSync(CHROMIUM)) {
  console.error(`ensure-chromium: installing chromium failed (exit ${result.status ?? result.signal}).`);
  process.exit(1);
}
console.log('ensure-chromium: chromium installed.');
