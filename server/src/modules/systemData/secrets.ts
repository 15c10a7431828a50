/**
 * Stored secrets (data-source and mail passwords) sealed with AES-256-GCM under SECRETS_KEY, or
 * without it under a key the server makes in DATA_DIR (keyFile): `enc:v1:<iv>:<tag>:<ciphertext>`
 * in Base64. A value without the prefix is plain (written before sealing) and is read as it is.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PREFIX = 'enc:v1:';
let key: Buffer | null = null;

/** Process-wide, like the environment it comes from; set when the routes are registered. */
export function setSecretsKey(text: string | undefined) {
  key = text ? Buffer.from(text, /^[0-9a-f]{64}$/i.test(text) ? 'hex' : 'base64') : null;
}

/**
 * The key in DATA_DIR/secrets.key: 32 random bytes (hex) written once, readable by the server's
 * user only (0600), so a database backup alone never opens the secrets sealed with it.
 */
export function keyFile(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

export function sealSecret(plain: string): string {
  if (!key || plain === '') return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`;
}

export function openSecret(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  if (!key) throw new Error('a data-source password is sealed but SECRETS_KEY is not set');
  const [iv = '', tag = '', data = ''] = stored.slice(PREFIX.length).split(':');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
