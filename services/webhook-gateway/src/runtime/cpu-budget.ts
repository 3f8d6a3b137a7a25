/**
 * The per-bot CPU budget: a token bucket of CPU milliseconds. A bot's isolate runs on isolated-vm's threads and its
 * messages on the gateway's event loop, both shared with every other bot; a bot that loops, logs or schedules
 * timers as fast as it can (each call within every other limit) would otherwise take that CPU from its neighbours.
 * What a bot used is charged after the fact (a call cannot be stopped for its budget, only for its time limit); a bot
 * in debt gets its new requests refused with 429 and Retry-After until the bucket refills.
 *
 * @see docs/bot-runtime.md#limits
 */

/** Settings of the budget. */
export interface CpuBudgetOptions {
  /**
   * CPU milliseconds a bot earns per second: the share of one core it may use on average.
   * @defaultValue 250 (a quarter of a core; a bot answering a webhook typically uses 1 ms)
   */
  msPerSecond: number;
  /**
   * CPU milliseconds a bot may use at once beyond its rate, after a quiet spell.
   * @defaultValue 2000 (a couple of heavy calls; a flood is refused within about two seconds)
   */
  burstMs: number;
}

/** Defaults of {@link CpuBudgetOptions}. */
export const DEFAULT_CPU_BUDGET: Readonly<CpuBudgetOptions> = Object.freeze({ msPerSecond: 250, burstMs: 2000 });

/** Whether a bot may start a call now. */
export type CpuAdmission =
  /** Yes; `refused` is how many requests were refused since the bot last went over (0 when it did not). */
  | { ok: true; refused: number }
  /** No, for `retryAfterS` seconds; `first` is true for the first refusal since the bot went over. */
  | { ok: false; retryAfterS: number; first: boolean };

interface Bucket {
  /** CPU milliseconds left; below zero while the bot is in debt. */
  tokens: number;
  at: number;
  /** Requests refused since the bot went over, or 0. */
  refused: number;
}

/** The CPU buckets of every bot on this replica. `clock` (ms) is for tests. */
export class CpuBudget {
  readonly #buckets = new Map<string, Bucket>();

  constructor(
    private readonly options: CpuBudgetOptions,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Counts `ms` of CPU against the bot. */
  charge(botId: string, ms: number): void {
    if (!(ms > 0)) return;
    this.#bucket(botId).tokens -= ms;
  }

  /** Whether the bot may start a call: it may while it has any CPU left. */
  admit(botId: string): CpuAdmission {
    const bucket = this.#bucket(botId);
    if (bucket.tokens > 0) {
      const refused = bucket.refused;
      bucket.refused = 0;
      return { ok: true, refused };
    }
    bucket.refused += 1;
    // Until the bucket is above zero again (at least a second, as Retry-After counts whole seconds).
    const retryAfterS = Math.max(1, Math.ceil(this.#debtMsOf(bucket) / 1000));
    return { ok: false, retryAfterS, first: bucket.refused === 1 };
  }

  /** Milliseconds until the bot has CPU left again: 0 while it has some. */
  debtMs(botId: string): number {
    const bucket = this.#buckets.get(botId);
    if (!bucket) return 0;
    this.#refill(bucket);
    return this.#debtMsOf(bucket);
  }

  /** Milliseconds until a refilled bucket is above zero again (0 when it is). */
  #debtMsOf(bucket: Bucket): number {
    return bucket.tokens > 0 ? 0 : (-bucket.tokens / this.options.msPerSecond) * 1000;
  }

  /** Forgets the buckets that are full again (called on a timer). */
  sweep(): void {
    for (const [botId, bucket] of this.#buckets) {
      this.#refill(bucket);
      if (bucket.tokens >= this.options.burstMs && bucket.refused === 0) this.#buckets.delete(botId);
    }
  }

  /** Bots with a bucket now (for tests). */
  get size(): number {
    return this.#buckets.size;
  }

  #bucket(botId: string): Bucket {
    let bucket = this.#buckets.get(botId);
    if (!bucket) {
      bucket = { tokens: this.options.burstMs, at: this.clock(), refused: 0 };
      this.#buckets.set(botId, bucket);
    } else {
      this.#refill(bucket);
    }
    return bucket;
  }

  #refill(bucket: Bucket): void {
    const now = this.clock();
    bucket.tokens = Math.min(
      this.options.burstMs,
      bucket.tokens + ((now - bucket.at) / 1000) * this.options.msPerSecond,
    );
    bucket.at = now;
  }
}
