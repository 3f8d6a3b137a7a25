/**
 * Live streams open per account (the plan's `liveStreams` quota), counted in Redis so that every replica sees the same total: a sorted set per account
 * whose members are open streams and whose scores are their lease ends. Opening takes a slot in one script (expired
 * leases dropped, then counted, then added), an open stream renews its lease with its heartbeat, and closing removes
 * it; a replica that dies leaves its streams' slots to expire with their lease.
 *
 * @see docs/dashboard.md#live-logs-and-progress
 */
import { quotaExceeded } from "@botyard/common/errors";
import { randomToken } from "@botyard/common/crypto";
import type { RedisConnection } from "@botyard/common/redis";

/** How long a slot lives without renewal; streams renew at every heartbeat (15 s). */
export const STREAM_LEASE_MS = 45_000;

// KEYS[1] the account's set; ARGV: member, limit, lease. Answers {1, count} when taken, {0, count} when full.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local open = redis.call('ZCARD', KEYS[1])
if open >= tonumber(ARGV[2]) then return {0, open} end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, open + 1}`;

// KEYS[1] the account's set; ARGV: member, lease. Pushes the member's lease end (only if it still holds a slot).
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** A slot held by one open stream. */
export interface StreamSlot {
  renew(): Promise<void>;
  release(): Promise<void>;
}

/** Slots of live streams per account. */
export class StreamSlots {
  constructor(
    private readonly redis: RedisConnection,
    private readonly keyOf: (accountId: string) => string,
    private readonly leaseMs = STREAM_LEASE_MS,
  ) {}

  /** Streams of `accountId` open now, on every replica (the account's usage reply). */
  async open(accountId: string): Promise<number> {
    return this.redis.zcount(this.keyOf(accountId), `(${Date.now()}`, "+inf");
  }

  /**
   * Takes a slot for a new stream of `accountId`, or throws 429 QUOTA_EXCEEDED (quota `liveStreams`) saying how many
   * are open when `limit` of them are.
   */
  async acquire(accountId: string, limit: number): Promise<StreamSlot> {
    const key = this.keyOf(accountId);
    const member = randomToken(12);
    const [taken, open] = (await this.redis.eval(ACQUIRE, 1, key, member, String(limit), String(this.leaseMs))) as [
      number,
      number,
    ];
    if (!taken)
      throw quotaExceeded("liveStreams", limit, open, {
        message:
          `This account has ${open} live streams open, the most its plan allows (${limit}); close a dashboard tab ` +
          "or window showing live logs or broadcasts, then try again",
        retryAfterS: 5,
      });
    return {
      renew: async () => {
        await this.redis.eval(RENEW, 1, key, member, String(this.leaseMs));
      },
      release: async () => {
        await this.redis.zrem(key, member);
      },
    };
  }
}
