#!/usr/bin/env node
// Makes sure Debian's dovecot IMAP server is available for the mail tests (server and e2e start
// their own instance on a loopback port with a configuration in a temp dir).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';

const DOVECOT = '/usr/sbin/dovecot';
const PACKAGE = 'dovecot-imapd';

if (existsSync(DOVECOT)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.warn(
    `ensure-dovecot: ${DOVECOT} is missing and this process is not root; the IMAP tests will be skipped.\n` +
      `Install it with: sudo apt-get install -y --no-install-recommends ${PACKAGE}`,
  );
  process.exit(0);
}

console.log(`ensure-dovecot: ${DOVECOT} is missing, installing Debian's ${PACKAGE} package...`);
const result = spawnSync(
  'sh',
  [
    '-c',
    `apt-get install -y --no-install-recommends ${PACKAGE} || (apt-get update && apt-get install -y --no-install-recommends ${PACKAGE})`,
  ],
  { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
);
if (result.status !== 0 || !existsSync(DOVECOT)) {
  console.warn(
    `ensure-dovecot: installing ${PACKAGE} failed (exit ${result.status ?? result.signal}); the IMAP tests will be skipped.`,
  );
  process.exit(0);
}
console.log('ensure-dovecot: dovecot installed.');
