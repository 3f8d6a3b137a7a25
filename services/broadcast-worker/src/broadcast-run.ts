/**
 * Sends one broadcast to every recipient at the bot's pace. Starts are paced (see Pacer) and many sends may await
 * Telegram at once, so the rate holds whatever the API's latency. Progress (counts and the cursor below which every
 * recipient is handled) is saved often, so a crashed or handed-back run resumes where it was.
 *
 * Fencing (docs/broadcast.md#fencing): the run holds the job under the fence its claim took. Every progress write
 * renews the lease and carries the fence; when it matches no row another run has the job and this one stops at once.
 * No send starts unless a write (or the claim) confirmed the lease recently enough that it cannot have ended yet, so
 * a run cut off from Postgres goes quiet before anyone else may claim its job.
 */
import { TelegramApiError, type TelegramClient } from "@botyard/telegram";
import { buildSendCall, type BroadcastPayload } from "@botyard/broadcast";
import type { Logger } from "@botyard/common/logging";
import type { ClaimedBroadcast, Progress, WorkerRepository } from "./broadcast-repository.js";
import { Pacer, sleep } from "./pacer.js";
import { RecipientFeed } from "./recipient-feed.js";
import type { WorkerMetrics } from "./metrics.js";
import type { UsageMeter } from "@botyard/db";

/** How a run ended; "fenced" when another run took the job over (this one then writes nothing more). */
export type RunOutcome = "completed" | "cancelled" | "failed" | "handed-back" | "fenced";

/** Settings of a run. */
export interface RunOptions {
  ratePerSecond: number;
  /** Starts no sliding second may exceed (see Pacer); defaults to the rate. */
  ceilingPerSecond?: number;
  maxInFlight: number;
  /** How often progress is saved, ms. */
  flushMs?: number;
  /** Attempts for 5xx and network errors before the message counts failed. */
  maxAttempts?: number;
  /** Recipients read per query. */
  pageSize?: number;
  /** `performance.now()` before which nothing may be sent: a 429 pause left by the bot's previous run. */
  pausedUntil?: number;
  /** Told of each 429 pause (ms), so that it outlives this run and this worker (see the drain loop). */
  onPause?: (ms: number) => void;
  /** Start times of the bot's previous run in this drain loop (see Pacer): the rate holds across the two. */
  history?: readonly number[];
  /** Length of the run lease each progress write renews, ms. */
  leaseMs: number;
  /** `performance.now()` taken before the claim's query: its lease counts from then at the latest. */
  claimedAt: number;
}

/**
 * How long before its lease could end a run stops starting sends: one rate window (1 s). So the last start of a run
 * that lost its lease lies more than a second before any other run may claim the job, and the two runs' starts never
 * share a second (the rate holds across a takeover); it also leaves a renewal under way time to land.
 */
export const LEASE_GUARD_MS = 1000;

/**
 * How long a run goes on starting sends after its last successful progress write (or claim) was sent. A send whose
 * progress is not saved is sent again by whoever resumes the job, so while Postgres does not take writes (an outage,
 * a stall) the run pauses after 1 s (5 missed writes) instead of piling up sends to repeat; it goes on by itself
 * once a write succeeds under its fence.
 */
export const UNSAVED_LIMIT_MS = 1000;

/** How long after a successful write (or the claim) was sent a run may start sends: the shorter of the two limits. */
export function sendWindowMs(leaseMs: number): number {
  return Math.min(leaseMs - LEASE_GUARD_MS, UNSAVED_LIMIT_MS);
}

interface Delivery {
  chatId: number;
  attempts: number;
  done: boolean;
}

/** One broadcast being sent. */
export class BroadcastRun {
  #sent: number;
  #failed: number;
  #cursor: number | null;
  #stopReason: "cancelled" | "handed-back" | "fenced" | null = null;
  /**
   * `performance.now()` until which the lease is sure to be held and the progress recently saved: no send starts at
   * or after it (see {@link sendWindowMs}).
   */
  #leaseHeldUntil: number;
  /** The progress write under way, if any: writes never overlap, so a saved cursor never moves back. */
  #flushing: Promise<void> | null = null;
  /** Aborted when the run must stop, so a wait in the pacer (a 429 pause) ends at once. */
  readonly #stopping = new AbortController();
  #fatal: string | null = null;
  #inFlight = 0;
  readonly #order: Delivery[] = [];
  /**
   * Recipients above the cursor that an earlier run of the job handled (`doneAbove`) and the feed has not reached yet:
   * skipped when it does, never sent again.
   */
  readonly #handledBefore: Set<number>;
  readonly #retry: Delivery[] = [];
  #delayedRetries = 0;
  readonly #pacer: Pacer;
  readonly #flushMs: number;
  readonly #maxAttempts: number;
  readonly #pageSize: number;

