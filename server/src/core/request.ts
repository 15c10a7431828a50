import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';

export interface ClientInfo {
  ip: string;
  ipAddressName: string;
  browser: string;
  platForm: string;
  /** pc or app, from the jnpf-origin header. */
  origin: 'pc' | 'app';
}

const PRIVATE_RANGES = [
  /^127\./,
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^::1$/,
  /^fc|^fd/i,
  /^::ffff:127\./,
];

export const isLocalAddress = (ip: string) => PRIVATE_RANGES.some((range) => range.test(ip));

/** Without a geolocation database we can only tell local networks from the rest. */
function describeAddress(ip: string): string {
  return isLocalAddress(ip) ? '本地局域网' : '外部网络';
}

export function clientInfo(req: FastifyRequest): ClientInfo {
  const agent = String(req.headers['user-agent'] ?? '').slice(0, 512);
  let browser = '';
  let platForm = '';
  if (agent) {
    const parsed = Bowser.parse(agent);
    browser = [parsed.browser.name, parsed.browser.version].filter(Boolean).join(' ');
    platForm = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  }
  return {
    ip: req.ip,
    ipAddressName: describeAddress(req.ip),
    browser: browser || 'Unknown',
    platForm: platForm || 'Unknown',
    origin: req.headers['jnpf-origin'] === 'app' ? 'app' : 'pc',
  };
}
