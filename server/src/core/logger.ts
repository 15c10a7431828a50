import type { FastifyServerOptions } from 'fastify';

/** Paths that may hold secrets; pino replaces them before anything is written. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.oldPassword',
  '*.token',
  '*.code',
];

/**
 * Tokens also travel in URLs (the socket path, download tickets, workflow links, external form
 * links and their passes); mask them.
 */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/websocket\/)[^/?#]+/gi, '$1***')
    .replace(/(\/api\/file\/Download\/[^/?#]+\/)[^/?#]+/gi, '$1***')
    .replace(/([?&](?:token|ticket|jnpf_ticket|encryption|pass)=)[^&#]*/gi, '$1***');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT, censor: '***' },
    serializers: {
      req(req) {
        return { method: req.method, url: maskUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}
