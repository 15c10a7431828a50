/**
 * Stored secrets (data-source passwords) sealed with AES-256-GCM when SECRETS_KEY is set:
 * `enc:v1:<iv>:<tag>:<ciphertext>` in Base64. A value without the prefix is plain (written before
 * the key was set, or without one) and is read as it is.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
let key: Buffer | null = null;

/** Process-wide, like the environment it comes from; set when the routes are registered. */
export function setSecretsKey(text: string | undefined) {
  key = text ? Buffer.from(text, /^[0-9a-f]{64}$/i.test(text) ? 'hex' : 'base64') : null;
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
