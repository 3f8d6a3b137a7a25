/**
 * A lock over one Redis key, for work that must not overlap across replicas: restartBot's `setWebhook` and the
 * secret it saves (services/management/src/bots/bot-service.ts). Taken with `SET key token NX PX ttl`, so a holder
 * that dies loses it after `ttlMs`; released by a script that deletes the key only while it still holds the holder's
 * token, so a holder that overran its time never frees the next holder's lock. One key: it works on a Redis Cluster.
 */
import { randomBytes } from "node:crypto";
import type { RedisConnection } from "./redis-connection.js";

/** Deletes KEYS[1] only if it still holds ARGV[1] (the holder's token). */
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** How long a lock lasts and how long to wait for it. */
export interface RedisLockOptions {
  /** After this long a holder's lock lapses (it died, or overran): longer than the work can take. */
  ttlMs: number;
  /** How long to wait for another holder; then `busy()` is thrown. At least `ttlMs`, so a dead holder is outwaited. */
  waitMs: number;
  /** The error to throw when the lock is still held after `waitMs`. */
  busy: () => Error;
}

/** First and longest pause between two tries to take a held lock (ms). */
const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 200;

/**
 * Runs `work` while holding the lock `key`, waiting (without holding anything else) for a holder in another process
 * or in this one. The lock is released however `work` ends. A Redis that does not answer fails the call with its
 * error, before `work` runs.
 */
export async function withRedisLock<T>(
  redis: RedisConnection,
  key: string,
  options: RedisLockOptions,
  work: () => Promise<T>,
): Promise<T> {
  const token = randomBytes(16).toString("hex");
  const deadline = Date.now() + options.waitMs;
  let pause = FIRST_PAUSE_MS;
  while ((await redis.set(key, token, "PX", options.ttlMs, "NX")) !== "OK") {
    const left = deadline - Date.now();
    if (left <= 0) throw options.busy();
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  }
  try {
    return await work();
  } finally {
    // A release that fails (Redis went away meanwhile) leaves the lock to lapse after ttlMs; the work's outcome stands.
    await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
