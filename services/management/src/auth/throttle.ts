/**
 * Sign-in throttling in Redis, shared by every management replica. Each attempt first reserves its slot, in one
 * script (one round trip), before any password is hashed: parallel guesses cannot all pass a check made before any
 * of them is counted. Three counts, over a window (15 minutes by default):
 * - per client address (20; an IPv6 client is its /56, see client-address.ts): the address is refused, whatever
 *   e-mail it tries;
 * - per (address, e-mail) (5): that address is refused for that e-mail;
 * - per e-mail (5): past it, the e-mail's checks are spaced out with a doubling delay (1 s, 2 s, … up to 60 s) for
 *   addresses that have failed before, and each failure past it is logged. An address with no failure in the window
 *   (a clean address) is never held by the e-mail's count, so failures from elsewhere never lock the owner out.
 * A reserved slot is given back on success (and the counts of the e-mail and of the address for it cleared) or when
 * the check did not run.
 *
 * @see docs/dashboard.md#sign-in-throttling
 */
import { AppError } from "@botyard/common/errors";
import { sha256 } from "@botyard/common/crypto";
import type { Logger } from "@botyard/common/logging";
import type { RedisConnection, RedisNames } from "@botyard/common/redis";
import { clientAddressKey } from "./client-address.js";

/** Limits of the throttle. */
export interface ThrottleLimits {
  /** Failed sign-ins allowed per client address in a window. */
  perIp: number;
  /** Failed sign-ins allowed per (client address, e-mail) in a window. */
  perIpEmail: number;
  /** Failed sign-ins of one e-mail, from anywhere, after which its checks are spaced out (never refused outright). */
  perEmail: number;
  windowMs: number;
  /** First spacing once the e-mail's count is reached; it doubles with each further failure. */
  backoffBaseMs: number;
  /** Longest spacing. */
  backoffMaxMs: number;
}

/** @defaultValue 20 per address, 5 per address and e-mail, backoff past 5 per e-mail, 15-minute window. */
export const DEFAULT_THROTTLE: ThrottleLimits = {
  perIp: 20,
  perIpEmail: 5,
  perEmail: 5,
  windowMs: 15 * 60_000,
  backoffBaseMs: 1000,
  backoffMaxMs: 60_000,
};

// KEYS: address count, (address, e-mail) count, e-mail hash {n = failures and reservations, next = ms of next slot}.
// ARGV: window, perIp, perIpEmail, perEmail, backoff base, backoff max.
// Answers {"ok", spacing given} or {reason, ms to wait}; counts nothing when it refuses.
const RESERVE = `
local window = tonumber(ARGV[1])
local function rest(key)
  local t = redis.call('PTTL', key)
  if t < 0 then return window end
  return t
end
local ip = tonumber(redis.call('GET', KEYS[1]) or '0')
if ip >= tonumber(ARGV[2]) then return {'ip', rest(KEYS[1])} end
local pair = tonumber(redis.call('GET', KEYS[2]) or '0')
if pair >= tonumber(ARGV[3]) then return {'pair', rest(KEYS[2])} end
local fails = tonumber(redis.call('HGET', KEYS[3], 'n') or '0')
local spacing = 0
if fails >= tonumber(ARGV[4]) and ip > 0 then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local nextAt = tonumber(redis.call('HGET', KEYS[3], 'next') or '0')
  if now < nextAt then return {'email', nextAt - now} end
  spacing = math.min(tonumber(ARGV[5]) * 2 ^ (fails - tonumber(ARGV[4])), tonumber(ARGV[6]))
  redis.call('HSET', KEYS[3], 'next', now + spacing)
end
for i = 1, 2 do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], window) end
end
redis.call('HINCRBY', KEYS[3], 'n', 1)
redis.call('PEXPIRE', KEYS[3], window)
return {'ok', spacing}`;

// Gives a reservation back. ARGV[1] "clear" (a success) also clears the counts of the e-mail and of (address,
// e-mail): only someone who knows the password can clear them. The address's own count only loses this attempt, so
// signing in to one's own account does not reset an address that guessed at others.
const RELEASE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
if ARGV[1] == 'clear' then
  redis.call('DEL', KEYS[2], KEYS[3])
else
  if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
  if tonumber(redis.call('HGET', KEYS[3], 'n') or '0') > 0 then redis.call('HINCRBY', KEYS[3], 'n', -1) end
end
return 1`;

/** A reserved attempt: hand it back to {@link SignInThrottle.failed}, `succeeded` or `release`. */
export interface SignInSlot {
  readonly keys: [ip: string, pair: string, email: string];
  readonly emailHash: string;
  readonly ip: string;
}

const REFUSALS: Record<string, (s: number) => string> = {
  ip: (s) => `Too many failed sign-ins from your address; try again in ${s} s`,
  pair: (s) => `Too many failed sign-ins for this e-mail from your address; try again in ${s} s`,
  email: (s) => `Too many failed sign-ins for this e-mail; try again in ${s} s`,
};

/** Reserves sign-in attempts and counts their failures. */
export class SignInThrottle {
  constructor(
    private readonly redis: RedisConnection,
    private readonly names: RedisNames,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly logger?: Logger,
  ) {}

  /**
   * Reserves an attempt for `email` from `ip` (counted as {@link clientAddressKey} says), or throws 429
   * SIGN_IN_THROTTLED with Retry-After. The keys share the hash tag `{signin}` so that one script may touch them on a
   * Redis Cluster. The e-mail is hashed: Redis keys and log lines do not list who tried to sign in.
   */
  async reserve(email: string, ip: string): Promise<SignInSlot> {
    const emailHash = sha256(email.trim().toLowerCase());
    const client = clientAddressKey(ip);
    const keys: SignInSlot["keys"] = [
      this.names.key("{signin}", "ip", client),
      this.names.key("{signin}", "ip-email", client, emailHash),
      this.names.key("{signin}", "email", emailHash),
    ];
    const l = this.limits;
    const [outcome, ms] = (await this.redis.eval(
      RESERVE,
      3,
      ...keys,
      String(l.windowMs),
      String(l.perIp),
      String(l.perIpEmail),
      String(l.perEmail),
      String(l.backoffBaseMs),
      String(l.backoffMaxMs),
    )) as [string, number];
    if (outcome !== "ok") {
      const retryAfter = Math.max(1, Math.ceil(Number(ms) / 1000));
      const message = REFUSALS[outcome] ?? REFUSALS.ip!;
      throw new AppError("SIGN_IN_THROTTLED", message(retryAfter), {
        headers: { "Retry-After": String(retryAfter) },
      });
    }
    return { keys, emailHash, ip };
  }

  /** The password was wrong: the reservation stays counted; past the e-mail's limit, a warning is logged. */
  async failed(slot: SignInSlot): Promise<void> {
    const failures = Number((await this.redis.hget(slot.keys[2], "n")) ?? 0);
    if (failures >= this.limits.perEmail)
      this.logger?.warn(
        { emailHash: slot.emailHash.slice(0, 16), ip: slot.ip, failures },
        "repeated failed sign-ins for one e-mail: its checks from addresses that failed before are spaced out",
      );
  }

  /** The password was right: the reservation is given back, the e-mail's and the (address, e-mail) counts cleared. */
  async succeeded(slot: SignInSlot): Promise<void> {
    await this.redis.eval(RELEASE, 3, ...slot.keys, "clear");
  }

  /** No password was checked (hashing refused, a fault): the reservation is given back. */
  async release(slot: SignInSlot): Promise<void> {
    await this.redis.eval(RELEASE, 3, ...slot.keys, "keep");
  }
}
