import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection whose errors are reported as process warnings instead of "unhandled error
 * event" output; ioredis reconnects by itself and commands in flight fail on their own.
 */
export function openRedis(url: string, options: RedisOptions): Redis {
  const client = new Redis(url, options);
  client.on('error', (error: Error) => {
    process.emitWarning(`redis connection: ${error.message}`, { code: 'CONSOLE_REDIS' });
  });
  return client;
}
