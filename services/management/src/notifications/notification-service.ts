/**
 * Telling an owner when a bot needs them (docs/notifications.md): the account's channels (a Telegram chat through the
 * operator's notifier bot, linked by a one-time start link; an HTTPS webhook signed with its own secret), and the
 * delivery of an event to all of them.
 *
 * Delivery rules:
 * - At most one message per account, bot and kind per `throttleMs` (10 minutes): a Redis `SET NX PX` shared by every
 *   replica, taken before anything is sent, so a bot halting on two replicas at once tells the owner once.
 * - Each channel is tried, then retried after each of `retryDelaysMs` (1 s, 5 s, 30 s) while the failure may pass
 *   (a network error, a timeout, a 5xx, a 429); a refusal that will not pass (another 4xx, Telegram's "bot was
 *   blocked") stops at once. The outcome is kept on the channel, so the settings page shows a failing channel.
 * - One account's event reads only that account's channels.
 * - A webhook's host must not be, or resolve to, a private or loopback address, checked when it is added and before
 *   each delivery (docs/notifications.md#webhook-addresses).
 * - The account's rules say which kinds it is told about; a kind turned off is not sent (nor throttled).
 * Retries live in this process: a restart in the middle of a backoff loses that message.
 */
import { randomBytes } from "node:crypto";
import { AppError, invalidField } from "@botyard/common/errors";
import { newId, type SecretBox, sha256 } from "@botyard/common/crypto";
import type { RedisConnection, RedisNames } from "@botyard/common/redis";
import { TelegramApiError, type TelegramClient } from "@botyard/telegram";
import { type Resolver, systemResolver, webhookHostProblem } from "./address-guard.js";
import { type NotificationEvent, RULE_KINDS, type RuleKind, telegramText, webhookPayload } from "./messages.js";
import type { ChannelRow, NotificationRepository } from "./notification-repository.js";
import { SIGNATURE_HEADER, signWebhook } from "./webhook-signature.js";

/** Options of a {@link NotificationService}. */
export interface NotificationServiceOptions {
  /** The operator's notifier bot (`NOTIFIER_BOT_TOKEN`); without it Telegram channels cannot be added. */
  notifier?: { token: string; username: string };
  /** Where the dashboard is (`PUBLIC_BASE_URL`), for links in messages. */
  dashboardUrl: string;
  /**
   * The least time between two messages about one bot and kind, per account.
   * @defaultValue 600 000 ms (10 minutes), the rule: a flapping bot must not flood the owner's phone
   */
  throttleMs?: number;
  /**
   * Waits before each retry of a failed delivery; their number is the number of retries.
   * @defaultValue [1000, 5000, 30000]: a brief outage of the receiver is ridden out within about half a minute
   */
  retryDelaysMs?: readonly number[];
  /**
   * How long a webhook call may take.
   * @defaultValue 5000 ms
   */
  webhookTimeoutMs?: number;
  /**
   * Accept `http:` webhook URLs (development and tests, with a receiver on loopback).
   * @defaultValue false: only https, so a message and its signature never cross a network in clear
   */
  allowHttpWebhooks?: boolean;
  /**
   * Accept webhook hosts that are, or resolve to, private, loopback or link-local addresses
   * (`NOTIFY_ALLOW_PRIVATE_WEBHOOKS`).
   * @defaultValue false: an owner's webhook must not reach the operator's own network
   */
  allowPrivateWebhooks?: boolean;
  /** Resolves webhook host names (tests inject one). @defaultValue the system resolver */
  resolver?: Resolver;
  /**
   * The most channels an account may have.
   * @defaultValue 10
   */
  maxChannels?: number;
  /** Wall clock, for tests. @defaultValue Date.now */
  now?: () => number;
}

/** A channel as the owner sees it: never its secret or its chat's token. */
export interface ChannelView {
  id: string;
  kind: "telegram" | "webhook";
  /** webhook: its URL; telegram: null. */
  url: string | null;
  /** telegram: whether a chat opened the start link; webhook: always true. */
  linked: boolean;
  lastDeliveredAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  createdAt: string;
}

/** One delivery's outcome, as `test` reports it. */
export type DeliveryOutcome = { ok: true } | { ok: false; error: string };

class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export class NotificationService {
  readonly #throttleMs: number;
  readonly #retryDelaysMs: readonly number[];
  readonly #webhookTimeoutMs: number;
  readonly #maxChannels: number;
  readonly #now: () => number;

