/**
 * Stored secrets (data-source, mail and message-centre passwords and keys, model keys) sealed with
 * AES-256-GCM under SECRETS_KEY, or without it under a key the server makes in DATA_DIR (keyFile):
 * `enc:v1:<iv>:<tag>:<ciphertext>` in Base64. A value without the prefix is plain (written before
 * sealing) and is read as it is. Rotation: the old key as SECRETS_KEY_PREVIOUS still opens what it
 * sealed, and every value saved again is sealed with the current key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { badRequest } from '../../core/errors.js';

const PREFIX = 'enc:v1:';
let key: Buffer | null = null;
let previousKey: Buffer | null = null;

export const SecretMessages = {
  unreadable:
    '保存的密钥无法解开：服务器的 SECRETS_KEY 与保存时不同。轮换密钥时请把旧密钥设为 SECRETS_KEY_PREVIOUS，或重新填写该密码',
} as const;

const keyBytes = (text: string) => Buffer.from(text, /^[0-9a-f]{64}$/i.test(text) ? 'hex' : 'base64');

/**
 * Process-wide, like the environment it comes from; set when the routes are registered. `previous`
 * (SECRETS_KEY_PREVIOUS) only opens values sealed before a rotation; nothing is sealed with it.
 */
export function setSecretsKey(text: string | undefined, previous?: string) {
  key = text ? keyBytes(text) : null;
  previousKey = previous ? keyBytes(previous) : null;
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

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function sealSecret(plain: string): string {
  if (!key || plain === '') return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`;
}

function openWith(secretKey: Buffer, stored: string): string | undefined {
  const [iv = '', tag = '', data = ''] = stored.slice(PREFIX.length).split(':');
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    // Another key sealed it (the tag does not match), or the value is damaged.
    return undefined;
  }
}

/** The plain value: a sealed one opened with the current key, else the previous one. */
export function openSecret(stored: string): string {
  if (!isSealed(stored)) return stored;
  for (const candidate of [key, previousKey]) {
    const plain = candidate ? openWith(candidate, stored) : undefined;
    if (plain !== undefined) return plain;
  }
  throw badRequest(SecretMessages.unreadable);
}

/**
 * A stored value sealed again with the current key (what a save that keeps the old value stores,
 * so a rotation completes as rows are saved); one that no key opens is kept as it is.
 */
export function resealSecret(stored: string): string {
  if (!isSealed(stored)) return sealSecret(stored);
  try {
    return sealSecret(openSecret(stored));
  } catch {
    return stored;
  }
}

/** A copy of `values` with the named fields sealed (fields that are not strings are left). */
export function sealFields<T extends Record<string, unknown>>(values: T, fields: readonly string[]): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields)
    if (typeof out[field] === 'string') out[field] = sealSecret(out[field] as string);
  return out as T;
}

/** A copy of `values` with the named fields opened (see openSecret). */
export function openFields<T extends Record<string, unknown>>(values: T, fields: readonly string[]): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields)
    if (typeof out[field] === 'string') out[field] = openSecret(out[field] as string);
  return out as T;
}

/** A copy of `values` with the named fields sealed again with the current key (see resealSecret). */
export function resealFields<T extends Record<string, unknown>>(values: T, fields: readonly string[]): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of fields)
    if (typeof out[field] === 'string') out[field] = resealSecret(out[field] as string);
  return out as T;
}
