/**
 * Paces the *starts* of sends, independent of how long Telegram takes to answer. Two rules hold together:
 *
 * - Schedule: slot i begins at t0 + i/rate. A start that timers made late is caught up by the next slots, so the
 *   average holds the rate even at 1,000/s where every timer fires a little late. After a stall longer than
 *   {@link CATCH_UP_MS} (a slow page of recipients, a paused event loop) the schedule restarts instead, so no burst
 *   follows it.
 * - Ceiling: never more than `ceiling` starts in any sliding second, counted on the times sends really started. This
 *   is what Telegram counts, and it bounds the catch-up above: it can fill a second, never overfill it. With the
 *   ceiling equal to the rate, timer lateness can only slow sends down, so the average sits a little under the rate.
 *   The window is strict: a start comes more than 1,000 ms after the one `ceiling` starts before it, so even a closed
 *   one-second window [t, t + 1 s], wherever it lies, holds at most `ceiling` starts (docs/broadcast.md#fencing).
 *
 * A 429 pauses the pacer until Telegram's retry_after has passed.
 */
export class Pacer {
  readonly #clock: Clock;
  readonly #intervalMs: number;
  /** Start times of the last `ceiling` sends, oldest at #head: a ring, so the window check is O(1). */
  readonly #starts: Float64Array;
  #head = 0;
  #next = 0;
  #pausedUntil = 0;

  /**
   * @param options.history start times of the bot's previous run, oldest first: the window counts them too, so a
   *   broadcast that follows another at once does not add its first second to the last second of the one before.
   */
  constructor(ratePerSecond: number, options: { ceiling?: number; clock?: Clock; history?: readonly number[] } = {}) {
    this.#clock = options.clock ?? realClock;
    this.#intervalMs = 1000 / ratePerSecond;
    const ceiling = Math.max(ratePerSecond, options.ceiling ?? ratePerSecond);
    this.#starts = new Float64Array(Math.max(1, Math.floor(ceiling))).fill(-Infinity);
    // The newest starts of the history, as if this pacer had made them: the oldest lands at #head.
    const kept = (options.history ?? []).slice(-this.#starts.length);
    this.#starts.set(kept, this.#starts.length - kept.length);
  }

  /** The start times the window still counts, oldest first (a history for the bot's next pacer). */
  get recentStarts(): number[] {
    const ordered = [...this.#starts.subarray(this.#head), ...this.#starts.subarray(0, this.#head)];
    const since = this.#clock.now() - WINDOW_MS;
    return ordered.filter((t) => t >= since);
  }

  /**
   * Resolves, with the start time it counted, when the next send may start; the caller must start it at once.
   * Resolves undefined, counting nothing, as soon as `signal` aborts (a cancel during a long 429 pause).
   */
  async slot(signal?: AbortSignal): Promise<number | undefined> {
    let now = this.#clock.now();
    if (now - this.#next > CATCH_UP_MS) this.#next = now;
    const at = Math.max(this.#next, this.#starts[this.#head]! + WINDOW_MS);
    this.#next = at + this.#intervalMs;
    if (at > now) {
      await this.#clock.sleep(at - now, signal);
      now = this.#clock.now();
    }
    // A 429 may have paused the pacer while it slept, and timers may fire a hair early: the window must hold on real
    // start times. Wait again until both allow; after a pause the schedule restarts from the start made now.
    let paused = false;
    while (!this.#mayStart(now) && !signal?.aborted) {
      paused ||= now < this.#pausedUntil;
      await this.#clock.sleep(this.#earliest() - now, signal);
      now = this.#clock.now();
    }
    if (signal?.aborted) return undefined;
    if (paused) this.#next = Math.max(this.#next, now + this.#intervalMs);
    this.#starts[this.#head] = now;
    this.#head = (this.#head + 1) % this.#starts.length;
    return now;
  }

  /**
   * Moves the start the last slot counted to now, the moment the send really starts: the caller resumes from slot()
   * a few microtasks (or, on a loaded machine, a preemption) later. A later time only widens the gaps to the starts
   * before it, so the window holds on the times sends really started.
   */
  started(): void {
    const last = (this.#head + this.#starts.length - 1) % this.#starts.length;
    this.#starts[last] = Math.max(this.#starts[last]!, this.#clock.now());
  }

  /** The earliest a start may happen by the pause and the window. */
  #earliest(): number {
    return Math.max(this.#pausedUntil, this.#starts[this.#head]! + WINDOW_MS);
  }

  /** True when a start now keeps the pause and leaves more than a second since the start `ceiling` starts ago. */
  #mayStart(now: number): boolean {
    return now >= this.#pausedUntil && now - this.#starts[this.#head]! > WINDOW_MS;
  }

  /** Holds every start until `ms` from now (Telegram's retry_after). */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#clock.now() + ms);
    this.#next = Math.max(this.#next, this.#pausedUntil);
  }

  /** Clock time until which the last pause holds (in the past once it is over). */
  get pausedUntil(): number {
    return this.#pausedUntil;
  }
}

/** Time as the pacer sees it; tests drive a virtual one. */
export interface Clock {
  now(): number;
  /** Waits `ms`, or less when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: Clock = { now: () => performance.now(), sleep };

/** The window of the ceiling, ms. */
const WINDOW_MS = 1000;

/** How late a start may be and still be caught up rather than dropped from the schedule. */
export const CATCH_UP_MS = 100;

/** Promise-based setTimeout that resolves early, without error, when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (!signal) return new Promise((resolve) => setTimeout(resolve, ms));
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
