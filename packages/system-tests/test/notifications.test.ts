/**
 * Telling owners (docs/notifications.md) through the three services as processes: a bot halted by its limits in the
 * gateway becomes an outbox row, management's dispatcher tells the owner's Telegram chat (linked by `/start <token>`
 * through the notifier bot's getUpdates on the fake Bot API) and the owner's webhook (a local receiver, signature
 * checked here with HMAC-SHA256 as any receiver would); a second halt within the throttle window sends nothing; a
 * webhook that answers 500 gets the same message again; another owner's channels get nothing.
 *
 * @see docs/testing.md#cross-service-suite
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "@botyard/testing";
import { type Owner, System, type SystemBot } from "./support/system.js";

const NOTIFIER_TOKEN = "777000:AAHnotifierBotTokenForSystemTests0123";
const NOTIFIER_USERNAME = "botyard_notify_bot";

const BOT_CODE = `
logic['ping'] = async () => ({ pong: true });
logic['spin'] = async () => { for (;;) {} };
`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An owner's webhook receiver on loopback: records each call, answers the next of `answers` (then 200). */
class Receiver {
  readonly calls: Received[] = [];
  answers: number[] = [];
  readonly #server: Server;
  url = "";

  constructor() {
    this.#server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += String(chunk);
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

/** Whether `header` is `t=<s>,v1=<hex>` with v1 = HMAC-SHA256(secret, `${t}.${body}`), as a receiver checks it. */
function signedBy(secret: string, body: string, header: string | string[] | undefined): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header ?? ""));
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(Buffer.from(match[2]!, "hex"), expected);
}

let system: System;
let nextChat = 70_001;

beforeAll(async () => {
  system = await System.start({
    env: {
      management: {
        NOTIFIER_BOT_TOKEN: NOTIFIER_TOKEN,
        NOTIFIER_BOT_USERNAME: NOTIFIER_USERNAME,
        // The receivers listen on 127.0.0.1 over http: both refused by default.
        NOTIFY_ALLOW_PRIVATE_WEBHOOKS: "1",
        NOTIFY_ALLOW_HTTP_WEBHOOKS: "1",
        NOTIFY_RETRY_DELAYS_MS: "100,100",
      },
    },
  });
}, 180_000);

afterAll(async () => {
  await system?.close();
});

/** What the notifier bot sent to `chat`. */
const toChat = (chat: number) =>
  system.fake.callsOf("sendMessage", NOTIFIER_TOKEN).filter((c) => c.params.chat_id === chat);

/** An owner with a Telegram chat linked through the start link, and a webhook to `receiver`. */
async function ownerWithChannels(receiver: Receiver): Promise<{ owner: Owner; chat: number; secret: string }> {
  const owner = await system.signUp();
  const chat = nextChat++;
  const telegram = await owner.ok("addNotificationChannel", { kind: "telegram" });
  const startLink = String(telegram.startLink);
  const token = new RegExp(`^https://t\\.me/${NOTIFIER_USERNAME}\\?start=([A-Za-z0-9_-]+)$`).exec(startLink)?.[1];
  expect(token).toBeDefined();
  system.fake.pushUpdate(NOTIFIER_TOKEN, {
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      text: `/start ${token}`,
      from: { id: chat, is_bot: false, first_name: "Owner" },
      chat: { id: chat, type: "private" },
    },
  });
  await waitFor(
    async () => {
      const { channels } = (await owner.ok("listNotificationChannels")) as { channels: Array<{ linked: boolean }> };
      return channels.length === 1 && channels[0]!.linked ? true : undefined;
    },
    { what: "the chat linked by /start" },
  );
  await waitFor(() => toChat(chat).length === 1, { what: "the notifier bot's answer to /start" });
  const webhook = await owner.ok("addNotificationChannel", { kind: "webhook", url: receiver.url });
  return { owner, chat, secret: String(webhook.secret) };
}

/** Three calls over the time limit: the gateway halts the bot. */
async function haltByLimits(bot: SystemBot): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await system.webhook(bot, "spin")).status).toBe(500);
  await waitFor(async () => ((await system.webhook(bot, "ping")).status === 403 ? true : undefined), {
    what: "the halt",
  });
}

