/**
 * Notifications (docs/notifications.md) through real Postgres and Redis, the fake Bot API as the notifier bot's
 * Telegram, and a local HTTP receiver as the owner's webhook: a Telegram channel linked by its one-time start link and
 * a signed webhook each get one message per event; a second event of the same bot and kind within the throttle window
 * sends nothing; a failing receiver is retried and its failure kept on the channel; one owner's events never reach
 * another's channels; nothing secret is in a message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SecretBox } from "@botyard/common/crypto";
import { TelegramClient } from "@botyard/telegram";
import { NotificationRepository } from "../src/notifications/notification-repository.js";
import { NotificationService } from "../src/notifications/notification-service.js";
import { SIGNATURE_HEADER, signWebhook, verifyWebhook } from "../src/notifications/webhook-signature.js";
import { type Harness, SECRET_KEY, startHarness } from "./harness.js";

const NOTIFIER = { token: "777000:AAHnotifierBotTokenForTheTests012345", username: "botyard_notify_bot" };
const HALT = {
  kind: "bot_halted",
  botId: "Bot1",
  botName: "Weather station",
  reason: "time limit hit 3 times",
} as const;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The owner's webhook receiver: records each call and answers the next status of `answers` (then 200). */
class Receiver {
  readonly calls: Received[] = [];
  answers: number[] = [];
  #server: Server;
  url = "";

