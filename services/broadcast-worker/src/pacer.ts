/**
 * Paces the *starts* of sends at a fixed rate, independent of how long Telegram takes to answer: slot i begins at
 * t0 + i/rate. A 429 pauses the pacer; the schedule restarts after the pause so no burst follows it.
 */
export class Pacer {
  readonly #intervalMs: number;
  #next = 0;

  constructor(ratePerSecond: number) {
    this.#intervalMs = 1000 / ratePerSecond;
  }

  /** Resolves when the next send may start; never earlier than the rate allows. */
  async slot(signal?: { aborted: boolean }): Promise<void> {
    const now = performance.now();
    if (this.#next < now) this.#next = now;
    const wait = this.#next - now;
    this.#next += this.#intervalMs;
    if (wait > 0 && !signal?.aborted) await sleep(wait);
  }

  /** Holds every start until `ms` from now (Telegram's retry_after). */
  pause(ms: number): void {
    this.#next = Math.max(this.#next, performance.now() + ms);
  }

  /** Milliseconds until the next start. */
  get delay(): number {
    return Math.max(0, this.#next - performance.now());
  }
}

/** Promise-based setTimeout. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