describe("notifications through the real services", () => {
  const ada = new Receiver();
  const grace = new Receiver();

  beforeAll(async () => {
    await Promise.all([ada.start(), grace.start()]);
  });

  afterAll(async () => {
    await Promise.all([ada.close(), grace.close()]);
  });

  beforeEach(() => {
    ada.calls.length = 0;
    grace.calls.length = 0;
  });

  it("a halt sends one Telegram message and one signed webhook call to its owner, nothing to another owner", async () => {
    const first = await ownerWithChannels(ada);
    const second = await ownerWithChannels(grace);
    const bot = await first.owner.createBot(BOT_CODE);
    await haltByLimits(bot);

    await waitFor(() => toChat(first.chat).length === 2 && ada.calls.length === 1, { what: "the halt's messages" });
    const text = String(toChat(first.chat)[1]!.params.text);
    expect(text).toMatch(/is halted: Hit its time limit 3 times within 10 minutes/);
    expect(text).toContain(`/bots/${bot.botId}`);
    expect(text).not.toContain(bot.token);
    expect(text).not.toContain(first.owner.apiKey);

    const call = ada.calls[0]!;
    expect(signedBy(first.secret, call.body, call.headers["botyard-signature"])).toBe(true);
    expect(signedBy(second.secret, call.body, call.headers["botyard-signature"])).toBe(false);
    const payload = JSON.parse(call.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      kind: "bot_halted",
      botId: bot.botId,
      reason: expect.stringMatching(/time limit/),
    });
    expect(call.body).not.toContain(bot.token);

    // A halt of the other owner's bot reaches only them: by then, the first halt had long been delivered, and the
    // first owner got nothing more.
    const other = await second.owner.createBot(BOT_CODE);
    await haltByLimits(other);
    await waitFor(() => toChat(second.chat).length === 2 && grace.calls.length === 1, { what: "the other halt" });
    expect(toChat(first.chat)).toHaveLength(2);
    expect(ada.calls).toHaveLength(1);
    expect(JSON.parse(grace.calls[0]!.body)).toMatchObject({ botId: other.botId });
    expect(
      toChat(second.chat)
        .map((c) => String(c.params.text))
        .join("\n"),
    ).not.toContain(bot.botId);
  });

  it("a second halt of the same bot within the window sends nothing; another bot's halt still does", async () => {
    const { owner, chat } = await ownerWithChannels(ada);
    const bot = await owner.createBot(BOT_CODE);
    await haltByLimits(bot);
    await waitFor(() => toChat(chat).length === 2 && ada.calls.length === 1, { what: "the first halt's messages" });

    await owner.ok("restartBot", { botId: bot.botId });
    await haltByLimits(bot);
    // Events are taken in the order they happened: once the next bot's halt is told, the second halt was handled.
    const next = await owner.createBot(BOT_CODE);
    await haltByLimits(next);
    await waitFor(() => toChat(chat).length === 3 && ada.calls.length === 2, { what: "the next bot's halt" });
    expect(String(toChat(chat)[2]!.params.text)).toContain(`/bots/${next.botId}`);
    expect(ada.calls.map((c) => (JSON.parse(c.body) as { botId: string }).botId)).toEqual([bot.botId, next.botId]);
  });

  it("a broadcast the worker finishes is told to its owner with its counts", async () => {
    const { owner, chat } = await ownerWithChannels(ada);
    const bot = await owner.createBot(BOT_CODE);
    for (const user of [91_001, 91_002]) expect((await system.telegramUpdate(bot, user, "hi")).status).toBe(200);
    const queued = await system.broadcast(bot, { text: "Rain this afternoon" });
    expect(queued.status).toBe(200);
    await waitFor(() => toChat(chat).length === 2 && ada.calls.length === 1, { what: "the broadcast's messages" });
    expect(String(toChat(chat)[1]!.params.text)).toMatch(/^✅ A broadcast of .* finished: 2 sent, 0 failed\./);
    expect(JSON.parse(ada.calls[0]!.body)).toMatchObject({ kind: "broadcast_finished", botId: bot.botId, sent: 2 });
  });

  it("a webhook that answers 500 gets the same message again, and the channel shows no failure after", async () => {
    const { owner } = await ownerWithChannels(ada);
    ada.answers = [500];
    const bot = await owner.createBot(BOT_CODE);
    await haltByLimits(bot);
    await waitFor(() => ada.calls.length === 2, { what: "the retry" });
    expect(ada.calls[1]!.body).toBe(ada.calls[0]!.body);
    type Channel = { kind: string; lastError: string | null; lastDeliveredAt: string | null };
    const webhook = await waitFor(
      async () => {
        const { channels } = (await owner.ok("listNotificationChannels")) as { channels: Channel[] };
        const found = channels.find((c) => c.kind === "webhook");
        return found?.lastDeliveredAt ? found : undefined;
      },
      { what: "the delivery recorded" },
    );
    expect(webhook.lastError).toBeNull();
  });

  it("a webhook that keeps failing shows its failure on the settings page", async () => {
    const { owner } = await ownerWithChannels(ada);
    ada.answers = [503, 503, 503];
    const bot = await owner.createBot(BOT_CODE);
    await haltByLimits(bot);
    const failing = await waitFor(
      async () => {
        const reply = await owner.dashboard("/api/settings/notifications");
        const { channels } = reply.body as { channels: Array<{ kind: string; lastError: string | null }> };
        return channels.find((c) => c.kind === "webhook" && c.lastError !== null);
      },
      { what: "the failure on the channel" },
    );
    expect(failing.lastError).toBe("the webhook answered 503");
    expect(ada.calls).toHaveLength(3);
  });
});
