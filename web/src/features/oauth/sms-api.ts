import { http } from '../../base/api';
import type { LoginAnswer } from './api';

export interface SmsCodeAnswer {
  /** 'none': no SMS channel is configured; the server wrote the code to its log instead. */
  channel: 'none' | 'webhook' | string;
}

/** POST /api/oauth/SmsCode; errors (rate limits say how long to wait) reject with ApiError. */
export function sendSmsCode(mobile: string): Promise<SmsCodeAnswer> {
  return http.post<SmsCodeAnswer>('/oauth/SmsCode', { mobile });
}

/** POST /api/oauth/Login with origin 'sms': the phone number and its code, no password. */
export function smsLogin(mobile: string, code: string): Promise<LoginAnswer> {
  return http.post<LoginAnswer>(
    '/oauth/Login',
    { account: mobile, code, origin: 'sms', jnpf_ticket: '', grant_type: 'password' },
    { form: true },
  );
}

/** Seconds to wait out a rate limit, when the server's message names them. */
export function waitSeconds(msg: string | undefined): number | null {
  const match = msg ? /(\d+)\s*(?:s\b|秒|seconds?)/i.exec(msg) : null;
  return match?.[1] ? Number(match[1]) : null;
}
