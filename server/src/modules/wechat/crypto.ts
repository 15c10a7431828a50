/**
 * The official account's message XML and its safe-mode encryption (消息加解密, WeChat's documented
 * scheme): AES-256-CBC with key = Base64(EncodingAESKey + "="), IV = the key's first 16 bytes,
 * PKCS#7 padding to a multiple of 32; the plain text is 16 random bytes, the XML's length (4 bytes,
 * big-endian), the XML and the AppID; msg_signature = sha1 of the sorted token, timestamp, nonce
 * and Encrypt. The XML WeChat sends is flat (<xml><Name>value</Name>...</xml>, values in CDATA or
 * escaped); nested elements (a few events carry them) are kept as their inner text.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const CryptoMessages = {
  badXml: 'message is not WeChat XML (<xml>...</xml>)',
  badKey: 'EncodingAESKey is not 43 letters or digits',
  badCipher: 'Encrypt could not be decrypted with the EncodingAESKey',
  badAppId: 'the message was encrypted for another AppID',
} as const;

const BLOCK = 32;

/** 32-byte AES key from the 43-character EncodingAESKey. */
export function aesKey(encodingAesKey: string): Buffer {
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (!/^[A-Za-z0-9]{43}$/.test(encodingAesKey) || key.length !== 32) throw new Error(CryptoMessages.badKey);
  return key;
}

export function sha1Signature(parts: string[]): string {
  return createHash('sha1')
    .update([...parts].sort().join(''))
    .digest('hex');
}

/** Constant-time comparison of a given hex signature with the expected one. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function encryptMessage(xml: string, encodingAesKey: string, appId: string): string {
  const key = aesKey(encodingAesKey);
  const body = Buffer.from(xml, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const plain = Buffer.concat([randomBytes(16), length, body, Buffer.from(appId, 'utf8')]);
  const pad = BLOCK - (plain.length % BLOCK);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])),
    cipher.final(),
  ]).toString('base64');
}

/** The XML inside Encrypt; throws (CryptoMessages) when it does not decrypt or names another AppID. */
export function decryptMessage(encrypted: string, encodingAesKey: string, appId: string): string {
  const key = aesKey(encodingAesKey);
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    plain = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
  } catch {
    throw new Error(CryptoMessages.badCipher);
  }
  const pad = plain.at(-1) ?? 0;
  if (pad < 1 || pad > BLOCK || plain.length < 20 + pad) throw new Error(CryptoMessages.badCipher);
  plain = plain.subarray(0, plain.length - pad);
  const length = plain.readUInt32BE(16);
  if (20 + length > plain.length) throw new Error(CryptoMessages.badCipher);
  const xml = plain.subarray(20, 20 + length).toString('utf8');
  if (plain.subarray(20 + length).toString('utf8') !== appId) throw new Error(CryptoMessages.badAppId);
  return xml;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decodeText = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (_, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? '';
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });

const NAME = /^[A-Za-z_][\w.-]*$/;
const bad = (): never => {
  throw new Error(CryptoMessages.badXml);
};

/**
 * Reads elements from `at` until `closing` (or the end when none); every step moves forward, so
 * the time is linear in the text. Answers each element's text (nested elements: their text).
 */
function readElements(
  text: string,
  at: number,
  closing: string | null,
  into: Record<string, string> | null,
  depth = 0,
) {
  if (depth > 8) bad();
  let pos = at;
  let value = '';
  while (pos < text.length) {
    if (closing !== null && text.startsWith(closing, pos)) return { pos: pos + closing.length, value };
    if (text.startsWith('<![CDATA[', pos)) {
      if (into) bad();
      const endAt = text.indexOf(']]>', pos + 9);
      if (endAt < 0) bad();
      value += text.slice(pos + 9, endAt);
      pos = endAt + 3;
    } else if (text[pos] === '<') {
      const close = text.indexOf('>', pos);
      if (close < 0) bad();
      const tag = text.slice(pos + 1, close);
      const empty = tag.endsWith('/');
      const name = empty ? tag.slice(0, -1).trim() : tag;
      if (!NAME.test(name)) bad();
      let inner = '';
      if (empty) pos = close + 1;
      else ({ pos, value: inner } = readElements(text, close + 1, `</${name}>`, null, depth + 1));
      if (into) into[name] = inner;
      else value += inner;
    } else {
      const next = text.indexOf('<', pos);
      const chunk = text.slice(pos, next < 0 ? text.length : next);
      if (into && chunk.trim()) bad();
      value += decodeText(chunk);
      pos = next < 0 ? text.length : next;
    }
  }
  if (closing !== null) bad();
  return { pos, value };
}

/**
 * The fields of a WeChat message: `<xml><A>..</A><B><![CDATA[..]]></B></xml>` → {A, B}.
 * Document types, entities and processing instructions are refused (never expanded); throws
 * CryptoMessages.badXml.
 */
export function parseWeChatXml(text: string): Record<string, string> {
  const trimmed = text
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^<\?xml[^>]{0,200}\?>\s*/, '');
  if (!trimmed.startsWith('<xml>') || !trimmed.endsWith('</xml>')) bad();
  const fields: Record<string, string> = {};
  readElements(trimmed.slice(5, -6), 0, null, fields);
  return fields;
}

const cdata = (value: string) => `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** `<xml>` of the fields in order; numbers as they are, strings in CDATA. */
export function buildWeChatXml(fields: [string, string | number][]): string {
  return `<xml>${fields
    .map(([name, value]) => `<${name}>${typeof value === 'number' ? String(value) : cdata(value)}</${name}>`)
    .join('')}</xml>`;
}
