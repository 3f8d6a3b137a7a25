/**
 * A counter per key in Redis over fixed windows, taken in one round trip (INCR and PEXPIRE in one script), so every
 * management replica shares it and parallel requests cannot slip past it: the slot is taken before the work it guards.
 * Used for sign-up and invite acceptance per client address and for transferBot's target lookup per account.
 *
 * @see docs/dashboard.md#sign-in-throttling
 */
import { AppError } from "@botyard/common/errors";
import type { RedisConnection } from "@botyard/common/redis";

/** One limit: at most `limit` calls per `windowMs`. */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

// One key per call: the same on a single server and on a Redis Cluster. Returns the count and the window's rest.
const TAKE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/** Seconds until a window of `ms` left ends, at least 1 (a Retry-After value). */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** Takes slots of fixed-window limits. */
export class FixedWindowLimiter {
  constructor(private readonly redis: RedisConnection) {}

  /** Takes one slot of `key`: resolves the seconds to wait when the limit is used up, else undefined. */
  async take(key: string, { limit, windowMs }: WindowLimit): Promise<number | undefined> {
    const [count, ttl] = (await this.redis.eval(TAKE, 1, key, String(windowMs))) as [number, number];
    return count > limit ? retryAfterSeconds(ttl) : undefined;
  }

  /** Takes one slot of `key`, or throws 429 RATE_LIMITED with Retry-After and `message(seconds)`. */
  async enforce(key: string, limit: WindowLimit, message: (retryAfter: number) => string): Promise<void> {
    const wait = await this.take(key, limit);
    if (wait === undefined) return;
    throw new AppError("RATE_LIMITED", message(wait), { headers: { "Retry-After": String(wait) } });
  }
}
