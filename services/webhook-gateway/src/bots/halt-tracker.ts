/**
 * Counts a bot's limit incidents (time, memory) in Redis, so every gateway replica sees the same count: 3 within
 * 10 minutes halt the bot. restartBot (management) deletes the count, wherever the bot is loaded.
 *
 * @see docs/bot-runtime.md#halts
 */
import { randomUUID } from "node:crypto";
import type { RedisConnection, RedisNames } from "@botyard/common/redis";

/** Incidents that halt a bot. */
export const HALT_AFTER_HITS = 3;
/** The window they are counted in. */
export const HALT_WINDOW_MS = 10 * 60 * 1000;

/** Records limit incidents and says when a bot has earned a halt. */
export class HaltTracker {
  constructor(
    private readonly redis: RedisConnection,
    private readonly names: RedisNames,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Records one incident now; resolves true when the bot reached the halt threshold. */
  async hit(botId: string): Promise<boolean> {
    const key = this.names.limitHits(botId);
    const now = this.clock();
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
}
