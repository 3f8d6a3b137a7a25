/**
 * The Telegram intake (`POST /telegram/:botId`): the secret set by restartBot, recipients recorded from every kind of
 * update, handlers run after the 200, the cases that must not cost Telegram a retry or the bot an update, and the
 * refusals (over the bot's limits) that Telegram must retry so that the bot does not lose the update.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { waitFor } from "@botyard/testing";
import { startGatewayHarness, type GatewayHarness, type TestBot } from "./harness.js";

let h: GatewayHarness;
beforeAll(async () => {
  h = await startGatewayHarness({ timeoutMs: 800 });
});
afterAll(async () => {
  await h.close();
});

const post = (bot: TestBot, body: unknown, secret: string | null = bot.webhookSecret) => {
  const req = request(h.app).post(`/telegram/${bot.botId}`);
  if (secret !== null) req.set("X-Telegram-Bot-Api-Secret-Token", secret);
  return req.send(body as object);
};

const message = (n: number, fields: Record<string, unknown>, from: Record<string, unknown> = {}) => ({
  update_id: n,
  message: {
    message_id: n,
    date: 1,
    chat: { id: 4242, type: "private" },
    from: { id: 4242, is_bot: false, first_name: "Ана", username: "ana", language_code: "ru", ...from },
    ...fields,
  },
});

async function recipients(botId: string) {
  const { rows } = await h.handle.pool.query(
    "select chat_id::int as chat, language_code as lang, first_name as name, username from recipients where bot_id = $1 order by chat_id",
    [botId],
  );
  return rows as Array<{ chat: number; lang: string | null; name: string | null; username: string | null }>;
}

const sent = (bot: TestBot, method = "sendMessage") => h.fake.callsOf(method, bot.token).map((c) => c.params);

describe("handlers", () => {
  it("records the user, runs /start, commands, hears, actions and on(), replying through the Bot API", async () => {
    const bot = await h.bot(`
      bot.start((ctx) => ctx.reply('Welcome, ' + ctx.from.first_name + '!'));
      bot.command('echo', (ctx) => ctx.reply('echo: ' + ctx.payload));
      bot.hears(/^hi/i, (ctx) => ctx.reply('hello!', { reply_to_message_id: ctx.message.message_id }));
      bot.action('yes', async (ctx) => { await ctx.answerCbQuery('done'); });
      bot.on('sticker', (ctx) => bot.telegram.sendMessage(ctx.chat.id, 'nice sticker'));
    `);
    expect((await post(bot, message(1, { text: "/start" }))).body).toEqual({ ok: true });
    await post(bot, message(2, { text: "/echo some words" }));
    await post(bot, message(3, { text: "Hi there" }));
    await post(bot, message(4, { sticker: { file_id: "s" } }));
    await post(bot, {
      update_id: 5,
      callback_query: {
        id: "cb1",
        data: "yes",
        chat_instance: "c",
        from: { id: 4242, is_bot: false, first_name: "Ана" },
        message: { message_id: 9, date: 1, chat: { id: 4242, type: "private" } },
      },
    });
    await waitFor(() => sent(bot).length === 4 && sent(bot, "answerCallbackQuery").length === 1);
    expect(sent(bot)).toEqual(
      expect.arrayContaining([
        { chat_id: 4242, text: "Welcome, Ана!" },
        { chat_id: 4242, text: "echo: some words" },
        { chat_id: 4242, text: "hello!", reply_to_message_id: 3 },
        { chat_id: 4242, text: "nice sticker" },
      ]),
    );
    expect(sent(bot, "answerCallbackQuery")).toEqual([{ callback_query_id: "cb1", text: "done" }]);
    // The callback's `from` had no language or username: what the earlier updates said is kept.
    expect(await recipients(bot.botId)).toEqual([{ chat: 4242, lang: "ru", name: "Ана", username: "ana" }]);
  });

  it("edited messages, group messages and callbacks record the sender's private chat", async () => {
    const bot = await h.bot("bot.on('edited_message', (ctx) => ctx.reply('edited: ' + ctx.text));");
    await post(bot, {
      update_id: 1,
      edited_message: {
        message_id: 1,
        date: 1,
        edit_date: 2,
        chat: { id: 11, type: "private" },
        from: { id: 11, is_bot: false, first_name: "Edit" },
        text: "fixed",
      },
    });
    // In a group the chat is the group; the recipient is the sender, whose private chat id is their user id.
    await post(bot, {
      update_id: 2,
      message: {
        message_id: 2,
        date: 1,
        chat: { id: -100123, type: "supergroup", title: "G" },
        from: { id: 22, is_bot: false, first_name: "Group" },
        text: "hello group",
      },
    });
    await post(bot, {
      update_id: 3,
      callback_query: { id: "c", chat_instance: "i", data: "d", from: { id: 33, is_bot: false, first_name: "Cb" } },
    });
    await waitFor(() => sent(bot).length === 1);
    expect(sent(bot)).toEqual([{ chat_id: 11, text: "edited: fixed" }]);
    expect((await recipients(bot.botId)).map((r) => r.chat)).toEqual([11, 22, 33]);
  });

  it("answers 200 when a handler throws, and the error reaches the bot's log", async () => {
    const bot = await h.bot("bot.on('text', () => { throw new Error('handler broke'); });");
    const res = await post(bot, message(1, { text: "boom" }));
    expect(res.status).toBe(200);
    expect(await h.waitForLog(bot.botId, /handler broke/)).toMatch(/^update: Error: handler broke/);
  });
});

describe("refusals", () => {
  it("answers 401 to a wrong or missing secret, an unknown bot, and the secret of before the last restart", async () => {
    const bot = await h.bot("bot.start((ctx) => ctx.reply('x'));");
    const body = message(1, { text: "/start" });
    expect((await post(bot, body, null)).status).toBe(401);
    expect((await post(bot, body, "wrong")).status).toBe(401);
    const unknown = await request(h.app)
      .post("/telegram/nobot")
      .set("X-Telegram-Bot-Api-Secret-Token", bot.webhookSecret)
      .send(body);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ ok: false, message: "Invalid secret token" });
    const old = bot.webhookSecret;
    const fresh = await h.restart(bot.botId);
    expect(fresh).not.toBe(old);
    expect((await post(bot, body, old)).status).toBe(401);
    expect(await recipients(bot.botId)).toEqual([]);
    expect((await post(bot, body, fresh)).status).toBe(200);
    expect(await recipients(bot.botId)).toHaveLength(1);
  });

  it("refuses bodies over 1 MiB (413) and non-object updates (400)", async () => {
    const bot = await h.bot("bot.on('text', (ctx) => ctx.reply('x'));");
    const big = await post(bot, { update_id: 1, message: { text: "x".repeat(1024 * 1024 + 1) } });
    expect(big.status).toBe(413);
    expect(big.body.ok).toBe(false);
    const list = await post(bot, [1, 2]);
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ ok: false, message: "Update must be a JSON object" });
  });

  it("a halted bot still gets its update recorded and answered 200, but no handler runs", async () => {
    const bot = await h.bot("bot.on('text', (ctx) => ctx.reply('should not run'));");
    h.fake.configure({ revokedTokens: new Set([bot.token]) });
    // setWebhook answers 401: the bot is halted, and Telegram keeps the secret it had (so does the gateway).
    await h.restart(bot.botId);
    h.fake.reset();
    expect((await h.op("getBot", { botId: bot.botId })) as { bot: { status: string } }).toMatchObject({
      bot: { status: "halted" },
    });
    const res = await post(bot, message(1, { text: "hi" }));
    expect(res.status).toBe(200);
    expect(await recipients(bot.botId)).toHaveLength(1);
    // Give a handler every chance to run: a later update of a running bot is answered, this one never was.
    const witness = await h.bot("bot.on('text', (ctx) => ctx.reply('ran'));");
    await post(witness, message(2, { text: "hi" }));
    await waitFor(() => sent(witness).length === 1);
    expect(sent(bot)).toEqual([]);
  });
});

describe("updates over a bot's limits", () => {
  it("answers 429 with Retry-After past the bot's rate, runs no handler, and takes the update when Telegram resends it", async () => {
    const hx = await startGatewayHarness({ rate: { perSecond: 1, burst: 1 } });
    try {
      const bot = await hx.bot("bot.on('text', (ctx) => ctx.reply('got ' + ctx.message.message_id));");
      const send = (n: number) =>
        request(hx.app)
          .post(`/telegram/${bot.botId}`)
          .set("X-Telegram-Bot-Api-Secret-Token", bot.webhookSecret)
          .send(message(n, { text: "hi" }));
      const sentHere = () => hx.fake.callsOf("sendMessage", bot.token).map((c) => c.params.text);
      expect((await send(1)).status).toBe(200);
      const refused = await send(2);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ ok: false, message: "Too many requests for this bot; slow down" });
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      await waitFor(() => sentHere().length === 1);
      // Telegram sends a refused update again later; by then the bot has a token for it. The wait is what is
      // tested: Retry-After's seconds refill the bot's rate, and nothing happens meanwhile that could be awaited.
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      expect((await send(2)).status).toBe(200);
      await waitFor(() => sentHere().length === 2);
      expect(sentHere()).toEqual(["got 1", "got 2"]);
    } finally {
      await hx.close();
    }
  });
});

describe("text Postgres cannot store", () => {
  it("accepts an update whose user's name has NUL or a lone surrogate, stores it cleaned, and runs handlers", async () => {
    const bot = await h.bot("bot.on('text', (ctx) => ctx.reply('got ' + ctx.from.first_name.length));");
    const res = await post(bot, message(1, { text: "hi" }, { first_name: "A\u0000B\ud800C", username: "u\udc00" }));
    expect(res.status).toBe(200);
    expect(await recipients(bot.botId)).toEqual([
      { chat: 4242, lang: "ru", name: "A\ufffdB\ufffdC", username: "u\ufffd" },
    ]);
    // The handler sees the update as Telegram sent it.
    await waitFor(() => sent(bot).length === 1);
    expect(sent(bot)).toEqual([{ chat_id: 4242, text: "got 5" }]);
  });
});