  constructor(
    private readonly repo: NotificationRepository,
    private readonly box: SecretBox,
    private readonly redis: RedisConnection,
    private readonly names: RedisNames,
    private readonly telegram: TelegramClient,
    private readonly options: NotificationServiceOptions,
  ) {
    this.#throttleMs = options.throttleMs ?? 600_000;
    this.#retryDelaysMs = options.retryDelaysMs ?? [1000, 5000, 30_000];
    this.#webhookTimeoutMs = options.webhookTimeoutMs ?? 5000;
    this.#maxChannels = options.maxChannels ?? 10;
    this.#now = options.now ?? Date.now;
  }

  /** Whether Telegram channels can be added (the operator configured a notifier bot). */
  get telegramAvailable(): boolean {
    return this.options.notifier !== undefined;
  }

  async list(accountId: string): Promise<ChannelView[]> {
    return (await this.repo.list(accountId)).map(view);
  }

  /** The kinds of event the account is told about (every kind until the owner changes them). */
  async rules(accountId: string): Promise<RuleKind[]> {
    const kinds = await this.repo.rules(accountId);
    return kinds === undefined ? [...RULE_KINDS] : RULE_KINDS.filter((kind) => kinds.includes(kind));
  }

  /** Replaces the kinds the account is told about; answers them as stored. */
  async setRules(accountId: string, kinds: readonly RuleKind[]): Promise<RuleKind[]> {
    const chosen = RULE_KINDS.filter((kind) => kinds.includes(kind));
    await this.repo.setRules(accountId, chosen);
    return chosen;
  }

  /** Adds a webhook; its signing secret is in this reply only (the owner's receiver keeps it). */
  async addWebhook(accountId: string, url: string): Promise<{ channel: ChannelView; secret: string }> {
    if (url === "") throw invalidField("url", "url is required for a webhook");
    const parsed = this.#checkUrl(url);
    const problem = await this.#hostProblem(parsed);
    if (problem) throw invalidField("url", problem);
    await this.#checkRoom(accountId);
    const id = newId();
    const secret = `bys_${randomBytes(24).toString("base64url")}`;
    await this.repo.insertWebhook(id, accountId, parsed.href, this.box.encrypt(secret));
    const channel = (await this.list(accountId)).find((c) => c.id === id);
    if (!channel) throw new AppError("INTERNAL");
    return { channel, secret };
  }

  /** Adds an unlinked Telegram channel and the notifier bot's one-time start link that links it to a chat. */
  async addTelegram(accountId: string): Promise<{ channel: ChannelView; startLink: string }> {
    const notifier = this.options.notifier;
    if (!notifier) {
      throw invalidField("kind", "This server has no notifier bot for Telegram; the operator sets NOTIFIER_BOT_TOKEN");
    }
    await this.#checkRoom(accountId);
    const id = newId();
    // Telegram allows A-Z, a-z, 0-9, _ and - in a start parameter, up to 64 characters.
    const token = randomBytes(24).toString("base64url");
    await this.repo.insertTelegram(id, accountId, sha256(token));
    const channel = (await this.list(accountId)).find((c) => c.id === id);
    if (!channel) throw new AppError("INTERNAL");
    return { channel, startLink: `https://t.me/${notifier.username}?start=${token}` };
  }

