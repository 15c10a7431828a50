#!/usr/bin/env node
// Makes sure Debian's Chromium (and a CJK font, so that screenshots of the Chinese interface are
// legible) is available for the e2e suite. Never downloads a browser build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';

const CHROMIUM = '/usr/bin/chromium';
const CJK_FONT_PACKAGE = 'fonts-noto-cjk';

function hasCjkFont() {
  const result = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim().length > 0;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (existsSync(CHROMIUM)) {
  if (!hasCjkFont()) {
    if (isRoot) {
      console.log(`ensure-chromium: no CJK font found, installing ${CJK_FONT_PACKAGE}...`);
      spawnSync(
        'sh',
        [
          '-c',
          `apt-get install -y --no-install-recommends ${CJK_FONT_PACKAGE} || (apt-get update && apt-get install -y --no-install-recommends ${CJK_FONT_PACKAGE})`,
        ],
        {
          stdio: 'inherit',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        },
      );
    } else {
      console.warn(
        `ensure-chromium: no CJK font; screenshots will show boxes (apt-get install ${CJK_FONT_PACKAGE}).`,
      );
    }
  }
  process.exit(0);
}

if (!isRoot) {
  console.error(
    `ensure-chromium: ${CHROMIUM} is missing and this process is not root.\n` +
      'Install it with: sudo apt-get update && sudo apt-get install -y chromium',
  );
  process.exit(1);
}

console.log(`ensure-chromium: ${CHROMIUM} is missing, installing Debian's chromium package...`);
const result = spawnSync('sh', ['-c', `apt-get update && apt-get install -y chromium ${CJK_FONT_PACKAGE}`], {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
if (result.status !== 0 || !existsSync(CHROMIUM)) {
  console.error(`ensure-chromium: installing chromium failed (exit ${result.status ?? result.signal}).`);
  process.exit(1);
}
console.log('ensure-chromium: chromium installed.');
