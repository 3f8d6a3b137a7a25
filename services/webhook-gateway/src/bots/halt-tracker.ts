/**
 * Counts a bot's limit hits (time, memory) in Redis, so every gateway replica sees the same count: 3 within
 * 10 minutes halt the bot.
 */
import { randomUUID } from "node:crypto";
import type { Redis, RedisNames } from "@botyard/common";

export const HALT_AFTER_HITS = 3;
export const HALT_WINDOW_MS = 10 * 60 * 1000;

/** Records limit hits and says when a bot has earned a halt. */
export class HaltTracker {
  constructor(private readonly redis: Redis, private readonly names: RedisNames) {}

  /** Records a hit now; resolves true when the bot reached the halt threshold. */
  async hit(botId: string): Promise<boolean> {
    const key = this.names.key("limit-hits", botId);
    const now = Date.now();
    const result = await this.redis
      .multi()
      .zadd(key, now, `${now}-${randomUUID()}`)
      .zremrangebyscore(key, 0, now - HALT_WINDOW_MS)
      .zcard(key)
      .pexpire(key, HALT_WINDOW_MS)
      .exec();
    const count = Number(result?.[2]?.[1] ?? 0);
    return count >= HALT_AFTER_HITS;
  }

  /** Forgets the hits (after a restart clears the halt). */
  async clear(botId: string): Promise<void> {
    await this.redis.del(this.names.key("limit-hits", botId));
  }
}
