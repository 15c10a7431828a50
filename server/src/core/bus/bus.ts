/**
 * Publish/subscribe between server instances: what one instance publishes reaches the
 * subscribers of every instance, itself included. In one process without Redis it runs in
 * memory; with REDIS_URL it goes through Redis pub/sub.
 */
export interface MessageBus {
  /** Hands a JSON-serialisable message to every subscriber of the channel. */
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is active, so nothing published afterwards is missed. */
  subscribe(channel: string, handler: (message: unknown) => void): Promise<void>;
  close(): Promise<void>;
}
