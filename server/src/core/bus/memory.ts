import type { MessageBus } from './bus.js';

/** The bus of a single instance: subscribers are called asynchronously, as over Redis. */
export class MemoryBus implements MessageBus {
  private readonly handlers = new Map<string, Set<(message: unknown) => void>>();

  async publish(channel: string, message: unknown) {
    const handlers = this.handlers.get(channel);
    if (!handlers) return;
    // Serialised as over the wire, so a subscriber never shares the publisher's objects.
    const text = JSON.stringify(message);
    setImmediate(() => {
      for (const handler of handlers) handler(JSON.parse(text));
    });
  }

  async subscribe(channel: string, handler: (message: unknown) => void) {
    const handlers = this.handlers.get(channel) ?? new Set();
    handlers.add(handler);
    this.handlers.set(channel, handlers);
  }

  async close() {
    this.handlers.clear();
  }
}