  /**
   * The notifier bot received `/start <token>` from `chatId`: links that channel, once. Resolves false for an
   * unknown or used token (the bot then answers that the link is not valid).
   */
  async linkTelegram(token: string, chatId: number): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return false;
    return (await this.repo.link(sha256(token), chatId)) !== undefined;
  }

  async remove(accountId: string, channelId: string): Promise<void> {
    if (!(await this.repo.remove(accountId, channelId))) {
      throw new AppError("NOT_FOUND", "Notification channel not found");
    }
  }

  /** Sends a test message to one channel now (no throttle, no retry) and reports what happened. */
  async test(accountId: string, channelId: string): Promise<DeliveryOutcome> {
    const channel = (await this.repo.deliverable(accountId)).find((c) => c.id === channelId);
    if (!channel) {
      const exists = (await this.repo.list(accountId)).some((c) => c.id === channelId);
      if (exists) throw invalidField("channelId", "Open the start link in Telegram first: this chat is not linked yet");
      throw new AppError("NOT_FOUND", "Notification channel not found");
    }
    return this.#deliver(channel, { kind: "test", botId: null, botName: null }, []);
  }

  /**
   * Tells the account about `event` on every channel it has, unless its rules turn that kind off or the same bot (for
   * a quota: the same quota) and kind was told within `throttleMs` (or the longer `throttleMs` given). Resolves once
   * every channel has succeeded or given up (callers need not wait).
   */
  async notify(accountId: string, event: NotificationEvent, throttleMs = this.#throttleMs): Promise<void> {
    if (event.kind !== "test" && !(await this.rules(accountId)).includes(event.kind)) return;
    const subject = event.kind === "quota_nearly_used" ? event.quota : (event.botId ?? "-");
    const key = this.names.key("notify", accountId, subject, event.kind);
    const first = await this.redis.set(key, "1", "PX", Math.max(throttleMs, this.#throttleMs), "NX");
    if (first !== "OK") return;
    const channels = await this.repo.deliverable(accountId);
    await Promise.all(channels.map((channel) => this.#deliver(channel, event, this.#retryDelaysMs)));
  }

  async #deliver(
    channel: ChannelRow,
    event: NotificationEvent,
    retryDelaysMs: readonly number[],
  ): Promise<DeliveryOutcome> {
    // One id and time per message: a retry carries the same body, so a receiver can tell a repeat (by id).
    const payload = webhookPayload(event, newId(), new Date(this.#now()));
    for (let attempt = 0; ; attempt++) {
      try {
        await this.#send(channel, event, payload);
        await this.repo.recordDelivered(channel.id, new Date(this.#now()));
        return { ok: true };
      } catch (err) {
        const failure = err instanceof DeliveryError ? err : new DeliveryError("delivery failed", true);
        const wait = retryDelaysMs[attempt];
        if (!failure.retryable || wait === undefined) {
          await this.repo.recordFailure(channel.id, failure.message, new Date(this.#now()));
          return { ok: false, error: failure.message };
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async #send(channel: ChannelRow, event: NotificationEvent, payload: Record<string, unknown>): Promise<void> {
    if (channel.kind === "telegram") {
      const notifier = this.options.notifier;
      if (!notifier || channel.chatId === null) throw new DeliveryError("the notifier bot is not configured", false);
      try {
        await this.telegram.call(notifier.token, "sendMessage", {
          chat_id: channel.chatId,
          text: telegramText(event, this.options.dashboardUrl),
          link_preview_options: { is_disabled: true },
        });
      } catch (err) {
        if (err instanceof TelegramApiError) {
          const retryable = err.isRateLimit || err.isServerError;
          throw new DeliveryError(`Telegram answered ${err.errorCode}: ${err.description}`, retryable);
        }
        throw new DeliveryError("Telegram did not answer", true);
      }
      return;
    }
    // Checked again at each delivery: the name may resolve elsewhere since the channel was added (DNS rebinding).
    const problem = await this.#hostProblem(new URL(channel.url ?? ""));
    if (problem) throw new DeliveryError(problem, false);
    const body = JSON.stringify(payload);
    const secret = this.box.decrypt(channel.secretEnc ?? "");
    let status: number;
    try {
      const res = await fetch(channel.url ?? "", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Botyard-Notifications",
          [SIGNATURE_HEADER]: signWebhook(secret, body, this.#now() / 1000),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.#webhookTimeoutMs),
      });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      const timeout = err instanceof Error && err.name === "TimeoutError";
      throw new DeliveryError(
        timeout ? "the webhook did not answer in time" : "the webhook could not be reached",
        true,
      );
    }
    if (status >= 200 && status < 300) return;
    throw new DeliveryError(`the webhook answered ${status}`, status === 429 || status >= 500);
  }

  #hostProblem(url: URL): Promise<string | undefined> {
    if (this.options.allowPrivateWebhooks) return Promise.resolve(undefined);
    return webhookHostProblem(url, this.options.resolver ?? systemResolver);
  }

  #checkUrl(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalidField("url", "The webhook URL is not a valid URL");
    }
    const allowed = this.options.allowHttpWebhooks ? ["https:", "http:"] : ["https:"];
    if (!allowed.includes(parsed.protocol)) throw invalidField("url", "The webhook URL must start with https://");
    if (parsed.username || parsed.password)
      throw invalidField("url", "The webhook URL must not carry a user or password");
    if (parsed.href.length > 2048) throw invalidField("url", "The webhook URL is longer than 2048 characters");
    return parsed;
  }

  async #checkRoom(accountId: string): Promise<void> {
    if ((await this.repo.count(accountId)) >= this.#maxChannels) {
      throw new AppError("INVALID_INPUT", `An account has at most ${this.#maxChannels} notification channels`);
    }
  }
}

function view(row: ChannelRow): ChannelView {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    linked: row.kind === "webhook" || row.chatId !== null,
    lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
