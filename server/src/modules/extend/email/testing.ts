/**
 * A real IMAP server for tests (server and e2e): Debian's dovecot on a free loopback port, run
 * as the current user with its own configuration, passwd-file users and maildirs in a temp dir.
 * `scripts/ensure-dovecot.mjs` installs it; without it startDovecot answers null.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

export const DOVECOT = '/usr/sbin/dovecot';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once something accepts connections on the port; rejects when the process ended first. */
async function listening(port: number, exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('dovecot stopped while starting');
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Dovecot {
  port: number;
  /** Puts a raw RFC 5322 message into the user's INBOX (IMAP APPEND). */
  deliver(user: string, pass: string, raw: string): Promise<void>;
  close(): Promise<void>;
}

/** A system account's uid and gid from /etc/passwd. */
async function account(name: string): Promise<{ uid: number; gid: number }> {
  const line = (await readFile('/etc/passwd', 'utf8')).split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no ${name} account: reinstall dovecot-core`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Who dovecot's processes run as. Its login and mail processes refuse root, so under root they
 * take the package's own accounts (dovenull logs in, dovecot owns the maildirs).
 */
async function processUsers() {
  const me = userInfo();
  if (me.uid !== 0) return { login: me.username, internal: me.username, mail: { uid: me.uid, gid: me.gid } };
  return { login: 'dovenull', internal: 'dovecot', mail: await account('dovecot') };
}

export async function startDovecot(users: { user: string; pass: string }[]): Promise<Dovecot | null> {
  if (!existsSync(DOVECOT)) return null;
  const dir = await mkdtemp(join(tmpdir(), 'dovecot-'));
  const port = await freePort();
  const runAs = await processUsers();
  await chmod(dir, 0o755);
  await mkdir(join(dir, 'mail'));
  await chown(join(dir, 'mail'), runAs.mail.uid, runAs.mail.gid);
  // Read by the auth process, which runs as the internal user (the mail account's owner here).
  await writeFile(join(dir, 'passwd'), users.map((u) => `${u.user}:{PLAIN}${u.pass}\n`).join(''), {
    mode: 0o600,
  });
  await chown(join(dir, 'passwd'), runAs.mail.uid, runAs.mail.gid);
  const conf = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = ${runAs.login}
default_internal_user = ${runAs.internal}
first_valid_uid = ${runAs.mail.uid}
first_valid_gid = ${runAs.mail.gid}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${runAs.mail.uid} gid=${runAs.mail.gid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  chroot =
}
`;
  await writeFile(join(dir, 'dovecot.conf'), conf);
  const child = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  let exited = false;
  const ended = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  await listening(port, () => exited);
  return {
    port,
    async deliver(user, pass, raw) {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user, pass },
        logger: false,
      });
      await client.connect();
      await client.append('INBOX', raw);
      await client.logout();
    },
    async close() {
      if (!exited) child.kill('SIGTERM');
      await ended;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
