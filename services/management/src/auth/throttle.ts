/**
 * Sign-in throttling in Redis, so every management replica shares the counts: failed attempts are counted per e-mail
 * and per client IP in fixed windows; once either count reaches its limit, sign-in answers 429 with Retry-After until
 * the window ends, before any password is checked. A success clears the e-mail's count (not the IP's).
 *
 * @see docs/dashboard.md#sign-in-throttling
 */
import { AppError, sha256, type RedisConnection, type RedisNames } from "@botyard/common";

/** Limits of the throttle. */
export interface ThrottleLimits {
  /** Failed sign-ins allowed per e-mail in a window. */
  perEmail: number;
  /** Failed sign-ins allowed per client IP in a window. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { perEmail: 5, perIp: 20, windowMs: 15 * 60_000 };

// One key per script call: works the same on a single server and on a Redis Cluster.
const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Counts failed sign-ins and refuses attempts over the limits. */
export class SignInThrottle {
  constructor(
    private readonly redis: RedisConnection,
    private readonly names: RedisNames,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  // The e-mail is hashed: Redis keys should not list who tried to sign in.
  #emailKey = (email: string) => this.names.key("signin-fail", "email", sha256(email.trim().toLowerCase()));
  #ipKey = (ip: string) => this.names.key("signin-fail", "ip", ip);

  /** Throws 429 (with Retry-After) when the e-mail or the IP has used up its failed attempts. */
  async check(email: string, ip: string): Promise<void> {
    const checks: Array<[string, number]> = [
      [this.#emailKey(email), this.limits.perEmail],
      [this.#ipKey(ip), this.limits.perIp],
    ];
    for (const [key, limit] of checks) {
      const count = Number((await this.redis.get(key)) ?? 0);
      if (count < limit) continue;
      const ttlMs = await this.redis.pttl(key);
      const retryAfter = Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : this.limits.windowMs) / 1000));
      throw new AppError("SIGN_IN_THROTTLED", `Too many sign-in attempts; try again in ${retryAfter} s`, {
        headers: { "Retry-After": String(retryAfter) },
      });
    }
  }

  /** Counts a failed attempt against both the e-mail and the IP. */
  async failed(email: string, ip: string): Promise<void> {
    for (const key of [this.#emailKey(email), this.#ipKey(ip)])
      await this.redis.eval(INCREMENT, 1, key, String(this.limits.windowMs));
  }

  /** Clears the e-mail's count after a successful sign-in. */
  async succeeded(email: string): Promise<void> {
    await this.redis.del(this.#emailKey(email));
  }
}
