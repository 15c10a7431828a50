import { randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsCodeResult } from '@console/shared';
import type { FastifyBaseLogger } from 'fastify';
import { chinaDay, chinaDayStart, DAY_MS, HOUR_MS } from '../../core/calendar.js';
import { BizError, badRequest } from '../../core/errors.js';
import type { KeyValueStore } from '../../core/kv/index.js';
import { OutboundError, outboundFetch } from '../../core/outbound.js';
import type { SysConfigService } from '../system/sysConfig/service.js';

const CODE_TTL_MS = 10 * 60_000;
const RESEND_GAP_MS = 60_000;
const PER_PHONE_PER_DAY = 10;
const PER_IP_PER_HOUR = 20;
/** Wrong codes tried against one sent code before it is thrown away. */
const MAX_WRONG_TRIES = 5;
const WEBHOOK_TIMEOUT_MS = 5_000;

export const SmsMessages = {
  tooSoon: (seconds: number) => `发送过于频繁，请${seconds}秒后再试`,
  phoneDailyLimit: (seconds: number) =>
    `该手机号今日获取验证码次数已达上限（${PER_PHONE_PER_DAY}次），请${seconds}秒后再试`,
  ipHourlyLimit: (seconds: number) =>
    `当前网络获取验证码次数过多（每小时${PER_IP_PER_HOUR}次），请${seconds}秒后再试`,
  channelFailed: (reason: string) => `短信发送失败：${reason}`,
  channelStatus: (status: number) => `短信通道返回 HTTP ${status}`,
  /** Refused address, closed port, timeout alike: the public sign-in page learns nothing more. */
  channelUnreachable: '无法连接短信通道',
  channelNoEndpoint: '未配置短信通道地址（smsEndpoint）',
  wrongCode: '手机号或验证码错误',
} as const;

/** 138****5678: enough to recognise the phone in a log, not to read it. */
export const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** A refusal for sending too often, with the seconds to wait in data.waitSeconds. */
const tooMany = (message: (seconds: number) => string, waitMs: number) => {
  const waitSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return badRequest(message(waitSeconds), { waitSeconds });
};

/**
 * Sign-in codes by SMS: 6 digits, 10 minutes, single use; kept in the shared store so any
 * instance can check them. Rate-limited per phone (one per minute, ten per day) and per
 * address (twenty per hour). The answer never says whether a user has the phone.
 */
export class SmsCodeService {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly sysConfig: SysConfigService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mobile: string, ip: string): Promise<SmsCodeResult> {
    const now = Date.now();
    // Per address: fixed hourly windows.
    const hour = Math.floor(now / HOUR_MS);
    const ipCount = await this.kv.increment(`sms:ip:${ip}:${hour}`, HOUR_MS);
    if (ipCount > PER_IP_PER_HOUR) {
      throw tooMany(SmsMessages.ipHourlyLimit, (hour + 1) * HOUR_MS - now);
    }
    // Per phone: one send a minute, counted from the last send.
    const gapKey = `sms:gap:${mobile}`;
    if ((await this.kv.increment(gapKey, RESEND_GAP_MS)) > 1) {
      const sentAt = Number((await this.kv.get(`sms:sent:${mobile}`)) ?? now);
      throw tooMany(SmsMessages.tooSoon, sentAt + RESEND_GAP_MS - now);
    }
    // Per phone: ten a calendar day.
    const day = chinaDay(now);
    const dayCount = await this.kv.increment(`sms:day:${mobile}:${day}`, DAY_MS);
    if (dayCount > PER_PHONE_PER_DAY) {
      throw tooMany(SmsMessages.phoneDailyLimit, chinaDayStart(day + 1) - now);
    }
    await this.kv.set(`sms:sent:${mobile}`, String(now), RESEND_GAP_MS);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.kv.set(`sms:code:${mobile}`, code, CODE_TTL_MS);
    await this.kv.del(`sms:tries:${mobile}`);

    const config = await this.sysConfig.get();
    if (config.smsChannel !== 'webhook') {
      // The one place a code is logged: with no channel, an operator reads it here.
      this.log.warn(`SMS code for ${maskMobile(mobile)}: ${code} (no SMS channel configured)`);
      return { channel: 'none' };
    }
    try {
      await this.postWebhook(config.smsEndpoint, {
        mobile,
        code,
        signName: config.smsSignName,
        templateCode: config.smsTemplateCode,
      });
    } catch (error) {
      // Nothing was delivered: the code is useless and the person may try again at once.
      await Promise.all([
        this.kv.del(`sms:code:${mobile}`),
        this.kv.del(gapKey),
        this.kv.del(`sms:sent:${mobile}`),
      ]);
      const reason = error instanceof BizError ? error.message : SmsMessages.channelUnreachable;
      const detail = error instanceof OutboundError ? error.reason : undefined;
      this.log.warn({ mobile: maskMobile(mobile), reason, detail }, 'SMS webhook failed');
      throw badRequest(SmsMessages.channelFailed(reason));
    }
    return { channel: 'webhook' };
  }

  private async postWebhook(endpoint: string, payload: Record<string, string>): Promise<void> {
    if (!/^https?:\/\//i.test(endpoint)) throw badRequest(SmsMessages.channelNoEndpoint);
    const response = await outboundFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    });
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw badRequest(SmsMessages.channelStatus(response.status));
  }

  /**
   * Checks a code; the right one is used up. Wrong guesses count, and after a few the code
   * is thrown away (the person asks for a new one).
   */
  async verify(mobile: string, code: string): Promise<boolean> {
    const key = `sms:code:${mobile}`;
    const expected = await this.kv.get(key);
    if (expected === null) return false;
    if (expected.length === code.length && timingSafeEqual(Buffer.from(expected), Buffer.from(code))) {
      // take() is atomic: of two requests racing with the same code only one wins.
      return (await this.kv.take(key)) === expected;
    }
    const tries = await this.kv.increment(`sms:tries:${mobile}`, CODE_TTL_MS);
    if (tries >= MAX_WRONG_TRIES) await this.kv.del(key);
    return false;
  }
}
