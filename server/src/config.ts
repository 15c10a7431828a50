import { isIP } from 'node:net';
import { z } from 'zod';
import { parseOutboundAllow } from './core/outbound.js';

/** An address, a CIDR block, or one of proxy-addr's names (what Fastify's trustProxy takes). */
function isProxyAddress(text: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(text)) return true;
  const [address = '', prefix, extra] = text.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const port = z.coerce.number().int().min(0).max(65_535);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

/** A 32-byte key: 64 hex characters or Base64 (empty: none). */
const secretsKey = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine(
      (value) =>
        value === undefined ||
        (/^[0-9a-f]{64}$/i.test(value) ? 32 : Buffer.from(value, 'base64').length) === 32,
      { message: 'must be 32 bytes: 64 hex characters or Base64' },
    );

const ConfigSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  /** Key prefix in Redis, so several consoles (or test runs) can share one server. */
  REDIS_PREFIX: z.string().default('console:'),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || (value.length >= 6 && value.length <= 16), {
      message: 'must be 6 to 16 characters',
    }),
  /** Loads the demo district government (organisations, positions, roles, staff). */
  DEMO_DATA: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /** Folder of the built web client; served at / when it exists. */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  /** Absolute session lifetime, however active; the idle timeout is a system setting. */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 90)
    .default(7 * 24),
  /** Grace period for in-flight requests on SIGTERM. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * On SIGTERM, how long /readyz answers 503 while the instance still serves, before it stops
   * accepting: time for the proxy's health check to take it out of the pool.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  /** Bearer token Prometheus sends to read /metrics; without it /metrics is off. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || (value.length >= 16 && /^[\x21-\x7e]+$/.test(value)), {
      message: 'must be at least 16 printable characters without spaces (e.g. openssl rand -hex 24)',
    }),
  /**
   * Behind reverse proxies: how many there are, or their addresses. The client address is the
   * X-Forwarded-For hop just before the trusted ones; hops further left are the client's to write.
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx): false | number | string[] => {
      const text = value.trim();
      if (text === '' || text === '0' || text === 'false') return false;
      if (/^\d+$/.test(text)) return Number(text);
      const proxies = text.split(',').map((item) => item.trim());
      const wrong = proxies.filter((item) => !isProxyAddress(item));
      if (wrong.length) {
        ctx.addIssue({
          code: 'custom',
          message: `must be the number of proxies in front (e.g. 1) or their addresses/CIDRs, comma-separated; not ${wrong.join(', ')}`,
        });
        return z.NEVER;
      }
      return proxies;
    }),
  /**
   * Pages of other origins whose live socket is accepted (comma-separated `scheme://host[:port]`),
   * for a proxy that rewrites Host, such as a client's development server. Same-origin pages
   * always are.
   */
  SOCKET_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx): string[] => {
      const items = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      const wrong = items.filter((item) => {
        try {
          return new URL(item).origin !== item.replace(/\/$/, '');
        } catch {
          return true;
        }
      });
      if (wrong.length) {
        ctx.addIssue({
          code: 'custom',
          message: `must be origins such as http://localhost:8080, comma-separated; not ${wrong.join(', ')}`,
        });
        return z.NEVER;
      }
      return items.map((item) => new URL(item).origin);
    }),
  /** What one user may upload (/api/file/Uploader and chunked uploads) in any 24 hours, in MB. */
  UPLOAD_MB_PER_USER_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(200),
  /**
   * Chunks of an upload that received nothing for this long are deleted (the upload was given
   * up); its bytes still count against the day's quota. Default 24 hours.
   */
  UPLOAD_CHUNK_TTL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(30 * 86_400_000)
    .default(86_400_000),
  /** How often each instance looks for abandoned chunks (one instance sweeps each); 0 turns it off. */
  UPLOAD_CHUNK_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** The most a batch download (one zip of several files) may hold, in MB. */
  PACK_DOWNLOAD_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(1024),
  /** Where chunks and chunk-uploaded files are kept: a local folder, or S3-compatible storage. */
  STORAGE: z
    .enum(['local', 's3', ''])
    .default('local')
    .transform((value) => value || 'local'),
  /** Folder of chunks and chunk-uploaded files when STORAGE=local (default DATA_DIR/files). */
  FILE_DIR: z.string().optional(),
  /** STORAGE=s3: the service address (path-style), bucket, region and keys. */
  S3_ENDPOINT: optionalUrl(['http://', 'https://']),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /**
   * Key (32 bytes as 64 hex characters or Base64) sealing stored secrets such as data-source
   * passwords with AES-256-GCM. Without it the server makes one in DATA_DIR/secrets.key.
   */
  SECRETS_KEY: secretsKey(),
  /** After a rotation: the key before, which still opens the values it sealed (docs/security.md). */
  SECRETS_KEY_PREVIOUS: secretsKey(),
  /**
   * Live sockets one user may hold on one instance (browser tabs). Opening one more sends the
   * oldest `closeSocket`: it stops without reconnecting, so a runaway client cannot pile them up.
   */
  SOCKETS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(50),
  /** How long reading one knowledge-base document (PDF, DOCX, ...) may take before it fails. */
  KB_EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(120_000),
  /** How often each instance looks for due schedule reminders; 0 turns reminders off. */
  SCHEDULE_REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Request and operation logs: rows written per INSERT, and the longest a row waits in memory. */
  LOG_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(200),
  LOG_FLUSH_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  /** How often each instance looks for due flow timers and approval timeouts; 0 turns them off. */
  WORKFLOW_TIMER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** How often each instance looks for due scheduled tasks; 0 turns the scheduler off. */
  TASK_SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /**
   * Hosts, IPs and CIDR ranges (optionally :port) that outbound calls may reach although they
   * are not public addresses, e.g. an intranet WeCom proxy or SMTP relay (core/outbound.ts).
   */
  OUTBOUND_ALLOW: z
    .string()
    .default('')
    .transform((value, ctx) => {
      try {
        return parseOutboundAllow(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Development and e2e only: print each image code to stdout. Refused in production. */
  CAPTCHA_ECHO: z
    .enum(['0', '1', ''])
    .default('0')
    .transform((value) => value === '1'),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Reads and checks the environment; throws one message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.STORAGE === 's3') {
    const missing = (
      ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((name) => !parsed.data[name]);
    if (missing.length)
      throw new Error(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required when STORAGE=s3`).join('\n')}`,
      );
  }
  if (parsed.data.CAPTCHA_ECHO && parsed.data.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  CAPTCHA_ECHO: not allowed when NODE_ENV=production');
  }
  return parsed.data;
}
