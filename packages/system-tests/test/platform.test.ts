/**
 * The three services together, as `pnpm start` runs them (support/system.ts): what an owner does through management
 * reaches the broadcast worker and the webhook gateway, seen only through HTTP and the fake Bot API's records.
 *
 * @see docs/testing.md#cross-service-suite
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { waitFor } from "@botyard/testing";
import { BROADCAST_RATE, System, type SystemBot } from "./support/system.js";

/**
 * One bot for every case: custom webhooks for the env, a handler that loops forever (stopped by the gateway's time
 * limit), and an echo of every Telegram message (so a test sees, at the fake Bot API, that an update reached the code).
 */
const BOT_CODE = `
logic['ping'] = async () => ({ pong: true });
logic['env'] = async () => ({ greeting: process.env.GREETING ?? null });
logic['spin'] = async () => { for (;;) {} };
bot.on('message', (ctx) => ctx.reply('echo: ' + ctx.text));
`;

let system: System;

beforeAll(async () => {
  system = await System.start();
}, 180_000);

afterAll(async () => {
  await system?.close();
});

/** Users `first`..`first + n - 1` each write to the bot once, so the gateway records them as recipients. */
async function usersWrite(bot: SystemBot, first: number, n: number): Promise<number[]> {
  const chats = Array.from({ length: n }, (_, i) => first + i);
  for (const chat of chats) expect((await system.telegramUpdate(bot, chat, "hi")).status).toBe(200);
  return chats;
}

/** The fake Bot API's sendMessage calls for the bot with `text`. */
const sent = (bot: SystemBot, text: string) =>
  system.fake.callsOf("sendMessage", bot.token).filter((c) => c.params.text === text);

/** Resolves once the fake Bot API received `text` for `chat` from the bot (the bot's code answered an update). */
const answered = (bot: SystemBot, chat: number, text: string) =>
  waitFor(() => sent(bot, text).some((c) => c.params.chat_id === chat), { what: `"${text}" to chat ${chat}` });

describe("broadcasts", () => {
  it("POST /broadcast reaches every recipient the gateway recorded, each exactly once", async () => {
    const bot = await system.createBot(BOT_CODE);
    const chats = await usersWrite(bot, 1001, 25);
    // A user who writes again is still one recipient.
    expect((await system.telegramUpdate(bot, 1001, "again")).status).toBe(200);

    const queued = await system.broadcast(bot, { text: "Hello everyone" });
    expect(queued.status).toBe(200);
    const { jobId } = queued.body as { jobId: string };
    expect(queued.body).toMatchObject({ ok: true, status: "queued" });

    const job = await system.jobWithStatus(bot, jobId, "completed");
    expect(job).toMatchObject({ total: 25, sent: 25, failed: 0 });
    const delivered = sent(bot, "Hello everyone").map((c) => Number(c.params.chat_id));
    expect(delivered.sort((a, b) => a - b)).toEqual(chats);
  });

  it("cancelling a running broadcast stops its sends, leaves it cancelled, and the bot's next one runs after it", async () => {
    const bot = await system.createBot(BOT_CODE);
    await usersWrite(bot, 2001, 60);
    const first = (await system.broadcast(bot, { text: "long" })).body as { jobId: string };
    await waitFor(() => sent(bot, "long").length >= 3, { what: "the first sends" });

    const cancelled = await system.cancel(bot, first.jobId);
    const atCancel = sent(bot, "long").length;
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ ok: true, job: { status: "cancelled" } });

    // The bot's next broadcast starts only once the cancelled run has stopped (one active job per bot): when it has
    // completed, every send the cancelled run will ever make has been made.
    const next = (await system.broadcast(bot, { text: "next" })).body as { jobId: string };
    await system.jobWithStatus(bot, next.jobId, "completed");
    const long = sent(bot, "long");
    // Sends started before the worker heard of the cancel may still arrive; never more than a second's worth (the
    // run's progress write, at most 200 ms later, finds the row cancelled and stops it).
    expect(long.length - atCancel).toBeLessThanOrEqual(BROADCAST_RATE);
    expect(long.length).toBeLessThan(60);
    expect(long.at(-1)!.at).toBeLessThan(sent(bot, "next")[0]!.at);
    expect(sent(bot, "next")).toHaveLength(60);
    const after = await system.job(bot, first.jobId);
    expect(after.status).toBe("cancelled");
    expect(after.sent as number).toBeLessThanOrEqual(long.length);
  });
});

describe("restartBot", () => {
  it("gives Telegram a new webhook secret: the gateway refuses the old one and accepts the new one", async () => {
    const bot = await system.createBot(BOT_CODE);
    const [registered] = system.setWebhookCalls(bot);
    expect(registered?.params.url).toBe(system.gateway.url(`/telegram/${bot.botId}`));
    const old = system.webhookSecret(bot);
    expect((await system.telegramUpdate(bot, 3001, "before", old)).status).toBe(200);
    await answered(bot, 3001, "echo: before");

    await system.ok("restartBot", { botId: bot.botId });
    const rotated = system.webhookSecret(bot);
    expect(system.setWebhookCalls(bot)).toHaveLength(2);
    expect(rotated).not.toBe(old);
    expect(rotated.length).toBeGreaterThanOrEqual(32);

    const refused = await system.telegramUpdate(bot, 3001, "with the old secret", old);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ ok: false, message: "Invalid secret token" });
    expect((await system.telegramUpdate(bot, 3001, "after", rotated)).status).toBe(200);
    await answered(bot, 3001, "echo: after");
    expect(sent(bot, "echo: with the old secret")).toHaveLength(0);
  });
});