  constructor(
    private readonly job: ClaimedBroadcast,
    private readonly token: string,
    private readonly deps: {
      repository: WorkerRepository;
      telegram: TelegramClient;
      logger: Logger;
      metrics: WorkerMetrics;
      /** The bots' usage (docs/operations.md#usage-metering): messages sent and failed. @defaultValue not counted */
      usage?: UsageMeter;
    },
    private readonly options: RunOptions,
  ) {
    this.#sent = job.sent;
    this.#failed = job.failed;
    this.#cursor = job.cursor;
    this.#handledBefore = new Set(job.doneAbove);
    this.#pacer = new Pacer(options.ratePerSecond, { ceiling: options.ceilingPerSecond, history: options.history });
    if (options.pausedUntil) this.#pacer.pause(options.pausedUntil - performance.now());
    this.#flushMs = options.flushMs ?? 200;
    this.#maxAttempts = options.maxAttempts ?? 3;
    this.#pageSize = options.pageSize ?? 500;
    this.#leaseHeldUntil = options.claimedAt + sendWindowMs(options.leaseMs);
  }

  /** The job's id. */
  get id(): string {
    return this.job.id;
  }

  /** `performance.now()` until which Telegram asked this bot to wait (0 or past when it did not). */
  get pausedUntil(): number {
    return this.#pacer.pausedUntil;
  }

  /** Start times of the last second, oldest first: the history of the bot's next run (see Pacer). */
  get recentStarts(): number[] {
    return this.#pacer.recentStarts;
  }

  /** Stops sending at once because the job was cancelled. */
  cancel(): void {
    this.#stopReason ??= "cancelled";
    this.#stopping.abort();
  }

  /** Stops sending and saves progress so another worker resumes the job (shutdown). */
  handBack(): void {
    this.#stopReason ??= "handed-back";
    this.#stopping.abort();
  }

