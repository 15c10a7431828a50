import type { Redis } from 'ioredis';
import { openRedis } from '../redis.js';
import type { MessageBus } from './bus.js';

/**
 * Redis pub/sub. A subscribed connection can do nothing else, so publishing uses a second
 * one. Channel names carry the configured prefix, as keys do in the key-value store.
 */
export class RedisBus implements MessageBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<(message: unknown) => void>>();

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.publisher = openRedis(url, { maxRetriesPerRequest: 3 });
    // No ready check on the subscriber: ioredis sends its INFO late (after reading its own
    // package.json), and when a SUBSCRIBE has been answered by then it refuses INFO in subscriber
    // mode and reports an error (seen in CI on a loaded machine).
    this.subscriber = openRedis(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
    this.subscriber.on('message', (channel: string, text: string) => {
      const handlers = this.handlers.get(channel);
      if (!handlers) return;
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      for (const handler of handlers) handler(message);
    });
  }

  async publish(channel: string, message: unknown) {
    await this.publisher.publish(this.prefix + channel, JSON.stringify(message));
  }

  async subscribe(channel: string, handler: (message: unknown) => void) {
    const name = this.prefix + channel;
    const handlers = this.handlers.get(name);
    if (handlers) {
      handlers.add(handler);
      return;
    }
    this.handlers.set(name, new Set([handler]));
    await this.subscriber.subscribe(name);
  }

  async close() {
    this.handlers.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map((client) => client.quit().catch(() => client.disconnect())),
    );
  }
}
