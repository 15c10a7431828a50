import svgCaptcha from 'svg-captcha';
import { badRequest } from '../../core/errors.js';
import type { KeyValueStore } from '../../core/kv/index.js';
import { Messages } from '../../core/messages.js';

const CODE_TTL_MS = 5 * 60_000;
const PER_IP_PER_MINUTE = 60;
/** Characters that are easy to misread are left out. */
const IGNORE = '0oO1iIlLqg9';
/** A code's key: a time in milliseconds, or the Math.random() the 3.4.7 client sends (0.5123…, rarely 1.2e-7). */
const KEY = /^\d{1,20}(\.\d{1,24}(e-\d{1,3})?)?$/;

export const CaptchaMessages = {
  wrong: '验证码错误或已过期',
  badKey: '验证码时间戳格式错误',
} as const;

/** Image codes: kept under the client's timestamp for five minutes, usable once, any case. */
export class CaptchaService {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly echo: boolean,
  ) {}

  async create(timestamp: string, length: number, ip: string): Promise<string> {
    if (!KEY.test(timestamp)) throw badRequest(CaptchaMessages.badKey);
    const requests = await this.kv.increment(`captcha:rate:${ip}`, 60_000);
    if (requests > PER_IP_PER_MINUTE) throw badRequest(Messages.tooManyRequests);
    const captcha = svgCaptcha.create({
      size: Math.min(8, Math.max(3, length)),
      ignoreChars: IGNORE,
      noise: 3,
      color: true,
      background: '#f4f6fb',
      width: 120,
      height: 40,
      fontSize: 42,
    });
    await this.kv.set(`captcha:${timestamp}`, captcha.text.toLowerCase(), CODE_TTL_MS);
    // Development and e2e only (refused in production by the configuration check).
    if (this.echo) process.stdout.write(`captcha ${timestamp} ${captcha.text}\n`);
    return captcha.data;
  }

  /** Consumes the code stored under the timestamp; a wrong guess also uses it up. */
  async verify(timestamp: string, code: string): Promise<boolean> {
    if (!timestamp || !code || !KEY.test(timestamp)) return false;
    const expected = await this.kv.take(`captcha:${timestamp}`);
    return expected !== null && expected === code.trim().toLowerCase();
  }
}