  /** Stops sending at once, writing nothing more: another run holds the job's fence now. */
  #fenced(): void {
    this.#stopReason = "fenced";
    this.#stopping.abort();
  }

  #leaseHeld(): boolean {
    return performance.now() < this.#leaseHeldUntil;
  }

  /** Sends until every recipient is handled, the job is cancelled or fails, or it is handed back. */
  async run(): Promise<RunOutcome> {
    const payload = this.job.payload;
    const feed = new RecipientFeed(this.deps.repository, this.job.id, this.job.cursor, this.#pageSize);
    // Progress writes start before the audience is written: they keep the lease while a large one is, and find a
    // cancel as they do while sending.
    const flusher = setInterval(() => void this.#flush(), this.#flushMs);
    try {
      if (!this.job.audienceWritten) await this.#writeAudience();
      while (!this.#stopReason && !this.#fatal) {
        let delivery = this.#retry.shift();
        if (!delivery) {
          const chatId = await feed.next();
          if (chatId !== undefined && this.#handledBefore.delete(chatId)) {
            // Handled by an earlier run: counted then, only the cursor moves past it.
            this.#order.push({ chatId, attempts: 0, done: true });
            this.#advanceCursor();
            continue;
          }
          if (chatId !== undefined) {
            delivery = { chatId, attempts: 0, done: false };
            this.#order.push(delivery);
          }
        }
        if (!delivery) {
          if (this.#inFlight === 0 && this.#delayedRetries === 0) break;
          await sleep(5);
          continue;
        }
        while (this.#inFlight >= this.options.maxInFlight) await sleep(1);
        if (!this.#leaseHeld()) await this.#renewBeforeSending();
        // The send starts in the same tick as its slot: the pacer's window counts real start times.
        const started = await this.#pacer.slot(this.#stopping.signal);
        if (started === undefined || this.#stopReason || this.#fatal) {
          this.#retry.unshift(delivery);
          break;
        }
        if (!this.#leaseHeld()) {
          // The lease may have ended while the pacer waited: the slot goes unused and the lease is renewed first.
          this.#retry.unshift(delivery);
          continue;
        }
        this.#pacer.started();
        void this.#send(payload, delivery);
      }
      while (this.#inFlight > 0) await sleep(2);
    } finally {
      clearInterval(flusher);
    }
    return this.#finish();
  }

  /**
   * Writes the job's audience, which its claim left to the run (docs/broadcast.md#audience). A cancel or a takeover
   * found meanwhile stops the run before its first send, as one found by a progress write does.
   */
  async #writeAudience(): Promise<void> {
    const written = await this.deps.repository.writeAudience(this.job.id, this.job.fence);
    if (written === "cancelled") this.cancel();
    else if (written === "lost") this.#fenced();
  }

  async #send(payload: BroadcastPayload, delivery: Delivery): Promise<void> {
    this.#inFlight += 1;
    delivery.attempts += 1;
    const call = buildSendCall(payload, delivery.chatId);
    try {
      await this.deps.telegram.call(this.token, call.method, call.params);
      this.#settle(delivery, "sent");
    } catch (err) {
      await this.#onError(err, delivery);
    } finally {
      this.#inFlight -= 1;
    }
  }

  async #onError(err: unknown, delivery: Delivery): Promise<void> {
    if (err instanceof TelegramApiError) {
      if (err.isRateLimit) {
        this.deps.metrics.messages.inc({ outcome: "rate_limited" });
        const pauseMs = (err.retryAfter ?? 1) * 1000;
        this.#pacer.pause(pauseMs);
        this.options.onPause?.(pauseMs);
        delivery.attempts -= 1; // a 429 is Telegram's pacing, not a failed attempt
        this.#retry.unshift(delivery);
        return;
      }
      if (err.errorCode === 401) {
        this.#fatal = "Telegram rejected the bot token (401 Unauthorized)";
        this.#stopping.abort();
        this.#retry.unshift(delivery);
        return;
      }
      if (!err.isServerError) {
        if (err.errorCode === 403)
          await this.deps.repository.markBlocked(this.job.botId, delivery.chatId).catch(() => {});
        this.#settle(delivery, "failed");
        return;
      }
    }
    // 5xx or no answer: back off and try again, then give up on this recipient.
    if (delivery.attempts >= this.#maxAttempts) return this.#settle(delivery, "failed");
    this.#delayedRetries += 1;
    await sleep(250 * 2 ** (delivery.attempts - 1));
    this.#delayedRetries -= 1;
    this.#retry.push(delivery);
  }

  #settle(delivery: Delivery, outcome: "sent" | "failed"): void {
    delivery.done = true;
    if (outcome === "sent") this.#sent += 1;
    else this.#failed += 1;
    this.deps.metrics.messages.inc({ outcome });
    const usage = this.deps.usage?.cell(this.job.botId);
    if (usage && outcome === "sent") usage.broadcastSent += 1;
    else if (usage) usage.broadcastFailed += 1;
    this.#advanceCursor();
  }

  /** The cursor moves past a recipient only when everyone before it is handled too. */
  #advanceCursor(): void {
    while (this.#order.length > 0 && this.#order[0]!.done) this.#cursor = this.#order.shift()!.chatId;
  }

  /**
   * Counts, the cursor, and the recipients above it already handled. The cursor waits for the oldest recipient still
   * pending (a 429 or a 5xx back-off holds it), while later ones are sent and counted: saved without them, a run that
   * resumes from the cursor would send those again.
   */
  #progress(): Progress {
    // Those of an earlier run that the feed has not reached yet, then this run's (all above the cursor).
    const doneAbove = [...this.#handledBefore];
    for (const delivery of this.#order) if (delivery.done) doneAbove.push(delivery.chatId);
    return { sent: this.#sent, failed: this.#failed, cursor: this.#cursor, doneAbove };
  }

  /** Saves progress and renews the lease; joins the write under way instead of starting a second one. */
  #flush(): Promise<void> {
    this.#flushing ??= this.#write().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async #write(): Promise<void> {
    if (this.#stopReason === "fenced") return;
    const sentAt = performance.now();
    try {
      const renewal = await this.deps.repository.saveProgress(
        this.job.id,
        this.job.fence,
        this.#progress(),
        this.options.leaseMs,
      );
      if (renewal === "renewed") this.#leaseHeldUntil = sentAt + sendWindowMs(this.options.leaseMs);
      else if (renewal === "cancelled") this.cancel();
      else this.#fenced();
    } catch (err) {
      this.deps.logger.warn({ err, jobId: this.job.id }, "saving broadcast progress failed; will retry");
    }
  }

  /** Waits, starting no send, until a write renews the lease (or finds the run cancelled or fenced). */
  async #renewBeforeSending(): Promise<void> {
    while (!this.#leaseHeld() && !this.#stopReason && !this.#fatal) {
      await this.#flush();
      if (!this.#leaseHeld()) await sleep(50, this.#stopping.signal);
    }
  }

  async #finish(): Promise<RunOutcome> {
    await this.#flushing;
    const progress = this.#progress();
    const { id, fence } = this.job;
    // A fenced run writes nothing: the job and its counts belong to the run that holds the fence now.
    if (this.#stopReason === "fenced") return "fenced";
    if (this.#fatal) {
      await this.deps.repository.finish(id, fence, "failed", progress, this.#fatal);
      return "failed";
    }
    if (this.#stopReason === "handed-back") {
      await this.deps.repository.release(id, fence, progress);
      return "handed-back";
    }
    if (this.#stopReason === "cancelled") {
      await this.deps.repository.saveCancelledCounts(id, fence, progress);
      return "cancelled";
    }
    await this.deps.repository.finish(id, fence, "completed", progress);
    return "completed";
  }
}