  constructor() {
    this.#server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        this.calls.push({ headers: req.headers, body });
        res.statusCode = this.answers.shift() ?? 200;
        res.end();
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hooks/botyard`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

describe("notifications", () => {
  let h: Harness;
  let service: NotificationService;
  let receiver: Receiver;
  const sends = () => h.fake.callsOf("sendMessage", NOTIFIER.token);

  beforeAll(async () => {
    h = await startHarness();
    receiver = new Receiver();
    await receiver.start();
    service = new NotificationService(
      new NotificationRepository(h.handle.db),
      new SecretBox(SECRET_KEY),
      h.redis,
      h.names,
      new TelegramClient({ apiRoot: h.fake.apiRoot, timeoutMs: 2000 }),
      {
        notifier: NOTIFIER,
        dashboardUrl: "https://dash.example",
        allowHttpWebhooks: true,
        // The receiver listens on 127.0.0.1 (docs/notifications.md#webhook-addresses).
        allowPrivateWebhooks: true,
        retryDelaysMs: [1, 1, 1],
      },
    );
  }, 60_000);

  afterAll(async () => {
    await receiver?.close();
    await h?.close();
  });

  beforeEach(() => {
    h.fake.reset();
    receiver.calls.length = 0;
    receiver.answers = [];
  });

  /** An account with a linked Telegram chat and a webhook; resolves with the webhook's secret. */
  async function owner(chatId: number): Promise<{ accountId: string; secret: string }> {
    const { userId } = await h.account();
    const { startLink, channel } = await service.addTelegram(userId);
    expect(channel).toMatchObject({ kind: "telegram", linked: false });
    const match = /^https:\/\/t\.me\/botyard_notify_bot\?start=([A-Za-z0-9_-]{1,64})$/.exec(startLink);
    expect(match).not.toBeNull();
    await expect(service.linkTelegram(match![1]!, chatId)).resolves.toBe(true);
    // The start link works once.
    await expect(service.linkTelegram(match![1]!, 999)).resolves.toBe(false);
    const { secret } = await service.addWebhook(userId, receiver.url);
    return { accountId: userId, secret };
  }

  it("a halt reaches the owner's Telegram chat once and their webhook once, signed; nothing reaches another owner", async () => {
    const ada = await owner(4242);
    const grace = await owner(5151);
    await service.notify(ada.accountId, HALT);

    expect(sends().map((c) => c.params.chat_id)).toEqual([4242]);
    const text = String(sends()[0]!.params.text);
    expect(text).toContain("Weather station is halted: time limit hit 3 times");
    expect(text).toContain("https://dash.example/bots/Bot1");

    expect(receiver.calls).toHaveLength(1);
    const call = receiver.calls[0]!;
    const header = call.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(verifyWebhook(ada.secret, call.body, header, Date.now() / 1000)).toBe(true);
    expect(verifyWebhook(grace.secret, call.body, header, Date.now() / 1000)).toBe(false);
    expect(JSON.parse(call.body)).toMatchObject({
      kind: "bot_halted",
      botId: "Bot1",
      reason: "time limit hit 3 times",
    });
    // Nothing secret travels: not the signing secrets, not the notifier's token.
    for (const secret of [ada.secret, grace.secret, NOTIFIER.token]) {
      expect(call.body).not.toContain(secret);
      expect(text).not.toContain(secret);
    }

    const channels = await service.list(ada.accountId);
    expect(channels.every((c) => c.linked && c.lastDeliveredAt !== null && c.lastError === null)).toBe(true);
    expect(JSON.stringify(channels)).not.toContain(ada.secret);
  });

  it("sends at most one message per bot and kind in the throttle window; another bot or kind still goes", async () => {
    const ada = await owner(6001);
    await service.notify(ada.accountId, HALT);
    await service.notify(ada.accountId, HALT);
    await Promise.all([service.notify(ada.accountId, HALT), service.notify(ada.accountId, HALT)]);
    expect(sends()).toHaveLength(1);
    expect(receiver.calls).toHaveLength(1);

    await service.notify(ada.accountId, { ...HALT, botId: "Bot2" });
    await service.notify(ada.accountId, {
      kind: "broadcast_failed",
      botId: "Bot1",
      botName: "W",
      jobId: "J",
      reason: "token revoked",
    });
    expect(sends()).toHaveLength(3);
    expect(receiver.calls).toHaveLength(3);
  });

  it("retries a failing webhook with backoff until it answers, and keeps a failure that lasts on the channel", async () => {
    const ada = await owner(7001);
    receiver.answers = [503, 500];
    await service.notify(ada.accountId, HALT);
    expect(receiver.calls).toHaveLength(3);
    // Each attempt is signed afresh; all carry the same body (the same id, so a receiver can tell a repeat).
    expect(new Set(receiver.calls.map((c) => c.body)).size).toBe(1);
    expect(JSON.parse(receiver.calls[0]!.body)).toMatchObject({ kind: "bot_halted" });
    let webhook = (await service.list(ada.accountId)).find((c) => c.kind === "webhook");
    expect(webhook).toMatchObject({ lastError: null });

    receiver.calls.length = 0;
    receiver.answers = [500, 500, 500, 500];
    await service.notify(ada.accountId, { ...HALT, botId: "Bot3" });
    expect(receiver.calls).toHaveLength(4);
    webhook = (await service.list(ada.accountId)).find((c) => c.kind === "webhook");
    expect(webhook).toMatchObject({ lastError: "the webhook answered 500" });

    // A refusal no retry changes (404) is tried once.
    receiver.calls.length = 0;
    receiver.answers = [404];
    await service.notify(ada.accountId, { ...HALT, botId: "Bot4" });
    expect(receiver.calls).toHaveLength(1);
  });

  it("retries Telegram's 5xx; a chat that blocked the notifier is a failure shown on its channel", async () => {
    const ada = await owner(8001);
    h.fake.configure({ failNext: 2 });
    await service.notify(ada.accountId, HALT);
    expect(sends().length).toBe(3);

    h.fake.reset();
    h.fake.configure({ blockedChats: new Set([8001]) });
    await service.notify(ada.accountId, { ...HALT, botId: "Bot5" });
    expect(sends()).toHaveLength(1);
    const telegram = (await service.list(ada.accountId)).find((c) => c.kind === "telegram");
    expect(telegram?.lastError).toMatch(/^Telegram answered 403/);
  });

  it("the test button sends now, without throttle; channels are the account's own", async () => {
    const ada = await owner(9001);
    const grace = await owner(9002);
    const [adaWebhook] = (await service.list(ada.accountId)).filter((c) => c.kind === "webhook");
    await expect(service.test(ada.accountId, adaWebhook!.id)).resolves.toEqual({ ok: true });
    await expect(service.test(ada.accountId, adaWebhook!.id)).resolves.toEqual({ ok: true });
    expect(receiver.calls.map((c) => JSON.parse(c.body).kind)).toEqual(["test", "test"]);
    // Another owner's channel is as absent as a missing one.
    await expect(service.test(grace.accountId, adaWebhook!.id)).rejects.toMatchObject({ status: 404 });
    await expect(service.remove(grace.accountId, adaWebhook!.id)).rejects.toMatchObject({ status: 404 });
    await service.remove(ada.accountId, adaWebhook!.id);
    expect((await service.list(ada.accountId)).map((c) => c.kind)).toEqual(["telegram"]);
    // An unlinked Telegram channel cannot be tested yet.
    const { channel } = await service.addTelegram(ada.accountId);
    await expect(service.test(ada.accountId, channel.id)).rejects.toMatchObject({ status: 400, field: "channelId" });
  });

  it("refuses webhook URLs that are not https, not URLs, or carry credentials", async () => {
    const strict = new NotificationService(
      new NotificationRepository(h.handle.db),
      new SecretBox(SECRET_KEY),
      h.redis,
      h.names,
      new TelegramClient({ apiRoot: h.fake.apiRoot, timeoutMs: 2000 }),
      // example.com resolves to a public address here, whatever this machine's DNS says.
      { dashboardUrl: "https://dash.example", resolver: async () => ["93.184.215.14"] },
    );
    const { userId } = await h.account();
    for (const url of [
      "http://example.com/hook",
      "not a url",
      "ftp://example.com",
      "https://u:p@example.com/h",
      "javascript:alert(1)",
    ]) {
      await expect(strict.addWebhook(userId, url)).rejects.toMatchObject({ status: 400, field: "url" });
    }
    await expect(strict.addWebhook(userId, "https://example.com/hook")).resolves.toMatchObject({
      channel: { linked: true },
    });
    // No notifier bot configured: Telegram channels are refused with a reason.
    await expect(strict.addTelegram(userId)).rejects.toMatchObject({ status: 400, field: "kind" });
    await expect(strict.linkTelegram("../../etc", 1)).resolves.toBe(false);
  });

  it("signatures: a changed body, another secret, an old timestamp or a malformed header do not verify", () => {
    const body = '{"kind":"test"}';
    const now = 1_800_000_000;
    const header = signWebhook("s3cret", body, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook("s3cret", body, header, now + 10)).toBe(true);
    expect(verifyWebhook("s3cret", `${body} `, header, now)).toBe(false);
    expect(verifyWebhook("other", body, header, now)).toBe(false);
    expect(verifyWebhook("s3cret", body, header, now + 301)).toBe(false);
    for (const bad of [undefined, "", "t=x,v1=00", `t=${now}`, `v1=${"0".repeat(64)}`, `t=${now},v1=zz`]) {
      expect(verifyWebhook("s3cret", body, bad, now)).toBe(false);
    }
  });
});
