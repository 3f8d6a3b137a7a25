/** Redis connections and the names every service agrees on for keys and channels. */
import { Redis, type Cluster, type RedisOptions } from "ioredis";

export { Redis } from "ioredis";

/**
 * Delay before the next reconnection attempt: 100 ms, 200 ms, … capped at {@link REDIS_RECONNECT_CAP_MS}, so a
 * connection is back within about half a second of Redis answering again, however long the outage was (ioredis's own
 * default grows to 2 s).
 *
 * @see docs/operations.md#when-postgres-or-redis-is-down
 */
export const REDIS_RECONNECT_CAP_MS = 500;
export const reconnectDelay = (attempt: number): number => Math.min(attempt * 100, REDIS_RECONNECT_CAP_MS);

/**
 * Options of a connection that serves requests (commands, publish, a BullMQ Queue): while Redis is away a command
 * fails at once instead of waiting for the reconnect, so the request answers 503 + Retry-After (http-errors.ts)
 * rather than hanging. Blocking connections (a BullMQ Worker, a subscriber) keep {@link createRedis}'s defaults.
 */
export const failFastRedisOptions = {
  /** No offline queue: a command sent while disconnected is refused immediately. */
  enableOfflineQueue: false,
  /** A command already sent gets one retry after a reconnect, then fails. */
  maxRetriesPerRequest: 1,
  /** A Redis that accepted the connection but does not answer (stopped, overloaded) fails the command after 1 s. */
  commandTimeout: 1000,
  /** A connection attempt that gets no answer is abandoned after 1 s (and retried by {@link reconnectDelay}). */
  connectTimeout: 1000,
} as const satisfies RedisOptions;

/**
 * Opens an ioredis connection. The defaults suit blocking connections: `maxRetriesPerRequest: null` is what a BullMQ
 * Worker requires, and commands wait for the reconnect. Pass {@link failFastRedisOptions} for connections that serve
 * requests. Either way reconnection attempts are at most {@link REDIS_RECONNECT_CAP_MS} apart.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: false,
    retryStrategy: reconnectDelay,
    ...options,
  });
  // Connection errors are retried by ioredis; an unhandled 'error' event would otherwise kill the process.
  redis.on("error", () => {});
  return redis;
}

/** True when Redis answers PING within `timeoutMs`. */
export async function pingRedis(redis: Redis | Cluster, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const pong = await Promise.race([
      redis.ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
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

  /**
   * BullMQ prefix for the broadcast queue. The braces are a Redis Cluster hash tag: BullMQ's scripts touch several
   * keys of a queue at once, and on a cluster those must live in one slot. On a single server they change nothing.
   * @see docs/operations.md#redis-cluster
   */
  get bullPrefix(): string {
    return `{${this.prefix}}:bull`;
  }

  /** Sorted set of a bot's time/memory limit hits (see the gateway's halt tracker); restartBot deletes it. */
  limitHits(botId: string): string {
    return this.key("limit-hits", botId);
  }

  /**
   * Telegram's 429 pause of a bot's broadcasts (`retry_after`), expiring with it: whichever drain loop sends the bot's
   * next broadcast, on any worker, waits it out.
   */
  broadcastPause(botId: string): string {
    return this.key("broadcast-pause", botId);
  }

  /** Lock of a bot's webhook registration (restartBot), so that Telegram and the row keep the same secret. */
  webhookLock(botId: string): string {
    return this.key("webhook-lock", botId);
  }

  /**
   * Any further key under the prefix. On a Redis Cluster such keys spread over the slots, so a command or script that
   * touches several of them at once must give them a common hash tag (as {@link bullPrefix} does).
   */
  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(":");
  }
}
