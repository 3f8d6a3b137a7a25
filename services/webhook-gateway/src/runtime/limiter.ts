/**
 * Fair-sharing primitives of the runtime: a concurrency limit with a bounded queue (one bot's flood of database,
 * Telegram or HTTP calls waits in its own queue, and an overflow is refused at once instead of slowing everyone),
 * and a token bucket for per-bot request rates.
 *
 * @see docs/bot-runtime.md#limits
 */

/** Thrown when a limiter's queue is full; the message is meant for bot code. */
export class LimitExceededError extends Error {
  override readonly name = "LimitExceededError";
}

/** Runs at most `concurrency` tasks at once; at most `queue` more wait; the rest are refused. */
export class ConcurrencyLimiter {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
    private readonly what: string,
  ) {}

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting now. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `task` when a slot is free; throws {@link LimitExceededError} when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.concurrency) {
      if (this.#waiting.length >= this.queue) {
        throw new LimitExceededError(
          `Too many ${this.what} at once (${this.concurrency} running, ${this.queue} waiting); await some first`,
        );
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter, so the count stays right without a re-check.
      if (next) next();
      else this.#active -= 1;
    }
  }
}

/** A token bucket: `ratePerSecond` tokens a second, up to `burst` saved. `clock` is for tests. */
export class TokenBucket {
  #tokens: number;
  #at: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.#tokens = burst;
    this.#at = clock();
  }

  /** Takes a token; returns 0 when one was taken, else the seconds until one will be there. */
  take(): number {
    const now = this.clock();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.ratePerSecond);
    this.#at = now;
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return 0;
    }
    return (1 - this.#tokens) / this.ratePerSecond;
  }

  /** True when the bucket is full again (it can be forgotten). */
  get full(): boolean {
    const now = this.clock();
    return this.#tokens + ((now - this.#at) / 1000) * this.ratePerSecond >= this.burst;
  }
}
