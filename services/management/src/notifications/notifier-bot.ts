/**
 * The operator's notifier bot, on the receiving side (docs/notifications.md#the-notifier-bot): it reads its updates
 * with `getUpdates` (long polling) and answers `/start <token>` by linking that chat to the owner's Telegram channel.
 *
 * Why polling and not a webhook: it needs no public HTTPS address for management and no route that Telegram (or
 * anyone) can post to; the bot receives only owners opening their start link, a handful of updates a day. Telegram
 * serves one `getUpdates` caller per bot at a time, so one management replica polls: the one that holds a Redis lease,
 * renewed at every poll; another takes over within `leaseMs` when it dies.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "@botyard/common/logging";
import type { RedisConnection, RedisNames } from "@botyard/common/redis";
import type { TelegramClient } from "@botyard/telegram";
import type { NotificationService } from "./notification-service.js";

/** The part of a Telegram update the notifier reads. */
interface Update {
  update_id: number;
  message?: { text?: string; chat?: { id: number; type?: string } };
}

/** Settings of the poller. */
export interface NotifierBotOptions {
  /**
   * How long one `getUpdates` waits for an update (seconds); it must stay under the Bot API client's timeout.
   * @defaultValue 5
   */
  pollTimeoutS?: number;
  /** Wait after an empty or failed poll (a server that answers at once must not be polled in a tight loop). @defaultValue 1000 ms */
  idleMs?: number;
  /** How long the polling lease holds without renewal. @defaultValue 30 000 ms */
  leaseMs?: number;
}

const START = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+(\S+))?\s*$/;

export class NotifierBot {
  readonly #me = randomUUID();
  readonly #pollTimeoutS: number;
  readonly #idleMs: number;
  readonly #leaseMs: number;
  #offset = 0;
  #closed = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly telegram: TelegramClient,
    private readonly token: string,
    private readonly service: NotificationService,
    private readonly redis: RedisConnection,
    private readonly names: RedisNames,
    private readonly logger: Logger,
    options: NotifierBotOptions = {},
  ) {
    this.#pollTimeoutS = options.pollTimeoutS ?? 5;
    this.#idleMs = options.idleMs ?? 1000;
    this.#leaseMs = options.leaseMs ?? 30_000;
  }

  start(): void {
    this.#loop = this.#run();
  }

  /** Stops polling; waits for the poll under way (at most `pollTimeoutS`) and gives the lease up. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#wake?.();
    await this.#loop;
    const key = this.names.key("notifier-poller");
    if ((await this.redis.get(key)) === this.#me) await this.redis.del(key);
  }

  async #run(): Promise<void> {
    while (!this.#closed) {
      let busy = false;
      try {
        if (await this.#holdLease()) busy = (await this.pollOnce()) > 0;
      } catch (err) {
        this.logger.warn({ err }, "the notifier bot's poll failed; trying again");
      }
      if (!busy) await this.#pause(this.#idleMs);
    }
  }

  /** One `getUpdates` and the handling of what it brought; resolves with the number of updates. */
  async pollOnce(): Promise<number> {
    const updates = await this.telegram.call<Update[]>(this.token, "getUpdates", {
      offset: this.#offset,
      timeout: this.#pollTimeoutS,
      allowed_updates: ["message"],
    });
    for (const update of Array.isArray(updates) ? updates : []) {
      this.#offset = Math.max(this.#offset, update.update_id + 1);
      await this.#handle(update).catch((err: unknown) =>
        this.logger.warn({ err }, "the notifier bot could not answer an update"),
      );
    }
    return Array.isArray(updates) ? updates.length : 0;
  }

  async #handle(update: Update): Promise<void> {
    const chat = update.message?.chat;
    const match = START.exec(update.message?.text ?? "");
    if (!chat || !match) return;
    if (chat.type !== undefined && chat.type !== "private") return;
    const token = match[1];
    const linked = token !== undefined && (await this.service.linkTelegram(token, chat.id));
    const text = linked
      ? "🔔 This chat now gets Botyard's notifications: when a bot halts, a broadcast ends or a scheduled run fails."
      : "This link is not valid (it works once). In the Botyard dashboard, open Settings → Notifications and add a Telegram chat to get a new one.";
    await this.telegram.call(this.token, "sendMessage", { chat_id: chat.id, text });
  }

  /** Takes or renews the polling lease; true while this replica holds it. */
  async #holdLease(): Promise<boolean> {
    const key = this.names.key("notifier-poller");
    if ((await this.redis.set(key, this.#me, "PX", this.#leaseMs, "NX")) === "OK") return true;
    if ((await this.redis.get(key)) !== this.#me) return false;
    await this.redis.pexpire(key, this.#leaseMs);
    return true;
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
