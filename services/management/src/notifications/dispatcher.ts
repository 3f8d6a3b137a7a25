/**
 * The loop that turns recorded events into messages (docs/notifications.md#events): every `pollMs` it takes the
 * outbox's new rows (each row is taken by one replica: `FOR UPDATE SKIP LOCKED`), finds the bot's owner, and hands the
 * event to {@link NotificationService.notify}, which applies the owner's rules, the throttle and the retries. Every
 * `quotaEveryMs` it also looks at the quotas of accounts that have a channel and tells those at 80 % or more of one.
 *
 * What survives a crash: an event waits in Postgres until a dispatcher takes it, however long management is down.
 * Once taken, its delivery (and its retries) live in this process: a crash in those seconds loses that message.
 */
import type { Logger } from "@botyard/common/logging";
import type { QuotaUse } from "../usage/quota-service.js";
import type { NotificationEvent } from "./messages.js";
import type { NotificationRepository, OutboxRow } from "./notification-repository.js";
import type { NotificationService } from "./notification-service.js";

/** Settings of the loop. */
export interface DispatcherOptions {
  /**
   * Time between looks at the outbox when the last look found nothing.
   * @defaultValue 1000 ms: an owner learns of a halt within about a second, for one small query a second
   */
  pollMs?: number;
  /** Events taken at once. @defaultValue 100 */
  batch?: number;
  /**
   * Time between sweeps of the accounts' quotas; 0 turns the sweep off.
   * @defaultValue 300 000 ms (5 minutes): quotas fill slowly, and a sweep reads every account with a channel
   */
  quotaEveryMs?: number;
  /**
   * The share of a quota that counts as nearly used.
   * @defaultValue 0.8
   */
  quotaShare?: number;
}

/** The least time between two messages about one quota of an account: a day (a full quota stays full). */
export const QUOTA_THROTTLE_MS = 24 * 60 * 60 * 1000;

/** Quotas that are amounts an owner can act on; rates (requests a second) and live streams come and go. */
const AMOUNT_QUOTAS = new Set(["bots", "storedDocuments", "storedBytes", "broadcastsPerDay", "pendingScheduledRuns"]);

export class NotificationDispatcher {
  readonly #pollMs: number;
  readonly #batch: number;
  readonly #quotaEveryMs: number;
  readonly #quotaShare: number;
  readonly #inFlight = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #lastSweep = Date.now();
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: NotificationRepository,
    private readonly service: NotificationService,
    private readonly usage: (accountId: string) => Promise<{ quotas: QuotaUse[] }>,
    private readonly logger: Logger,
    options: DispatcherOptions = {},
  ) {
    this.#pollMs = options.pollMs ?? 1000;
    this.#batch = options.batch ?? 100;
    this.#quotaEveryMs = options.quotaEveryMs ?? 300_000;
    this.#quotaShare = options.quotaShare ?? 0.8;
  }

  start(): void {
    this.#schedule(0);
  }

  /** Stops taking events and waits for the deliveries under way (their retries included). */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#running;
    await Promise.allSettled([...this.#inFlight]);
  }

  /** One pass: takes and hands over a batch; resolves with how many events it took. Tests call it directly. */
  async runOnce(): Promise<number> {
    const rows = await this.repo.take(this.#batch);
    for (const row of rows) {
      const event = toEvent(row);
      if (!event || row.accountId === null) continue; // the bot was deleted since
      this.#track(this.service.notify(row.accountId, event));
    }
    if (this.#quotaEveryMs > 0 && Date.now() - this.#lastSweep >= this.#quotaEveryMs) {
      this.#lastSweep = Date.now();
      await this.sweepQuotas();
    }
    return rows.length;
  }

  /** Tells each account with a channel about every amount quota it has used `quotaShare` of. */
  async sweepQuotas(): Promise<void> {
    for (const accountId of await this.repo.accountsWithChannels()) {
      const { quotas } = await this.usage(accountId);
      for (const q of quotas) {
        if (!AMOUNT_QUOTAS.has(q.quota) || q.use === null || q.limit <= 0) continue;
        if (q.use < q.limit * this.#quotaShare) continue;
        const event: NotificationEvent = {
          kind: "quota_nearly_used",
          botId: null,
          botName: null,
          quota: q.quota,
          limit: q.limit,
          use: q.use,
        };
        this.#track(this.service.notify(accountId, event, QUOTA_THROTTLE_MS));
      }
    }
  }

  #track(delivery: Promise<void>): void {
    const tracked = delivery
      .catch((err: unknown) => this.logger.warn({ err }, "delivering a notification failed"))
      .finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  #schedule(delayMs: number): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#running = this.runOnce()
        .then((taken) => this.#schedule(taken >= this.#batch ? 0 : this.#pollMs))
        .catch((err: unknown) => {
          this.logger.warn({ err }, "taking notification events failed; trying again");
          this.#schedule(this.#pollMs);
        });
    }, delayMs);
    this.#timer.unref();
  }
}

/** The event of an outbox row, with its bot's name; undefined for a kind this version does not know. */
export function toEvent(row: OutboxRow): NotificationEvent | undefined {
  const botName = row.botName || row.botId;
  const text = (name: string) => String(row.detail[name] ?? "");
  const count = (name: string) => Number(row.detail[name] ?? 0);
  switch (row.kind) {
    case "bot_halted":
      return { kind: "bot_halted", botId: row.botId, botName, reason: text("reason") };
    case "broadcast_finished":
      return {
        kind: "broadcast_finished",
        botId: row.botId,
        botName,
        jobId: text("jobId"),
        sent: count("sent"),
        failed: count("failed"),
      };
    case "broadcast_failed":
      return { kind: "broadcast_failed", botId: row.botId, botName, jobId: text("jobId"), reason: text("reason") };
    case "schedule_failed":
    case "schedule_missed":
      return { kind: row.kind, botId: row.botId, botName, key: text("key"), reason: text("reason") };
    default:
      return undefined;
  }
}
