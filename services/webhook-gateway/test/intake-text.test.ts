/**
 * The Telegram intake with any text in the sender's fields (property-based): NUL, unpaired surrogates, RTL marks,
 * 4-byte characters. The update is always accepted (200, so Telegram never retries it), the recipient is stored with
 * unstorable characters replaced by U+FFFD, and the bot's handlers run on the update as Telegram sent it.
 *
 * @see docs/management-api.md#text-postgres-cannot-store
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import request from "supertest";
import { storableText } from "@botyard/common/text";
import { anyText } from "@botyard/openapi/testing";
import { waitFor } from "@botyard/testing";
import { startGatewayHarness, type GatewayHarness, type TestBot } from "./harness.js";

const RUNS = Number(process.env.TEXT_RUNS ?? 25);
let h: GatewayHarness;
let bot: TestBot;

beforeAll(async () => {
  h = await startGatewayHarness();
  bot = await h.bot(
    "bot.on('text', (ctx) => ctx.reply(ctx.message.text + ' ' + [ctx.from.first_name, ctx.from.username, " +
      "ctx.from.language_code].map((s) => s.length).join(',')));",
  );
});
afterAll(async () => {
  await h.close();
});

/** A user field as the intake stores it. */
const stored = (text: string) => storableText(storableText(text).slice(0, 256));

describe("the Telegram intake and text Postgres cannot store", () => {
  it("accepts every update, stores the sender cleaned, and runs the handlers on the update as sent", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(anyText(), anyText(), anyText(), async (first, user, lang) => {
        n += 1;
        const chat = 5000 + n;
        const update = {
          update_id: n,
          message: {
            message_id: n,
            date: 1,
            chat: { id: chat, type: "private" },
            from: { id: chat, is_bot: false, first_name: first.text, username: user.text, language_code: lang.text },
            text: `m${n}`,
          },
        };
        const res = await request(h.app)
          .post(`/telegram/${bot.botId}`)
          .set("X-Telegram-Bot-Api-Secret-Token", bot.webhookSecret)
          .send(update);
        expect(res.status).toBe(200);
        const { rows } = await h.handle.pool.query(
          "select first_name, username, language_code from recipients where bot_id = $1 and chat_id = $2",
          [bot.botId, chat],
        );
        expect(rows).toEqual([
          { first_name: stored(first.text), username: stored(user.text), language_code: stored(lang.text) },
        ]);
        const reply = `m${n} ${[first.text.length, user.text.length, lang.text.length].join(",")}`;
        const sent = () => h.fake.callsOf("sendMessage", bot.token).find((c) => c.params.chat_id === chat);
        const call = await waitFor(sent);
        expect(call.params.text).toBe(reply);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
