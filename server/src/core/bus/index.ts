import type { MessageBus } from './bus.js';
import { MemoryBus } from './memory.js';
import { RedisBus } from './redis.js';

export type { MessageBus } from './bus.js';

export function openMessageBus(options: { redisUrl?: string; prefix: string }): MessageBus {
  return options.redisUrl ? new RedisBus(options.redisUrl, options.prefix) : new MemoryBus();
}
