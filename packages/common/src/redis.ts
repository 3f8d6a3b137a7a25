/** Redis connections and the names every service agrees on for keys and channels. */
import { Redis, type RedisOptions } from "ioredis";

export { Redis } from "ioredis";

/**
 * Opens an ioredis connection. `maxRetriesPerRequest: null` is what BullMQ requires for blocking connections and is
 * harmless for the others: commands wait for a reconnect instead of failing while Redis restarts.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false, ...options });
  // Connection errors are retried by ioredis; an unhandled 'error' event would otherwise kill the process.
  redis.on("error", () => {});
  return redis;
}

/** True when Redis answers PING within `timeoutMs`. */
export async function pingRedis(redis: Redis, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const pong = await Promise.race([
      redis.ping(),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error("timeout")), timeoutMs); }),
    ]);
    return pong === "PONG";
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Names of shared Redis channels and keys, all under one prefix. */
export class RedisNames {
  constructor(readonly prefix: string) {}

  /** Pub/sub channel of bot lifecycle events ({@link BotEvent}), from management to every gateway replica. */
  get botEvents(): string {
    return `${this.prefix}:bot-events`;
  }

  /** BullMQ prefix for the broadcast queue. */
  get bullPrefix(): string {
    return `${this.prefix}:bull`;
  }

  /** Any further key under the prefix. */
  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(":");
  }
}

/** A bot lifecycle event, published by management after the database row is committed. */
export type BotEvent =
  | { type: "restart"; botId: string; codeVersion: number }
  | { type: "stop"; botId: string }
  | { type: "delete"; botId: string }
  | { type: "env"; botId: string };

/** Publishes a {@link BotEvent} on the bot-events channel. */
export async function publishBotEvent(redis: Redis, names: RedisNames, event: BotEvent): Promise<void> {
  await redis.publish(names.botEvents, JSON.stringify(event));
}