// "Read your restart" (docs/management-api.md#decisions): once the operation has answered, no gateway starts a call
// on the old state, so each check below runs at once, without polling.
describe("bot changes reach the gateway", () => {
  it("setBotEnv: the running bot's code sees the new values on its next call", async () => {
    const bot = await system.createBot(BOT_CODE);
    expect((await system.webhook(bot, "env")).body).toEqual({ ok: true, data: { greeting: null } });
    await system.ok("setBotEnv", { botId: bot.botId, env: { GREETING: "hallo" } });
    expect((await system.webhook(bot, "env")).body).toEqual({ ok: true, data: { greeting: "hallo" } });
    await system.ok("setBotEnv", { botId: bot.botId, env: { GREETING: "servus" } });
    expect((await system.webhook(bot, "env")).body).toEqual({ ok: true, data: { greeting: "servus" } });
  });

  it("stopBot: the gateway refuses the bot's webhooks until restartBot", async () => {
    const bot = await system.createBot(BOT_CODE);
    expect((await system.webhook(bot, "ping")).status).toBe(200);
    await system.ok("stopBot", { botId: bot.botId });
    const refused = await system.webhook(bot, "ping");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, message: "Bot is not running" });
    await system.ok("restartBot", { botId: bot.botId });
    expect((await system.webhook(bot, "ping")).body).toEqual({ ok: true, data: { pong: true } });
  });

  it("deleteBot: the gateway answers 404 for its webhooks and 401 for its updates", async () => {
    const bot = await system.createBot(BOT_CODE);
    expect((await system.webhook(bot, "ping")).status).toBe(200);
    expect((await system.telegramUpdate(bot, 4001, "hi")).status).toBe(200);
    await system.ok("deleteBot", { botId: bot.botId });
    const gone = await system.webhook(bot, "ping");
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ ok: false, message: "Bot not found" });
    expect((await system.telegramUpdate(bot, 4001, "hi")).status).toBe(401);
  });
});

describe("halts", () => {
  it("halt, gateway restarted, restartBot: the bot runs again and its old incidents no longer count", async () => {
    const bot = await system.createBot(BOT_CODE);
    for (let i = 0; i < 3; i++) expect((await system.webhook(bot, "spin")).status).toBe(500);
    const halted = await waitFor(
      async () => {
        const reply = await system.webhook(bot, "ping");
        return reply.status === 403 ? reply : undefined;
      },
      { what: "the halt" },
    );
    expect(halted.body).toMatchObject({ ok: false, message: "Bot is halted" });

    // The gateway that counted the incidents goes away; the new process has never loaded the bot: its metrics show
    // no webhook or update served, as the old one's did.
    const served = /http_requests_total\{[^}]*route="\/(custom|telegram)\//;
    const metrics = () => fetch(system.gateway.url("/metrics")).then((r) => r.text());
    expect(await metrics()).toMatch(served);
    await system.restartGateway();
    expect(await metrics()).not.toMatch(served);
    const before = await system.ok("getBot", { botId: bot.botId });
    expect(before.bot).toMatchObject({ status: "halted", haltReason: expect.stringMatching(/time limit 3 times/) });

    await system.ok("restartBot", { botId: bot.botId });
    const after = await system.ok("getBot", { botId: bot.botId });
    expect(after.bot).toMatchObject({ status: "running", haltReason: null });
    expect((await system.webhook(bot, "ping")).body).toEqual({ ok: true, data: { pong: true } });
    // One more incident is the first of a new count, not the fourth: the bot keeps running.
    expect((await system.webhook(bot, "spin")).status).toBe(500);
    expect((await system.webhook(bot, "ping")).body).toEqual({ ok: true, data: { pong: true } });
  });
});

describe("usage metering", () => {
  type Period = {
    requests: number;
    errorsByKind: { timeout: number; handler: number };
    hostCalls: { telegram: number };
    botApiCalls: number;
    broadcastMessagesSent: number;
  };
  /** The bot's getBotUsage minutes, summed. */
  const totals = async (bot: SystemBot) => {
    const rows = (await system.ok("getBotUsage", { botId: bot.botId, granularity: "minute" })).usage as Period[];
    const sum = (f: (r: Period) => number) => rows.reduce((n, r) => n + f(r), 0);
    return {
      requests: sum((r) => r.requests),
      timeouts: sum((r) => r.errorsByKind.timeout),
      handlerErrors: sum((r) => r.errorsByKind.handler),
      telegramCalls: sum((r) => r.hostCalls.telegram),
      botApiCalls: sum((r) => r.botApiCalls),
      broadcastSent: sum((r) => r.broadcastMessagesSent),
    };
  };

  it("getBotUsage adds up what the gateway served and the worker sent, as they flush", async () => {
    const bot = await system.createBot(BOT_CODE);
    for (let i = 0; i < 7; i++) expect((await system.webhook(bot, "ping")).status).toBe(200);
    expect((await system.webhook(bot, "spin")).status).toBe(500);
    const chats = await usersWrite(bot, 3001, 3);
    for (const chat of chats) await answered(bot, chat, "echo: hi");
    const expected = {
      requests: 11,
      timeouts: 1,
      handlerErrors: 0,
      telegramCalls: 3,
      botApiCalls: 3,
      broadcastSent: 0,
    };
    await waitFor(async () => JSON.stringify(await totals(bot)) === JSON.stringify(expected), {
      timeoutMs: 10_000,
      what: `usage ${JSON.stringify(expected)}`,
    });

    const queued = await system.broadcast(bot, { text: "metered" });
    await system.jobWithStatus(bot, (queued.body as { jobId: string }).jobId, "completed");
    await waitFor(async () => (await totals(bot)).broadcastSent === 3, { timeoutMs: 10_000, what: "3 sent" });
    expect(await totals(bot)).toEqual({ ...expected, broadcastSent: 3 });
  });
});
