import { OutboundError, type OutboundInit, outboundFetch, readText } from '../../../core/outbound.js';

/** What every channel is handed: the rendered message and the people it goes to. */
export interface Recipient {
  userId: string;
  account: string;
  realName: string;
  email: string | null;
  mobilePhone: string | null;
}

export interface OutgoingMessage {
  title: string;
  content: string;
  /** The template's vendor code (SMS template, official-account template id). */
  templateCode: string;
  /** The values the text was rendered with; vendors with their own templates take these. */
  params: Record<string, string>;
  recipients: Recipient[];
}

/** A channel failure a person can act on; its message is what the monitor records. */
export class ChannelError extends Error {
  override name = 'ChannelError';
}

/** Time limit of every vendor call. */
export const CHANNEL_TIMEOUT_MS = 10_000;

/**
 * One HTTP call to a vendor or webhook through the guarded outbound helper; answers the parsed
 * JSON (or null for an empty or non-JSON body). Refused or unreachable targets, timeouts and
 * HTTP errors become ChannelErrors that never quote what the target answered.
 */
export async function callJson(
  url: string,
  init: OutboundInit = {},
): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    const response = await outboundFetch(url, { ...init, timeoutMs: CHANNEL_TIMEOUT_MS });
    const origin = new URL(url).origin;
    text = await readText(response, origin);
    if (!response.ok) throw new ChannelError(`${origin} 返回 HTTP ${response.status}`);
  } catch (error) {
    if (error instanceof OutboundError) throw new ChannelError(error.message);
    throw error;
  }
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  callJson(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Refuses a vendor answer whose errcode is not 0, in the vendor's words. */
export function expectErrcodeZero(answer: Record<string, unknown> | null, what: string) {
  const code = answer?.errcode;
  if (code !== 0 && code !== undefined)
    throw new ChannelError(`${what}失败：${String(answer?.errmsg ?? '')}（errcode ${String(code)}）`);
  if (!answer) throw new ChannelError(`${what}失败：应答不是JSON`);
}

export function requireSecret(value: string, label: string) {
  if (!value) throw new ChannelError(`账号未配置${label}，请在账号配置中填写`);
}
